#include "engine/games/sokoban/plan_follower.h"

namespace pg::sokoban {

bool PlanFollower::on_plan(const Board& board) const {
  return next_ < plan_.size() && expected_level_ == board.level_ptr() && expected_player_ == board.player() &&
         expected_boxes_ == board.boxes();
}

Decision PlanFollower::play_next(const State& state, const Board& board) {
  const int move = move_from_char(plan_[next_]);
  Board after = board;
  after.step(move);
  expected_level_ = board.level_ptr();
  expected_player_ = after.player();
  expected_boxes_ = after.boxes();

  Decision d;
  d.actions = state.legal_actions();
  d.probabilities.assign(d.actions.size(), 0.0);
  for (size_t i = 0; i < d.actions.size(); ++i)
    if (d.actions[i] == move) d.probabilities[i] = 1.0;
  d.chosen = move;
  const std::string left = rest();
  d.note = "plan " + (left.size() > 60 ? left.substr(0, 60) + "..." : left);
  d.value = -double(left.size());  // moves still to play
  d.debug = {{"moves left", double(left.size())}};
  ++next_;
  return d;
}

}  // namespace pg::sokoban
