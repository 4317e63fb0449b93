// The Board panel: the game's view, and clicks on it.

#include "imgui.h"
#include "web/app.h"
#include "web/panels.h"
#include "web/ui.h"

namespace pg::web {

void board_panel(App& app, bool show_probabilities) {
  const ImGuiWindowFlags flags = fixed_window_flags(app.fixed_panels());
  if (!ImGui::Begin("Board", &app.panels.board, flags)) return ImGui::End();
  const BoardContext ctx = app.board_context(show_probabilities);
  if (auto clicked = app.view()->draw(ctx)) app.play_action(*clicked);
  ImGui::End();
}

}  // namespace pg::web
