// Tic-tac-toe drawn as its 3x3 grid: the marks, the last move, the line that won, and the agent's
// distribution on the empty cells. Exact values: each empty cell's value under perfect play for the side to
// move, from the solved game (W3 a win in 3 plies, D a draw, L4 a loss in 4), so that a student sees which
// moves throw the game away.
#pragma once

#include "web/views/board_view.h"

namespace pg::web {

class TicTacToeView : public BoardView {
 public:
  std::optional<Action> draw(const BoardContext& context) override;
  void draw_debug_toggles() override;
  std::string legend() const override;
  Json inspect(const BoardContext& context, const Episode& episode) override;

 private:
  bool show_exact_ = true;
  bool show_last_ = true;
};

}  // namespace pg::web
