// Parity with libtorch: networks built and randomly initialised in PyTorch,
// exported to a policy file, loaded by the engine's runtime, and run on the
// same random inputs. Every output must be within 1e-5 + 1e-5 |torch| of
// PyTorch's (eval mode; batch norms with non-trivial running statistics).
// Each test prints its largest error. Also: export -> load -> export is
// bit-exact, in float32 and float16.
#include <gtest/gtest.h>

#include <cstdio>

#include "engine/core/error.h"
#include "engine/nn/network.h"
#include "engine/nn/policy_file.h"
#include "tools/train/torch.h"
#include "tools/train/torch_export.h"
#include "tools/train/torch_project_nets.h"

namespace pg::train {
namespace {

namespace tnn = torch::nn;

constexpr double kTolerance = 1e-5;

std::vector<float> values(const torch::Tensor& t) {
  const torch::Tensor c = t.detach().to(torch::kFloat).contiguous();
  return {c.data_ptr<float>(), c.data_ptr<float>() + c.numel()};
}

// PyTorch's default initialisation from `seed`, and batch norms whose running
// statistics and affine parameters are far from a fresh one's.
void initialise(tnn::Sequential& net, uint64_t seed) {
  torch::manual_seed(seed);
  torch::NoGradGuard no_grad;
  for (const auto& child : net->children()) {
    if (auto* linear = child->as<tnn::Linear>()) linear->reset_parameters();
    if (auto* c = child->as<tnn::Conv2d>()) c->reset_parameters();
    auto set = [](auto* bn) {
      const int64_t c = bn->running_mean.size(0);
      bn->running_mean.copy_(torch::rand({c}) - 0.5);
      bn->running_var.copy_(torch::rand({c}) * 1.5 + 0.5);
      if (bn->weight.defined()) bn->weight.copy_(torch::rand({c}) + 0.5);
      if (bn->bias.defined()) bn->bias.copy_(torch::rand({c}) - 0.5);
    };
    if (auto* bn1 = child->as<tnn::BatchNorm1d>()) set(bn1);
    if (auto* bn2 = child->as<tnn::BatchNorm2d>()) set(bn2);
  }
}

// Exports `net`, loads it through the file's bytes, and compares outputs on
// random inputs in [-1, 1); returns the largest |ours - torch|.
double check_parity(const std::string& what, tnn::Sequential net, std::vector<int64_t> input_shape, size_t outputs = 0,
                    uint64_t seed = 1) {
  initialise(net, seed);
  net->eval();
  torch::NoGradGuard no_grad;
  ExportOptions options;
  options.game = "test";
  options.kind = outputs == 1 ? "value-network" : "q-network";
  options.observation = {"test-v1", nn::Shape(std::vector<int>(input_shape.begin(), input_shape.end()))};
  std::vector<int64_t> batch_shape = {1};
  batch_shape.insert(batch_shape.end(), input_shape.begin(), input_shape.end());
  if (outputs == 0) outputs = size_t(net->forward(torch::zeros(batch_shape)).numel());
  if (outputs != 1)
    for (size_t i = 0; i < outputs; ++i) options.actions.push_back("a" + std::to_string(i));
  const std::string bytes = nn::write_policy(export_policy(net, options));
  nn::Network ours = nn::load_network(bytes, {});
  double max_abs = 0, max_rel = 0;
  for (int i = 0; i < 5; ++i) {
    const torch::Tensor x = torch::rand(batch_shape) * 2 - 1;
    const std::vector<float> expected = values(net->forward(x));
    const auto got = ours.forward(values(x));
    EXPECT_EQ(got.size(), expected.size());
    for (size_t j = 0; j < std::min(got.size(), expected.size()); ++j) {
      const double error = std::fabs(double(got[j]) - double(expected[j]));
      EXPECT_LE(error, kTolerance + kTolerance * std::fabs(double(expected[j])))
          << what << ": output " << j << ": ours " << got[j] << ", torch " << expected[j];
      max_abs = std::max(max_abs, error);
      max_rel = std::max(max_rel, error / std::max(1e-3, std::fabs(double(expected[j]))));
    }
  }
  std::printf("[ parity   ] %-44s max |ours - torch| %.2e (relative %.2e)\n", what.c_str(), max_abs, max_rel);
  return max_abs;
}

tnn::Conv2d conv(int64_t in, int64_t out, int64_t k, int64_t pad, bool bias = true) {
  return tnn::Conv2d(tnn::Conv2dOptions(in, out, k).padding(pad).bias(bias));
}

TEST(ParityTest, Dense) {
  check_parity("dense 37->19", tnn::Sequential(tnn::Linear(37, 19)), {37});
  check_parity("dense without bias", tnn::Sequential(tnn::Linear(tnn::LinearOptions(64, 33).bias(false))), {64});
}

TEST(ParityTest, Conv1x1Pad0) {
  check_parity("conv 1x1 pad 0", tnn::Sequential(conv(5, 6, 1, 0), tnn::Flatten()), {5, 6, 7});
}
TEST(ParityTest, Conv1x1Pad1) {
  check_parity("conv 1x1 pad 1", tnn::Sequential(conv(5, 6, 1, 1), tnn::Flatten()), {5, 6, 7});
}
TEST(ParityTest, Conv3x3Pad0) {
  check_parity("conv 3x3 pad 0", tnn::Sequential(conv(5, 6, 3, 0), tnn::Flatten()), {5, 6, 7});
}
TEST(ParityTest, Conv3x3Pad1) {
  check_parity("conv 3x3 pad 1", tnn::Sequential(conv(5, 6, 3, 1), tnn::Flatten()), {5, 6, 7});
  check_parity("conv 3x3 pad 1, 64->64 on 9x11, no bias", tnn::Sequential(conv(64, 64, 3, 1, false), tnn::Flatten()),
               {64, 9, 11});
}

TEST(ParityTest, Activations) {
  check_parity("relu", tnn::Sequential(tnn::Linear(20, 12), tnn::ReLU()), {20});
  check_parity("leaky_relu 0.2",
               tnn::Sequential(tnn::Linear(20, 12), tnn::LeakyReLU(tnn::LeakyReLUOptions().negative_slope(0.2))), {20});
  check_parity("tanh", tnn::Sequential(tnn::Linear(20, 12), tnn::Tanh()), {20});
  check_parity("sigmoid", tnn::Sequential(tnn::Linear(20, 12), tnn::Sigmoid()), {20});
  check_parity("softmax", tnn::Sequential(tnn::Linear(20, 12), tnn::Softmax(1)), {20});
  check_parity("relu after a conv", tnn::Sequential(conv(3, 4, 3, 1), tnn::ReLU(), tnn::Flatten()), {3, 5, 5});
  check_parity("tanh on a conv", tnn::Sequential(conv(3, 4, 3, 1), tnn::Tanh(), tnn::Flatten()), {3, 5, 5});
}

TEST(ParityTest, BatchNormFoldedIntoPrecedingDense) {
  check_parity("dense, batch norm, relu",
               tnn::Sequential(tnn::Linear(24, 16), tnn::BatchNorm1d(16), tnn::ReLU(), tnn::Linear(16, 3)), {24});
}

TEST(ParityTest, BatchNormFoldedIntoPrecedingConv) {
  check_parity("conv, batch norm 2d, relu",
               tnn::Sequential(conv(4, 8, 3, 1), tnn::BatchNorm2d(8), tnn::ReLU(), tnn::Flatten()), {4, 6, 5});
}

TEST(ParityTest, BatchNormAfterReluFoldedIntoFollowingDense) {
  check_parity("dense, relu, batch norm (eps 1e-3), dense",
               tnn::Sequential(tnn::Linear(24, 16), tnn::ReLU(),
                               tnn::BatchNorm1d(tnn::BatchNorm1dOptions(16).eps(1e-3)), tnn::Linear(16, 3)),
               {24});
  check_parity("conv, relu, batch norm 2d, flatten, dense",
               tnn::Sequential(conv(3, 4, 3, 1), tnn::ReLU(), tnn::BatchNorm2d(4), tnn::Flatten(), tnn::Linear(100, 2)),
               {3, 5, 5});
  check_parity("conv, relu, batch norm 2d, unpadded conv",
               tnn::Sequential(conv(3, 4, 3, 1), tnn::ReLU(), tnn::BatchNorm2d(4), conv(4, 5, 3, 0), tnn::Flatten()),
               {3, 5, 5});
}

TEST(ParityTest, BatchNormKeptAsScaleAndShift) {
  check_parity("batch norm before a padded conv",
               tnn::Sequential(conv(3, 4, 3, 1), tnn::ReLU(), tnn::BatchNorm2d(4), conv(4, 5, 3, 1), tnn::Flatten()),
               {3, 5, 5});
  check_parity("batch norm at the end", tnn::Sequential(tnn::Linear(10, 6), tnn::Tanh(), tnn::BatchNorm1d(6)), {10});
  check_parity("batch norm, then batch norm, then relu",
               tnn::Sequential(tnn::Linear(10, 6), tnn::ReLU(), tnn::BatchNorm1d(6), tnn::BatchNorm1d(6), tnn::ReLU()),
               {10});
}

TEST(ParityTest, Flatten) {
  check_parity("conv, flatten, dense", tnn::Sequential(conv(2, 3, 3, 1), tnn::Flatten(), tnn::Linear(3 * 4 * 6, 5)),
               {2, 4, 6});
}

TEST(ParityTest, GlobalPooling) {
  check_parity(
      "global average pool",
      tnn::Sequential(conv(3, 6, 3, 1), tnn::ReLU(), tnn::AdaptiveAvgPool2d(1), tnn::Flatten(), tnn::Linear(6, 4)),
      {3, 7, 5});
  check_parity("global max pool",
               tnn::Sequential(conv(3, 6, 3, 1), tnn::AdaptiveMaxPool2d(1), tnn::Flatten(), tnn::Linear(6, 4)),
               {3, 7, 5});
}

TEST(ParityTest, Softmax) {
  check_parity("conv, flatten, dense, softmax",
               tnn::Sequential(conv(2, 3, 3, 1), tnn::ReLU(), tnn::Flatten(), tnn::Linear(48, 6), tnn::Softmax(-1)),
               {2, 4, 4});
}

TEST(ParityTest, SokobanSeedNet) {
  for (uint64_t seed : {1, 2})
    check_parity("sokoban project's net (DQN, 3.3M parameters)", sokoban_project_module(), {7, 9, 11}, 4, seed);
}

TEST(ParityTest, MorrisSeedNet) {
  for (uint64_t seed : {1, 2})
    check_parity("morris project's net (value, BN after ReLU)", morris_project_module(), {16}, 1, seed);
}

// --- export -> load -> export ---------------------------------------------------

std::string export_sokoban(nn::DType storage, tnn::Sequential& net) {
  torch::manual_seed(3);
  net = sokoban_project_module();
  const ExportOptions options{.game = "sokoban",
                              .observation = {"sokoban-planes-v1", nn::Shape{7, 9, 11}},
                              .actions = {"up", "down", "left", "right"},
                              .storage = storage,
                              .training = {{"command", "torch_parity_test"}, {"settings", {{"seed", 3}}}}};
  return nn::write_policy(export_policy(net, options));
}

TEST(ExportRoundTrip, Float32IsBitExact) {
  tnn::Sequential net;
  const std::string bytes = export_sokoban(nn::DType::kFloat32, net);
  const nn::Policy policy = nn::read_policy(bytes, {.game = "sokoban", .kind = "q-network"});
  EXPECT_EQ(nn::write_policy(policy), bytes);
  for (const auto& p : net->named_parameters()) {
    const nn::Tensor* t = policy.find(p.key());
    ASSERT_NE(t, nullptr) << p.key();
    const std::vector<float> expected = values(p.value());
    const std::vector<float> got = t->floats();
    ASSERT_EQ(got.size(), expected.size());
    EXPECT_EQ(std::memcmp(got.data(), expected.data(), got.size() * sizeof(float)), 0) << p.key();
  }
}

TEST(ExportRoundTrip, Float16IsBitExact) {
  tnn::Sequential net;
  const std::string bytes = export_sokoban(nn::DType::kFloat16, net);
  const nn::Policy policy = nn::read_policy(bytes);
  EXPECT_EQ(nn::write_policy(policy), bytes);
  EXPECT_LT(bytes.size(), size_t(3304068) * 2 + 8192);
  for (const auto& p : net->named_parameters()) {
    // PyTorch's own float16 conversion rounds to nearest even too.
    const std::vector<float> expected = values(p.value().to(torch::kHalf));
    const std::vector<float> got = policy.find(p.key())->floats();
    ASSERT_EQ(got.size(), expected.size());
    EXPECT_EQ(std::memcmp(got.data(), expected.data(), got.size() * sizeof(float)), 0) << p.key();
  }
}

TEST(ExportRoundTrip, RefusesUnsupportedModules) {
  ExportOptions options;
  options.game = "test";
  options.observation = {"test-v1", nn::Shape{3, 8, 8}};
  auto refusal = [&](tnn::Sequential net) {
    try {
      export_policy(net, options);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(refusal(tnn::Sequential(tnn::MaxPool2d(2))).find("this module is not supported"), std::string::npos);
  EXPECT_NE(refusal(tnn::Sequential(tnn::Conv2d(tnn::Conv2dOptions(3, 4, 3).stride(2)))).find("only stride 1"),
            std::string::npos);
  EXPECT_NE(refusal(tnn::Sequential(tnn::AdaptiveAvgPool2d(2))).find("only global pooling"), std::string::npos);
}

}  // namespace
}  // namespace pg::train
