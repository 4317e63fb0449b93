// Five Men's Morris drawn as its board: the two squares, their connectors
// and the 16 points (at the project's app coordinates), the pieces, the pieces
// still in hand beside the board, the mills standing (a bar along the side)
// and the threats (a mill with two pieces of a side and its third point
// empty: a dashed ring in that side's colour), the last move. The agent's
// distribution is drawn as arrows for moves and rings for placements and
// removals, each with its probability and its exact value from the solved
// game (W7 / D / L12) once the table is fetched. A human plays by clicking: an empty
// point to place; one of its pieces, then a highlighted target, to move; a
// highlighted enemy piece to remove after closing a mill.
#pragma once

#include <cstdint>

#include "web/views/board_view.h"

namespace pg::web {

class MorrisView : public BoardView {
 public:
  std::optional<Action> draw(const BoardContext& context) override;
  void draw_debug_toggles() override;
  std::string legend() const override;
  std::string analysis_words(const BoardContext& context) override;
  Json inspect(const BoardContext& context, const Episode& episode) override;
  // The agent's value of each legal action beside its exact value: where a learned agent is wrong.
  void draw_inspector(const BoardContext& context) override;

 private:
  bool show_mills_ = true;  // mills standing and threats
  bool show_last_ = true;   // the last move
  bool show_names_ = true;  // the point names a..p
  // Each legal action's exact value (the solved game): off until asked for, since showing it fetches the
  // 603 KiB table (gzip) unless an agent has already asked for it.
  bool show_exact_ = false;
  int selected_ = -1;         // the human's piece to move, or -1
  uint64_t selected_in_ = 0;  // the position it was selected in (selection ends when it changes)
};

}  // namespace pg::web
