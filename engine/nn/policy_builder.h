// Builds a Policy layer by layer, for exporters and trainers: it tracks the
// activation's shape, so every layer gets its declared input and output, and
// stores each layer's weights as tensors "<layer>.<role>" (weight, bias;
// gamma, beta, mean, var). Weights are in PyTorch's layouts: dense
// [out][in], conv [out][in][k][k]. Nothing is checked here: Network (or
// read_policy after write_policy) does.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/nn/policy_file.h"

namespace pg::nn {

class PolicyBuilder {
 public:
  PolicyBuilder(std::string game, std::string kind, Observation observation, std::vector<std::string> actions);

  // How later tensors are stored: float32 (default) or float16.
  PolicyBuilder& storage(DType dtype);
  // An empty bias means none.
  PolicyBuilder& dense(const std::string& name, int out, std::span<const float> weight, std::span<const float> bias,
                       Activation activation = Activation::kLinear, double alpha = 0.01);
  PolicyBuilder& conv2d(const std::string& name, int out, int kernel, int padding, std::span<const float> weight,
                        std::span<const float> bias, Activation activation = Activation::kLinear, double alpha = 0.01);
  // Empty gamma / beta mean none (1 and 0).
  PolicyBuilder& batch_norm(const std::string& name, std::span<const float> gamma, std::span<const float> beta,
                            std::span<const float> mean, std::span<const float> var, double eps);
  PolicyBuilder& activation(const std::string& name, Activation activation, double alpha = 0.01);
  PolicyBuilder& flatten(const std::string& name);
  PolicyBuilder& global_avg_pool(const std::string& name);
  PolicyBuilder& global_max_pool(const std::string& name);

  const Shape& shape() const { return shape_; }  // the last layer's output
  Policy& policy() { return policy_; }           // training, scores, extra: set them here
  Policy build() const { return policy_; }

 private:
  LayerSpec& add(LayerType type, const std::string& name, Shape output);
  void param(LayerSpec& layer, const std::string& role, Shape shape, std::span<const float> values);

  Policy policy_;
  Shape shape_;
  DType storage_ = DType::kFloat32;
};

}  // namespace pg::nn
