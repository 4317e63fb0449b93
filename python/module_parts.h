// What the parts of rlplayground._engine share: how a state is written as an observation, and the functions
// that bind each part (engine_module.cc, vector_env.cc, zuma_homework.cc,
// networks.cc) to the module.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.h"

namespace pg::python {

// The encoding every game has: State::observation(), a flat vector from the mover's point of view.
inline constexpr const char* kFeatures = "features";

// The encodings a state offers: "features" always, the network's tensor where the game has one, then the inputs
// of the game's source document (State::source_encodings).
std::vector<std::pair<std::string, std::vector<int>>> encodings_of(const State& state);

// The encoding an environment observes unless told: the network's tensor where the game has one, else "features".
std::string default_encoding_of(const State& state);

// One of a game's encodings, written into a caller's buffer of size() floats.
class Encoding {
 public:
  Encoding() = default;
  // Throws InputError naming the known encodings when `name` is not one of the state's.
  Encoding(const State& state, const std::string& name, const std::string& game_name);
  const std::string& name() const { return name_; }
  const std::vector<int>& shape() const { return shape_; }
  size_t size() const { return size_; }
  // Writes every value. The network's tensor and a source's encoding are written in place (they allocate
  // nothing); the feature vector is copied from State::observation().
  void write(const State& state, float* out) const;

 private:
  enum class Kind { kFeatureVector, kNetwork, kSource };
  std::string name_;
  std::vector<int> shape_;
  size_t size_ = 0;
  Kind kind_ = Kind::kNetwork;
  size_t source_index_ = 0;  // kSource: its index in State::source_encodings()
};

Json parse_options(const std::string& options_json);

void bind_vector_env(pybind11::module_& m);
void bind_zuma_homework(pybind11::module_& m);
void bind_networks(pybind11::module_& m);

}  // namespace pg::python
