#include "engine/games/binary/solver_agent.h"

#include "engine/games/binary/binary_game.h"
#include "engine/games/binary/solver.h"

namespace pg::binary {

Decision SolverAgent::decide(const State& state, Rng& rng) {
  const Board& board = dynamic_cast<const BinaryState&>(state).board();
  const std::vector<Action> legal = state.legal_actions();
  if (board.width * board.height > kMaxSolverPoints) {
    Decision d = uniform_over(legal, legal, rng);
    d.note = "the board is too big for the solver (at most " + std::to_string(kMaxSolverPoints) +
             " points): uniform over the legal moves";
    return d;
  }
  Solver solver(board.width, board.height, 18);
  const auto labels = solver.label_moves(board, {0, uint64_t(kilonodes_) * 1000});
  std::vector<Action> won, open;
  std::vector<double> scores;
  for (const auto& l : labels) {
    const Action a = encode_action(board, l.x, l.y, l.d);
    scores.push_back(l.outcome == Outcome::kWin ? 1 : l.outcome == Outcome::kLoss ? -1 : 0);
    if (l.outcome == Outcome::kWin) won.push_back(a);
    if (l.outcome == Outcome::kUnknown) open.push_back(a);
  }
  const std::vector<Action>& pool = !won.empty() ? won : !open.empty() ? open : legal;
  Decision d = uniform_over(legal, pool, rng);
  d.scores = scores;
  d.score_label = "solver: +1 the move wins with perfect play, -1 it loses, 0 not decided within the budget";
  d.debug = {{"positions expanded", double(solver.nodes())},
             {"winning moves", double(won.size())},
             {"undecided moves", double(open.size())}};
  if (!won.empty()) {
    d.value = 1;
    d.note = std::to_string(won.size()) + " of " + std::to_string(legal.size()) + " moves win: one is drawn at random";
  } else if (open.empty()) {
    d.value = -1;
    d.note = "every move loses against perfect play: one is drawn at random";
  } else {
    d.note = "no winning move proved within " + std::to_string(kilonodes_) + "k positions; " +
             std::to_string(open.size()) + " moves undecided, one is drawn at random";
  }
  return d;
}

}  // namespace pg::binary
