#include "engine/nn/network.h"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

#include "engine/core/error.h"
#include "engine/nn/activation.h"
#include "engine/nn/kernels.h"

namespace pg::nn {

// An activation step of its own (not after a dense, conv or scale-and-shift step). Outside the
// anonymous namespace because Step holds one and Plan, which network.h names, holds the steps.
struct ActivationKernel {
  Activation activation = Activation::kLinear;
  double alpha = 0.0;
};

namespace {

// A per-channel affine map waiting to be folded into the next layer: x -> x s[c] + t[c].
struct Affine {
  std::vector<double> scale, shift;
  int plane = 1;  // elements per channel: element i belongs to channel i / plane
  std::vector<std::string> layers;
};

// A step being built: weights stay in double until packed, so that folds round once.
struct Draft {
  StepInfo info;
  // dense: in, out; conv: cin = in, cout = out and the geometry.
  int in = 0, out = 0, h = 0, w = 0, k = 1, pad = 0;
  std::vector<double> weight, bias;  // dense [out][in]; conv [out][in][k][k]
  Affine affine;                     // scale_shift
  Activation activation = Activation::kLinear;
  double alpha = 0.0;
  bool pool_max = false;
  int channels = 0, plane = 0;  // pools
};

}  // namespace

struct Step {
  StepInfo info;
  std::variant<DenseKernel, ConvKernel, ScaleShiftKernel, ActivationKernel, PoolKernel> kernel;
};

struct Plan {
  Shape input, output;
  std::vector<Step> steps;
  std::vector<StepInfo> infos;  // the steps' (for Network::steps)
};

namespace {

std::vector<float> to_floats(const std::vector<double>& v) {
  std::vector<float> f(v.size());
  for (size_t i = 0; i < v.size(); ++i) f[i] = float(v[i]);
  return f;
}

class Builder {
 public:
  Builder(const Policy& policy, const std::string& source) : policy_(policy), source_(source) {}

  Plan build() {
    if (policy_.layers.empty()) fail("", "the policy has no layers (a " + policy_.kind + " is not a network)");
    shape_ = policy_.observation.shape;
    if (shape_.numel() == 0) fail("", "the observation shape " + shape_.str() + " has no elements");
    for (const LayerSpec& layer : policy_.layers) add(layer);
    flush_affine();
    check_outputs();
    Plan plan;
    plan.input = policy_.observation.shape;
    plan.output = shape_;
    for (Draft& d : drafts_) {
      plan.steps.push_back(pack(d));
      plan.infos.push_back(d.info);
    }
    return plan;
  }

 private:
  [[noreturn]] void fail(const std::string& layer, const std::string& problem) const {
    throw InputError(layer.empty() ? source_ : source_ + ": layer '" + layer + "'", problem);
  }

  // A float tensor of exactly `shape`, or nothing when optional and absent.
  std::vector<double> param(const LayerSpec& layer, const std::string& role, const Shape& shape, bool required) {
    const auto it = layer.params.find(role);
    if (it == layer.params.end()) {
      if (required) fail(layer.name, "its parameter '" + role + "' is missing");
      return {};
    }
    const Tensor* t = policy_.find(it->second);
    if (!t) fail(layer.name, "missing tensor '" + it->second + "' (its " + role + ")");
    if (!is_float(t->dtype))
      fail(layer.name,
           "its " + role + " '" + t->name + "' is " + dtype_name(t->dtype) + ", expected float32 or float16");
    if (t->shape != shape)
      fail(layer.name, "its " + role + " '" + t->name + "' has shape " + t->shape.str() + ", expected " + shape.str());
    const std::vector<float> f = t->floats();
    return {f.begin(), f.end()};
  }

  void check_roles(const LayerSpec& layer, std::initializer_list<const char*> roles) {
    for (const auto& [role, tensor] : layer.params) {
      bool known = false;
      for (const char* r : roles) known = known || role == r;
      if (!known) fail(layer.name, "unknown parameter '" + role + "' (tensor '" + tensor + "')");
    }
  }

  void add(const LayerSpec& layer) {
    if (layer.input != shape_)
      fail(layer.name, "its declared input " + layer.input.str() + " is not what " +
                           (layers_seen_ == 0 ? std::string("the observation") : "the previous layer") +
                           " gives: " + shape_.str());
    switch (layer.type) {
      case LayerType::kDense: add_dense(layer); break;
      case LayerType::kConv2d: add_conv(layer); break;
      case LayerType::kBatchNorm: add_batch_norm(layer); break;
      case LayerType::kActivation: add_activation(layer, layer.activation); break;
      case LayerType::kFlatten:
        check_roles(layer, {});
        if (shape_.rank() != 1) {
          shape_ = Shape{int(shape_.numel())};
          flattened_since_open_ = true;
        }
        break;
      case LayerType::kGlobalAvgPool:
      case LayerType::kGlobalMaxPool: add_pool(layer); break;
    }
    ++layers_seen_;
    if (layer.output != shape_)
      fail(layer.name,
           "its declared output " + layer.output.str() + " is not what its input and weights give: " + shape_.str());
  }

  void add_dense(const LayerSpec& layer) {
    check_roles(layer, {"weight", "bias"});
    if (shape_.rank() != 1)
      fail(layer.name, "a dense layer needs a flat input, not " + shape_.str() + " (add a flatten layer)");
    if (layer.output.rank() != 1 || layer.output[0] < 1)
      fail(layer.name, "a dense layer's declared output must be [n], not " + layer.output.str());
    Draft d;
    d.info = {layer.name, "dense", {}, layer.output};
    d.in = shape_[0];
    d.out = layer.output[0];
    d.weight = param(layer, "weight", Shape{d.out, d.in}, true);
    d.bias = param(layer, "bias", Shape{d.out}, false);
    if (d.bias.empty()) d.bias.assign(size_t(d.out), 0.0);
    if (affine_) fold_affine_into(d, d.in);
    d.info.layers.push_back(layer.name);
    set_activation(d, layer);
    shape_ = layer.output;
    push(std::move(d));
  }

  void add_conv(const LayerSpec& layer) {
    check_roles(layer, {"weight", "bias"});
    if (shape_.rank() != 3) fail(layer.name, "a conv2d layer needs a CHW input, not " + shape_.str());
    if (layer.stride != 1) fail(layer.name, "stride " + std::to_string(layer.stride) + " is not supported (1 only)");
    if (layer.output.rank() != 3 || layer.output[0] < 1)
      fail(layer.name, "a conv2d layer's declared output must be [channels,rows,columns], not " + layer.output.str());
    Draft d;
    d.info = {layer.name, "conv2d", {}, {}};
    d.in = shape_[0];
    d.h = shape_[1];
    d.w = shape_[2];
    d.k = layer.kernel;
    d.pad = layer.padding;
    d.out = layer.output[0];
    const int ho = d.h + 2 * d.pad - d.k + 1, wo = d.w + 2 * d.pad - d.k + 1;
    if (ho < 1 || wo < 1)
      fail(layer.name, "a " + std::to_string(d.k) + "x" + std::to_string(d.k) + " kernel with padding " +
                           std::to_string(d.pad) + " does not fit the input " + shape_.str());
    d.weight = param(layer, "weight", Shape{d.out, d.in, d.k, d.k}, true);
    d.bias = param(layer, "bias", Shape{d.out}, false);
    if (d.bias.empty()) d.bias.assign(size_t(d.out), 0.0);
    // A pending scale-and-shift folds into an unpadded convolution only: the
    // padding's zeros would otherwise become t instead of staying 0.
    if (affine_ && d.pad == 0) fold_affine_into(d, d.in * d.k * d.k);
    flush_affine();
    d.info.layers.push_back(layer.name);
    d.info.output = Shape{d.out, ho, wo};
    set_activation(d, layer);
    shape_ = d.info.output;
    push(std::move(d));
  }

  void add_batch_norm(const LayerSpec& layer) {
    check_roles(layer, {"gamma", "beta", "mean", "var"});
    if (shape_.rank() != 1 && shape_.rank() != 3)
      fail(layer.name, "a batch norm needs a [features] or [channels,rows,columns] input, not " + shape_.str());
    if (!(layer.eps >= 0)) fail(layer.name, "eps must not be negative");
    const int channels = shape_[0];
    const Shape shape{channels};
    const std::vector<double> mean = param(layer, "mean", shape, true);
    const std::vector<double> var = param(layer, "var", shape, true);
    std::vector<double> gamma = param(layer, "gamma", shape, false);
    std::vector<double> beta = param(layer, "beta", shape, false);
    if (gamma.empty()) gamma.assign(size_t(channels), 1.0);
    if (beta.empty()) beta.assign(size_t(channels), 0.0);
    Affine bn;
    bn.plane = int(shape_.numel()) / channels;
    bn.layers = {layer.name};
    for (size_t c = 0; c < size_t(channels); ++c) {
      if (!(var[c] + layer.eps > 0)) fail(layer.name, "var + eps is not positive for channel " + std::to_string(c));
      const double s = gamma[c] / std::sqrt(var[c] + layer.eps);
      bn.scale.push_back(s);
      bn.shift.push_back(beta[c] - mean[c] * s);
    }
    if (open_ && !flattened_since_open_) {
      fold_into_previous(bn);
    } else if (affine_) {
      // Two in a row compose: (x s1 + t1) s2 + t2.
      for (size_t c = 0; c < size_t(channels); ++c) {
        affine_->shift[c] = affine_->shift[c] * bn.scale[c] + bn.shift[c];
        affine_->scale[c] *= bn.scale[c];
      }
      affine_->layers.push_back(layer.name);
    } else {
      affine_ = std::move(bn);
    }
  }

  void add_activation(const LayerSpec& layer, Activation activation) {
    check_roles(layer, {});
    if (activation == Activation::kSoftmax && shape_.rank() != 1)
      fail(layer.name, "softmax needs a flat input, not " + shape_.str() + " (add a flatten layer)");
    flush_affine();
    if (activation == Activation::kLinear) return;
    if (open_) {
      Draft& last = drafts_.back();
      last.activation = activation;
      last.alpha = layer.alpha;
      last.info.layers.push_back(layer.name);
      open_ = false;
      return;
    }
    Draft d;
    d.info = {layer.name, "activation", {layer.name}, shape_};
    d.activation = activation;
    d.alpha = layer.alpha;
    push(std::move(d));
    open_ = false;
  }

  void add_pool(const LayerSpec& layer) {
    check_roles(layer, {});
    if (shape_.rank() != 3) fail(layer.name, "global pooling needs a CHW input, not " + shape_.str());
    flush_affine();
    Draft d;
    d.pool_max = layer.type == LayerType::kGlobalMaxPool;
    d.info = {layer.name, d.pool_max ? "global_max_pool" : "global_avg_pool", {layer.name}, Shape{shape_[0]}};
    d.channels = shape_[0];
    d.plane = shape_[1] * shape_[2];
    shape_ = d.info.output;
    push(std::move(d));
    open_ = false;
  }

  void set_activation(Draft& d, const LayerSpec& layer) {
    if (layer.activation == Activation::kSoftmax && d.info.op != "dense")
      fail(layer.name, "softmax needs a flat input (add a flatten layer, then a softmax activation layer)");
    d.activation = layer.activation;
    d.alpha = layer.alpha;
  }

  void push(Draft d) {
    const bool foldable = (d.info.op == "dense" || d.info.op == "conv2d" || d.info.op == "scale_shift");
    open_ = foldable && d.activation == Activation::kLinear;
    flattened_since_open_ = false;
    drafts_.push_back(std::move(d));
  }

  // W' = W diag(s), b' = b + W t over the inputs; `taps` inputs per channel's
  // element for a conv (k k), one for a dense layer.
  void fold_affine_into(Draft& d, int row) {
    const Affine& a = *affine_;
    const int per_channel = d.info.op == "dense" ? a.plane : d.k * d.k;
    for (size_t o = 0; o < size_t(d.out); ++o) {
      double extra = 0.0;
      for (size_t i = 0; i < size_t(row); ++i) {
        const size_t c = i / size_t(per_channel);
        double& wi = d.weight[o * size_t(row) + i];
        extra += wi * a.shift[c];
        wi *= a.scale[c];
      }
      d.bias[o] += extra;
    }
    d.info.layers.insert(d.info.layers.end(), a.layers.begin(), a.layers.end());
    affine_.reset();
  }

  // W' = diag(s) W, b' = s b + t over the outputs of the last step.
  void fold_into_previous(const Affine& bn) {
    Draft& d = drafts_.back();
    if (d.info.op == "scale_shift") {
      for (size_t c = 0; c < d.affine.scale.size(); ++c) {
        d.affine.shift[c] = d.affine.shift[c] * bn.scale[c] + bn.shift[c];
        d.affine.scale[c] *= bn.scale[c];
      }
    } else {
      const size_t row = d.weight.size() / size_t(d.out);
      for (size_t o = 0; o < size_t(d.out); ++o) {
        for (size_t i = 0; i < row; ++i) d.weight[o * row + i] *= bn.scale[o];
        d.bias[o] = d.bias[o] * bn.scale[o] + bn.shift[o];
      }
    }
    d.info.layers.insert(d.info.layers.end(), bn.layers.begin(), bn.layers.end());
  }

  // A pending scale-and-shift that nothing could absorb becomes a step.
  void flush_affine() {
    if (!affine_) return;
    Draft d;
    d.info = {affine_->layers.front(), "scale_shift", affine_->layers, shape_};
    d.affine = std::move(*affine_);
    affine_.reset();
    push(std::move(d));
  }

  void check_outputs() const {
    const size_t n = shape_.numel();
    const std::string& kind = policy_.kind;
    if (kind == "value-network" && n != 1)
      fail("", "a value network must output 1 value, this one outputs " + std::to_string(n) + " " + shape_.str());
    if ((kind == "q-network" || kind == "policy-network") && n != policy_.actions.size())
      fail("", "the network outputs " + std::to_string(n) + " values " + shape_.str() + " but the policy names " +
                   std::to_string(policy_.actions.size()) + " actions");
  }

  static Step pack(Draft& d) {
    Step s{d.info, ActivationKernel{d.activation, d.alpha}};
    if (d.info.op == "dense") {
      DenseKernel k(d.in, d.out, to_floats(d.weight), to_floats(d.bias));
      k.activation = d.activation;
      k.alpha = d.alpha;
      s.kernel = std::move(k);
    } else if (d.info.op == "conv2d") {
      ConvKernel k(d.in, d.out, d.h, d.w, d.k, d.pad, to_floats(d.weight), to_floats(d.bias));
      k.activation = d.activation;
      k.alpha = d.alpha;
      s.kernel = std::move(k);
    } else if (d.info.op == "scale_shift") {
      ScaleShiftKernel k;
      k.channels = int(d.affine.scale.size());
      k.plane = d.affine.plane;
      k.scale = to_floats(d.affine.scale);
      k.shift = to_floats(d.affine.shift);
      k.activation = d.activation;
      k.alpha = d.alpha;
      s.kernel = std::move(k);
    } else if (d.info.op != "activation") {
      s.kernel = PoolKernel{d.pool_max, d.channels, d.plane};
    }
    return s;
  }

  const Policy& policy_;
  const std::string& source_;
  Shape shape_;
  std::vector<Draft> drafts_;
  std::optional<Affine> affine_;
  bool open_ = false;  // the last step's output is the current value, before any activation
  bool flattened_since_open_ = false;
  int layers_seen_ = 0;
};

}  // namespace

Network::Network(const Policy& policy, const std::string& source)
    : plan_(std::make_shared<const Plan>(Builder(policy, source).build())) {
  input_.assign(plan_->input.numel(), 0.0f);
  for (const Step& step : plan_->steps) {
    outputs_.emplace_back(step.info.output.numel(), 0.0f);
    const auto* conv = std::get_if<ConvKernel>(&step.kernel);
    padded_.emplace_back(conv ? conv->padded_size() : 0, 0.0f);
    wide_.emplace_back(conv ? conv->wide_size() : 0, 0.0f);
  }
}

const Shape& Network::input_shape() const { return plan_->input; }
const Shape& Network::output_shape() const { return plan_->output; }
const std::vector<StepInfo>& Network::steps() const { return plan_->infos; }

std::span<float> Network::input() { return input_; }

std::span<const float> Network::forward(std::span<const float> input) {
  if (input.size() != input_.size())
    throw InputError("network input", std::to_string(input.size()) + " values, the network reads " +
                                          std::to_string(input_.size()) + " " + plan_->input.str());
  std::copy(input.begin(), input.end(), input_.begin());
  return forward();
}

std::span<const float> Network::forward() {
  const float* x = input_.data();
  for (size_t i = 0; i < plan_->steps.size(); ++i) {
    float* y = outputs_[i].data();
    const size_t n = outputs_[i].size();
    std::visit(
        [&](const auto& kernel) {
          using K = std::decay_t<decltype(kernel)>;
          if constexpr (std::is_same_v<K, ConvKernel>) {
            kernel.run(x, y, padded_[i].data(), wide_[i].data());
          } else if constexpr (std::is_same_v<K, ActivationKernel>) {
            std::copy_n(x, n, y);
            apply_activation(kernel.activation, kernel.alpha, y, n);
          } else {
            kernel.run(x, y);
          }
        },
        plan_->steps[i].kernel);
    x = y;
  }
  return {x, plan_->output.numel()};
}

std::span<const float> Network::step_output(size_t step) const { return outputs_.at(step); }

std::optional<size_t> Network::find_step(std::string_view layer) const {
  for (size_t i = 0; i < plan_->infos.size(); ++i)
    for (const std::string& name : plan_->infos[i].layers)
      if (name == layer) return i;
  return std::nullopt;
}

Network load_network(std::string_view bytes, const PolicyExpectation& expect) {
  return Network(read_policy(bytes, expect), expect.source);
}

}  // namespace pg::nn
