#include "engine/games/mancala/value_search.h"

namespace pg::mancala {

Decision value_search_decision(const Board& board, const Rules& rules, const RootScores<double>& r, int depth,
                               const std::string& value_words, const std::string& best_reason, Rng& rng) {
  auto [d, best, best_score] = choose_best_pits(r.score, r.legal, rng);
  d.score_label = value_words + " for the mover after " + std::to_string(depth) +
                  " plies (+1 = sure win; +-99999: forced win/loss)";
  d.value = best_score;
  d.lines = root_line_texts(board, rules, r.line, r.legal);
  d.debug = {{"nodes searched", double(r.nodes)}};
  d.note = best.size() > 1 ? "pits tie for best: one is drawn at random"
                           : "pit " + std::to_string(best[0] + 1) + " scores best " + best_reason;
  return d;
}

}  // namespace pg::mancala
