// The page's look: three themes (dark, light, high contrast) and one palette every panel and view draws with.
// The palette's good/bad colours are safe for the common colour blindnesses (Okabe and Ito's blue and orange,
// never red against green), and whatever tells good from bad also says it without colour (a sign, a label or a
// shape), so colour only repeats it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "imgui.h"

namespace pg::web {

enum class Theme { dark, light, contrast };

std::optional<Theme> theme_from_name(std::string_view name);  // "dark", "light", "contrast"
const char* theme_name(Theme theme);

struct Palette {
  // Text on the panels' background (ImGui::TextColored): the ordinary text comes from the ImGui style.
  ImVec4 text_good, text_bad, text_neutral;  // a win, a good move, a positive value / their opposites / a draw
  ImVec4 text_error;                         // an error message, an illegal move
  ImVec4 text_info;                          // an information message, "Thinking..."
  ImVec4 text_warning;                       // the agent declines, a move other than the agent's
  ImVec4 text_dim;                           // secondary text (axes, captions of plots)

  // Marks drawn on a board or over a label's dark back (board_label, board_banner): the boards keep their own
  // materials in every theme, so these stay bright; the high-contrast theme makes them pure.
  ImU32 good, bad, neutral;  // results and values of the side deciding
  ImU32 chosen;              // the agent's choice among the actions it weighs
  ImU32 last_move;           // the last step's move
  ImU32 target;              // where a human to move can click
  ImU32 probability;         // how likely an action is (bars, heat)
  ImU32 score;               // an agent's score of an action (a Q-value, a logit) beside its probability
  ImU32 drawing;             // an agent's own drawings without a weight (engine/core/drawing.h)
  ImU32 label_text;          // plain text on a label's back
  ImU32 label_back;          // the dark back of a board label
  ImU32 banner_back;         // the back of a banner across the board

  // Plots and bars on the panels' background (timeline, learning curves, network weights).
  ImU32 plot_back, plot_axis, plot_grid, plot_text, plot_cursor;

  ImVec4 canvas;  // behind every window
  float outline;  // the width of outlines and rings (wider in high contrast)
};

// The theme in use and its palette (dark until apply_style is called).
Theme current_theme();
const Palette& palette();

// The colour of player p (0: warm, 1: cool) for labels, bars and plots.
ImU32 player_colour(int player, float alpha = 1.0f);
// The colour of an exact result for the side deciding: +1 a win (good), 0 a draw (neutral), -1 a loss (bad).
ImU32 result_colour(int result);
ImVec4 result_text_colour(int result);

// Sets ImGui's style for `theme` with every size multiplied by `scale` (the user's UI scale), and the palette.
void apply_style(Theme theme, float scale);

}  // namespace pg::web
