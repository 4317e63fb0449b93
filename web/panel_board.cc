// The Board panel: the game's view, and clicks on it.

#include "imgui.h"
#include "web/app.h"
#include "web/panels.h"
#include "web/ui.h"
#include "web/views/drawing.h"

namespace pg::web {

void board_panel(App& app, bool show_probabilities) {
  const ImGuiWindowFlags flags = fixed_window_flags(app.fixed_panels());
  if (!ImGui::Begin("Board", &app.panels.board, flags)) return ImGui::End();
  const BoardContext ctx = app.board_context(show_probabilities);
  BoardView& view = *app.view();
  view.places.clear();  // the view puts this frame's places there as it draws the board
  const std::optional<Action> clicked = view.draw(ctx);
  if (ctx.decision && app.show_agent_drawings)
    agent_drawings(ImGui::GetWindowDrawList(), ctx.decision->drawings, view.places, view.place_size);
  if (clicked) app.play_action(*clicked);
  ImGui::End();
}

}  // namespace pg::web
