// The report's 40 features of a Kalah afterstate (notes on the report,
// §3.4-3.7) and the linear value on them. For each side, 9 features are
// computed as if that side were to move: its extra-turn and capture threats,
// its mobility, ... The block of the player to move in the afterstate holds
// [the lower side's 9 as seen on the board, the upper side's 9 (the report's
// ReverseBoard), delta_store]; the other block is zero; then the player flag
// and a constant.
//
// The document gives the features' names and meanings but not their code;
// where it is ambiguous the choice is a named option (FeatureRules), its
// default the plainest reading:
//   passing_store "reaches"   a move whose sowing reaches the own store
//                             ("passes": only beyond it)
//   capture_counts_last_stone  max_capture_amount includes the capturing stone
//   divisor                    counts are divided by their largest possible
//                              value: stones by all stones on the board, moves
//                              and pits by 6, flags by 1
#pragma once

#include <array>
#include <string>

#include "engine/core/json.h"
#include "engine/games/mancala/board.h"

namespace pg::mancala {

constexpr int kSideFeatures = 9;
constexpr int kBlockFeatures = 2 * kSideFeatures + 1;  // both sides, then delta_store
constexpr int kNumFeatures = 2 * kBlockFeatures + 2;   // two blocks, player, constant
constexpr int kPlayerFeature = 2 * kBlockFeatures;
constexpr int kConstFeature = kPlayerFeature + 1;

enum SideFeature {
  kCanGetAnotherMove,    // some move ends in the own store
  kIsPassingStore,       // some move's sowing reaches (or passes) the own store
  kOppositeEmpty,        // most stones facing an own empty pit
  kCaptures,             // moves that capture
  kCanFillAllEmpties,    // one move puts a stone in every empty opponent pit
  kMaxCaptureAmount,     // most stones one move captures
  kPlayOptions,          // legal moves
  kPitNextToStoreEmpty,  // the report's (board(6)==0)
  kCanWinInOneTurn,      // some move ends the game with this side ahead
};

struct FeatureRules {
  bool passing_store_strict = false;  // true: the sowing must go beyond the store
  bool capture_counts_last_stone = true;

  Json to_json() const;
  static FeatureRules from_json(const Json& j);  // throws InputError naming the field
  bool operator==(const FeatureRules&) const = default;
};

using Features = std::array<double, kNumFeatures>;

// The 9 features of `side` on this board, normalised to [0, 1].
std::array<double, kSideFeatures> side_features(const Board& board, const Rules& rules, int side,
                                                const FeatureRules& fr);
// The 40 features of a (non-terminal) afterstate; the block is the player to move's.
Features features(const Board& board, const Rules& rules, const FeatureRules& fr);

// Names in the report's weight table, e.g. "player0.board.max_capture_amount",
// "player1.reverse.Captures", "player0.delta_store", "Player", "Const".
const std::array<std::string, kNumFeatures>& feature_names();

// theta . phi: player 0's (the lower player's) expected reward.
struct LinearValue {
  Features weights{};
  double operator()(const Features& phi) const {
    double v = 0;
    for (int i = 0; i < kNumFeatures; ++i) v += weights[size_t(i)] * phi[size_t(i)];
    return v;
  }
};

}  // namespace pg::mancala
