// Kalah drawn as a board: player 1's pits along the top, player 0's along the
// bottom, stores at the ends (sowing runs counter-clockwise). Shows whose
// turn it is, the last move, and as debug drawings the sowing path, captures
// and extra turns; the agent's probability for each pit is drawn on the pit.
#pragma once

#include "web/views/board_view.h"

namespace pg::web {

class MancalaView : public BoardView {
 public:
  std::optional<Action> draw(const BoardContext& context) override;
  void draw_debug_toggles() override;
  std::string legend() const override;

 private:
  bool show_path_ = true;
  bool show_capture_ = true;
  bool show_extra_turn_ = true;
  bool show_scores_ = true;
};

}  // namespace pg::web
