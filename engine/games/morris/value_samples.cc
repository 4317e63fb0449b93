#include "engine/games/morris/value_samples.h"

#include "engine/core/rng.h"
#include "engine/games/morris/bonus_agent.h"
#include "engine/games/morris/perfect_agent.h"
#include "engine/games/morris/position_index.h"

namespace pg::morris {

uint64_t position_key(const Board& b) {
  const int me = b.to_move, other = 1 - me;
  return uint64_t(b.pieces[size_t(me)]) | uint64_t(b.pieces[size_t(other)]) << 16 |
         uint64_t(b.in_hand[size_t(me)]) << 32 | uint64_t(b.in_hand[size_t(other)]) << 36;
}

namespace {

enum class Player { kRandom, kBonus, kTable30, kTable10 };

int choose(Player player, const Solution& solution, const Board& board, Rng& rng, std::vector<int>& actions) {
  actions.clear();
  board.for_each_legal([&](int a) { actions.push_back(a); });
  const bool table = player == Player::kTable30 || player == Player::kTable10;
  const double noise = player == Player::kTable30 ? 0.3 : 0.1;
  if (player == Player::kRandom || (table && rng.uniform() < noise))
    return actions[rng.below(uint32_t(actions.size()))];
  std::vector<int> best;
  if (table) {
    const Outcome v = solution.value(board);
    for (const auto& [a, o] : solution.action_values(board))
      if (o.result == v.result) best.push_back(a);
  } else {
    int top = -1;
    for (int a : actions) {
      const int bonus = action_bonus(board, a);
      if (bonus > top) best.clear(), top = bonus;
      if (bonus == top) best.push_back(a);
    }
  }
  return best[rng.below(uint32_t(best.size()))];
}

}  // namespace

std::vector<Board> positions_from_games(const Solution& solution, long games, uint64_t seed,
                                        std::unordered_set<uint64_t>& seen, int max_turns) {
  std::vector<Board> out;
  std::vector<int> actions;
  for (long g = 0; g < games; ++g) {
    Rng rng(mix_seed(seed, uint64_t(g), 0x3a11));
    const Player players[2] = {Player(rng.below(4)), Player(rng.below(4))};
    Board b = Board::initial();
    while (b.moves < max_turns) {
      if (!b.pending_removal) {
        if (b.loser() >= 0) break;
        if (seen.insert(position_key(b)).second) out.push_back(b);
      }
      b.apply(choose(players[b.to_move], solution, b, rng, actions));
    }
  }
  return out;
}

std::vector<Board> positions_from_table(const Solution& solution, long count, uint64_t seed,
                                        std::unordered_set<uint64_t>& seen) {
  struct Class {
    int placements, mine, theirs;
    uint64_t end;  // cumulative size
  };
  std::vector<Class> classes;
  uint64_t total = 0;
  for (int h = 0; h < kPlacementStages; ++h)
    for (int m = 0; m <= kPiecesPerSide; ++m)
      for (int t = 0; t <= kPiecesPerSide; ++t)
        if (solution.stores_class(h, m, t)) classes.push_back({h, m, t, total += class_size(m, t)});
  std::vector<Board> out;
  Rng rng(mix_seed(seed, 0x7ab1e));
  for (long tries = 0; long(out.size()) < count && tries < 20 * count; ++tries) {
    const uint64_t i = ((uint64_t(rng.next() >> 11)) % total);
    size_t c = 0;
    while (classes[c].end <= i) ++c;
    uint16_t mine = 0, theirs = 0;
    position_from_index(i - (classes[c].end - class_size(classes[c].mine, classes[c].theirs)), classes[c].mine,
                        classes[c].theirs, mine, theirs);
    const Board b = canonical_board(classes[c].placements, mine, theirs);
    if (b.loser() >= 0 || !seen.insert(position_key(b)).second) continue;
    out.push_back(b);
  }
  return out;
}

float value_target(const Solution& solution, const Board& board, double risk_weight) {
  const Outcome v = solution.value(board);
  if (v.result == Outcome::kDraw) return float(-risk_weight * error_share(solution, board));
  const float magnitude = 1.0f - float(v.plies) / 100.0f;
  return v.result == Outcome::kWin ? magnitude : -magnitude;
}

int8_t predicted_result(double value) {
  return value > 1.0 / 3 ? Outcome::kWin : value < -1.0 / 3 ? Outcome::kLoss : Outcome::kDraw;
}

}  // namespace pg::morris
