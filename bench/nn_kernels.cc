// The network kernels: the nets are built once (their random weights take a
// moment), outside the timed batches; inputs cycle through a few random ones.
#include <vector>

#include "bench/kernels.h"
#include "engine/nn/bit_cast.h"
#include "engine/nn/network.h"
#include "engine/nn/reference_nets.h"

namespace pg::bench {

namespace {

constexpr int kInputs = 8;

struct Bench {
  nn::Network net;
  std::vector<std::vector<float>> inputs;
  explicit Bench(const nn::Policy& policy) : net(policy) {
    for (uint64_t i = 0; i < kInputs; ++i) inputs.push_back(nn::random_values(net.input_shape().numel(), 100 + i));
  }
  KernelRun run(long forwards, uint64_t seed) {
    KernelRun result;
    for (long i = 0; i < forwards; ++i) {
      const auto out = net.forward(inputs[size_t(uint64_t(i) + seed) % kInputs]);
      result.checksum = result.checksum * 31 + nn::bit_cast<uint32_t>(out[0]);
      ++result.items;
    }
    return result;
  }
};

}  // namespace

KernelRun nn_sokoban_forward(long forwards, uint64_t seed) {
  static Bench bench(nn::sokoban_project_net(1));
  return bench.run(forwards, seed);
}

KernelRun nn_morris_forward(long forwards, uint64_t seed) {
  static Bench bench(nn::morris_project_net(1));
  return bench.run(forwards, seed);
}

}  // namespace pg::bench
