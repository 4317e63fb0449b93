// The project's app agents with their learned values (docs/experiments/morris.md):
//   smart   reads the five stage tables (stage_tables.h),
//   genius  reads the five value networks trained on them (ln of the score).
// Both score every candidate as the project's app does: the value of the board
// after the action, from the deciding side (its pieces as the project's agent's,
// 'O'), in the table of the stage (place during the placement phase, else by
// the pieces each side has on that board), +100 if the action blocks an enemy
// mill (tested before the piece lands), +200 if it closes a mill of its own
// (bonus_agent.h); removals by value alone. The first best candidate in
// action order is played (the project's strict >). The smart agent values a board
// the tables never saw at -1 in movement and 0 in placement and removals (the
// project's defaults). The project's values are for the side that moved first; the
// agents use them for seat 1 too, with the colours swapped (the project never
// played second: an extension, the tables do not know who moves).
#pragma once

#include <array>
#include <memory>

#include "engine/core/agent.h"
#include "engine/games/morris/board.h"
#include "engine/games/morris/stage_tables.h"
#include "engine/nn/network.h"
#include "engine/nn/policy_file.h"

namespace pg::morris {

// The five networks, one file each: morris/genius_<stage>.policy.
std::string genius_network_file(int stage);
inline constexpr const char* kGeniusEncoding = "morris-board-v1";
// The networks' input: +1 the side valued, -1 its opponent, 0 empty, points a..p.
void encode_board(SidePieces s, std::span<float> out);

// The rule both share; `value` is the board's value from the deciding side.
class ProjectAgent : public Agent {
 public:
  Decision decide(const State& state, Rng& rng) override;

 protected:
  virtual double value(int stage, SidePieces pieces, bool removal) = 0;
  virtual const char* value_meaning() const = 0;
};

class SmartAgent : public ProjectAgent {
 public:
  explicit SmartAgent(std::shared_ptr<const StageTables> tables) : tables_(std::move(tables)) {}
  std::string spec() const override { return "smart"; }

 private:
  double value(int stage, SidePieces pieces, bool removal) override;
  const char* value_meaning() const override { return "the stage table's mean score, 0..100"; }
  std::shared_ptr<const StageTables> tables_;
};

class GeniusAgent : public ProjectAgent {
 public:
  explicit GeniusAgent(const std::array<std::shared_ptr<const nn::Network>, kNumStages>& nets);
  std::string spec() const override { return "genius"; }

 private:
  double value(int stage, SidePieces pieces, bool removal) override;
  const char* value_meaning() const override { return "the stage network's ln of the score"; }
  std::array<nn::Network, kNumStages> nets_;
};

// The shipped tables and networks, read once (throws PolicyUnavailable while they load, InputError if refused).
std::shared_ptr<const StageTables> shipped_stage_tables();
std::array<std::shared_ptr<const nn::Network>, kNumStages> shipped_genius_networks();

// "smart" or "genius" with the shipped files; nullptr for other names.
std::unique_ptr<Agent> make_project_agent(const Game& game, std::string_view spec);

}  // namespace pg::morris
