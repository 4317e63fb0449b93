// Agents that decide with a trained network (network.h) on the state's
// observation tensor (State::observation_tensor), reusing Decision:
//
// - QNetworkAgent (kind "q-network"): the network maps the observation to one
//   Q-value per output action (the policy's "actions", matched to the legal
//   actions by name; illegal outputs are ignored). probabilities = softmax of
//   Q / temperature over the legal actions; temperature 0 is greedy (the
//   tied best share the mass, one drawn with the decision's seed). `scores`
//   are the raw Q-values, `value` the expected Q under the probabilities.
// - ValueNetworkAgent (kind "value-network"): the network maps an observation
//   to one value for the player to move there. Every legal action is tried
//   on a copy of the state; its score is the mover's reward plus the
//   afterstate's value for the mover (negated when the opponent moves next;
//   0 once the game is over). probabilities = softmax of the scores at the
//   temperature, `value` the network's value of the state itself. Chance
//   inside apply() is sampled by the copy, so this agent suits games whose
//   moves are deterministic (Morris, Mancala, the Binary Game).
//
// The temperature is a setting (the page's slider). Both agents keep the
// last observation they read and the network's activations for it, for the
// inspector (inspect()).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/agent.h"
#include "engine/nn/network.h"

namespace pg::nn {

class NetworkAgent : public Agent {
 public:
  // `base_spec` is the spec without the temperature ("dqn"); `source` names
  // the file in messages ("zuma/dqn.rlpg"). Throws InputError when the
  // network does not build (see Network).
  NetworkAgent(std::string base_spec, std::string source, std::shared_ptr<const Policy> policy, double temperature);

  // "dqn" at temperature 0, else "dqn:T" (T as given).
  std::string spec() const override;
  const std::string& base_spec() const { return base_spec_; }
  double temperature() const { return temperature_; }
  // Clamped to [0, kMaxTemperature].
  void set_temperature(double t);
  static constexpr double kMaxTemperature = 100;

  const Policy& policy() const { return *policy_; }
  const std::string& source() const { return source_; }
  Network& network() { return network_; }
  // Runs the network on the state's observation (as decide does first); the
  // observation stays in input() and each step's output in
  // network().step_output(i). Throws InputError when the state's tensor is
  // not the policy's (encoding or shape).
  std::span<const float> inspect(const State& state);
  std::span<const float> input() const { return network_.last_input(); }
  // What the inspector shows, as JSON (for the page's JavaScript API): runs
  // inspect(state), then {source, kind, temperature, layers: [{name, type,
  // input, output}], observation: {encoding, shape, values}, activations:
  // [{name, op, shape, values}] of the first `first_steps` steps}.
  Json describe(const State& state, size_t first_steps = 3);

 protected:
  // Softmax of scores / temperature (greedy at 0) over d.actions; draws d.chosen.
  void choose(Decision& d, Rng& rng) const;

  std::string base_spec_;
  std::string source_;
  std::shared_ptr<const Policy> policy_;
  Network network_;
  double temperature_ = 0;
};

// Also plays a "policy-network" (one logit per action): the same softmax, so at temperature 1 the
// probabilities are the policy's; it gives no value.
class QNetworkAgent : public NetworkAgent {
 public:
  QNetworkAgent(std::string base_spec, std::string source, std::shared_ptr<const Policy> policy, double temperature);
  Decision decide(const State& state, Rng& rng) override;

 private:
  std::unordered_map<std::string, int> output_of_;  // action name -> output index
  bool logits_ = false;                             // a policy network's outputs
};

class ValueNetworkAgent : public NetworkAgent {
 public:
  using NetworkAgent::NetworkAgent;
  Decision decide(const State& state, Rng& rng) override;
};

// The agent the policy's kind asks for; throws InputError naming `source`.
std::unique_ptr<NetworkAgent> make_network_agent(const std::string& base_spec, const std::string& source,
                                                 std::shared_ptr<const Policy> policy, double temperature);
// The agent for the policy file at `path` (parsed once per file:
// require_network_policy, checked against `expect`); throws
// PolicyUnavailable while the file is not there, else InputError naming the
// file and the problem.
std::unique_ptr<NetworkAgent> make_network_agent(const std::string& base_spec, const std::string& path,
                                                 const PolicyExpectation& expect, double temperature);
// Parses a temperature parameter ("0.5") in [0, kMaxTemperature] or throws InputError naming the spec.
double parse_temperature(std::string_view spec, std::string_view text);

}  // namespace pg::nn
