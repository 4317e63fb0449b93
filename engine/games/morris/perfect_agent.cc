#include "engine/games/morris/perfect_agent.h"

#include <algorithm>

#include "engine/core/policy_cache.h"
#include "engine/games/morris/morris_game.h"

namespace pg::morris {

namespace {

// The shipped table (natively from policies/, in the page once fetched), or one a command provided.
PolicyCache<Solution>& solutions() {
  static PolicyCache<Solution> cache(
      PolicyCache<Solution>::by_path,
      [](const std::string& bytes, const std::string& path) { return Solution::deserialize(bytes, "policy " + path); });
  return cache;
}

// An outcome as one number for Decision::scores, higher better for the mover.
double score(const Outcome& o) {
  return o.result == Outcome::kWin ? 1000.0 - o.plies : o.result == Outcome::kLoss ? -1000.0 + o.plies : 0.0;
}

}  // namespace

void provide_solution(std::shared_ptr<const Solution> solution) {
  solutions().store(kShippedSolution, std::move(solution));
}

bool solution_at_hand() { return solutions().at_hand(kShippedSolution); }

std::shared_ptr<const Solution> current_solution() { return solutions().find(kShippedSolution); }

double error_share(const Solution& solution, const Board& board) {
  const auto replies = solution.action_values(board);
  if (replies.size() < 2) return 0;
  const Outcome v = solution.value(board);
  int lost = 0;
  for (const auto& [action, o] : replies) lost += o.result != v.result;
  return double(lost) / double(replies.size());
}

std::vector<ActionChoice> perfect_choices(const Solution& solution, const Board& board) {
  const Outcome v = solution.value(board);
  std::vector<ActionChoice> choices;
  for (const auto& [action, o] : solution.action_values(board)) {
    ActionChoice c{action, o, 0, false};
    if (o.result == v.result && v.result != Outcome::kWin) {
      Board child = board;
      if (child.apply(action)) {
        c.share = error_share(solution, child);
      } else {
        // A mill closed: the opponent decides after our best removal that keeps the value.
        child.for_each_legal([&](int removal) {
          Board after = child;
          after.apply(removal);
          if (solution.value(after).before(false).result == v.result)
            c.share = std::max(c.share, error_share(solution, after));
        });
      }
    }
    choices.push_back(c);
  }
  // The preferred distance (wins and losses), then the preferred share (draws and losses).
  int plies = v.result == Outcome::kWin ? 1 << 30 : 0;
  double share = 0;
  for (const auto& c : choices) {
    if (c.value.result != v.result) continue;
    if (v.result == Outcome::kWin) plies = std::min(plies, int(c.value.plies));
    if (v.result == Outcome::kLoss) plies = std::max(plies, int(c.value.plies));
  }
  for (const auto& c : choices)
    if (c.value.result == v.result && (v.result == Outcome::kDraw || c.value.plies == plies))
      share = std::max(share, c.share);
  for (auto& c : choices)
    c.chosen = c.value.result == v.result && (v.result == Outcome::kDraw || c.value.plies == plies) &&
               (v.result == Outcome::kWin || c.share == share);
  return choices;
}

Decision PerfectAgent::decide(const State& state, Rng& rng) {
  const Board& board = dynamic_cast<const MorrisState&>(state).board();
  const auto solution = current_solution();
  if (!solution)
    return declined_decision(std::string("no Five Men's Morris table is loaded: the page fetches ") + kShippedSolution +
                             " when this agent is seated (still loading, or missing); natively, build one with "
                             "`playground morris solve --out "
                             "FILE` and pass --table FILE");
  if (!solution->covers(board))
    return declined_decision("the loaded table covers positions with up to " +
                             std::to_string(solution->max_material()) +
                             " pieces of material (on the board and in hand), this one has " +
                             std::to_string(board.material(0) + board.material(1)));
  const auto& morris_state = dynamic_cast<const MorrisState&>(state);
  const std::vector<ActionChoice> choices = perfect_choices(*solution, board);
  // Among the preferred actions, those whose position has occurred least often with the opponent to move
  // (a third time is a draw by repetition): a drawn game then goes on, and the opponent can still err.
  auto occurrences = [&](int action) {
    Board after = board;
    if (!after.apply(action)) return 0;  // a mill: the removal changes the material
    int n = 0;
    const uint32_t* history = morris_state.history();
    for (int i = morris_state.history_length() - 1; i >= 0; i -= 2) n += history[i] == after.key();
    return n;
  };
  int fewest = 1 << 30;
  for (const auto& c : choices)
    if (c.chosen) fewest = std::min(fewest, occurrences(c.action));
  std::vector<Action> actions, best;
  double share = 0;
  for (const auto& c : choices) {
    actions.push_back(c.action);
    if (c.chosen && occurrences(c.action) == fewest) {
      best.push_back(c.action);
      share = c.share;
    }
  }
  Decision d = uniform_over(actions, best, rng);
  for (const auto& c : choices) d.scores.push_back(score(c.value));
  d.score_label = "exact value: 1000 - plies for a win in that many plies, 0 a draw, -1000 + plies a loss";
  const Outcome v = solution->value(board);
  d.value = score(v);
  d.debug = {{"actions keeping the value", double(best.size())}, {"opponent replies giving value away", share}};
  d.note = "exact: " + v.text() + " for the mover; " + std::to_string(best.size()) + " of " +
           std::to_string(actions.size()) + " actions preferred" +
           (v.result == Outcome::kWin
                ? " (the shortest win)"
                : " (the opponent then errs with " + std::to_string(int(share * 100 + 0.5)) + "% of its replies)");
  return d;
}

}  // namespace pg::morris
