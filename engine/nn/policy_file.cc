#include "engine/nn/policy_file.h"

#include <cmath>
#include <cstdio>
#include <set>

#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/nn/crc32.h"

namespace pg::nn {

namespace {

constexpr size_t kAlign = 16;
constexpr size_t kLengthBytes = 4;
constexpr LayerType kLayerTypes[] = {LayerType::kDense,        LayerType::kConv2d,  LayerType::kBatchNorm,
                                     LayerType::kActivation,   LayerType::kFlatten, LayerType::kGlobalAvgPool,
                                     LayerType::kGlobalMaxPool};
constexpr Activation kActivations[] = {Activation::kLinear, Activation::kRelu,    Activation::kLeakyRelu,
                                       Activation::kTanh,   Activation::kSigmoid, Activation::kSoftmax};
// "policy-map": a fully convolutional policy whose output is one plane per action [actions, rows, columns]; the
// caller reads the square it needs (Sokoban's player).
constexpr const char* kKinds[] = {"q-network",  "value-network", "policy-network",
                                  "policy-map", "q-table",       "value-table"};
// The fields read_policy interprets; any other top-level field goes to Policy::extra.
const std::set<std::string> kKnownFields = {"format", "version",  "game",   "kind",    "observation", "actions",
                                            "layers", "training", "scores", "tensors", "weights"};

size_t align_up(size_t n) { return (n + kAlign - 1) / kAlign * kAlign; }

std::string checksum_text(uint32_t crc) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "crc32:%08x", crc);
  return buf;
}

std::string in_quotes(const std::string& s) { return "'" + s + "'"; }

// Typed access to header fields, each error naming the field.
class HeaderReader {
 public:
  explicit HeaderReader(std::string source) : source_(std::move(source)) {}

  [[noreturn]] void fail(const std::string& problem) const { throw InputError(source_, problem); }

  const Json& field(const Json& object, const std::string& key, const std::string& path) const {
    if (!object.contains(key)) fail("header field '" + path + "' is missing");
    return object[key];
  }
  std::string string(const Json& object, const std::string& key, const std::string& path) const {
    const Json& v = field(object, key, path);
    if (!v.is_string()) fail("header field '" + path + "' must be a string");
    return v.get<std::string>();
  }
  int64_t integer(const Json& v, const std::string& path, int64_t min, int64_t max) const {
    if (!v.is_number_integer() || v.get<int64_t>() < min || v.get<int64_t>() > max)
      fail("header field '" + path + "' must be an integer from " + std::to_string(min) + " to " + std::to_string(max));
    return v.get<int64_t>();
  }
  double number(const Json& v, const std::string& path) const {
    if (!v.is_number() || !std::isfinite(v.get<double>())) fail("header field '" + path + "' must be a number");
    return v.get<double>();
  }
  Shape shape(const Json& v, const std::string& path) const {
    if (!v.is_array()) fail("header field '" + path + "' must be a list of sizes");
    Shape s;
    for (size_t i = 0; i < v.size(); ++i)
      s.dims.push_back(int(integer(v[i], path + "[" + std::to_string(i) + "]", 0, 1 << 30)));
    return s;
  }

 private:
  std::string source_;
};

LayerSpec parse_layer(const HeaderReader& r, const Json& j, size_t index) {
  const std::string path = "layers[" + std::to_string(index) + "]";
  if (!j.is_object()) r.fail("header field '" + path + "' must be an object");
  LayerSpec layer;
  const std::string type = r.string(j, "type", path + ".type");
  bool known = false;
  for (LayerType t : kLayerTypes) {
    if (type == layer_type_name(t)) {
      layer.type = t;
      known = true;
    }
  }
  layer.name = r.string(j, "name", path + ".name");
  if (!known)
    r.fail("layer '" + layer.name + "': unknown layer type '" + type +
           "' (dense, conv2d, batch_norm, activation, flatten, global_avg_pool, global_max_pool)");
  layer.input = r.shape(r.field(j, "input", path + ".input"), path + ".input");
  layer.output = r.shape(r.field(j, "output", path + ".output"), path + ".output");
  if (j.contains("activation") || layer.type == LayerType::kActivation) {
    const std::string name = r.string(j, "activation", path + ".activation");
    known = false;
    for (Activation a : kActivations) {
      if (name == activation_name(a)) {
        layer.activation = a;
        known = true;
      }
    }
    if (!known)
      r.fail("layer '" + layer.name + "': unknown activation '" + name +
             "' (linear, relu, leaky_relu, tanh, sigmoid, softmax)");
  }
  if (j.contains("alpha")) layer.alpha = r.number(j["alpha"], path + ".alpha");
  if (layer.type == LayerType::kConv2d) {
    layer.kernel = int(r.integer(r.field(j, "kernel", path + ".kernel"), path + ".kernel", 1, 1 << 16));
    layer.padding = int(r.integer(r.field(j, "padding", path + ".padding"), path + ".padding", 0, 1 << 16));
    layer.stride = int(r.integer(r.field(j, "stride", path + ".stride"), path + ".stride", 1, 1 << 16));
  }
  if (layer.type == LayerType::kBatchNorm) layer.eps = r.number(r.field(j, "eps", path + ".eps"), path + ".eps");
  if (j.contains("params")) {
    const Json& params = j["params"];
    if (!params.is_object()) r.fail("header field '" + path + ".params' must be an object of tensor names");
    for (const auto& [role, tensor] : params.items()) {
      if (!tensor.is_string()) r.fail("header field '" + path + ".params." + role + "' must be a tensor name");
      layer.params[role] = tensor.get<std::string>();
    }
  }
  return layer;
}

Json layer_json(const LayerSpec& layer) {
  Json j = {{"type", layer_type_name(layer.type)},
            {"name", layer.name},
            {"input", layer.input.dims},
            {"output", layer.output.dims}};
  if (layer.type == LayerType::kConv2d) {
    j["kernel"] = layer.kernel;
    j["padding"] = layer.padding;
    j["stride"] = layer.stride;
  }
  if (layer.type == LayerType::kBatchNorm) j["eps"] = layer.eps;
  const bool has_activation =
      layer.type == LayerType::kDense || layer.type == LayerType::kConv2d || layer.type == LayerType::kActivation;
  if (has_activation) j["activation"] = activation_name(layer.activation);
  if (has_activation && layer.activation == Activation::kLeakyRelu) j["alpha"] = layer.alpha;
  if (!layer.params.empty()) j["params"] = layer.params;
  return j;
}

// The first non-finite value of a float tensor, or -1.
int64_t first_non_finite(const Tensor& t) {
  if (!is_float(t.dtype)) return -1;
  const std::vector<float> values = t.floats();
  for (size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i])) return int64_t(i);
  return -1;
}

// The header's JSON and where it ends, after the magic and length checks.
struct RawHeader {
  Json json;
  size_t end = 0;
};

RawHeader parse_header(std::string_view bytes, const HeaderReader& r) {
  if (bytes.size() < kPolicyMagic.size() || bytes.substr(0, kPolicyMagic.size()) != kPolicyMagic)
    r.fail("not a policy file (it does not start with \"RLPGPOLICY\")");
  const size_t prefix = kPolicyMagic.size() + kLengthBytes;
  if (bytes.size() < prefix)
    r.fail("truncated header: the header's length needs " + std::to_string(prefix) + " bytes, the file has " +
           std::to_string(bytes.size()));
  size_t length = 0;
  for (size_t i = 0; i < kLengthBytes; ++i) length |= size_t(uint8_t(bytes[kPolicyMagic.size() + i])) << (8 * i);
  if (length > kMaxHeaderBytes)
    r.fail("header length " + std::to_string(length) + " is absurd (more than " + std::to_string(kMaxHeaderBytes) +
           " bytes): not a policy file or a corrupted one");
  if (bytes.size() < prefix + length)
    r.fail("truncated header: it needs " + std::to_string(prefix + length) + " bytes, the file has " +
           std::to_string(bytes.size()));
  RawHeader h;
  h.end = prefix + length;
  try {
    h.json = parse_json_input(bytes.substr(prefix, length), "header");
  } catch (const InputError& e) {
    r.fail("the header is not JSON (" + e.problem() + ")");
  }
  if (!h.json.is_object()) r.fail("the header is not a JSON object");
  const std::string format = r.string(h.json, "format", "format");
  if (format != kPolicyFormat)
    r.fail("not a policy file: format '" + format + "', expected '" + std::string(kPolicyFormat) + "'");
  const Json& version = r.field(h.json, "version", "version");
  if (!version.is_number_integer()) r.fail("header field 'version' must be an integer");
  if (version.get<int64_t>() != kPolicyVersion)
    r.fail("unknown format version " + std::to_string(version.get<int64_t>()) + " (this build reads version " +
           std::to_string(kPolicyVersion) + ")");
  return h;
}

}  // namespace

const char* layer_type_name(LayerType type) {
  switch (type) {
    case LayerType::kDense: return "dense";
    case LayerType::kConv2d: return "conv2d";
    case LayerType::kBatchNorm: return "batch_norm";
    case LayerType::kActivation: return "activation";
    case LayerType::kFlatten: return "flatten";
    case LayerType::kGlobalAvgPool: return "global_avg_pool";
    case LayerType::kGlobalMaxPool: return "global_max_pool";
  }
  return "?";
}

const char* activation_name(Activation activation) {
  switch (activation) {
    case Activation::kLinear: return "linear";
    case Activation::kRelu: return "relu";
    case Activation::kLeakyRelu: return "leaky_relu";
    case Activation::kTanh: return "tanh";
    case Activation::kSigmoid: return "sigmoid";
    case Activation::kSoftmax: return "softmax";
  }
  return "?";
}

const Tensor* Policy::find(std::string_view name) const {
  for (const Tensor& t : tensors)
    if (t.name == name) return &t;
  return nullptr;
}

Json read_policy_header(std::string_view bytes, const std::string& source) {
  return parse_header(bytes, HeaderReader(source)).json;
}

namespace {

// What the caller expects of a policy (read_policy checks each as soon as it is read).
void expect_game(const Policy& p, const PolicyExpectation& expect, const HeaderReader& r) {
  if (!expect.game.empty() && p.game != expect.game)
    r.fail("wrong game: the policy is for " + in_quotes(p.game) + ", expected " + in_quotes(expect.game));
}
void expect_kind(const Policy& p, const PolicyExpectation& expect, const HeaderReader& r) {
  if (!expect.kind.empty() && p.kind != expect.kind)
    r.fail("wrong kind: the policy is a " + in_quotes(p.kind) + ", expected a " + in_quotes(expect.kind));
}
void expect_encoding(const Policy& p, const PolicyExpectation& expect, const HeaderReader& r) {
  if (!expect.encoding.empty() && p.observation.encoding != expect.encoding)
    r.fail("wrong observation encoding: the policy reads " + in_quotes(p.observation.encoding) + ", expected " +
           in_quotes(expect.encoding));
}
void expect_shape(const Policy& p, const PolicyExpectation& expect, const HeaderReader& r) {
  if (expect.observation_shape && p.observation.shape != *expect.observation_shape)
    r.fail("wrong observation shape: the policy reads " + p.observation.shape.str() + ", expected " +
           expect.observation_shape->str());
}

}  // namespace

void check_expectation(const Policy& policy, const PolicyExpectation& expect) {
  const HeaderReader r(expect.source);
  expect_game(policy, expect, r);
  expect_kind(policy, expect, r);
  expect_encoding(policy, expect, r);
  expect_shape(policy, expect, r);
}

Policy read_policy(std::string_view bytes, const PolicyExpectation& expect) {
  const HeaderReader r(expect.source);
  const RawHeader raw = parse_header(bytes, r);
  const Json& h = raw.json;
  Policy p;

  // What the caller expects, before anything costly.
  p.game = r.string(h, "game", "game");
  expect_game(p, expect, r);
  p.kind = r.string(h, "kind", "kind");
  bool known_kind = false;
  for (const char* k : kKinds) known_kind = known_kind || p.kind == k;
  if (!known_kind)
    r.fail("unknown kind " + in_quotes(p.kind) +
           " (q-network, value-network, policy-network, policy-map, q-table or value-table)");
  expect_kind(p, expect, r);
  const Json& observation = r.field(h, "observation", "observation");
  if (!observation.is_object()) r.fail("header field 'observation' must be an object");
  p.observation.encoding = r.string(observation, "encoding", "observation.encoding");
  expect_encoding(p, expect, r);
  p.observation.shape = r.shape(r.field(observation, "shape", "observation.shape"), "observation.shape");
  expect_shape(p, expect, r);

  const Json& actions = r.field(h, "actions", "actions");
  if (!actions.is_array()) r.fail("header field 'actions' must be a list of action names");
  for (size_t i = 0; i < actions.size(); ++i) {
    if (!actions[i].is_string()) r.fail("header field 'actions[" + std::to_string(i) + "]' must be a string");
    p.actions.push_back(actions[i].get<std::string>());
  }
  const Json& layers = r.field(h, "layers", "layers");
  if (!layers.is_array()) r.fail("header field 'layers' must be a list");
  for (size_t i = 0; i < layers.size(); ++i) p.layers.push_back(parse_layer(r, layers[i], i));
  if (h.contains("training")) p.training = h["training"];
  if (h.contains("scores")) p.scores = h["scores"];
  for (const auto& [key, value] : h.items())
    if (!kKnownFields.count(key)) p.extra[key] = value;

  // The weights: length, checksum, then each tensor.
  const Json& weights = r.field(h, "weights", "weights");
  if (!weights.is_object()) r.fail("header field 'weights' must be an object");
  const auto blob_bytes =
      size_t(r.integer(r.field(weights, "bytes", "weights.bytes"), "weights.bytes", 0, int64_t(1) << 40));
  const size_t blob_start = align_up(raw.end);
  if (bytes.size() < blob_start + blob_bytes)
    r.fail("truncated weights: the file needs " + std::to_string(blob_start + blob_bytes) + " bytes, it has " +
           std::to_string(bytes.size()));
  if (bytes.size() > blob_start + blob_bytes)
    r.fail(std::to_string(bytes.size() - blob_start - blob_bytes) +
           " unexpected bytes after the weights (the file should have " + std::to_string(blob_start + blob_bytes) +
           ")");
  const std::string_view blob = bytes.substr(blob_start, blob_bytes);
  const std::string expected_sum = r.string(weights, "checksum", "weights.checksum");
  const std::string actual_sum = checksum_text(crc32(blob));
  if (expected_sum != actual_sum)
    r.fail("bad checksum: the header says " + expected_sum + ", the weights give " + actual_sum +
           " (the file is corrupted)");

  const Json& tensors = r.field(h, "tensors", "tensors");
  if (!tensors.is_array()) r.fail("header field 'tensors' must be a list");
  for (size_t i = 0; i < tensors.size(); ++i) {
    const std::string path = "tensors[" + std::to_string(i) + "]";
    const Json& tj = tensors[i];
    if (!tj.is_object()) r.fail("header field '" + path + "' must be an object");
    Tensor t;
    t.name = r.string(tj, "name", path + ".name");
    if (p.find(t.name)) r.fail("tensor '" + t.name + "' appears twice");
    t.dtype = dtype_from_name(r.string(tj, "dtype", path + ".dtype"), expect.source + ": tensor '" + t.name + "'");
    t.shape = r.shape(r.field(tj, "shape", path + ".shape"), path + ".shape");
    const auto offset =
        size_t(r.integer(r.field(tj, "offset", path + ".offset"), path + ".offset", 0, int64_t(blob_bytes)));
    // Sizes are checked one factor at a time so that no product overflows.
    size_t size = dtype_size(t.dtype);
    for (int d : t.shape.dims) {
      if (d != 0 && size > blob_bytes / size_t(d))
        r.fail("tensor '" + t.name + "' " + t.shape.str() + " is larger than the weights (" +
               std::to_string(blob_bytes) + " bytes)");
      size *= size_t(d);
    }
    if (offset + size > blob_bytes)
      r.fail("tensor '" + t.name + "' (" + std::to_string(size) + " bytes at offset " + std::to_string(offset) +
             ") runs past the end of the weights (" + std::to_string(blob_bytes) + " bytes)");
    const auto* data = reinterpret_cast<const uint8_t*>(blob.data()) + offset;
    t.bytes.assign(data, data + size);
    if (const int64_t bad = first_non_finite(t); bad >= 0)
      r.fail("tensor '" + t.name + "' holds a non-finite value at index " + std::to_string(bad));
    p.tensors.push_back(std::move(t));
  }
  for (const LayerSpec& layer : p.layers)
    for (const auto& [role, tensor] : layer.params)
      if (!p.find(tensor)) r.fail("layer '" + layer.name + "': missing tensor '" + tensor + "' (its " + role + ")");
  return p;
}

std::string write_policy(const Policy& p) {
  const std::string where = "policy for " + in_quotes(p.game);
  Json tensors = Json::array();
  size_t blob_bytes = 0;
  for (const Tensor& t : p.tensors) {
    if (t.bytes.size() != t.shape.numel() * dtype_size(t.dtype))
      throw InputError(where, "tensor '" + t.name + "' has " + std::to_string(t.bytes.size()) + " bytes, its shape " +
                                  t.shape.str() + " of " + dtype_name(t.dtype) + " needs " +
                                  std::to_string(t.shape.numel() * dtype_size(t.dtype)));
    if (const int64_t bad = first_non_finite(t); bad >= 0)
      throw InputError(where, "tensor '" + t.name + "' holds a non-finite value at index " + std::to_string(bad));
    blob_bytes = align_up(blob_bytes);
    tensors.push_back(
        {{"name", t.name}, {"dtype", dtype_name(t.dtype)}, {"shape", t.shape.dims}, {"offset", blob_bytes}});
    blob_bytes += t.bytes.size();
  }
  std::string blob(blob_bytes, '\0');
  for (size_t i = 0; i < p.tensors.size(); ++i)
    std::copy(p.tensors[i].bytes.begin(), p.tensors[i].bytes.end(),
              blob.begin() + tensors[i]["offset"].get<std::ptrdiff_t>());

  Json layers = Json::array();
  for (const LayerSpec& layer : p.layers) layers.push_back(layer_json(layer));
  Json h = {{"format", kPolicyFormat},
            {"version", kPolicyVersion},
            {"game", p.game},
            {"kind", p.kind},
            {"observation", {{"encoding", p.observation.encoding}, {"shape", p.observation.shape.dims}}},
            {"actions", p.actions},
            {"layers", layers},
            {"training", p.training},
            {"scores", p.scores}};
  for (const auto& [key, value] : p.extra.items())
    if (!kKnownFields.count(key)) h[key] = value;
  h["tensors"] = tensors;
  h["weights"] = {{"bytes", blob_bytes}, {"checksum", checksum_text(crc32(blob))}};

  const std::string header = h.dump(1, ' ', false, Json::error_handler_t::replace);
  std::string out(kPolicyMagic);
  for (size_t i = 0; i < kLengthBytes; ++i) out.push_back(char(uint8_t(header.size() >> (8 * i))));
  out += header;
  out.resize(align_up(out.size()), '\0');
  return out + blob;
}

}  // namespace pg::nn
