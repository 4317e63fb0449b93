#include "engine/nn/reference_nets.h"

#include <cmath>
#include <string>

#include "engine/core/rng.h"
#include "engine/nn/policy_builder.h"

namespace pg::nn {

namespace {

class RandomWeights {
 public:
  explicit RandomWeights(uint64_t seed) : rng_(seed) {}
  std::vector<float> uniform(size_t n, double low, double high) {
    std::vector<float> v(n);
    for (float& x : v) x = float(low + (high - low) * rng_.uniform());
    return v;
  }
  // PyTorch's default for dense and conv layers: U(-1/sqrt(fan_in), 1/sqrt(fan_in)).
  std::vector<float> layer(size_t n, int fan_in) {
    const double bound = 1.0 / std::sqrt(double(fan_in));
    return uniform(n, -bound, bound);
  }
  void dense(PolicyBuilder& b, const std::string& name, int out, Activation act = Activation::kLinear,
             double alpha = 0.01) {
    // One statement per draw: the order of a call's arguments differs between compilers.
    const int in = int(b.shape().numel());
    const auto weight = layer(size_t(out) * size_t(in), in);
    const auto bias = layer(size_t(out), in);
    b.dense(name, out, weight, bias, act, alpha);
  }
  void conv(PolicyBuilder& b, const std::string& name, int out, int k, int pad, Activation act = Activation::kLinear,
            double alpha = 0.01) {
    const int in = b.shape()[0];
    const auto weight = layer(size_t(out) * size_t(in * k * k), in * k * k);
    const auto bias = layer(size_t(out), in * k * k);
    b.conv2d(name, out, k, pad, weight, bias, act, alpha);
  }
  // Trained-looking statistics, far from the identity.
  void batch_norm(PolicyBuilder& b, const std::string& name, double eps) {
    const auto c = size_t(b.shape()[0]);
    const auto gamma = uniform(c, 0.5, 1.5);
    const auto beta = uniform(c, -0.5, 0.5);
    const auto mean = uniform(c, -0.5, 0.5);
    const auto var = uniform(c, 0.5, 2.0);
    b.batch_norm(name, gamma, beta, mean, var, eps);
  }

 private:
  Rng rng_;
};

}  // namespace

Policy sokoban_project_net(uint64_t seed, DType storage) {
  PolicyBuilder b("sokoban", "q-network", {"sokoban-planes-v1", Shape{7, 9, 11}}, {"up", "down", "left", "right"});
  b.storage(storage);
  RandomWeights r(seed);
  r.conv(b, "conv1", 32, 3, 1, Activation::kRelu);
  r.conv(b, "conv2", 64, 3, 1, Activation::kRelu);
  r.conv(b, "conv3", 64, 3, 1, Activation::kRelu);
  b.flatten("flatten");
  r.dense(b, "fc1", 512, Activation::kRelu);
  r.dense(b, "fc2", 4);
  b.policy().training = {{"command", "random weights: sokoban_project_net(" + std::to_string(seed) + ")"}};
  return b.build();
}

Policy morris_project_net(uint64_t seed, DType storage) {
  PolicyBuilder b("morris", "value-network", {"morris-board-v1", Shape{16}}, {});
  b.storage(storage);
  RandomWeights r(seed);
  const int widths[] = {256, 128, 64, 32};
  for (int i = 0; i < 4; ++i) {
    r.dense(b, "dense" + std::to_string(i + 1), widths[i], Activation::kRelu);
    r.batch_norm(b, "bn" + std::to_string(i + 1), 1e-3);
  }
  r.dense(b, "value", 1);
  b.policy().training = {{"command", "random weights: morris_project_net(" + std::to_string(seed) + ")"}};
  return b.build();
}

Policy layer_zoo_net(uint64_t seed, bool max_pool) {
  PolicyBuilder b("zoo", "q-network", {"zoo-v1", Shape{3, 6, 7}}, {"a", "b", "c", "d"});
  RandomWeights r(seed);
  r.conv(b, "c1", 8, 1, 0, Activation::kLeakyRelu, 0.1);  // 1x1
  r.batch_norm(b, "b1", 1e-5);                            // before a padded conv: a scale-and-shift step
  r.conv(b, "c2", 8, 3, 1);
  r.batch_norm(b, "b2", 1e-5);  // folded into c2
  b.activation("t2", Activation::kTanh);
  r.conv(b, "c3", 6, 3, 0, Activation::kSigmoid);  // unpadded: 6x4x5
  r.batch_norm(b, "b3", 1e-3);                     // folded into the unpadded c4
  r.conv(b, "c4", 6, 1, 0, Activation::kRelu);
  if (!max_pool) {
    b.global_avg_pool("pool");
    r.batch_norm(b, "b4", 1e-3);  // folded into d1
    r.dense(b, "d1", 10, Activation::kRelu);
    r.dense(b, "d2", 4);
    b.activation("probabilities", Activation::kSoftmax);
  } else {
    b.global_max_pool("pool");
    r.dense(b, "d1", 10);
    r.batch_norm(b, "b4", 1e-3);  // folded into d1
    b.activation("l1", Activation::kLeakyRelu, 0.2);
    r.dense(b, "d2", 4, Activation::kTanh);
    r.batch_norm(b, "b5", 1e-3);  // at the end: a scale-and-shift step
  }
  return b.build();
}

std::vector<float> random_values(size_t numel, uint64_t seed) {
  Rng rng(seed);
  std::vector<float> v(numel);
  for (float& x : v) x = float(2.0 * rng.uniform() - 1.0);
  return v;
}

}  // namespace pg::nn
