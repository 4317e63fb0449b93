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
// that search and training use): `games` whole games.
KernelRun kalah_random_moves_fast(long games, uint64_t seed);
// The same games through the generic State interface, as the page and the
// episode recorder use it (virtual calls, a heap copy of the state per move,
// a vector of legal actions, and the JSON events each step reports for the
// step log and the debug drawings): the baseline.
KernelRun kalah_random_moves_generic(long games, uint64_t seed);
// Greedy depth-5 decisions on positions from random games.
KernelRun kalah_greedy5_decisions(long decisions, uint64_t seed);

// Zuma under the grading protocol (50 steps, max length 10, new random
// lines): uniformly random throws on the ZumaEngine value type, as training
// and evaluation run them...
KernelRun zuma_random_steps_fast(long games, uint64_t seed);
// ...and the same through the generic State interface (the baseline).
KernelRun zuma_random_steps_generic(long games, uint64_t seed);
// The shipped Q-table's decisions (feature keys for all n+2 actions).
KernelRun zuma_trained_decisions(long decisions, uint64_t seed);

struct Kernel {
  std::string name;
  std::string unit;
  KernelRun (*run)(long, uint64_t);
  long batch;            // a batch size that takes a few milliseconds
  std::string baseline;  // the kernel its ratio is taken against (listed before it)
};
const std::vector<Kernel>& kernels();

}  // namespace pg::bench
