#include "engine/nn/loaded_network.h"

#include <fstream>
#include <sstream>

#include "engine/core/policy_store.h"
#include "engine/nn/network_agent.h"
#include "engine/nn/network_policies.h"

namespace pg::nn {

namespace {

// NAME and the temperature of "NAME" or "NAME:T" (a name may hold colons: what follows the last one is a
// temperature when it starts as a number does).
std::pair<std::string, double> name_and_temperature(std::string_view spec, std::string_view arg) {
  const auto colon = arg.rfind(':');
  if (colon != std::string_view::npos) {
    const std::string_view tail = arg.substr(colon + 1);
    const bool number = !tail.empty() && std::string_view("0123456789.-+").find(tail[0]) != std::string_view::npos;
    if (number) return {std::string(arg.substr(0, colon)), parse_temperature(spec, tail)};
  }
  return {std::string(arg), 0.0};
}

#ifndef __EMSCRIPTEN__
// Natively the name is a path: the file is read once and kept in the store under its loaded path.
void read_named_file(const std::string& label, const std::string& name, const std::string& path) {
  if (find_policy_file(path)) return;
  std::ifstream in(name, std::ios::binary);
  if (!in) throw InputError(label, "cannot read the file '" + name + "'");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (in.bad()) throw InputError(label, "cannot read the file '" + name + "'");
  provide_policy_file(path, std::move(bytes).str());
}
#endif

}  // namespace

std::unique_ptr<Agent> make_loaded_network_agent(const Game& game, std::string_view spec, std::string_view arg) {
  const auto [name, temperature] = name_and_temperature(spec, arg);
  const State::ObservationTensor tensor = game.initial_state(0)->observation_tensor();
  const std::string path = loaded_policy_path(game.name(), name);
#ifndef __EMSCRIPTEN__
  // In the page these are the page's to say (it offers File... only where a game has an encoding, and names a
  // file it does not have): its first download carries no more text than it needs.
  const std::string label = "agent '" + std::string(spec) + "'";
  if (name.empty()) throw InputError(label, "name the network file: file:NAME (or file:NAME:T at temperature T)");
  if (tensor.encoding.empty())
    throw InputError(label, game.name() + " has no network encoding, so no network file plays it");
  read_named_file(label, name, path);
#endif
  const PolicyExpectation expect{.source = "file '" + name + "'",
                                 .game = game.name(),
                                 .kind = "",
                                 .encoding = tensor.encoding,
                                 .observation_shape = Shape(tensor.shape)};
  return make_network_agent("file:" + name, path, expect, temperature);
}

}  // namespace pg::nn
