#include "engine/games/mancala/ntuple_learning.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/heuristic_agent.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/games/mancala/ntuple_agent.h"

namespace pg::mancala {

Json NTupleTraining::to_json() const {
  return {{"method", "TD(lambda) on afterstates, n-tuple value"},
          {"games", games},
          {"alpha", alpha},
          {"alpha_halvings", alpha_halvings},
          {"epsilon", epsilon},
          {"epsilon_halvings", epsilon_halvings},
          {"lambda", lambda},
          {"depth", depth},
          {"random_plies", random_plies},
          {"opponents", opponents},
          {"gamma", 1},
          {"seed", seed}};
}

namespace {

// The best move for the player to move, searched `depth` plies (ties: a uniform draw).
int search_move(const Board& b, const Rules& rules, const NTupleValue& value, int depth, Rng& rng) {
  const auto r = NTupleAgent::score_moves(b, rules, value, depth);
  return draw_best_pit(r.score, r.legal, rng);
}

int greedy_opponent_move(const Board& b, const Rules& rules, int depth, Rng& rng) {
  const auto scores = GreedyAgent::score_moves(b, rules, depth);
  return draw_best_pit(scores.score, scores.legal, rng);
}

}  // namespace

NTupleValue learn_ntuple(const Rules& rules, const NTupleTraining& s,
                         const std::function<void(long, const NTupleValue&)>& progress, long report_every) {
  NTupleValue value;
  value.info = {{"training", s.to_json()}};
  Rng rng(s.seed);
  // The game's positions since the last random move: their entries and player 0's value sign.
  struct Step {
    TupleIndices idx;
    float sign;
  };
  std::vector<Step> trail;
  for (long g = 0; g < s.games; ++g) {
    const float alpha = float(s.alpha * std::ldexp(1.0, -int(g * (s.alpha_halvings + 1) / s.games)));
    const double epsilon = s.epsilon * std::ldexp(1.0, -int(g * (s.epsilon_halvings + 1) / s.games));
    // 0: self-play; 1..5: Greedy of that depth; 6: Heuristic (pool only).
    const int kind = s.opponents == "pool" ? int(rng.below(7)) : 0;
    const int opponent_side = int(rng.below(2));
    const int opening = int(rng.below(uint32_t(s.random_plies + 1)));
    Board b = Board::initial(rules);
    for (int ply = 0; ply < opening && !b.done; ++ply) {
      const uint32_t mask = b.legal_mask();
      b.sow(nth_legal(mask, rng.below(uint32_t(legal_count(mask)))), rules);
    }
    trail.clear();
    auto value0 = [&](const Step& st) {
      double v = 0;
      for (int i : st.idx) v += double(value.weights[size_t(i)]);
      return st.sign * v;
    };
    // TD(lambda) toward `target` (player 0's): each position on the trail moves by
    // alpha * lambda^age * (its own one-step error), the forward view done backwards
    // one step at a time: the newest error is spread over the older positions.
    auto update = [&](double target) {
      const Step& last = trail.back();
      const double delta = target - value0(last);
      double decay = 1;
      for (size_t k = trail.size(); k-- > 0 && decay > 1e-3; decay *= s.lambda) {
        const float step = float(double(alpha) * decay * delta) * trail[k].sign;
        for (int i : trail[k].idx) value.weights[size_t(i)] += step;
      }
    };
    if (!b.done) trail.push_back({value.indices(b), b.to_move == 0 ? 1.0f : -1.0f});
    while (!b.done) {
      int move;
      bool random = false;
      if (kind != 0 && b.to_move == opponent_side) {
        move = kind == 6 ? int(HeuristicAgent(rules).decide(MancalaState(b, rules), rng).chosen)
                         : greedy_opponent_move(b, rules, kind, rng);
      } else if (rng.uniform() < epsilon) {
        const uint32_t mask = b.legal_mask();
        move = nth_legal(mask, rng.below(uint32_t(legal_count(mask))));
        random = true;
      } else {
        move = search_move(b, rules, value, s.depth, rng);
      }
      b.sow(move, rules);
      if (random) {
        trail.clear();
      } else if (!trail.empty()) {
        update(b.done ? double(b.outcome()) : value.value(b));
      }
      if (!b.done) trail.push_back({value.indices(b), b.to_move == 0 ? 1.0f : -1.0f});
    }
    if (progress && (g + 1) % report_every == 0) progress(g + 1, value);
  }
  return value;
}

}  // namespace pg::mancala
