// Small UI helpers shared by the panels and views.
#pragma once

#include <string>
#include <vector>

#include "engine/core/text.h"
#include "imgui.h"
#include "web/theme.h"

namespace pg::web {

// A "(?)" marker that explains a concept in one or two sentences on hover,
// as in Dear ImGui's demo.
void help_marker(const Text& text);
// A paragraph wrapped to the window ("" while the page's texts are loading).
void wrapped_text(const Text& text);

// Text centred on a point, in a given pixel size.
void centered_text(ImDrawList* draw, ImVec2 center, float size, ImU32 colour, const std::string& text);

// Window flags of a panel: held in place (embedded, or in the narrow layout: App::fixed_panels), and without
// a title unless `titled`.
ImGuiWindowFlags fixed_window_flags(bool fixed, bool titled = false);

// The text fields drawn this frame, each named after the last item drawn (call right after an InputText,
// InputInt or InputDouble): where a test or the page finds them (pg_panels). App::draw starts each frame's list.
struct TextField {
  std::string name;
  ImVec2 min, max;
};
void note_text_field(const char* name);
std::vector<TextField>& text_fields();

// Formats a probability as a short percentage ("25%", "0.4%").
std::string percent(double p);

}  // namespace pg::web
