// Small UI helpers shared by the panels and views.
#pragma once

#include <string>

#include "engine/core/text.h"
#include "imgui.h"

namespace pg::web {

// A "(?)" marker that explains a concept in one or two sentences on hover,
// as in Dear ImGui's demo.
void help_marker(const Text& text);
// A paragraph wrapped to the window ("" while the page's texts are loading).
void wrapped_text(const Text& text);

// Text centred on a point, in a given pixel size.
void centered_text(ImDrawList* draw, ImVec2 center, float size, ImU32 colour, const std::string& text);

// The colour of player p (0: warm, 1: cool), for labels, bars and plots.
ImU32 player_colour(int player, float alpha = 1.0f);

// Window flags of a panel: fixed in place and without a title when embedded.
ImGuiWindowFlags embedded_window_flags(bool embed);

// Formats a probability as a short percentage ("25%", "0.4%").
std::string percent(double p);

}  // namespace pg::web
