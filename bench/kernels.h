// Benchmark kernels shared by the native (Google Benchmark) and WebAssembly
// (node) builds. Each returns how many items it processed and folds its
// results into a checksum, so the work cannot be optimised away.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pg::bench {

struct KernelRun {
  long items = 0;
  uint64_t checksum = 0;
};

// Uniformly random Kalah moves on the plain Board value type (the fast path
// that search uses): `games` whole games. The baseline of the Kalah kernels.
KernelRun kalah_random_moves_fast(long games, uint64_t seed);
// The same games through the generic State interface, as generic loops use
// it (matches, playouts): one state per game, apply() and a reused vector of
// legal actions.
KernelRun kalah_random_moves_generic(long games, uint64_t seed);
// The same games as the episode recorder plays them (the page's steps): a
// copy of the state per move and apply_with_details(), which builds the JSON
// events of the step log and the debug drawings.
KernelRun kalah_random_moves_recorded(long games, uint64_t seed);
// Greedy depth-5 decisions on positions from random games.
KernelRun kalah_greedy5_decisions(long decisions, uint64_t seed);

// Zuma under the grading protocol (50 steps, max length 10, new random
// lines), uniformly random throws: on the ZumaEngine value type, as training
// runs them (the baseline)...
KernelRun zuma_random_steps_fast(long games, uint64_t seed);
// ...the page's episodes (a freshly seeded engine per game: Python's seeding
// is part of their cost) on the engine...
KernelRun zuma_random_steps_seeded(long games, uint64_t seed);
// ...the same episodes through the generic State interface...
KernelRun zuma_random_steps_generic(long games, uint64_t seed);
// ...and as the episode recorder plays them (chance draws and events).
KernelRun zuma_random_steps_recorded(long games, uint64_t seed);
// The shipped Q-table's decisions (feature keys for all n+2 actions).
KernelRun zuma_trained_decisions(long decisions, uint64_t seed);

// One forward pass at batch size 1 of the sources' nets with random weights
// (engine/nn/reference_nets.h) on random inputs: the Sokoban DQN (7x9x11
// planes, 3.3M parameters) and the Morris value net (16 -> 1, batch norms
// folded). Their baseline is libtorch's single-threaded forward of the same
// architectures, measured by build/native/bin/bench_torch in another process.
// Five Men's Morris, uniformly random actions (placements, moves and
// removals, each one item) to the end of the game, default rules (move cap
// 200, threefold repetition): on the Board value type with the repetition
// history kept beside it (the baseline)...
KernelRun morris_random_moves_fast(long games, uint64_t seed);
// ...and the same games through the generic State interface.
KernelRun morris_random_moves_generic(long games, uint64_t seed);
KernelRun nn_sokoban_forward(long forwards, uint64_t seed);
KernelRun nn_morris_forward(long forwards, uint64_t seed);
// Binary Game playouts on the default 6x6 board, counted in playouts (whole
// games): uniformly random moves on the Board value type (the baseline)...
KernelRun binary_random_playouts_fast(long games, uint64_t seed);
// ...the same games through the generic State interface...
KernelRun binary_random_playouts_generic(long games, uint64_t seed);
// ...and as the episode recorder plays them.
KernelRun binary_random_playouts_recorded(long games, uint64_t seed);
// The assignment's pattern policy (twopattern.txt) on the Board value type,
// as MCTS playouts run it...
KernelRun binary_pattern_playouts_fast(long games, uint64_t seed);
// ...and the same games by the `patterns` agent through State (a Decision
// with every move's probability at each step, as the page shows it).
KernelRun binary_pattern_playouts_agent(long games, uint64_t seed);

// The exact solver, counted in positions expanded: each item solves a 5x5
// position from a random game with 13 points left, on a fresh table.
KernelRun binary_solver_positions(long solves, uint64_t seed);
// The Sokoban solver (fewest moves) on generated 10x10 levels with 4 boxes
// (engine/games/sokoban/generator.h, seeds seed..seed+solves-1, at least 15
// pushes), counted in positions expanded; the generation is timed too.
KernelRun sokoban_solver_positions(long solves, uint64_t seed);
// The shipped general policy (policies/sokoban/policy.rlpg) deciding, one
// forward pass a decision, on a generated 10x10 level with 2 boxes, in the
// positions random moves reach (not the policy's own, so that how well it
// plays does not change what is measured).
KernelRun sokoban_policy_decisions(long decisions, uint64_t seed);

struct Kernel {
  std::string name;
  std::string unit;
  KernelRun (*run)(long, uint64_t);
  long batch;                 // a batch size that takes a few milliseconds
  std::string baseline;       // the kernel its ratio is taken against (listed before it; "libtorch": bench_torch's)
  std::string same_games_as;  // a kernel (listed before) whose games it plays: equal checksums
};
const std::vector<Kernel>& kernels();

}  // namespace pg::bench
