#include "engine/games/tictactoe/perfect_agent.h"

#include "engine/core/error.h"
#include "engine/games/tictactoe/solver.h"
#include "engine/games/tictactoe/tictactoe_game.h"

namespace pg::tictactoe {

Decision PerfectAgent::decide(const State& state, Rng& rng) {
  const Board& board = dynamic_cast<const TicTacToeState&>(state).board();
  const auto values = action_values(board);
  Outcome best = values.front().second;
  for (const auto& [cell, o] : values)
    if (o.better_than(best)) best = o;
  std::vector<Action> actions, best_actions;
  for (const auto& [cell, o] : values) {
    actions.push_back(cell);
    if (o == best) best_actions.push_back(cell);
  }
  Decision d = uniform_over(actions, best_actions, rng);
  d.score_label = "exact result (+1 win, 0 draw, -1 loss)";
  for (const auto& [cell, o] : values) {
    d.scores.push_back(double(o.result));
    d.lines.push_back(principal_line(board, cell) + " (" + o.text() + ")");
  }
  d.value = double(best.result);
  d.note = "best: " + best.text() + " (" + std::to_string(best_actions.size()) +
           (best_actions.size() == 1 ? " move)" : " moves, equal odds)");
  return d;
}

std::unique_ptr<Agent> make_perfect_agent(std::string_view spec) {
  const auto [name, arg] = split_spec(spec);
  if (name != "perfect") return nullptr;
  if (!arg.empty()) throw InputError("agent '" + std::string(spec) + "'", "'perfect' takes no parameter");
  return std::make_unique<PerfectAgent>();
}

}  // namespace pg::tictactoe
