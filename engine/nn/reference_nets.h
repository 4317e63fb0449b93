// The sources' networks (the Sokoban project's DQN, the Morris project's value
// net) with random weights made from a seed (uniform in +-1/sqrt(fan in), as
// PyTorch initialises them; batch norms with random statistics), so
// benchmarks, tests and the native-vs-WebAssembly check need no files and get
// the same weights on every platform.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/nn/policy_file.h"

namespace pg::nn {

// The Sokoban project's DQN: 7x9x11 planes -> conv 3x3 pad 1 (32, 64, 64, ReLU)
// -> flatten (6336) -> dense 512 ReLU -> 4 Q-values (up, down, left, right).
// 3,304,068 parameters.
Policy sokoban_project_net(uint64_t seed, DType storage = DType::kFloat32);

// The Morris project's final value net (Keras): 16 -> dense 256 ReLU -> batch
// norm -> 128 ReLU -> BN -> 64 ReLU -> BN -> 32 ReLU -> BN -> 1, eps 1e-3.
Policy morris_project_net(uint64_t seed, DType storage = DType::kFloat32);

// Every layer type, activation and fold on a 3x6x7 input, in two variants
// (global average pooling then softmax; global max pooling, then a batch norm
// at the end that stays a scale-and-shift step).
Policy layer_zoo_net(uint64_t seed, bool max_pool);

// Uniform values in [-1, 1) for an input of `numel` values.
std::vector<float> random_values(size_t numel, uint64_t seed);

}  // namespace pg::nn
