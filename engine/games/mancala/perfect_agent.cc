#include "engine/games/mancala/perfect_agent.h"

#include <algorithm>

#include "engine/games/mancala/mancala_game.h"

namespace pg::mancala {

std::optional<ExactMoves> exact_moves(Solver& solver, const Board& board, long nodes) {
  ExactMoves m;
  m.legal = board.legal_mask();
  if (!m.legal) return std::nullopt;
  const int sign = board.to_move == 0 ? 1 : -1;
  m.value = -1000;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(m.legal & (1u << i))) continue;
    Board child = board;
    child.sow(i, solver.rules());
    const long left = nodes - m.nodes;
    if (left <= 0) return std::nullopt;
    const Solution s = solver.solve(child, {0, left});
    m.nodes += s.nodes;
    if (!s.solved) return std::nullopt;
    m.move_value[size_t(i)] = sign * s.value;
    m.value = std::max(m.value, sign * s.value);
  }
  return m;
}

Decision PerfectAgent::decide(const State& state, Rng& rng) {
  const Board& board = dynamic_cast<const MancalaState&>(state).board();
  if (!solver_) solver_ = std::make_unique<Solver>(rules_, kDatabaseStones, kTableLog2);
  solver_->clear_table();
  const long budget = long(kilonodes_) * 1000;
  int stones = 0;
  for (int p = 0; p < 2; ++p) stones += board.side_stones(p);
  const auto m = exact_moves(*solver_, board, budget);
  if (!m) {
    Decision d = declined_decision(
        "the solver did not settle this position within " + std::to_string(kilonodes_) + "k positions (" +
        std::to_string(stones) + " stones in the pits; it settles positions with few stones left, and every one with " +
        std::to_string(solver_->database_stones()) + " or fewer from its endgame database)");
    return d;
  }
  std::vector<Action> actions, best;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(m->legal & (1u << i))) continue;
    actions.push_back(i);
    if (m->move_value[size_t(i)] == m->value) best.push_back(i);
  }
  Decision d = uniform_over(actions, best, rng);
  for (Action a : actions) d.scores.push_back(m->move_value[size_t(a)]);
  d.score_label = "exact value: the final store difference for the mover under perfect play (the solver's)";
  d.value = m->value;
  d.debug = {{"positions searched", double(m->nodes)},
             {"stones in the pits", double(stones)},
             {"moves keeping the value", double(best.size())}};
  d.note = "solved exactly: the value is " + std::string(m->value > 0 ? "+" : "") + std::to_string(m->value) +
           " for the mover; " + std::to_string(best.size()) + " of " + std::to_string(actions.size()) +
           " moves keep it" + (best.size() > 1 ? " (one is drawn at random)" : "");
  return d;
}

std::unique_ptr<Agent> make_perfect_agent(const Game& game, std::string_view spec) {
  const auto [name, arg] = split_spec(spec);
  if (name != "perfect") return nullptr;
  return std::make_unique<PerfectAgent>(
      static_cast<const MancalaGame&>(game).rules(),
      arg.empty() ? PerfectAgent::kDefaultKilonodes : parse_int_param(spec, arg, 1, PerfectAgent::kMaxKilonodes));
}

}  // namespace pg::mancala
