#include "bench/kernels.h"

#include <memory>

#include "engine/core/agent.h"
#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/greedy_agent.h"

namespace pg::bench {

using mancala::Board;
using mancala::Rules;

KernelRun kalah_random_moves_fast(long games, uint64_t seed) {
  const Rules rules;
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    Board b = Board::initial(rules);
    while (!b.done) {
      const uint32_t mask = b.legal_mask();
      b.sow(mancala::nth_legal(mask, rng.below(uint32_t(mancala::legal_count(mask)))), rules);
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(b.store(0));
  }
  return run;
}

KernelRun kalah_random_moves_generic(long games, uint64_t seed) {
  const auto game = make_game("mancala");
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game->initial_state(seed);
    while (!state->is_terminal()) {
      const auto legal = state->legal_actions();
      auto next = state->clone();
      next->apply(legal[rng.below(uint32_t(legal.size()))]);
      state = std::move(next);
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(state->to_json()["board"][6].get<int>());
  }
  return run;
}

KernelRun kalah_greedy5_decisions(long decisions, uint64_t seed) {
  const Rules rules;
  Rng rng(seed);
  KernelRun run;
  Board b = Board::initial(rules);
  for (long i = 0; i < decisions; ++i) {
    if (b.done) b = Board::initial(rules);
    const auto scores = mancala::GreedyAgent::score_moves(b, rules, 5);
    run.checksum += uint64_t(scores.nodes);
    const uint32_t mask = b.legal_mask();
    b.sow(mancala::nth_legal(mask, rng.below(uint32_t(mancala::legal_count(mask)))), rules);
    ++run.items;
  }
  return run;
}

const std::vector<Kernel>& kernels() {
  static const std::vector<Kernel> all = {
      {"kalah_random_moves_generic", "moves", kalah_random_moves_generic, 2000},
      {"kalah_random_moves_fast", "moves", kalah_random_moves_fast, 20000},
      {"kalah_greedy5_decisions", "decisions", kalah_greedy5_decisions, 200},
  };
  return all;
}

}  // namespace pg::bench
