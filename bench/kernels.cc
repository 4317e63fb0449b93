#include "bench/kernels.h"

#include <memory>

#include "engine/core/agent.h"
#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/zuma/engine.h"
#include "engine/games/zuma/q_policy.h"
#include "engine/games/zuma/zuma_game.h"

namespace pg::bench {

namespace {
const zuma::Scenario& grading() {
  static const zuma::Scenario s = zuma::named_scenario("grading");
  return s;
}
}  // namespace

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

KernelRun zuma_random_steps_fast(long games, uint64_t seed) {
  const zuma::Scenario& scenario = grading();
  zuma::ZumaEngine engine(scenario, seed);
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    engine.reset(true);
    engine.ensure_ball();
    while (!engine.done()) {
      engine.submit(int(rng.below(uint32_t(engine.num_actions()))) - 1);
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(int64_t(engine.total_reward()));
  }
  return run;
}

KernelRun zuma_random_steps_generic(long games, uint64_t seed) {
  const zuma::ZumaGame game(grading());
  Rng rng(seed);
  KernelRun run;
  for (long g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game.initial_state(seed + uint64_t(g));
    double total = 0;
    while (!state->is_terminal()) {
      const auto legal = state->legal_actions();
      auto next = state->clone();
      total += next->apply(legal[rng.below(uint32_t(legal.size()))]).rewards[0];
      state = std::move(next);
      ++run.items;
    }
    run.checksum = run.checksum * 31 + uint64_t(int64_t(total));
  }
  return run;
}

KernelRun zuma_trained_decisions(long decisions, uint64_t seed) {
  const zuma::Scenario& scenario = grading();
  const auto policy = zuma::find_policy(zuma::kShippedPolicy);
  zuma::ZumaEngine engine(scenario, seed);
  Rng rng(seed);
  KernelRun run;
  for (long i = 0; i < decisions; ++i) {
    if (engine.done() || i == 0) {
      engine.reset(true);
      engine.ensure_ball();
    }
    const int a =
        policy->best_action(engine.line(), engine.ball(), scenario.max_steps - engine.steps() - 1, scenario.max_length);
    run.checksum = run.checksum * 31 + uint64_t(a + 1);
    engine.submit(int(rng.below(uint32_t(engine.num_actions()))) - 1);  // random positions, not the policy's
    ++run.items;
  }
  return run;
}

const std::vector<Kernel>& kernels() {
  static const std::vector<Kernel> all = {
      {"kalah_random_moves_generic", "moves", kalah_random_moves_generic, 2000, "kalah_random_moves_generic"},
      {"kalah_random_moves_fast", "moves", kalah_random_moves_fast, 20000, "kalah_random_moves_generic"},
      {"kalah_greedy5_decisions", "decisions", kalah_greedy5_decisions, 200, "kalah_random_moves_generic"},
      {"zuma_random_steps_generic", "steps", zuma_random_steps_generic, 200, "zuma_random_steps_generic"},
      {"zuma_random_steps_fast", "steps", zuma_random_steps_fast, 5000, "zuma_random_steps_generic"},
      {"zuma_trained_decisions", "decisions", zuma_trained_decisions, 20000, "zuma_random_steps_generic"},
  };
  return all;
}

}  // namespace pg::bench
