// A trained network, built from a policy file, running forward at batch size
// 1 (one decision). The same code runs natively and in WebAssembly, with the
// same bits (see kernels.h for the summation order, det_math.h for exp/tanh).
//
// Loading folds what the file keeps apart, so that the forward pass does less:
// - a batch norm right after a dense or conv layer with no activation between
//   is folded into that layer: W' = diag(s) W, b' = s b + t, where
//   s = gamma / sqrt(var + eps) and t = beta - mean s. Exact in real numbers.
// - a batch norm after an activation (Keras's Dense(relu) then
//   BatchNormalization, as the Morris project's nets) is folded into the next
//   dense layer, W' = W diag(s), b' = b + W t (through a flatten: the channel
//   of input i is i / (h w)), or into the next conv layer when that has no
//   padding. Also exact in real numbers.
// - anywhere else (before a zero-padded convolution, whose padding would be
//   shifted by t too; before an activation or pooling; at the end) it stays a
//   per-channel scale-and-shift step.
// - an activation right after a dense, conv or scale-and-shift step runs in
//   that step; a flatten is only a change of shape (CHW is already flat).
// "Exact in real numbers": folded weights are computed in double and rounded
// once to float, so outputs differ from the unfolded float computation by
// rounding only (well inside the 1e-5 the parity tests allow).
//
// A Network owns its activation buffers, allocated when it is built; forward
// allocates nothing. Copies share the (immutable) weights and have their own
// buffers, so two seats may play the same policy.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/nn/policy_file.h"
#include "engine/nn/shape.h"

namespace pg::nn {

// One step of the forward pass, after folding.
struct StepInfo {
  std::string name;  // the first file layer it implements
  // "dense", "conv2d", "scale_shift", "activation", "global_avg_pool", "global_max_pool".
  std::string op;
  std::vector<std::string> layers;  // every file layer it implements, in order (folded, fused)
  Shape output;
};

struct Plan;  // the folded, packed weights (network.cc)

class Network {
 public:
  // Throws InputError (where: `source`, layer by name) for: a policy without
  // layers, an unsupported layer setting, a declared input or output shape
  // that is not what the previous layer gives, a weight of the wrong shape or
  // type, a missing or unknown parameter, an output size that is not the
  // number of actions (q-network, policy-network) or 1 (value-network).
  explicit Network(const Policy& policy, const std::string& source = "policy file");

  const Shape& input_shape() const;
  const Shape& output_shape() const;

  // One forward pass: `input` has input_shape().numel() values (CHW). The
  // result stays valid until the next forward on this Network.
  std::span<const float> forward(std::span<const float> input);
  // The same with the input written in place: fill input(), then forward().
  std::span<float> input();
  std::span<const float> forward();
  // The input of the last forward pass (zeros before the first).
  std::span<const float> last_input() const { return input_; }

  // The inspector's view: what each step computed in the last forward pass
  // (zeros before the first). Reading them costs nothing extra.
  const std::vector<StepInfo>& steps() const;
  std::span<const float> step_output(size_t step) const;
  // The step that implements the file's layer `layer` (it may be folded or fused into it).
  std::optional<size_t> find_step(std::string_view layer) const;

 private:
  std::shared_ptr<const Plan> plan_;
  std::vector<float> input_;
  std::vector<std::vector<float>> outputs_;  // per step
  std::vector<std::vector<float>> padded_;   // per step: a conv's padded input (else empty)
  std::vector<std::vector<float>> wide_;     // per step: a conv's wide output (else empty)
};

// read_policy, then Network (for a whole file in one call).
Network load_network(std::string_view bytes, const PolicyExpectation& expect);

}  // namespace pg::nn
