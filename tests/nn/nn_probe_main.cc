// Runs the same forward passes natively and in WebAssembly and prints their
// bits, for tests/nn/wasm_parity.sh to compare: the sources' nets (float32 and
// float16 storage) and two nets with every layer type, built from fixed seeds
// and passed through a policy file's bytes; every step's output (as a CRC-32
// of its bytes) and the final outputs (hex); softmax; exp, tanh and sigmoid.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/nn/activation.h"
#include "engine/nn/bit_cast.h"
#include "engine/nn/crc32.h"
#include "engine/nn/det_math.h"
#include "engine/nn/network.h"
#include "engine/nn/reference_nets.h"

namespace {

using pg::nn::crc32;

std::string hex_bits(std::span<const float> values) {
  std::string s;
  char buf[12];
  for (float v : values) {
    std::snprintf(buf, sizeof buf, " %08x", pg::nn::bit_cast<uint32_t>(v));
    s += buf;
  }
  return s;
}

void probe(const std::string& name, const pg::nn::Policy& policy) {
  const std::string bytes = pg::nn::write_policy(policy);
  std::printf("%s file: %zu bytes, crc32 %08x\n", name.c_str(), bytes.size(), crc32(bytes));
  pg::nn::Network net = pg::nn::load_network(bytes, {});
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const auto input = pg::nn::random_values(net.input_shape().numel(), seed);
    const auto output = net.forward(input);
    uint32_t steps = 0;
    for (size_t i = 0; i < net.steps().size(); ++i) {
      const auto out = net.step_output(i);
      steps = crc32(out.data(), out.size() * sizeof(float), steps);
    }
    std::printf("%s input %llu: steps crc32 %08x, output%s\n", name.c_str(), static_cast<unsigned long long>(seed),
                steps, hex_bits(output).c_str());
    if (name == "sokoban" && seed == 1) {
      std::vector<float> p(output.size());
      for (float t : {1.0f, 0.25f, 0.0f}) {
        pg::nn::softmax(output, t, p);
        std::printf("softmax T=%g:%s\n", double(t), hex_bits(p).c_str());
      }
    }
  }
}

void probe_math() {
  uint32_t e = 0, t = 0, s = 0;
  for (int i = -4000; i <= 4000; ++i) {
    const double x = i * 0.0271;  // -108 .. 108, into float exp's underflow and overflow
    const auto ex = float(pg::nn::det_exp(x));
    const float th = pg::nn::det_tanh(float(x / 8));
    const float sg = pg::nn::det_sigmoid(float(x / 4));
    e = crc32(&ex, sizeof ex, e);
    t = crc32(&th, sizeof th, t);
    s = crc32(&sg, sizeof sg, s);
  }
  std::printf("exp crc32 %08x, tanh crc32 %08x, sigmoid crc32 %08x\n", e, t, s);
}

}  // namespace

int main() {
  probe("sokoban", pg::nn::sokoban_project_net(7));
  probe("sokoban-float16", pg::nn::sokoban_project_net(7, pg::nn::DType::kFloat16));
  probe("morris", pg::nn::morris_project_net(11));
  probe("zoo-avg", pg::nn::layer_zoo_net(13, false));
  probe("zoo-max", pg::nn::layer_zoo_net(17, true));
  probe_math();
  return 0;
}
