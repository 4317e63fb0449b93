#include "tools/train/torch_export.h"

#include <algorithm>
#include <cctype>

#include "engine/core/error.h"
#include "engine/nn/policy_builder.h"

namespace pg::train {

namespace {

// A float32 copy of a parameter or buffer, in PyTorch's (row-major) layout.
std::vector<float> values(const torch::Tensor& t) {
  if (!t.defined()) return {};
  const torch::Tensor c = t.detach().to(torch::kCPU, torch::kFloat).contiguous();
  const float* p = c.data_ptr<float>();
  return {p, p + c.numel()};
}

std::string layer_name(const std::string& key, const std::string& type) {
  const bool numeric = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) { return std::isdigit(c); });
  return numeric ? type + key : key;
}

// An ExpandingArray<2> holding the same value twice, or -1.
template <typename Array>
int64_t square(const Array& a) {
  return a->at(0) == a->at(1) ? a->at(0) : -1;
}

template <typename Pool>
bool global_pool(const Pool& pool) {
  const auto& size = pool.options.output_size();
  return size->at(0) && size->at(1) && *size->at(0) == 1 && *size->at(1) == 1;
}

}  // namespace

nn::Policy export_policy(const torch::nn::Sequential& net, const ExportOptions& options) {
  nn::PolicyBuilder b(options.game, options.kind, options.observation, options.actions);
  b.storage(options.storage);
  for (const auto& child : net->named_children()) {
    const std::string& key = child.key();
    torch::nn::Module& m = *child.value();
    const std::string where = "export: module '" + key + "' (" + m.name() + ")";
    if (auto* linear = m.as<torch::nn::Linear>()) {
      b.dense(layer_name(key, "dense"), int(linear->options.out_features()), values(linear->weight),
              values(linear->bias));
    } else if (auto* conv = m.as<torch::nn::Conv2d>()) {
      const auto& o = conv->options;
      const int64_t k = square(o.kernel_size());
      if (k < 0) throw InputError(where, "only square kernels are supported");
      if (square(o.stride()) != 1) throw InputError(where, "only stride 1 is supported");
      if (square(o.dilation()) != 1 || o.groups() != 1 || o.transposed())
        throw InputError(where, "dilation, groups and transposed convolutions are not supported");
      if (!c10::get_if<torch::enumtype::kZeros>(&o.padding_mode()))
        throw InputError(where, "only zero padding is supported");
      int64_t pad = -1;
      if (const auto* p = c10::get_if<torch::ExpandingArray<2>>(&o.padding())) pad = square(*p);
      if (c10::get_if<torch::enumtype::kValid>(&o.padding())) pad = 0;
      if (c10::get_if<torch::enumtype::kSame>(&o.padding()) && k % 2 == 1) pad = (k - 1) / 2;
      if (pad < 0) throw InputError(where, "the padding must be the same on every side");
      b.conv2d(layer_name(key, "conv"), int(o.out_channels()), int(k), int(pad), values(conv->weight),
               values(conv->bias));
    } else if (auto* bn1 = m.as<torch::nn::BatchNorm1d>()) {
      if (!bn1->options.track_running_stats()) throw InputError(where, "a batch norm needs its running statistics");
      b.batch_norm(layer_name(key, "bn"), values(bn1->weight), values(bn1->bias), values(bn1->running_mean),
                   values(bn1->running_var), bn1->options.eps());
    } else if (auto* bn2 = m.as<torch::nn::BatchNorm2d>()) {
      if (!bn2->options.track_running_stats()) throw InputError(where, "a batch norm needs its running statistics");
      b.batch_norm(layer_name(key, "bn"), values(bn2->weight), values(bn2->bias), values(bn2->running_mean),
                   values(bn2->running_var), bn2->options.eps());
    } else if (m.as<torch::nn::ReLU>()) {
      b.activation(layer_name(key, "relu"), nn::Activation::kRelu);
    } else if (auto* leaky = m.as<torch::nn::LeakyReLU>()) {
      b.activation(layer_name(key, "leaky_relu"), nn::Activation::kLeakyRelu, leaky->options.negative_slope());
    } else if (m.as<torch::nn::Tanh>()) {
      b.activation(layer_name(key, "tanh"), nn::Activation::kTanh);
    } else if (m.as<torch::nn::Sigmoid>()) {
      b.activation(layer_name(key, "sigmoid"), nn::Activation::kSigmoid);
    } else if (auto* softmax = m.as<torch::nn::Softmax>()) {
      if (softmax->options.dim() != 1 && softmax->options.dim() != -1)
        throw InputError(where, "softmax must run over dimension 1 of a flat input");
      b.activation(layer_name(key, "softmax"), nn::Activation::kSoftmax);
    } else if (auto* flatten = m.as<torch::nn::Flatten>()) {
      if (flatten->options.start_dim() != 1 || flatten->options.end_dim() != -1)
        throw InputError(where, "only Flatten from dimension 1 to the end is supported");
      b.flatten(layer_name(key, "flatten"));
    } else if (auto* avg = m.as<torch::nn::AdaptiveAvgPool2d>()) {
      if (!global_pool(*avg)) throw InputError(where, "only global pooling (output size 1) is supported");
      b.global_avg_pool(layer_name(key, "avg_pool"));
    } else if (auto* max = m.as<torch::nn::AdaptiveMaxPool2d>()) {
      if (!global_pool(*max)) throw InputError(where, "only global pooling (output size 1) is supported");
      b.global_max_pool(layer_name(key, "max_pool"));
    } else if (m.as<torch::nn::Identity>() || m.as<torch::nn::Dropout>()) {
      continue;
    } else {
      throw InputError(where, "this module is not supported (see tools/train/torch_export.h)");
    }
  }
  b.policy().training = options.training;
  b.policy().scores = options.scores;
  return b.build();
}

}  // namespace pg::train
