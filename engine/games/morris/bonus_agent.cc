#include "engine/games/morris/bonus_agent.h"

#include "engine/games/morris/morris_game.h"

namespace pg::morris {

int action_bonus(const Board& board, int action) {
  if (action_kind(action) == ActionKind::kRemove) return 0;
  const int to = action_point(action);
  const uint16_t enemy = board.pieces[1 - board.to_move];
  int bonus = 0;
  for (uint16_t mill : kMills)
    if ((mill & bit(to)) && (mill & ~enemy) == bit(to)) {
      bonus += kBlockBonus;
      break;
    }
  Board after = board;
  if (!after.apply(action)) bonus += kMillBonus;  // the turn goes on: a mill closed
  return bonus;
}

Decision BonusAgent::decide(const State& state, Rng& rng) {
  const auto& s = dynamic_cast<const MorrisState&>(state);
  const std::vector<Action> actions = s.legal_actions();
  std::vector<double> scores;
  int top = -1;
  for (Action a : actions) {
    scores.push_back(action_bonus(s.board(), a));
    if (scores.back() > top) top = int(scores.back());
  }
  std::vector<Action> best;
  for (size_t i = 0; i < actions.size(); ++i)
    if (int(scores[i]) == top) best.push_back(actions[i]);
  Decision d = uniform_over(actions, best, rng);
  d.scores = scores;
  d.score_label = "bonus: +200 closes a mill, +100 blocks an enemy mill";
  d.debug = {{"moves tied for best", double(best.size())}};
  d.note = best.size() == 1
               ? action_to_string(best[0]) + " scores best"
               : std::to_string(best.size()) + " moves tie at " + std::to_string(top) + ": one is drawn at random";
  return d;
}

}  // namespace pg::morris
