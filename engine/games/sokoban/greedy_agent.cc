#include "engine/games/sokoban/greedy_agent.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <optional>

#include "engine/games/sokoban/sokoban_game.h"

namespace pg::sokoban {

GreedyScore greedy_score(const Board& board) {
  const Level& level = board.level();
  const auto manhattan = [&](Square a, Square b) {
    return std::abs(level.row(a) - level.row(b)) + std::abs(level.column(a) - level.column(b));
  };
  GreedyScore score;
  score.stuck = !board.solved() && project_corner_stuck(board);
  int nearest_box = INT_MAX;
  for (const Square b : board.boxes()) {
    int nearest = INT_MAX;
    for (Square t = 0; t < level.num_squares(); ++t)
      if (level.target[size_t(t)]) nearest = std::min(nearest, manhattan(b, t));
    score.box_distance += nearest;
    if (!board.target(b)) nearest_box = std::min(nearest_box, manhattan(board.player(), b));
  }
  score.player_distance = nearest_box == INT_MAX ? 0 : nearest_box;
  return score;
}

Decision GreedyAgent::decide(const State& state, Rng& rng) {
  const auto& s = dynamic_cast<const SokobanState&>(state);
  const std::vector<Action> actions = s.legal_actions();
  if (actions.empty()) return declined_decision("the episode is over");
  std::vector<GreedyScore> scores;
  std::vector<bool> moves;  // the move changes the position
  for (const Action a : actions) {
    Board next = s.board();
    moves.push_back(next.step(a).changed());
    scores.push_back(greedy_score(next));
  }
  const bool any_move = std::find(moves.begin(), moves.end(), true) != moves.end();
  std::optional<GreedyScore> best;
  for (size_t i = 0; i < actions.size(); ++i)
    if ((moves[i] || !any_move) && (!best || scores[i] < *best)) best = scores[i];
  std::vector<Action> chosen;
  for (size_t i = 0; i < actions.size(); ++i)
    if ((moves[i] || !any_move) && scores[i] == *best) chosen.push_back(actions[i]);
  Decision d = uniform_over(actions, chosen, rng);
  // The whole comparison in one number: higher is better.
  d.score_label =
      "-(10000 if the corner test flags + 100 x box distance sum + player distance to a box) after the move";
  for (const auto& sc : scores)
    d.scores.push_back(-(sc.stuck ? 10000.0 : 0.0) - 100.0 * sc.box_distance - double(sc.player_distance));
  const GreedyScore now = greedy_score(s.board());
  d.debug = {{"box distance sum", now.box_distance}, {"player to nearest box", now.player_distance}};
  const auto idle = std::count(moves.begin(), moves.end(), false);
  d.note = std::to_string(chosen.size()) + " of " + std::to_string(actions.size()) + " moves tie for the best score";
  if (any_move && idle > 0) d.note += "; " + std::to_string(idle) + " change nothing (never chosen)";
  return d;
}

}  // namespace pg::sokoban
