#include "web/views/generic_view.h"

#include "imgui.h"

namespace pg::web {

std::optional<Action> GenericView::draw(const BoardContext& c) {
  ImGui::TextUnformatted(c.state.to_text().c_str());
  std::optional<Action> clicked;
  targets.clear();
  if (c.human_to_move) {
    for (Action a : c.state.legal_actions()) {
      if (ImGui::Button(c.state.action_name(a).c_str())) clicked = a;
      const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
      targets.push_back({a, (lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f});
      ImGui::SameLine();
    }
    ImGui::NewLine();
  }
  return clicked;
}

}  // namespace pg::web
