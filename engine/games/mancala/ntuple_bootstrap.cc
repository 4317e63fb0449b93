#include "engine/games/mancala/ntuple_bootstrap.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "engine/core/rng.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/ntuple_agent.h"
#include "engine/games/mancala/search_line.h"
#include "engine/games/mancala/solver.h"

namespace pg::mancala {

Json NTupleBootstrap::to_json() const {
  return {{"method", tree_depth > 0 ? "search bootstrap (TreeStrap): each position and those below it toward "
                                      "their deeper searches, exact near the end"
                                    : "search bootstrap (RootStrap): each position toward its deeper search, exact "
                                      "near the end"},
          {"games", games},
          {"alpha", alpha},
          {"alpha_halvings", alpha_halvings},
          {"epsilon", epsilon},
          {"play_depth", play_depth},
          {"target_depth", target_depth},
          {"exact_stones", exact_stones},
          {"random_plies", random_plies},
          {"opponents", opponents},
          {"learner_seat", learner_seat},
          {"result_weight", result_weight},
          {"tree_depth", tree_depth},
          {"margin_scale", margin_scale},
          {"margin_weight", margin_weight},
          {"seed", seed}};
}

double end_target(int store_difference, double margin_scale, double margin_weight) {
  const double result = (store_difference > 0) - (store_difference < 0);
  if (margin_scale <= 0) return result;
  // libm's tanh is fine here: training runs natively only and the page reads its file (libm_check.sh).
  return (1 - margin_weight) * result + margin_weight * std::tanh(double(store_difference) / margin_scale);
}

namespace {

// The leaves of a margin-aware target search: the value, and at a decided end
// end_target of its store difference (player 0's).
struct MarginEval {
  const NTupleValue& value;
  double scale, weight;
  double leaf(const Board& board) const { return std::clamp(value.value(board), -1.0, 1.0); }
  double end(const Board& board, int) const { return end_target(board.store(0) - board.store(1), scale, weight); }
};

}  // namespace

double searched_target(const Board& board, const Rules& rules, const NTupleValue& value, int depth, double margin_scale,
                       double margin_weight) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  long nodes = 0;
  if (margin_scale > 0) {
    SearchLine line;
    const double v0 =
        minimax_line(board, rules, depth, -kInf, kInf, MarginEval{value, margin_scale, margin_weight}, nodes, line);
    return board.to_move == 0 ? v0 : -v0;
  }
  // Clamping commutes with minimax (it is monotone), so clamping the searched
  // value maps a forced end (+-99999 + plies) to its result and a leaf to [-1, 1].
  const double v0 = std::clamp(ntuple_minimax(board, rules, value, depth, -kInf, kInf, nodes), -1.0, 1.0);
  return board.to_move == 0 ? v0 : -v0;
}

void move_toward(NTupleValue& value, const Board& board, double target, double alpha) {
  const TupleIndices idx = value.indices(board);
  double v = 0;
  for (int i : idx) v += double(value.weights[size_t(i)]);
  const float step = float(alpha * (target - v));
  for (int i : idx) value.weights[size_t(i)] += step;
}

double position_target(const Board& board, const Rules& rules, const NTupleValue& value, int depth, Solver* exact,
                       int exact_stones, double margin_scale, double margin_weight) {
  if (exact && board.side_stones(0) + board.side_stones(1) <= exact_stones) {
    const Solution sol = exact->solve(board, SolveLimits{0, 200'000});
    if (sol.solved) {
      const double result = end_target(sol.value, margin_scale, margin_weight);  // player 0's
      return board.to_move == 0 ? result : -result;
    }
  }
  return searched_target(board, rules, value, depth, margin_scale, margin_weight);
}

NTupleValue bootstrap_ntuple(const Rules& rules, const NTupleBootstrap& s, NTupleValue value,
                             const std::function<void(long, const NTupleValue&)>& progress, long report_every) {
  value.info["bootstrap"] = s.to_json();
  Rng rng(s.seed);
  // Under the early end the stores matter and the solver has no database; a
  // position it does not settle within the budget keeps its searched target.
  Solver solver(rules, rules.early_end ? 0 : s.exact_stones, 18);
  std::vector<Board> positions;
  const int fixed_greedy =
      s.opponents.rfind("greedy:", 0) == 0 ? std::clamp(std::atoi(s.opponents.c_str() + 7), 1, 5) : 0;
  for (long g = 0; g < s.games; ++g) {
    const double alpha = s.alpha * std::ldexp(1.0, -int(g * (s.alpha_halvings + 1) / s.games));
    // 0: self-play; 1..5: Greedy of that depth.
    const int kind = s.opponents == "pool" ? int(rng.below(6)) : fixed_greedy;
    const int drawn_side = int(rng.below(2));
    const int opponent_side = s.learner_seat < 0 ? drawn_side : 1 - s.learner_seat;
    const int opening = int(rng.below(uint32_t(s.random_plies + 1)));
    Board b = Board::initial(rules);
    for (int ply = 0; ply < opening && !b.done; ++ply) {
      const uint32_t mask = b.legal_mask();
      b.sow(nth_legal(mask, rng.below(uint32_t(legal_count(mask)))), rules);
    }
    positions.clear();
    while (!b.done) {
      positions.push_back(b);
      int move;
      if (kind != 0 && b.to_move == opponent_side) {
        const auto r = GreedyAgent::score_moves(b, rules, kind);
        move = draw_best_pit(r.score, r.legal, rng);
      } else if (rng.uniform() < s.epsilon) {
        const uint32_t mask = b.legal_mask();
        move = nth_legal(mask, rng.below(uint32_t(legal_count(mask))));
      } else {
        const auto r = NTupleAgent::score_moves(b, rules, value, s.play_depth);
        move = draw_best_pit(r.score, r.legal, rng);
      }
      b.sow(move, rules);
    }
    Solver* exact = s.exact_stones > 0 ? &solver : nullptr;
    // The positions below a game's position (tree_depth > 0), deepest first.
    const std::function<void(const Board&, int)> train_below = [&](const Board& p, int plies) {
      const uint32_t mask = p.legal_mask();
      for (int i = 0; i < kPitsPerSide; ++i) {
        if (!(mask & (1u << i))) continue;
        Board child = p;
        child.sow(i, rules);
        if (child.done) continue;
        if (plies > 1) train_below(child, plies - 1);
        move_toward(value, child,
                    position_target(child, rules, value, s.target_depth, exact, s.exact_stones, s.margin_scale,
                                    s.margin_weight),
                    alpha);
      }
    };
    // Latest first: the end's exact targets reach the earlier positions' searches sooner.
    for (size_t k = positions.size(); k-- > 0;) {
      const Board& p = positions[k];
      if (s.tree_depth > 0) train_below(p, s.tree_depth);
      double target =
          position_target(p, rules, value, s.target_depth, exact, s.exact_stones, s.margin_scale, s.margin_weight);
      if (s.result_weight > 0) {
        const double result = end_target(b.store(0) - b.store(1), s.margin_scale, s.margin_weight);  // player 0's
        target = (1 - s.result_weight) * target + s.result_weight * (p.to_move == 0 ? result : -result);
      }
      move_toward(value, p, target, alpha);
    }
    if (progress && (g + 1) % report_every == 0) progress(g + 1, value);
  }
  return value;
}

}  // namespace pg::mancala
