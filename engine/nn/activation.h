// Activation functions over a buffer, and the softmax helper Q-value agents
// use to turn values into probabilities. Same bits natively and in
// WebAssembly (exp and tanh from det_math.h, sums in a fixed order).
#pragma once

#include <cstddef>
#include <span>

#include "engine/nn/policy_file.h"

namespace pg::nn {

// In place. relu: x > 0 ? x : 0; leaky_relu: x > 0 ? x : alpha x; softmax:
// over the whole buffer.
void apply_activation(Activation activation, double alpha, float* values, size_t n);

// out_i = exp(v_i / T) / sum_j exp(v_j / T), computed as exp((v_i - max) / T)
// in double and summed in index order. temperature <= 0 is the limit: the
// probability is shared equally by the maximal values (greedy). `out` has
// values.size() elements; it may be `values` itself.
void softmax(std::span<const float> values, float temperature, std::span<float> out);

}  // namespace pg::nn
