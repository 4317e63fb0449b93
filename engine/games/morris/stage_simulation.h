// The project's data generation: simulated games whose boards fill the five
// stage tables (stage_tables.h), on the playground's exact rules. Seat 0 is
// the project's agent and always moves first; seat 1 its opponent ("player").
//
// After each game every board recorded (after every placement, move and
// removal of either side) gets the game's grade from the agent's side, 100 a
// win, 50 a draw, 0 a loss, discounted by 0.9 per board going back: the i-th
// movement board from the end gets grade * 0.9^i; the i-th placement board
// from the end grade * 0.9^(i + s + 1), with s the index of the first
// movement board from the end (its count minus 1, or 0 without movement
// boards), as the project's code does. The tables are read while they fill
// (the smart agent learns on line), and accumulate across the four runs:
//   1. random against random
//   2. smart against random
//   3. per game, 80% smart against random, 20% random against random
//   4. per game, 70% smart against the heuristic player, 30% random against random (twice as many games)
// The project played 1M, 1M, 1M and 2M games; `games` scales them (N, N, N, 2N).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/morris/morris_game.h"
#include "engine/games/morris/stage_tables.h"

namespace pg::morris {

// The simulator's players (the project's Game class, on our rules).
enum class SimPlayer : uint8_t {
  kRandom,     // uniform over the legal actions
  kSmart,      // the project's simulator agent: a mill at once, else the best table value above 0, else random
  kHeuristic,  // the project's heuristic player: blocks the agent's mills in placement, closes its own in movement
};

// One decision of a simulated player on `board` (not over).
int sim_decide(SimPlayer who, const Board& board, const StageValues& tables, Rng& rng);

// The boards of one game as the project records them, and its grade.
struct RecordedGame {
  std::vector<uint32_t> placement_boards, movement_boards;  // Board::key(), in order
  double grade = 0;                                         // 100, 50 or 0 for seat 0
};
// Plays one game between `agent` (seat 0) and `player` (seat 1) under `rules`.
RecordedGame play_recorded_game(SimPlayer agent, SimPlayer player, const StageValues& tables, const Rules& rules,
                                Rng& rng);
// Adds a game's discounted scores to the tables.
void record_game(const RecordedGame& game, StageTableBuilder& tables);

struct SimulationRun {
  std::string name;
  long games = 0;
  int smart_in_ten = 0;  // games out of 10 in which the smart agent plays (the rest: random against random)
  SimPlayer opponent = SimPlayer::kRandom;
};
// The project's four runs scaled to `games` (N, N, N, 2N).
std::vector<SimulationRun> project_runs(long games);

struct SimulationProgress {
  int run = 0;                           // index into the runs
  long games_done = 0;                   // in this run
  long wins = 0, draws = 0, losses = 0;  // seat 0's, in this run so far
};
// Plays the runs in order into `tables`; game g of run r is seeded by (seed, r, g), so the result depends only
// on the seed and the runs. `progress` is called every `every` games and at each run's end.
void simulate_runs(const std::vector<SimulationRun>& runs, uint64_t seed, const Rules& rules, StageTableBuilder& tables,
                   const std::function<void(const SimulationProgress&)>& progress = {}, long every = 1000);

}  // namespace pg::morris
