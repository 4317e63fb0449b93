// A seeded Sokoban level generator by reverse play, as the usual RL Sokoban
// environments do: carve a random room inside the walls, put the boxes on
// random targets, then let the player walk and pull boxes at random. Pulls
// undo pushes, so the level is solvable by construction; the solver checks
// it anyway and measures its difficulty (the fewest pushes).
//
// The same options and seed give the same level on every platform: all
// randomness comes from pg::Rng, and the solver is limited by nodes, not time.
#pragma once

#include <cstdint>

#include "engine/games/sokoban/level.h"
#include "engine/games/sokoban/solver.h"

namespace pg::sokoban {

struct GeneratorOptions {
  int width = 10, height = 10;  // with the wall border, as Boxoban's 10x10
  int boxes = 4;
  double floor_fraction = 0.55;  // of the inner squares carved out as floor
  int pulls = 40;                // box pulls of the reverse play
  int min_pushes = 0;            // reject levels solvable in fewer pushes
  int max_attempts = 200;        // rooms tried before giving up
  uint64_t solver_node_limit = 200'000;
};

struct GeneratedLevel {
  Level level;
  SolveResult solution;  // push-optimal
  int attempts = 0;      // rooms tried, this one included
};

// Throws InputError for out-of-range options, or when no attempt gives a
// level that meets them.
GeneratedLevel generate_level(const GeneratorOptions& options, uint64_t seed);

}  // namespace pg::sokoban
