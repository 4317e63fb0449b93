// A plan played move by move, as the "solver" and "guided" agents play theirs: the follower knows the position
// the plan expects next, so the agent searches again when the position is another (someone else moved, an
// undo in the page, a new episode or level).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/agent.h"
#include "engine/core/game.h"
#include "engine/games/sokoban/board.h"

namespace pg::sokoban {

class PlanFollower {
 public:
  // Whether `board` is the position the plan expects, with a move left to play.
  bool on_plan(const Board& board) const;
  // Follows `plan` (move letters, either case) from the position about to be shown to next().
  void start(std::string plan) {
    plan_ = std::move(plan);
    next_ = 0;
  }
  // The moves not played yet, the next one first.
  std::string rest() const { return plan_.substr(next_); }
  // The plan's next move from `board` (`state`'s board) as a decision: that move with probability 1, the moves
  // left as its note, value (minus their number) and first debug quantity. Then expects the position it leads to.
  Decision play_next(const State& state, const Board& board);

 private:
  std::string plan_;
  size_t next_ = 0;
  std::vector<Square> expected_boxes_;
  Square expected_player_ = -1;
  std::shared_ptr<const Level> expected_level_;  // kept alive, so comparing pointers is safe
};

}  // namespace pg::sokoban
