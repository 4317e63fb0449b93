// The runtime against a plain double-precision evaluation of the file's
// layers as written (no folding, no packing): every kernel, fold and
// activation, on the sources' nets and on odd sizes. The libtorch parity tests
// (tools/train/) check the same against PyTorch itself.
#include "engine/nn/network.h"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/core/error.h"
#include "engine/nn/activation.h"
#include "engine/nn/det_math.h"
#include "engine/nn/policy_builder.h"
#include "engine/nn/reference_nets.h"

namespace pg::nn {
namespace {

void activate(Activation a, double alpha, std::vector<double>& x) {
  double max = -INFINITY, sum = 0;
  for (double v : x) max = std::max(max, v);
  for (double v : x) sum += std::exp(v - max);
  for (double& v : x) {
    switch (a) {
      case Activation::kLinear: break;
      case Activation::kRelu: v = std::max(v, 0.0); break;
      case Activation::kLeakyRelu: v = v > 0 ? v : alpha * v; break;
      case Activation::kTanh: v = std::tanh(v); break;
      case Activation::kSigmoid: v = 1 / (1 + std::exp(-v)); break;
      case Activation::kSoftmax: v = std::exp(v - max) / sum; break;
    }
  }
}

// The layers as the file describes them, in double.
std::vector<double> naive_forward(const Policy& p, const std::vector<float>& input) {
  std::vector<double> x(input.begin(), input.end());
  for (const LayerSpec& l : p.layers) {
    auto param = [&](const char* role) -> std::vector<double> {
      const auto it = l.params.find(role);
      if (it == l.params.end()) return {};
      const auto f = p.find(it->second)->floats();
      return {f.begin(), f.end()};
    };
    const Shape& in = l.input;
    std::vector<double> y(l.output.numel(), 0.0);
    switch (l.type) {
      case LayerType::kDense: {
        const auto w = param("weight"), b = param("bias");
        for (size_t o = 0; o < y.size(); ++o) {
          double s = b.empty() ? 0 : b[o];
          for (size_t i = 0; i < x.size(); ++i) s += w[o * x.size() + i] * x[i];
          y[o] = s;
        }
        activate(l.activation, l.alpha, y);
        break;
      }
      case LayerType::kConv2d: {
        const auto w = param("weight"), b = param("bias");
        const int cin = in[0], h = in[1], wd = in[2], k = l.kernel, pad = l.padding;
        const int cout = l.output[0], ho = l.output[1], wo = l.output[2];
        for (int co = 0; co < cout; ++co)
          for (int r = 0; r < ho; ++r)
            for (int c = 0; c < wo; ++c) {
              double s = b.empty() ? 0 : b[size_t(co)];
              for (int ci = 0; ci < cin; ++ci)
                for (int ky = 0; ky < k; ++ky)
                  for (int kx = 0; kx < k; ++kx) {
                    const int rr = r + ky - pad, cc = c + kx - pad;
                    if (rr < 0 || rr >= h || cc < 0 || cc >= wd) continue;
                    s += w[size_t(((co * cin + ci) * k + ky) * k + kx)] * x[size_t((ci * h + rr) * wd + cc)];
                  }
              y[size_t((co * ho + r) * wo + c)] = s;
            }
        activate(l.activation, l.alpha, y);
        break;
      }
      case LayerType::kBatchNorm: {
        const auto mean = param("mean"), var = param("var");
        auto gamma = param("gamma"), beta = param("beta");
        const size_t plane = x.size() / size_t(in[0]);
        for (size_t i = 0; i < x.size(); ++i) {
          const size_t c = i / plane;
          y[i] = (x[i] - mean[c]) / std::sqrt(var[c] + l.eps) * (gamma.empty() ? 1 : gamma[c]) +
                 (beta.empty() ? 0 : beta[c]);
        }
        break;
      }
      case LayerType::kActivation:
        y = x;
        activate(l.activation, l.alpha, y);
        break;
      case LayerType::kFlatten: y = x; break;
      case LayerType::kGlobalAvgPool:
      case LayerType::kGlobalMaxPool: {
        const size_t plane = x.size() / size_t(in[0]);
        for (size_t c = 0; c < y.size(); ++c) {
          double s = 0, m = -INFINITY;
          for (size_t i = 0; i < plane; ++i) {
            s += x[c * plane + i];
            m = std::max(m, x[c * plane + i]);
          }
          y[c] = l.type == LayerType::kGlobalMaxPool ? m : s / double(plane);
        }
        break;
      }
    }
    x = std::move(y);
  }
  return x;
}

// max |ours - naive| / max(1, |naive|) over several random inputs.
double max_error(const Policy& policy, int inputs = 3) {
  Network net(policy);
  double worst = 0;
  for (int seed = 1; seed <= inputs; ++seed) {
    const auto input = random_values(net.input_shape().numel(), uint64_t(seed));
    const auto expected = naive_forward(policy, input);
    const auto got = net.forward(input);
    EXPECT_EQ(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i)
      worst = std::max(worst, std::fabs(double(got[i]) - expected[i]) / std::max(1.0, std::fabs(expected[i])));
  }
  return worst;
}

TEST(Network, ProjectNetsMatchThePlainEvaluation) {
  EXPECT_LT(max_error(sokoban_project_net(1)), 1e-5);
  EXPECT_LT(max_error(sokoban_project_net(2, DType::kFloat16)), 1e-5);
  EXPECT_LT(max_error(morris_project_net(1)), 1e-5);
  EXPECT_LT(max_error(layer_zoo_net(1, false)), 1e-5);
  EXPECT_LT(max_error(layer_zoo_net(1, true)), 1e-5);
}

// Odd sizes: output channels and features that fill no block, kernels and
// paddings beyond those of the sources' nets, every activation.
TEST(Network, OddShapesMatchThePlainEvaluation) {
  uint64_t seed = 100;
  for (int k : {1, 2, 3, 5})
    for (int pad : {0, 1, 2}) {
      if (pad >= k && k > 1) continue;
      for (int cout : {1, 3, 6}) {
        PolicyBuilder b("test", "value-network", {"test-v1", Shape{2, 5, 7}}, {});
        const auto cin = 2;
        seed += 4;
        b.conv2d("conv", cout, k, pad, random_values(size_t(cout * cin * k * k), seed),
                 random_values(size_t(cout), seed + 1), Activation::kLeakyRelu, 0.3);
        b.flatten("flatten");
        const int n = int(b.shape().numel());
        b.dense("dense", 1, random_values(size_t(n), seed + 2), random_values(1, seed + 3), Activation::kSigmoid);
        EXPECT_LT(max_error(b.build()), 1e-5) << "k " << k << " pad " << pad << " cout " << cout;
      }
    }
  for (Activation a : {Activation::kLinear, Activation::kRelu, Activation::kLeakyRelu, Activation::kTanh,
                       Activation::kSigmoid, Activation::kSoftmax}) {
    PolicyBuilder b("test", "q-network", {"test-v1", Shape{37}}, {"a", "b", "c", "d", "e"});
    seed += 3;
    b.dense("d1", 19, random_values(37 * 19, seed), random_values(19, seed + 1), a, 0.05);
    b.dense("d2", 5, random_values(19 * 5, seed + 2), {});
    b.activation("out", a, 0.2);
    EXPECT_LT(max_error(b.build()), 1e-5) << activation_name(a);
  }
}

TEST(Network, BatchNormsFoldWhereExact) {
  const Network sokoban(sokoban_project_net(1));
  ASSERT_EQ(sokoban.steps().size(), 5u);  // the flatten is no step
  EXPECT_EQ(sokoban.steps()[3].name, "fc1");
  EXPECT_EQ(sokoban.steps()[3].layers, (std::vector<std::string>{"fc1"}));

  // Keras's Dense(relu) then BatchNormalization: each batch norm goes into the next dense layer.
  const Network morris(morris_project_net(1));
  ASSERT_EQ(morris.steps().size(), 5u);
  EXPECT_EQ(morris.steps()[1].layers, (std::vector<std::string>{"bn1", "dense2"}));
  EXPECT_EQ(morris.steps()[4].layers, (std::vector<std::string>{"bn4", "value"}));
  for (const StepInfo& s : morris.steps()) EXPECT_EQ(s.op, "dense");

  const Network zoo(layer_zoo_net(1, false));
  std::vector<std::string> ops;
  for (const StepInfo& s : zoo.steps()) ops.push_back(s.op + ":" + s.name);
  EXPECT_EQ(ops, (std::vector<std::string>{"conv2d:c1", "scale_shift:b1", "conv2d:c2", "conv2d:c3", "conv2d:c4",
                                           "global_avg_pool:pool", "dense:d1", "dense:d2"}));
  EXPECT_EQ(zoo.steps()[2].layers, (std::vector<std::string>{"c2", "b2", "t2"}));  // BN into the conv before it
  EXPECT_EQ(zoo.steps()[4].layers, (std::vector<std::string>{"b3", "c4"}));        // BN into the unpadded conv after
  EXPECT_EQ(zoo.steps()[7].layers, (std::vector<std::string>{"d2", "probabilities"}));
  EXPECT_EQ(*zoo.find_step("b2"), 2u);
  EXPECT_EQ(*zoo.find_step("probabilities"), 7u);
  EXPECT_FALSE(zoo.find_step("nothing"));

  const Network zoo_max(layer_zoo_net(1, true));
  EXPECT_EQ(zoo_max.steps().back().op, "scale_shift");  // a batch norm at the end stays
  EXPECT_EQ(zoo_max.steps()[6].layers, (std::vector<std::string>{"d1", "b4", "l1"}));
}

TEST(Network, BatchNormThroughAFlattenFoldsIntoTheDenseLayer) {
  PolicyBuilder b("test", "value-network", {"test-v1", Shape{3, 4, 5}}, {});
  b.conv2d("conv", 4, 3, 1, random_values(4 * 3 * 9, 1), random_values(4, 2), Activation::kRelu);
  b.batch_norm("bn", random_values(4, 3), random_values(4, 4), random_values(4, 5),
               std::vector<float>{0.5f, 1.0f, 2.0f, 3.0f}, 1e-5);
  b.flatten("flatten");
  b.dense("dense", 1, random_values(80, 6), {});
  const Policy policy = b.build();
  const Network net(policy);
  ASSERT_EQ(net.steps().size(), 2u);
  EXPECT_EQ(net.steps()[1].layers, (std::vector<std::string>{"bn", "dense"}));
  EXPECT_LT(max_error(policy), 1e-5);
}

TEST(Network, StepOutputsAreTheLayersActivations) {
  const Policy policy = sokoban_project_net(3);
  Network net(policy);
  const auto input = random_values(7 * 9 * 11, 9);
  const auto output = net.forward(input);
  ASSERT_EQ(net.step_output(0).size(), 32u * 9 * 11);
  // conv1's output is the first layer of the file alone.
  Policy first = policy;
  first.layers.resize(1);
  first.kind = "value-network";
  const auto expected = naive_forward(first, input);
  for (size_t i = 0; i < expected.size(); ++i) ASSERT_NEAR(net.step_output(0)[i], expected[i], 1e-5);
  EXPECT_EQ(net.step_output(4).data(), output.data());
}

TEST(Network, CopiesShareWeightsNotBuffers) {
  Network a(morris_project_net(1));
  const auto first = a.forward(random_values(16, 1));
  const std::vector<float> out_a(first.begin(), first.end());
  Network b = a;
  b.forward(random_values(16, 2));
  EXPECT_EQ(out_a[0], a.step_output(4)[0]);
  EXPECT_NE(out_a[0], b.step_output(4)[0]);
}

TEST(Network, RefusesAnInputOfTheWrongSize) {
  Network net(morris_project_net(1));
  EXPECT_THROW(net.forward(std::vector<float>(15)), InputError);
}

TEST(Softmax, TemperatureAndTies) {
  const std::vector<float> q = {1.0f, 3.0f, 3.0f, -2.0f};
  std::vector<float> p(4);
  softmax(q, 1.0f, p);
  double sum = 0;
  for (float v : p) sum += v;
  EXPECT_NEAR(sum, 1.0, 1e-6);
  EXPECT_NEAR(p[0], std::exp(1.0) / (std::exp(1.0) + 2 * std::exp(3.0) + std::exp(-2.0)), 1e-7);
  softmax(q, 0.0f, p);  // greedy: the two maxima share
  EXPECT_EQ(p, (std::vector<float>{0.0f, 0.5f, 0.5f, 0.0f}));
  softmax(q, 100.0f, p);  // hot: nearly uniform
  EXPECT_NEAR(p[3], 0.25, 0.02);
  const std::vector<float> huge = {1e30f, 0.0f};
  softmax(huge, 1.0f, p = std::vector<float>(2));
  EXPECT_EQ(p[0], 1.0f);
  std::vector<float> in_place = q;
  softmax(in_place, 0.5f, in_place);
  softmax(q, 0.5f, p = std::vector<float>(4));
  EXPECT_EQ(in_place, p);
}

TEST(DetMath, WithinAnUlpOfTheLibrary) {
  for (int i = -20000; i <= 20000; ++i) {
    const double x = i * 0.0051;
    EXPECT_NEAR(det_exp(x) / std::exp(x), 1.0, 2e-15) << x;
    const auto xf = float(x / 10);
    EXPECT_LE(std::fabs(det_tanh(xf) - float(std::tanh(double(xf)))),
              std::nextafter(std::fabs(float(std::tanh(double(xf)))), 2.0f) - std::fabs(float(std::tanh(double(xf)))))
        << xf;
    const float sig = float(1 / (1 + std::exp(-double(xf) * 2)));
    EXPECT_LE(std::fabs(det_sigmoid(xf * 2) - sig), std::nextafter(sig, 2.0f) - sig) << xf;
  }
  for (int i = -3000; i <= 3000; ++i) {
    const double x = std::exp(i * 0.0173);
    EXPECT_NEAR(det_log(x), std::log(x), 4.5e-16 * std::max(1.0, std::fabs(std::log(x)))) << x;
  }
  EXPECT_EQ(det_log(1.0), 0.0);
  EXPECT_NEAR(det_log(5e-324), std::log(5e-324), 1e-13);  // the smallest subnormal
  EXPECT_EQ(det_log(0.0), -INFINITY);
  EXPECT_TRUE(std::isnan(det_log(-1.0)));
  EXPECT_EQ(det_exp(800), INFINITY);
  EXPECT_EQ(det_exp(-800), 0.0);
  EXPECT_EQ(det_exp(0), 1.0);
  EXPECT_EQ(float(det_exp(-103.0)), float(std::exp(-103.0)));  // float subnormal
  EXPECT_EQ(det_tanh(1e-30f), 1e-30f);
  EXPECT_EQ(det_tanh(-50.0f), -1.0f);
  EXPECT_TRUE(std::isnan(det_tanh(NAN)));
  EXPECT_TRUE(std::isnan(det_sigmoid(NAN)));
}

}  // namespace
}  // namespace pg::nn
