// Network::forward allocates nothing: this binary links the counting global
// operator new of tests/allocation/allocation_counter.cc and runs forward
// passes between two readings of the count.
#include <gtest/gtest.h>

#include "engine/nn/activation.h"
#include "engine/nn/network.h"
#include "engine/nn/reference_nets.h"

long allocations_so_far();  // tests/allocation/allocation_counter.cc

namespace pg::nn {
namespace {

long allocations_during_forwards(const Policy& policy) {
  Network net(policy);
  std::vector<std::vector<float>> inputs;
  for (uint64_t seed = 1; seed <= 5; ++seed) inputs.push_back(random_values(net.input_shape().numel(), seed));
  std::vector<float> probabilities(net.output_shape().numel());
  const long before = allocations_so_far();
  float sink = 0;
  for (const auto& input : inputs) {
    const auto output = net.forward(input);
    softmax(output, 0.5f, probabilities);
    for (size_t i = 0; i < net.steps().size(); ++i) sink += net.step_output(i)[0];
    std::copy(input.begin(), input.end(), net.input().begin());
    sink += net.forward()[0] + probabilities[0];
  }
  const long after = allocations_so_far();
  EXPECT_TRUE(sink == sink);  // keeps the work
  return after - before;
}

TEST(NetworkAllocation, CountingWorks) {
  // A direct call of the replaceable operator new: unlike a new-expression,
  // the optimiser may not elide it, so the count is exact in every build.
  const long before = allocations_so_far();
  void* p = ::operator new(64);
  ::operator delete(p);
  EXPECT_EQ(allocations_so_far() - before, 1);
  // And building a network does allocate (its buffers), so a zero below means something.
  const Policy policy = morris_project_net(1);
  const long before_build = allocations_so_far();
  { const Network net(policy); }
  EXPECT_GT(allocations_so_far() - before_build, 0);
}

TEST(NetworkAllocation, SokobanForwardAllocatesNothing) {
  EXPECT_EQ(allocations_during_forwards(sokoban_project_net(1)), 0);
}
TEST(NetworkAllocation, MorrisForwardAllocatesNothing) {
  EXPECT_EQ(allocations_during_forwards(morris_project_net(1)), 0);
}
TEST(NetworkAllocation, LayerZooForwardAllocatesNothing) {
  EXPECT_EQ(allocations_during_forwards(layer_zoo_net(1, false)), 0);
  EXPECT_EQ(allocations_during_forwards(layer_zoo_net(1, true)), 0);
}

}  // namespace
}  // namespace pg::nn
