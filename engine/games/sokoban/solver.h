// An exact Sokoban solver: A* over push positions (the boxes and where the
// player can stand), with a transposition table, dead-square, freeze, corral
// and matching deadlock pruning, and the matching lower bound (lower_bound.h).
//   - kPushes: fewest pushes. Positions with the player anywhere in the same
//     region are one (the player is normalised to the region's top-left square).
//   - kMoves: fewest moves (walks + pushes). A position keeps the player's
//     exact square; a push costs the walk to it plus one.
// The plan is in LURD notation: lowercase letters walk, uppercase letters push.
#pragma once

#include <cstdint>
#include <string>

#include "engine/games/sokoban/level.h"

namespace pg::sokoban {

enum class Optimise { kMoves, kPushes };
enum class SolveStatus { kSolved, kUnsolvable, kTimedOut, kNodeLimit };
const char* status_name(SolveStatus status);  // "solved", "unsolvable", "timed out", "node limit"

struct SolveOptions {
  Optimise optimise = Optimise::kPushes;
  double time_limit_seconds = 10;    // 0: none
  uint64_t node_limit = 20'000'000;  // positions expanded; 0: none
  // Corral deadlocks (corral.h) checked on each position expanded: fewer positions, each dearer.
  bool corral_deadlocks = true;
};

struct SolveResult {
  SolveStatus status = SolveStatus::kTimedOut;
  std::string plan;  // LURD, when solved
  int moves = 0, pushes = 0;
  uint64_t nodes_expanded = 0;
  uint64_t nodes_stored = 0;  // distinct positions in the transposition table
  double seconds = 0;
};

// Throws InputError when the level is malformed (see Room).
SolveResult solve(const Level& level, const SolveOptions& options = {});

}  // namespace pg::sokoban
