#include "engine/nn/network_agent.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/core/error.h"
#include "engine/nn/det_math.h"
#include "engine/nn/network_policies.h"

namespace pg::nn {
namespace {

std::string format_temperature(double t) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", t);
  return buf;
}

}  // namespace

double parse_temperature(std::string_view spec, std::string_view text) {
  const std::string s(text);
  double t = 0;
  size_t used = 0;
  try {
    t = std::stod(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != s.size() || !std::isfinite(t) || t < 0 || t > NetworkAgent::kMaxTemperature)
    throw InputError("agent '" + std::string(spec) + "'", "the temperature must be a number from 0 to " +
                                                              format_temperature(NetworkAgent::kMaxTemperature) +
                                                              ", got '" + s + "'");
  return t;
}

NetworkAgent::NetworkAgent(std::string base_spec, std::string source, std::shared_ptr<const Policy> policy,
                           double temperature)
    : base_spec_(std::move(base_spec)),
      source_(std::move(source)),
      policy_(std::move(policy)),
      network_(*policy_, source_),
      temperature_(std::clamp(temperature, 0.0, kMaxTemperature)) {}

std::string NetworkAgent::spec() const {
  return temperature_ == 0 ? base_spec_ : base_spec_ + ":" + format_temperature(temperature_);
}

void NetworkAgent::set_temperature(double t) {
  temperature_ = std::isfinite(t) ? std::clamp(t, 0.0, kMaxTemperature) : 0;
}

std::span<const float> NetworkAgent::inspect(const State& state) {
  const State::ObservationTensor t = state.observation_tensor();
  const Observation& want = policy_->observation;
  if (t.encoding != want.encoding || Shape(t.shape) != want.shape)
    throw InputError(source_, "the policy observes '" + want.encoding + "' " + want.shape.str() +
                                  ", this game gives '" +
                                  (t.encoding.empty() ? std::string("no observation tensor") : t.encoding) + "' " +
                                  Shape(t.shape).str());
  state.fill_observation(network_.input());
  return network_.forward();
}

// Built field by field: nlohmann's nested initialiser lists cost the page's first download kilobytes.
Json NetworkAgent::describe(const State& state, size_t first_steps) {
  inspect(state);
  Json layers = Json::array();
  for (const LayerSpec& l : policy_->layers) {
    Json layer = Json::object();
    layer["name"] = l.name;
    layer["type"] = layer_type_name(l.type);
    layer["input"] = l.input.dims;
    layer["output"] = l.output.dims;
    layers.push_back(std::move(layer));
  }
  const auto in = network_.last_input();
  Json activations = Json::array();
  const auto& steps = network_.steps();
  for (size_t i = 0; i < steps.size() && i < first_steps; ++i) {
    const auto out = network_.step_output(i);
    Json step = Json::object();
    step["name"] = steps[i].name;
    step["op"] = steps[i].op;
    step["shape"] = steps[i].output.dims;
    step["values"] = std::vector<float>(out.begin(), out.end());
    activations.push_back(std::move(step));
  }
  Json observation = Json::object();
  observation["encoding"] = policy_->observation.encoding;
  observation["shape"] = policy_->observation.shape.dims;
  observation["values"] = std::vector<float>(in.begin(), in.end());
  Json j = Json::object();
  j["source"] = source_;
  j["kind"] = policy_->kind;
  j["temperature"] = temperature_;
  j["layers"] = std::move(layers);
  j["observation"] = std::move(observation);
  j["activations"] = std::move(activations);
  return j;
}

void NetworkAgent::choose(Decision& d, Rng& rng) const {
  const size_t n = d.actions.size();
  d.probabilities.assign(n, 0.0);
  const double best = *std::max_element(d.scores.begin(), d.scores.end());
  if (temperature_ == 0) {
    std::vector<Action> tied;
    for (size_t i = 0; i < n; ++i)
      if (d.scores[i] == best) tied.push_back(d.actions[i]);
    for (size_t i = 0; i < n; ++i)
      if (d.scores[i] == best) d.probabilities[i] = 1.0 / double(tied.size());
    d.chosen = tied[rng.below(uint32_t(tied.size()))];
    return;
  }
  // exp((s - best) / T): the best gets 1, so the sum never overflows.
  double sum = 0;
  for (size_t i = 0; i < n; ++i) sum += d.probabilities[i] = det_exp((d.scores[i] - best) / temperature_);
  for (double& p : d.probabilities) p /= sum;
  double u = rng.uniform();
  d.chosen = d.actions.back();
  for (size_t i = 0; i < n; ++i) {
    if (u < d.probabilities[i]) {
      d.chosen = d.actions[i];
      break;
    }
    u -= d.probabilities[i];
  }
}

QNetworkAgent::QNetworkAgent(std::string base_spec, std::string source, std::shared_ptr<const Policy> policy,
                             double temperature)
    : NetworkAgent(std::move(base_spec), std::move(source), std::move(policy), temperature) {
  if (policy_->kind != "q-network" && policy_->kind != "policy-network")
    throw InputError(source_, "a Q-network agent needs a 'q-network' or 'policy-network' policy, this one is '" +
                                  policy_->kind + "'");
  logits_ = policy_->kind == "policy-network";
  for (size_t i = 0; i < policy_->actions.size(); ++i) output_of_[policy_->actions[i]] = int(i);
}

Decision QNetworkAgent::decide(const State& state, Rng& rng) {
  const std::span<const float> q = inspect(state);
  Decision d;
  d.actions = state.legal_actions();
  for (Action a : d.actions) {
    const auto it = output_of_.find(state.action_name(a));
    if (it == output_of_.end())
      throw InputError(source_, "the legal action '" + state.action_name(a) + "' is not one of the network's outputs");
    d.scores.push_back(double(q[size_t(it->second)]));
  }
  if (logits_) {
    // A policy network's outputs are logits: at temperature 1 the probabilities are the policy's own.
    d.score_label = "logit (its softmax is the policy)";
    choose(d, rng);
    d.note = std::string(temperature_ == 0 ? "greedy on"
                                           : "softmax at temperature " + format_temperature(temperature_) + " of") +
             " the policy's logits (" + source_ + ")";
    return d;
  }
  d.score_label = "Q-value (the network's estimate of the return after this action)";
  choose(d, rng);
  double expected = 0;
  for (size_t i = 0; i < d.actions.size(); ++i) expected += d.probabilities[i] * d.scores[i];
  d.value = expected;
  d.note = std::string(temperature_ == 0 ? "greedy on"
                                         : "softmax at temperature " + format_temperature(temperature_) + " of") +
           " the Q-values (" + source_ + ")";
  return d;
}

Decision ValueNetworkAgent::decide(const State& state, Rng& rng) {
  if (policy_->kind != "value-network")
    throw InputError(source_,
                     "a value-network agent needs a 'value-network' policy, this one is '" + policy_->kind + "'");
  const int mover = state.current_player();
  Decision d;
  d.actions = state.legal_actions();
  for (Action a : d.actions) {
    auto after = state.clone();
    const Rewards r = after->apply(a);
    double score = r[mover];
    if (!after->is_terminal()) {
      const double v = double(inspect(*after)[0]);
      score += after->current_player() == mover ? v : -v;
    }
    d.scores.push_back(score);
  }
  d.value = double(inspect(state)[0]);  // last: the inspector shows the state's own activations
  d.score_label = "reward + the network's value of the afterstate (for the mover)";
  choose(d, rng);
  d.note = std::string(temperature_ == 0 ? "greedy on"
                                         : "softmax at temperature " + format_temperature(temperature_) + " of") +
           " the afterstates' values (" + source_ + ")";
  return d;
}

std::unique_ptr<NetworkAgent> make_network_agent(const std::string& base_spec, const std::string& source,
                                                 std::shared_ptr<const Policy> policy, double temperature) {
  if (policy->kind == "q-network" || policy->kind == "policy-network")
    return std::make_unique<QNetworkAgent>(base_spec, source, std::move(policy), temperature);
  if (policy->kind == "value-network")
    return std::make_unique<ValueNetworkAgent>(base_spec, source, std::move(policy), temperature);
  throw InputError(source, "no network agent plays a '" + policy->kind + "' policy");
}

std::unique_ptr<NetworkAgent> make_network_agent(const std::string& base_spec, const std::string& path,
                                                 const PolicyExpectation& expect, double temperature) {
  return make_network_agent(base_spec, expect.source, require_network_policy(path, expect), temperature);
}

}  // namespace pg::nn
