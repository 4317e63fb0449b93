// The project's five stage tables ("dictionaries"): each maps a board, seen from
// the project's agent (the side that moved first, 'O'), to the running mean of
// the discounted scores it received in simulated games (win 100, draw 50,
// loss 0, times 0.9 per board going back; docs/experiments/morris.md). One table per
// stage, because the same board is worth different amounts in placement and
// in movement:
//   place        any board recorded during the placement phase
//   no_fly       movement, both sides with more than 3 pieces on the board
//   agent_fly    movement, the agent with 3 or fewer, the player more
//   player_fly   movement, the player with 3 or fewer, the agent more
//   all_fly      movement, both with 3 or fewer
// The key is the board as a base-3 number (point a the lowest digit; 0 empty,
// 1 the agent's piece, 2 the player's): the project's 16-character string, as a
// number. Like the project's, it holds neither the side to move nor the hands.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/core/json.h"
#include "engine/games/morris/board.h"

namespace pg::morris {

constexpr int kNumStages = 5;
enum Stage : int { kStagePlace, kStageNoFly, kStageAgentFly, kStagePlayerFly, kStageAllFly };
// "place", "no_fly", "agent_fly", "player_fly", "all_fly".
const char* stage_name(int stage);
// 3^16: keys are below this.
constexpr uint32_t kNumStageKeys = 43046721;

// The points of the side valued (the project's agent, 'O') and of its opponent.
struct SidePieces {
  uint16_t agent = 0, player = 0;
};
inline SidePieces sides_of(const Board& b, int agent_seat) {
  return {b.pieces[size_t(agent_seat)], b.pieces[size_t(1 - agent_seat)]};
}
uint32_t stage_key(SidePieces s);
SidePieces pieces_from_stage_key(uint32_t key);
// The movement tables by piece counts on the board (the project's choose_dict); `placement` selects place.
int stage_of(SidePieces s, bool placement);
// The project's 16-character key: 'O' the agent, 'X' the player, '-' empty.
std::string stage_key_string(SidePieces s);

// Where an agent reads board values: the tables being filled or the frozen ones.
class StageValues {
 public:
  virtual ~StageValues() = default;
  virtual std::optional<double> find(int stage, uint32_t key) const = 0;
};

// The tables being filled: each new score updates the running mean (the project's add_to_dict).
class StageTableBuilder : public StageValues {
 public:
  struct Entry {
    double mean = 0;
    uint32_t count = 0;
  };
  void add(int stage, uint32_t key, double score);
  std::optional<double> find(int stage, uint32_t key) const override;
  const std::unordered_map<uint32_t, Entry>& table(int stage) const { return tables_[size_t(stage)]; }
  size_t size(int stage) const { return tables_[size_t(stage)].size(); }

 private:
  std::array<std::unordered_map<uint32_t, Entry>, kNumStages> tables_;
};

// The tables frozen for lookup: per stage, keys in increasing order with their mean and count.
class StageTables : public StageValues {
 public:
  struct Table {
    std::vector<uint32_t> keys;
    std::vector<float> means;
    std::vector<uint32_t> counts;
  };
  StageTables() = default;
  // The builder's boards seen at least `min_count` times (1: all).
  explicit StageTables(const StageTableBuilder& builder, uint32_t min_count = 1);
  std::optional<double> find(int stage, uint32_t key) const override;
  const Table& table(int stage) const { return tables_[size_t(stage)]; }
  size_t size(int stage) const { return tables_[size_t(stage)].keys.size(); }

  // The policy file (kind "value-table", observation "morris-stage-keys-v1"):
  // per stage the tensors <stage>.keys (int32, increasing), <stage>.means
  // (float32, 0..100) and <stage>.counts (int32, at least 1). `training` and
  // `scores` go to the header as they are.
  std::string serialize(const Json& training, const Json& scores) const;
  // Throws InputError starting with `source`, naming the problem: not a policy
  // file, wrong kind, a missing tensor, lengths that differ, a key out of
  // range or out of order, a mean outside 0..100, a count below 1.
  static StageTables deserialize(std::string_view bytes, const std::string& source);

 private:
  std::array<Table, kNumStages> tables_;
};

inline constexpr const char* kShippedStageTables = "morris/stage_tables.policy";
inline constexpr const char* kStageTablesEncoding = "morris-stage-keys-v1";

}  // namespace pg::morris
