// The hot path of the generic interface allocates nothing: every registered
// game plays random playouts through State::legal_actions(out) and
// State::apply() while this binary counts every call of operator new (its
// own executable, because it replaces the global operator new).
#include <gtest/gtest.h>

#include "engine/core/registry.h"
#include "engine/core/rng.h"

// Counted by the replacement operator new in allocation_counter.cc.
long allocations_so_far();

namespace pg {
namespace {

class EveryGameHotPath : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryGameHotPath, ApplyAndListingLegalActionsAllocateNothing) {
  const auto game = make_game(GetParam());
  std::vector<Action> legal;
  legal.reserve(1024);  // big enough for any game here: growing it is the caller's one-off cost
  long steps = 0;
  for (uint64_t seed = 0; seed < 50; ++seed) {
    auto state = game->initial_state(seed);
    Rng rng(seed);
    const long before = allocations_so_far();
    double total = 0;
    while (!state->is_terminal()) {
      state->legal_actions(legal);
      total += state->apply(legal[rng.below(uint32_t(legal.size()))])[0];
      ++steps;
    }
    ASSERT_EQ(allocations_so_far() - before, 0) << "seed " << seed << ", return " << total;
  }
  EXPECT_GT(steps, 100);
}

TEST(AllocationCounter, CountsAllocations) {
  // The counter itself works: the recorder's path does allocate.
  const auto game = make_game("mancala");
  auto state = game->initial_state(1);
  const long before = allocations_so_far();
  const Transition t = state->apply_with_details(state->legal_actions().front());
  EXPECT_GT(allocations_so_far() - before, 0);
  EXPECT_FALSE(t.events.empty());
}

std::vector<std::string> registered_games() {
  std::vector<std::string> names;
  for (const auto& entry : game_registry()) names.push_back(entry.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryGameHotPath, ::testing::ValuesIn(registered_games()),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
}  // namespace pg
