#include "engine/games/mancala/heuristic_agent.h"

#include <algorithm>

#include "engine/games/mancala/mancala_game.h"

namespace pg::mancala {

int HeuristicAgent::longest_chain(const Board& board, const Rules& rules) {
  int best = 0;
  const uint32_t mask = board.legal_mask();
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(mask & (1u << i))) continue;
    Board child = board;
    if (!child.sow(i, rules).extra_turn) continue;
    best = std::max(best, 1 + (child.done ? 0 : longest_chain(child, rules)));
  }
  return best;
}

Decision HeuristicAgent::decide(const State& state, Rng& /*deterministic*/) {
  const auto& s = dynamic_cast<const MancalaState&>(state);
  const Board& board = s.board();
  const int me = board.to_move;
  const int diff_before = board.store(me) - board.store(1 - me);

  Decision d;
  std::vector<int> chain, gain;
  for (Action a : s.legal_actions()) {
    Board child = board;
    const MoveReport r = child.sow(a, rules_);
    d.actions.push_back(a);
    chain.push_back(r.extra_turn ? 1 + (child.done ? 0 : longest_chain(child, rules_)) : 0);
    gain.push_back(child.store(me) - child.store(1 - me) - diff_before);
  }
  const int max_chain = *std::max_element(chain.begin(), chain.end());
  const int max_gain = *std::max_element(gain.begin(), gain.end());
  size_t pick = 0;
  if (max_chain > 0) {
    pick = size_t(std::find(chain.begin(), chain.end(), max_chain) - chain.begin());  // first
    d.scores.assign(chain.begin(), chain.end());
    d.score_label = "extra turns chained by the move";
    d.note = "rule 1: longest extra-turn chain (" + std::to_string(max_chain) + ")";
  } else if (max_gain > 0) {
    for (size_t i = 0; i < gain.size(); ++i)
      if (gain[i] == max_gain) pick = i;  // last
    d.scores.assign(gain.begin(), gain.end());
    d.score_label = "gain in store difference";
    d.note = "rule 2: biggest store-difference gain (+" + std::to_string(max_gain) + ")";
  } else {
    pick = d.actions.size() - 1;  // the legal pit nearest the store
    d.scores.assign(gain.begin(), gain.end());
    d.score_label = "gain in store difference";
    d.note = "rule 3: no gain possible, pit nearest the store";
  }
  d.probabilities.assign(d.actions.size(), 0.0);
  d.probabilities[pick] = 1.0;
  d.chosen = d.actions[pick];
  return d;
}

}  // namespace pg::mancala
