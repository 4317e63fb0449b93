#include "engine/games/mancala/greedy_agent.h"

#include "engine/games/mancala/mancala_game.h"

namespace pg::mancala {

GreedyAgent::RootScores GreedyAgent::score_moves(const Board& board, const Rules& rules, int depth) {
  return score_root_moves<int>(board, rules, depth, StoreDifferenceEval{});
}

Decision GreedyAgent::decide(const State& state, Rng& rng) {
  const auto& s = dynamic_cast<const MancalaState&>(state);
  const RootScores r = score_moves(s.board(), s.rules(), depth_);
  auto [d, best, best_score] = choose_best_pits(r.score, r.legal, rng);
  d.score_label =
      "store difference for the mover after " + std::to_string(depth_) + " plies (+-99999: forced win/loss)";
  d.value = best_score;
  d.lines = root_line_texts(s.board(), s.rules(), r.line, r.legal);
  d.debug = {{"nodes searched", double(r.nodes)}, {"moves tied for best", double(best.size())}};
  if (best.size() > 1) {
    d.note = "tie between pits";
    for (Action a : best) d.note += " " + std::to_string(a + 1);
    d.note += ": one is drawn at random";
  } else {
    d.note = "pit " + std::to_string(best[0] + 1) + " scores best";
  }
  return d;
}

}  // namespace pg::mancala
