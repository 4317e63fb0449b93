#include "engine/nn/activation.h"

#include <cassert>

#include "engine/nn/det_math.h"

namespace pg::nn {

void apply_activation(Activation activation, double alpha, float* values, size_t n) {
  switch (activation) {
    case Activation::kLinear: return;
    case Activation::kRelu:
      for (size_t i = 0; i < n; ++i) values[i] = values[i] > 0.0f ? values[i] : 0.0f;
      return;
    case Activation::kLeakyRelu: {
      const auto slope = float(alpha);
      for (size_t i = 0; i < n; ++i) values[i] = values[i] > 0.0f ? values[i] : slope * values[i];
      return;
    }
    case Activation::kTanh:
      for (size_t i = 0; i < n; ++i) values[i] = det_tanh(values[i]);
      return;
    case Activation::kSigmoid:
      for (size_t i = 0; i < n; ++i) values[i] = det_sigmoid(values[i]);
      return;
    case Activation::kSoftmax: softmax({values, n}, 1.0f, {values, n}); return;
  }
}

void softmax(std::span<const float> values, float temperature, std::span<float> out) {
  assert(out.size() == values.size());
  const size_t n = values.size();
  if (n == 0) return;
  float max = values[0];
  for (float v : values) max = v > max ? v : max;
  if (!(temperature > 0.0f)) {
    size_t ties = 0;
    for (float v : values) ties += v == max;
    for (size_t i = 0; i < n; ++i) out[i] = values[i] == max ? float(1.0 / double(ties)) : 0.0f;
    return;
  }
  // exp of (v - max) / T <= 0: no overflow; the maximum contributes 1, so the sum is >= 1.
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i) sum += det_exp((double(values[i]) - double(max)) / double(temperature));
  // Again rather than kept: `out` may be `values`.
  for (size_t i = 0; i < n; ++i) out[i] = float(det_exp((double(values[i]) - double(max)) / double(temperature)) / sum);
}

}  // namespace pg::nn
