// The fallback view: the state's text form, and a button per legal action.
#pragma once

#include "web/views/board_view.h"

namespace pg::web {

class GenericView : public BoardView {
 public:
  std::optional<Action> draw(const BoardContext& context) override;
  void draw_debug_toggles() override {}
  std::string legend() const override { return "This game has no drawn board yet: its text form is shown."; }
};

}  // namespace pg::web
