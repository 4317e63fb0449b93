#include "engine/games/sokoban/greedy_agent.h"

#include <algorithm>
#include <climits>
#include <cstdlib>

#include "engine/games/sokoban/sokoban_game.h"

namespace pg::sokoban {

GreedyScore greedy_score(const Board& board) {
  const Level& level = board.level();
  const auto manhattan = [&](Square a, Square b) {
    return std::abs(level.row(a) - level.row(b)) + std::abs(level.column(a) - level.column(b));
  };
  GreedyScore score;
  score.stuck = !board.solved() && seed_corner_stuck(board);
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
  for (const Action a : actions) {
    Board next = s.board();
    next.step(a);
    scores.push_back(greedy_score(next));
  }
  const GreedyScore best = *std::min_element(scores.begin(), scores.end());
  std::vector<Action> chosen;
  for (size_t i = 0; i < actions.size(); ++i)
    if (scores[i] == best) chosen.push_back(actions[i]);
  Decision d = uniform_over(actions, chosen, rng);
  d.score_label = "-(box distance sum) after the move";
  for (const auto& sc : scores) d.scores.push_back(-double(sc.box_distance) - (sc.stuck ? 1000.0 : 0.0));
  const GreedyScore now = greedy_score(s.board());
  d.debug = {{"box distance sum", now.box_distance}, {"player to nearest box", now.player_distance}};
  d.note = std::to_string(chosen.size()) + " of " + std::to_string(actions.size()) + " moves tie for the best score";
  return d;
}

}  // namespace pg::sokoban
