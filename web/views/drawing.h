// What every board view draws the same way: the shapes the views share, and the frame around a board (its
// area, its clicks, the caption under it). A view draws only its own board; the colours of its marks come from
// the palette (web/theme.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "imgui.h"
#include "web/theme.h"
#include "web/views/board_view.h"

namespace pg::web {

// An arrow from `from` to `to` with its head at `to`, both ends pulled in by `shorten` (to leave a piece's
// circle clear); nothing when the two ends are closer than that.
void arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 colour, float thickness, float shorten = 0);

// A label on a dark back centred on `at`: its parts one after another, each in its own colour ("25%" in the
// palette's label text, then "W7" in its good colour).
struct LabelPart {
  std::string text;
  ImU32 colour = palette().label_text;
};
void board_label(ImDrawList* draw, ImVec2 at, float size, const std::vector<LabelPart>& parts);

// An agent's drawings (engine/core/drawing.h) over a board whose places are at `places` (BoardView::places),
// each `size` across: heat maps first, then marks and arrows, each in the palette's good or bad colour by the
// sign of its weight (its own drawing colour without one). Nothing when `places` does not cover a drawing.
void agent_drawings(ImDrawList* draw, const std::vector<Drawing>& drawings, const std::vector<PlacePoint>& places,
                    float size);

// A banner across the board (how the game ended): `text` on a dark panel centred on `centre`, `half` its
// half-extent.
void board_banner(ImDrawList* draw, ImVec2 centre, ImVec2 half, float size, ImU32 colour, const std::string& text);

// Where the board goes: the window's remaining content region, less `caption_lines` lines of text under it
// for the caption. Nothing when that leaves less than 60 pixels either way.
struct BoardArea {
  ImVec2 origin, size;
};
std::optional<BoardArea> board_area(float caption_lines);

// The target under the mouse: the nearest within `radius`.
std::optional<Action> hovered_target(const std::vector<ClickTarget>& targets, float radius);

// The board's clicks, after the board is drawn: an invisible button over the area's first `height` pixels.
// When a human is to move and clicks within `radius` of one of `targets`, that target's action (the nearest).
std::optional<Action> clicked_target(const BoardContext& context, const BoardArea& area, float height,
                                     const std::vector<ClickTarget>& targets, float radius);

// The caption under the board: the status (whose turn, or how the game ended) in `colour`, then the legend,
// and when a human is to move, `hint` (in the palette's text_warning). A view with more to say draws it between the
// two.
void board_status(const std::string& status, ImU32 colour);
void board_legend(const BoardContext& context, const std::string& legend, const std::string& hint);
inline void board_caption(const BoardContext& context, const std::string& status, ImU32 colour,
                          const std::string& legend, const std::string& hint) {
  board_status(status, colour);
  board_legend(context, legend, hint);
}

// A plot's panel under the cursor: the window's width and the rest of its height (at least `min_height`),
// in the palette's plot_back, taking the mouse (hover it with ImGui::IsItemHovered). With nothing to plot yet
// (`empty`), the panel says that the learning curve appears there.
struct PlotPanel {
  ImDrawList* draw;
  ImVec2 min, size;
};
PlotPanel plot_panel(float min_height, bool empty);

}  // namespace pg::web
