#include "engine/games/mancala/exact_values.h"

#include <algorithm>

namespace pg::mancala {

ExactValues::Key ExactValues::key_of(const Board& board) {
  Key key{};
  std::copy(board.holes.begin(), board.holes.end(), key.begin());
  key[kNumHoles] = board.to_move;
  return key;
}

namespace {

bool settles_nothing(const Board& before, int max_stones) {
  return before.side_stones(0) + before.side_stones(1) > max_stones || legal_count(before.legal_mask()) < 2;
}

}  // namespace

bool ExactValues::needs_solving(const Board& before, const Rules& rules, int max_stones) const {
  if (settles_nothing(before, max_stones)) return false;
  return !solver_ || !(rules == rules_) || !known_.count(key_of(before));
}

const std::optional<ExactMoves>& ExactValues::of(const Board& board, const Rules& rules) {
  if (!solver_ || !(rules == rules_)) {
    solver_ = std::make_unique<Solver>(rules, PerfectAgent::kDatabaseStones, PerfectAgent::kTableLog2);
    rules_ = rules;
    known_.clear();
  }
  const Key key = key_of(board);
  if (auto it = known_.find(key); it != known_.end()) return it->second;
  solver_->clear_table();  // as the perfect agent decides: a fresh table and the same budget
  return known_[key] = exact_moves(*solver_, board, long(PerfectAgent::kDefaultKilonodes) * 1000);
}

std::optional<std::pair<int, int>> ExactValues::blunder(const Board& before, const Rules& rules, Action action,
                                                        int max_stones) {
  if (settles_nothing(before, max_stones)) return std::nullopt;
  const auto& m = of(before, rules);
  if (!m || m->move_value[size_t(action)] == m->value) return std::nullopt;
  return std::pair{m->value, m->move_value[size_t(action)]};
}

}  // namespace pg::mancala
