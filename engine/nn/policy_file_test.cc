// The policy file format: round trips, and every kind of bad file refused
// with a message that names the problem.
#include "engine/nn/policy_file.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "engine/core/error.h"
#include "engine/nn/crc32.h"
#include "engine/nn/float16.h"
#include "engine/nn/network.h"
#include "engine/nn/reference_nets.h"

namespace pg::nn {
namespace {

// A file taken apart and put back together, to corrupt it in one place.
struct Parts {
  Json header;
  std::string blob;
};

Parts split(const std::string& bytes) {
  const size_t start = kPolicyMagic.size() + 4;
  size_t length = 0;
  for (size_t i = 0; i < 4; ++i) length |= size_t(uint8_t(bytes[kPolicyMagic.size() + i])) << (8 * i);
  const size_t blob_start = (start + length + 15) / 16 * 16;
  return {Json::parse(bytes.substr(start, length)), bytes.substr(blob_start)};
}

std::string join(const Parts& parts, bool reseal = false) {
  Json header = parts.header;
  if (reseal) {
    char sum[16];
    std::snprintf(sum, sizeof sum, "crc32:%08x", crc32(parts.blob));
    header["weights"]["checksum"] = sum;
  }
  const std::string text = header.dump();
  std::string out(kPolicyMagic);
  for (size_t i = 0; i < 4; ++i) out.push_back(char(uint8_t(text.size() >> (8 * i))));
  out += text;
  out.resize((out.size() + 15) / 16 * 16, '\0');
  return out + parts.blob;
}

std::string small_file() { return write_policy(morris_project_net(3)); }

std::string edited(const std::function<void(Parts&)>& edit, bool reseal = false) {
  Parts parts = split(small_file());
  edit(parts);
  return join(parts, reseal);
}

// The message read_policy, then Network, throw for `bytes` (empty when none).
std::string refusal(const std::string& bytes, const PolicyExpectation& expect = {}) {
  try {
    const Policy policy = read_policy(bytes, expect);
    Network net(policy, expect.source);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_REFUSED(bytes_expr, expected_substring, ...)                                   \
  do {                                                                                        \
    const std::string message = refusal(bytes_expr __VA_OPT__(, ) __VA_ARGS__);               \
    EXPECT_NE(message.find(expected_substring), std::string::npos) << "message: " << message; \
  } while (0)

TEST(PolicyFile, RoundTripIsBitExact) {
  for (DType storage : {DType::kFloat32, DType::kFloat16}) {
    const Policy policy = sokoban_project_net(5, storage);
    const std::string bytes = write_policy(policy);
    const Policy back = read_policy(bytes);
    EXPECT_EQ(write_policy(back), bytes);
    ASSERT_EQ(back.tensors.size(), policy.tensors.size());
    for (size_t i = 0; i < back.tensors.size(); ++i) {
      EXPECT_EQ(back.tensors[i].name, policy.tensors[i].name);
      EXPECT_EQ(back.tensors[i].shape, policy.tensors[i].shape);
      EXPECT_EQ(back.tensors[i].dtype, storage);
      EXPECT_EQ(back.tensors[i].bytes, policy.tensors[i].bytes);
    }
    EXPECT_EQ(back.game, "sokoban");
    EXPECT_EQ(back.observation.shape, (Shape{7, 9, 11}));
    EXPECT_EQ(back.actions, (std::vector<std::string>{"up", "down", "left", "right"}));
  }
}

TEST(PolicyFile, LayoutIsAsDocumented) {
  const std::string bytes = small_file();
  EXPECT_EQ(bytes.substr(0, 11), "RLPGPOLICY\n");
  const Parts parts = split(bytes);
  EXPECT_EQ(parts.header["format"], "rl-playground-policy");
  EXPECT_EQ(parts.header["version"], 1);
  EXPECT_EQ(parts.header["weights"]["bytes"].get<size_t>(), parts.blob.size());
  EXPECT_EQ(bytes.size() % 16, parts.blob.size() % 16);
  for (const Json& t : parts.header["tensors"]) EXPECT_EQ(t["offset"].get<size_t>() % 16, 0u);
  EXPECT_EQ(read_policy_header(bytes)["game"], "morris");
}

TEST(PolicyFile, KeepsTrainingScoresAndOtherFields) {
  Policy policy = morris_project_net(3);
  policy.training = {{"command", "train --episodes 10"}, {"settings", {{"lr", 0.001}}}};
  policy.scores = {{"win_rate", 0.75}};
  policy.extra = {{"notes", "a test"}};
  const Policy back = read_policy(write_policy(policy));
  EXPECT_EQ(back.training, policy.training);
  EXPECT_EQ(back.scores, policy.scores);
  EXPECT_EQ(back.extra, policy.extra);
}

TEST(PolicyFile, IntegerTensorsForQTables) {
  Policy table;
  table.game = "zuma";
  table.kind = "q-table";
  table.observation = {"zuma-features-v2", Shape{4}};
  const std::vector<int64_t> visits = {0, 1, -7, 1LL << 40};
  table.tensors.push_back(Tensor::from_ints("visits", DType::kInt64, Shape{4}, visits));
  const std::vector<int64_t> small = {0, 255, 3, 7};
  table.tensors.push_back(Tensor::from_ints("flags", DType::kUint8, Shape{2, 2}, small));
  const std::vector<int64_t> signed32 = {-1, 2147483647, -2147483647 - 1, 5};
  table.tensors.push_back(Tensor::from_ints("keys", DType::kInt32, Shape{4}, signed32));
  const std::vector<float> q = {0.5f, -1.25f, 3.0f, 0.0f};
  table.tensors.push_back(Tensor::from_floats("q", Shape{4}, q));
  const Policy back = read_policy(write_policy(table), {.kind = "q-table"});
  EXPECT_EQ(back.find("visits")->ints(), visits);
  EXPECT_EQ(back.find("flags")->ints(), small);
  EXPECT_EQ(back.find("keys")->ints(), signed32);
  EXPECT_EQ(back.find("q")->floats(), q);
  EXPECT_EQ(back.find("nothing"), nullptr);
  EXPECT_REFUSED(write_policy(table), "the policy has no layers");  // not a network
}

TEST(PolicyFile, Float16RoundsToNearestEven) {
  EXPECT_EQ(float_to_half(1.0f), 0x3c00);
  EXPECT_EQ(float_to_half(-2.0f), 0xc000);
  EXPECT_EQ(float_to_half(65504.0f), 0x7bff);
  EXPECT_EQ(float_to_half(65520.0f), 0x7c00);  // halfway to the next binade: rounds to infinity
  EXPECT_EQ(float_to_half(65519.0f), 0x7bff);
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -24)), 0x0001);  // smallest subnormal
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -25)), 0x0000);  // its half: a tie, to even (zero)
  EXPECT_EQ(float_to_half(std::ldexp(1.5f, -25)), 0x0001);
  EXPECT_EQ(float_to_half(-0.0f), 0x8000);
  EXPECT_EQ(float_to_half(1.0f + std::ldexp(1.0f, -11)), 0x3c00);      // tie between 1 and 1+2^-10: even
  EXPECT_EQ(float_to_half(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);  // tie: up to even
  // Every finite half converts back exactly; every midpoint between two halves goes to the even one.
  for (uint32_t h = 0; h < 0x7c00; ++h) {
    for (uint32_t sign : {0u, 0x8000u}) {
      const auto bits = uint16_t(h | sign);
      ASSERT_EQ(float_to_half(half_to_float(bits)), bits) << h;
    }
    if (h + 1 < 0x7c00) {
      const float mid = (half_to_float(uint16_t(h)) + half_to_float(uint16_t(h + 1))) / 2;  // exact in float
      ASSERT_EQ(float_to_half(mid), (h & 1) ? h + 1 : h) << h;
      ASSERT_EQ(float_to_half(std::nextafter(mid, 0.0f)), h) << h;
      ASSERT_EQ(float_to_half(std::nextafter(mid, 1e9f)), h + 1) << h;
    }
  }
  EXPECT_TRUE(std::isinf(half_to_float(0x7c00)));
  EXPECT_TRUE(std::isnan(half_to_float(float_to_half(std::nanf("")))));
}

TEST(PolicyFile, Crc32IsZlibs) {
  EXPECT_EQ(crc32("123456789"), 0xcbf43926u);
  EXPECT_EQ(crc32(""), 0u);
  EXPECT_EQ(crc32("The quick brown fox jumps over the lazy dog"), 0x414fa339u);
}

// --- refusals, one per problem -------------------------------------------------

TEST(PolicyFileRefuses, NotAPolicyFile) {
  EXPECT_REFUSED(std::string("{\"format\": \"rl-playground-policy\"}"), "not a policy file");
  EXPECT_REFUSED(std::string(), "not a policy file");
  EXPECT_REFUSED(std::string("RLPG"), "not a policy file");
}

TEST(PolicyFileRefuses, NamesTheSource) {
  EXPECT_REFUSED(std::string("nope"), "policies/sokoban/dqn.policy: not a policy file",
                 PolicyExpectation{.source = "policies/sokoban/dqn.policy"});
}

TEST(PolicyFileRefuses, TruncatedHeader) {
  const std::string bytes = small_file();
  EXPECT_REFUSED(bytes.substr(0, 13), "truncated header: the header's length needs 15 bytes, the file has 13");
  const size_t length = split(bytes).header.dump(1).size();
  EXPECT_REFUSED(bytes.substr(0, 100),
                 "truncated header: it needs " + std::to_string(15 + length) + " bytes, the file has 100");
}

TEST(PolicyFileRefuses, AbsurdHeaderLength) {
  std::string bytes = small_file();
  for (size_t i = 11; i < 15; ++i) bytes[i] = char(0xff);
  EXPECT_REFUSED(bytes, "header length 4294967295 is absurd");
}

TEST(PolicyFileRefuses, HeaderNotJson) {
  std::string bytes = small_file();
  bytes[15] = '[';
  bytes[16] = '}';
  EXPECT_REFUSED(bytes, "the header is not JSON");
  EXPECT_REFUSED(edited([](Parts& p) { p.header = Json::array({1, 2}); }), "the header is not a JSON object");
}

TEST(PolicyFileRefuses, WrongFormat) {
  EXPECT_REFUSED(edited([](Parts& p) { p.header["format"] = "rl-playground-zuma-qtable"; }),
                 "not a policy file: format 'rl-playground-zuma-qtable', expected 'rl-playground-policy'");
}

TEST(PolicyFileRefuses, UnknownVersion) {
  EXPECT_REFUSED(edited([](Parts& p) { p.header["version"] = 2; }),
                 "unknown format version 2 (this build reads version 1)");
  EXPECT_REFUSED(edited([](Parts& p) { p.header["version"] = "1"; }), "header field 'version' must be an integer");
}

TEST(PolicyFileRefuses, MissingOrMistypedField) {
  EXPECT_REFUSED(edited([](Parts& p) { p.header.erase("game"); }), "header field 'game' is missing");
  EXPECT_REFUSED(edited([](Parts& p) {
                   p.header["observation"]["shape"] = {16, -1};
                 }),
                 "header field 'observation.shape[1]' must be an integer from 0");
  EXPECT_REFUSED(edited([](Parts& p) { p.header["actions"] = "up"; }), "header field 'actions' must be a list");
  EXPECT_REFUSED(edited([](Parts& p) { p.header["layers"][0]["params"]["weight"] = 3; }),
                 "header field 'layers[0].params.weight' must be a tensor name");
}

TEST(PolicyFileRefuses, WrongGame) {
  EXPECT_REFUSED(small_file(), "wrong game: the policy is for 'morris', expected 'sokoban'",
                 PolicyExpectation{.game = "sokoban"});
}

TEST(PolicyFileRefuses, WrongKind) {
  EXPECT_REFUSED(small_file(), "wrong kind: the policy is a 'value-network', expected a 'q-network'",
                 PolicyExpectation{.kind = "q-network"});
  EXPECT_REFUSED(edited([](Parts& p) { p.header["kind"] = "oracle"; }), "unknown kind 'oracle'");
}

TEST(PolicyFileRefuses, WrongEncoding) {
  EXPECT_REFUSED(small_file(),
                 "wrong observation encoding: the policy reads 'morris-board-v1', expected 'morris-board-v2'",
                 PolicyExpectation{.encoding = "morris-board-v2"});
}

TEST(PolicyFileRefuses, WrongObservationShape) {
  EXPECT_REFUSED(small_file(), "wrong observation shape: the policy reads [16], expected [24]",
                 PolicyExpectation{.observation_shape = Shape{24}});
}

TEST(PolicyFileRefuses, TruncatedWeights) {
  const std::string bytes = small_file();
  EXPECT_REFUSED(bytes.substr(0, bytes.size() - 10), "truncated weights: the file needs " +
                                                         std::to_string(bytes.size()) + " bytes, it has " +
                                                         std::to_string(bytes.size() - 10));
}

TEST(PolicyFileRefuses, BytesAfterTheWeights) {
  EXPECT_REFUSED(small_file() + "xyz", "3 unexpected bytes after the weights");
}

TEST(PolicyFileRefuses, BadChecksum) {
  std::string bytes = small_file();
  bytes[bytes.size() - 5] ^= 0x40;
  EXPECT_REFUSED(bytes, "bad checksum: the header says crc32:");
  EXPECT_REFUSED(bytes, "(the file is corrupted)");
}

TEST(PolicyFileRefuses, NonFiniteWeights) {
  const std::string bytes = edited(
      [](Parts& p) {
        const Json& t = p.header["tensors"][0];  // dense1.weight
        const size_t at = t["offset"].get<size_t>() + 4 * 5;
        const uint32_t nan = 0x7fc00000u;
        for (size_t i = 0; i < 4; ++i) p.blob[at + i] = char(uint8_t(nan >> (8 * i)));
      },
      /*reseal=*/true);
  EXPECT_REFUSED(bytes, "tensor 'dense1.weight' holds a non-finite value at index 5");
  Policy policy = morris_project_net(3);
  const std::vector<float> inf = {INFINITY};
  policy.tensors[0] = Tensor::from_floats(policy.tensors[0].name, Shape{1}, inf);
  try {
    write_policy(policy);
    FAIL() << "wrote a non-finite weight";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("holds a non-finite value at index 0"), std::string::npos) << e.what();
  }
}

TEST(PolicyFileRefuses, TensorOutsideTheWeights) {
  EXPECT_REFUSED(edited([](Parts& p) { p.header["tensors"][1]["offset"] = p.blob.size() - 8; }),
                 "runs past the end of the weights");
  EXPECT_REFUSED(edited([](Parts& p) {
                   p.header["tensors"][1]["shape"] = {1 << 30, 1 << 30};
                 }),
                 "is larger than the weights");
  EXPECT_REFUSED(edited([](Parts& p) { p.header["tensors"][1]["dtype"] = "float64"; }), "unknown dtype 'float64'");
  EXPECT_REFUSED(edited([](Parts& p) { p.header["tensors"][1]["name"] = p.header["tensors"][0]["name"]; }),
                 "appears twice");
}

TEST(PolicyFileRefuses, MissingTensor) {
  EXPECT_REFUSED(edited([](Parts& p) { p.header["layers"][0]["params"]["weight"] = "dense1.W"; }),
                 "layer 'dense1': missing tensor 'dense1.W' (its weight)");
}

TEST(PolicyFileRefuses, UnknownLayerType) {
  EXPECT_REFUSED(edited([](Parts& p) { p.header["layers"][1]["type"] = "dropout"; }),
                 "layer 'bn1': unknown layer type 'dropout'");
}

TEST(PolicyFileRefuses, UnknownActivation) {
  EXPECT_REFUSED(edited([](Parts& p) { p.header["layers"][0]["activation"] = "gelu"; }),
                 "layer 'dense1': unknown activation 'gelu'");
}

// --- refusals of the layers, when the network is built ---------------------------

TEST(PolicyFileRefuses, WeightOfTheWrongShape) {
  Policy policy = morris_project_net(3);
  std::vector<float> w(256 * 15, 0.0f);
  policy.tensors[0] = Tensor::from_floats("dense1.weight", Shape{256, 15}, w);
  EXPECT_REFUSED(write_policy(policy),
                 "layer 'dense1': its weight 'dense1.weight' has shape [256,15], expected [256,16]");
}

TEST(PolicyFileRefuses, InconsistentLayerShapes) {
  EXPECT_REFUSED(edited([](Parts& p) { p.header["layers"][2]["input"] = {255}; }),
                 "layer 'dense2': its declared input [255] is not what the previous layer gives: [256]");
  EXPECT_REFUSED(edited([](Parts& p) { p.header["layers"][0]["input"] = {17}; }),
                 "layer 'dense1': its declared input [17] is not what the observation gives: [16]");
  EXPECT_REFUSED(edited([](Parts& p) { p.header["layers"][1]["output"] = {128}; }),
                 "layer 'bn1': its declared output [128] is not what its input and weights give: [256]");
}

TEST(PolicyFileRefuses, OutputsThatDoNotFitTheActions) {
  Policy policy = sokoban_project_net(1);
  policy.actions.pop_back();
  EXPECT_REFUSED(write_policy(policy), "the network outputs 4 values [4] but the policy names 3 actions");
  Policy value = morris_project_net(1);
  value.layers.pop_back();
  EXPECT_REFUSED(write_policy(value), "a value network must output 1 value, this one outputs 32 [32]");
}

TEST(PolicyFileRefuses, UnsupportedOrMalformedLayers) {
  EXPECT_REFUSED(edited([](Parts& p) { p.header["layers"][0]["params"]["kernel"] = "dense1.weight"; }),
                 "layer 'dense1': unknown parameter 'kernel'");
  EXPECT_REFUSED(edited([](Parts& p) { p.header["layers"][0]["params"].erase("weight"); }),
                 "layer 'dense1': its parameter 'weight' is missing");
  Policy sokoban = sokoban_project_net(1);
  sokoban.layers[0].stride = 2;
  EXPECT_REFUSED(write_policy(sokoban), "layer 'conv1': stride 2 is not supported (1 only)");
  sokoban = sokoban_project_net(1);
  sokoban.layers.erase(sokoban.layers.begin() + 3);  // the flatten
  sokoban.layers[3].input = Shape{64, 9, 11};
  EXPECT_REFUSED(write_policy(sokoban), "layer 'fc1': a dense layer needs a flat input, not [64,9,11]");
  sokoban = sokoban_project_net(1);
  sokoban.layers[0].kernel = 13;
  EXPECT_REFUSED(write_policy(sokoban), "layer 'conv1': a 13x13 kernel with padding 1 does not fit the input [7,9,11]");
  Policy morris = morris_project_net(1);
  const std::vector<int64_t> ints(256, 1);
  morris.tensors[0] = Tensor::from_ints("dense1.weight", DType::kInt32, Shape{256}, ints);
  EXPECT_REFUSED(write_policy(morris),
                 "layer 'dense1': its weight 'dense1.weight' is int32, expected float32 or float16");
}

}  // namespace
}  // namespace pg::nn
