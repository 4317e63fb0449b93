#include "engine/nn/policy_builder.h"

namespace pg::nn {

PolicyBuilder::PolicyBuilder(std::string game, std::string kind, Observation observation,
                             std::vector<std::string> actions) {
  policy_.game = std::move(game);
  policy_.kind = std::move(kind);
  shape_ = observation.shape;
  policy_.observation = std::move(observation);
  policy_.actions = std::move(actions);
}

PolicyBuilder& PolicyBuilder::storage(DType dtype) {
  storage_ = dtype;
  return *this;
}

LayerSpec& PolicyBuilder::add(LayerType type, const std::string& name, Shape output) {
  LayerSpec layer;
  layer.type = type;
  layer.name = name;
  layer.input = shape_;
  layer.output = output;
  shape_ = std::move(output);
  policy_.layers.push_back(std::move(layer));
  return policy_.layers.back();
}

void PolicyBuilder::param(LayerSpec& layer, const std::string& role, Shape shape, std::span<const float> values) {
  if (values.empty()) return;
  const std::string name = layer.name + "." + role;
  layer.params[role] = name;
  policy_.tensors.push_back(Tensor::from_floats(name, std::move(shape), values, storage_));
}

PolicyBuilder& PolicyBuilder::dense(const std::string& name, int out, std::span<const float> weight,
                                    std::span<const float> bias, Activation activation, double alpha) {
  const int in = shape_.rank() == 1 ? shape_[0] : int(shape_.numel());
  LayerSpec& layer = add(LayerType::kDense, name, Shape{out});
  layer.activation = activation;
  layer.alpha = alpha;
  param(layer, "weight", Shape{out, in}, weight);
  param(layer, "bias", Shape{out}, bias);
  return *this;
}

PolicyBuilder& PolicyBuilder::conv2d(const std::string& name, int out, int kernel, int padding,
                                     std::span<const float> weight, std::span<const float> bias, Activation activation,
                                     double alpha) {
  const int in = shape_.rank() == 3 ? shape_[0] : 0;
  const int rows = shape_.rank() == 3 ? shape_[1] + 2 * padding - kernel + 1 : 0;
  const int columns = shape_.rank() == 3 ? shape_[2] + 2 * padding - kernel + 1 : 0;
  LayerSpec& layer = add(LayerType::kConv2d, name, Shape{out, rows, columns});
  layer.kernel = kernel;
  layer.padding = padding;
  layer.stride = 1;
  layer.activation = activation;
  layer.alpha = alpha;
  param(layer, "weight", Shape{out, in, kernel, kernel}, weight);
  param(layer, "bias", Shape{out}, bias);
  return *this;
}

PolicyBuilder& PolicyBuilder::batch_norm(const std::string& name, std::span<const float> gamma,
                                         std::span<const float> beta, std::span<const float> mean,
                                         std::span<const float> var, double eps) {
  const int channels = shape_.rank() > 0 ? shape_[0] : 0;
  LayerSpec& layer = add(LayerType::kBatchNorm, name, shape_);
  layer.eps = eps;
  param(layer, "gamma", Shape{channels}, gamma);
  param(layer, "beta", Shape{channels}, beta);
  param(layer, "mean", Shape{channels}, mean);
  param(layer, "var", Shape{channels}, var);
  return *this;
}

PolicyBuilder& PolicyBuilder::activation(const std::string& name, Activation activation, double alpha) {
  LayerSpec& layer = add(LayerType::kActivation, name, shape_);
  layer.activation = activation;
  layer.alpha = alpha;
  return *this;
}

PolicyBuilder& PolicyBuilder::flatten(const std::string& name) {
  add(LayerType::kFlatten, name, Shape{int(shape_.numel())});
  return *this;
}

PolicyBuilder& PolicyBuilder::global_avg_pool(const std::string& name) {
  add(LayerType::kGlobalAvgPool, name, Shape{shape_.rank() > 0 ? shape_[0] : 0});
  return *this;
}

PolicyBuilder& PolicyBuilder::global_max_pool(const std::string& name) {
  add(LayerType::kGlobalMaxPool, name, Shape{shape_.rank() > 0 ? shape_[0] : 0});
  return *this;
}

}  // namespace pg::nn
