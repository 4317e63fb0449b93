// One self-describing file for every trained policy (policies/<game>/*.policy):
//
//   bytes 0..10   the magic "RLPGPOLICY\n"
//   bytes 11..14  the header's length in bytes, uint32 little-endian
//   then          the header: UTF-8 JSON (below)
//   then          zero bytes up to the next multiple of 16 from the file's start
//   then          the weights: the tensors' bytes (little-endian), each at a
//                 multiple of 16 from the weights' start, zero bytes between
//
// The header: {"format": "rl-playground-policy", "version": 1, "game",
// "kind" ("q-network" | "value-network" | "policy-network" | "policy-map" | "q-table"),
// "observation": {"encoding", "shape"}, "actions": [names in output order],
// "layers": [{"type", "name", "input", "output", ...}], "training":
// {"command", "settings"}, "scores": {...}, "tensors": [{"name", "dtype",
// "shape", "offset"}], "weights": {"bytes", "checksum": "crc32:<8 hex>"}}.
// Other top-level fields are kept as they are (Policy::extra). See
// docs/policies.md for every layer's fields.
//
// read_policy checks the file itself (magic, lengths, JSON, format, version,
// what the caller expects, tensors, checksum, finite weights); Network checks
// the layers against each other and the weights' shapes. Both throw
// InputError naming the file (PolicyExpectation::source) and the problem.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/json.h"
#include "engine/nn/shape.h"
#include "engine/nn/tensor.h"

namespace pg::nn {

constexpr const char* kPolicyFormat = "rl-playground-policy";
constexpr int kPolicyVersion = 1;
constexpr std::string_view kPolicyMagic = "RLPGPOLICY\n";
// A header above this is refused before it is read (real ones are a few KiB).
constexpr size_t kMaxHeaderBytes = 16u << 20;

enum class LayerType { kDense, kConv2d, kBatchNorm, kActivation, kFlatten, kGlobalAvgPool, kGlobalMaxPool };
enum class Activation { kLinear, kRelu, kLeakyRelu, kTanh, kSigmoid, kSoftmax };

// "dense", "conv2d", "batch_norm", "activation", "flatten", "global_avg_pool", "global_max_pool".
const char* layer_type_name(LayerType type);
// "linear", "relu", "leaky_relu", "tanh", "sigmoid", "softmax".
const char* activation_name(Activation activation);

// One layer as the file describes it, before any folding.
struct LayerSpec {
  LayerType type = LayerType::kDense;
  std::string name;
  Shape input, output;  // declared; Network checks them
  // dense, conv2d: applied to the output; activation: the function.
  Activation activation = Activation::kLinear;
  double alpha = 0.01;                      // leaky_relu's slope below zero
  int kernel = 1, padding = 0, stride = 1;  // conv2d (square kernel)
  double eps = 1e-5;                        // batch_norm: y = gamma (x - mean) / sqrt(var + eps) + beta
  // Role -> tensor name. dense: weight [out,in], bias [out]; conv2d: weight
  // [out,in,k,k], bias [out]; batch_norm: gamma, beta, mean, var [channels].
  // Biases, gamma and beta may be absent (0, 1, 0).
  std::map<std::string, std::string> params;
};

struct Observation {
  std::string encoding;  // names the encoding, e.g. "sokoban-planes-v1": a policy only fits its own
  Shape shape;
};

struct Policy {
  std::string game;
  std::string kind;
  Observation observation;
  std::vector<std::string> actions;
  std::vector<LayerSpec> layers;
  Json training = Json::object();  // {"command": ..., "settings": {...}}
  Json scores = Json::object();    // free JSON: what the policy measured
  Json extra = Json::object();     // any other header field, written back as read
  std::vector<Tensor> tensors;

  // nullptr when there is no tensor of that name.
  const Tensor* find(std::string_view name) const;
};

// What the caller needs; empty fields accept anything. (The `{}`s let callers
// name only what they need: read_policy(bytes, {.game = "sokoban"}).)
struct PolicyExpectation {
  std::string source = "policy file";  // names the file in error messages
  std::string game{};
  std::string kind{};
  std::string encoding{};
  std::optional<Shape> observation_shape{};
};

// Throws InputError naming the problem: not a policy file, truncated header
// or weights, header not JSON, missing or mistyped header field, unknown
// format version, wrong game / kind / encoding / observation shape, unknown
// layer type or activation, a tensor out of the weights or missing, a bad
// checksum, non-finite weights.
Policy read_policy(std::string_view bytes, const PolicyExpectation& expect = {});
// The checks of `expect` that read_policy makes (game, kind, encoding,
// observation shape), on a policy already read: the same InputError.
void check_expectation(const Policy& policy, const PolicyExpectation& expect);

// The file's bytes. Throws InputError when a float tensor holds a non-finite
// value or a tensor's bytes do not match its shape and dtype.
std::string write_policy(const Policy& policy);

// The header alone (for listing files without decoding their weights).
Json read_policy_header(std::string_view bytes, const std::string& source = "policy file");

}  // namespace pg::nn
