#include "engine/games/mancala/features.h"

#include <algorithm>

#include "engine/core/error.h"

namespace pg::mancala {

namespace {

// The holes `stones` stones sown from `start` reach (the opponent's store is
// skipped), as a mask over the 14 holes.
uint32_t holes_reached(int start, int stones, int mover) {
  const int skipped = store_of(1 - mover);
  uint32_t reached = 0;
  int hole = start;
  // After two laps every hole has been reached: no need to go further.
  for (int k = 0; k < std::min(stones, 2 * (kNumHoles - 1));) {
    hole = hole == kNumHoles - 1 ? 0 : hole + 1;
    if (hole == skipped) continue;
    reached |= 1u << hole;
    ++k;
  }
  return reached;
}

}  // namespace

std::array<double, kSideFeatures> side_features(const Board& board, const Rules& rules, int side,
                                                const FeatureRules& fr) {
  Board view = board;
  view.to_move = uint8_t(side);
  view.done = false;
  const int other = 1 - side;
  const double total = rules.total_stones();

  uint32_t empty_opponent_pits = 0;
  for (int i = 0; i < kPitsPerSide; ++i)
    if (board.pit(other, i) == 0) empty_opponent_pits |= 1u << (first_pit_of(other) + i);

  bool extra_turn = false, passing = false, fills = false, wins = false;
  int captures = 0, max_captured = 0, options = 0, opposite_empty = 0;
  for (int i = 0; i < kPitsPerSide; ++i) {
    const int stones = board.pit(side, i);
    const int hole = first_pit_of(side) + i;
    if (stones == 0) {
      opposite_empty = std::max(opposite_empty, int(board.holes[size_t(opposite_pit(hole))]));
      continue;
    }
    ++options;
    const int to_store = kPitsPerSide - i;  // stones needed to reach the own store
    passing = passing || (fr.passing_store_strict ? stones > to_store : stones >= to_store);
    if (empty_opponent_pits && (holes_reached(hole, stones, side) & empty_opponent_pits) == empty_opponent_pits)
      fills = true;
    Board child = view;
    const MoveReport report = child.sow(i, rules);
    extra_turn = extra_turn || (report.extra_turn && !report.ended);
    if (report.capture_pit >= 0) {
      ++captures;
      max_captured = std::max(max_captured, report.captured - (fr.capture_counts_last_stone ? 0 : 1));
    }
    const int lead = child.store(side) - child.store(other);
    wins = wins || (child.done ? lead > 0 : 2 * child.store(side) > rules.total_stones());
  }

  std::array<double, kSideFeatures> f{};
  f[kCanGetAnotherMove] = extra_turn;
  f[kIsPassingStore] = passing;
  f[kOppositeEmpty] = opposite_empty / total;
  f[kCaptures] = captures / double(kPitsPerSide);
  f[kCanFillAllEmpties] = fills;
  f[kMaxCaptureAmount] = max_captured / total;
  f[kPlayOptions] = options / double(kPitsPerSide);
  f[kPitNextToStoreEmpty] = board.pit(side, kPitsPerSide - 1) == 0;
  f[kCanWinInOneTurn] = wins;
  return f;
}

Features features(const Board& board, const Rules& rules, const FeatureRules& fr) {
  Features phi{};
  const int block = board.to_move * kBlockFeatures;
  const auto lower = side_features(board, rules, 0, fr);
  const auto upper = side_features(board, rules, 1, fr);
  std::copy(lower.begin(), lower.end(), phi.begin() + block);
  std::copy(upper.begin(), upper.end(), phi.begin() + block + kSideFeatures);
  phi[size_t(block + 2 * kSideFeatures)] = (board.store(0) - board.store(1)) / double(rules.total_stones());
  phi[kPlayerFeature] = board.to_move;
  phi[kConstFeature] = 1;
  return phi;
}

const std::array<std::string, kNumFeatures>& feature_names() {
  static const std::array<std::string, kNumFeatures> names = [] {
    const char* side[kSideFeatures] = {"can_get_another_move", "is_passing_store",   "opposite_empty", "Captures",
                                       "can_fill_all_empties", "max_capture_amount", "play_options",   "board(6)==0",
                                       "can_win_in_1_turn"};
    std::array<std::string, kNumFeatures> n;
    for (int p = 0; p < 2; ++p) {
      const std::string block = "player" + std::to_string(p) + ".";
      for (int i = 0; i < kSideFeatures; ++i) {
        n[size_t(p * kBlockFeatures + i)] = block + "board." + side[i];
        n[size_t(p * kBlockFeatures + kSideFeatures + i)] = block + "reverse." + side[i];
      }
      n[size_t(p * kBlockFeatures + 2 * kSideFeatures)] = block + "delta_store";
    }
    n[kPlayerFeature] = "Player";
    n[kConstFeature] = "Const";
    return n;
  }();
  return names;
}

Json FeatureRules::to_json() const {
  return {{"passing_store", passing_store_strict ? "passes" : "reaches"},
          {"capture_counts_last_stone", capture_counts_last_stone}};
}

FeatureRules FeatureRules::from_json(const Json& j) {
  if (!j.is_object()) throw InputError("features", "expected a JSON object");
  FeatureRules fr;
  for (const auto& [key, value] : j.items()) {
    if (key == "passing_store") {
      if (value != "reaches" && value != "passes")
        throw InputError("features.passing_store", "expected \"reaches\" or \"passes\"");
      fr.passing_store_strict = value == "passes";
    } else if (key == "capture_counts_last_stone") {
      if (!value.is_boolean()) throw InputError("features.capture_counts_last_stone", "expected true or false");
      fr.capture_counts_last_stone = value.get<bool>();
    } else {
      throw InputError("features." + key, "unknown feature option (known: passing_store, capture_counts_last_stone)");
    }
  }
  return fr;
}

}  // namespace pg::mancala
