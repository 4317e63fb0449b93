#include "engine/games/zuma/agents.h"

#include <algorithm>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/zuma/zuma_game.h"
#include "engine/nn/network_agent.h"

namespace pg::zuma {
namespace {

const ZumaState& zuma_state(const State& state) { return dynamic_cast<const ZumaState&>(state); }

std::vector<Action> all_actions(const ZumaEngine& engine) {
  std::vector<Action> actions;
  for (int a = kSkip; a <= engine.line().size; ++a) actions.push_back(a);
  return actions;
}

// A decision that puts all the mass on `chosen`, with per-action scores.
Decision pick(const ZumaEngine& engine, int chosen, std::vector<double> scores, std::string label) {
  Decision d;
  d.actions = all_actions(engine);
  d.probabilities.assign(d.actions.size(), 0.0);
  d.probabilities[size_t(chosen + 1)] = 1.0;
  d.scores = std::move(scores);
  d.score_label = std::move(label);
  d.chosen = chosen;
  return d;
}

int run_made(const Line& line, int ball, int gap) {
  int left = 0, right = 0;
  while (gap - left - 1 >= 0 && line[gap - left - 1] == ball) ++left;
  while (gap + right < line.size && line[gap + right] == ball) ++right;
  return left + right + 1;
}

}  // namespace

Decision UniformAgent::decide(const State& state, Rng& rng) {
  const auto legal = state.legal_actions();
  Decision d = uniform_over(legal, legal, rng);
  d.note = "uniform over " + std::to_string(legal.size()) + " actions";
  return d;
}

std::vector<int> LongestRunAgent::best_gaps(const Line& line, int ball, int& best_run) {
  std::vector<int> gaps;
  best_run = 0;
  for (int gap = 0; gap <= line.size; ++gap) {
    const int run = run_made(line, ball, gap);
    if (run > best_run) {
      best_run = run;
      gaps.clear();
    }
    if (run == best_run) gaps.push_back(gap);
  }
  if (best_run == 1) gaps = {0};  // no neighbour matches: the front
  return gaps;
}

int LongestRunAgent::choose(const ZumaEngine& engine, Rng& rng) {
  int run = 0;
  const std::vector<int> gaps = best_gaps(engine.line(), engine.ball(), run);
  return leftmost_ ? gaps.front() : gaps[rng.below(uint32_t(gaps.size()))];
}

Decision LongestRunAgent::decide(const State& state, Rng& rng) {
  const ZumaEngine& engine = zuma_state(state).engine();
  std::vector<double> scores = {0.0};
  for (int gap = 0; gap <= engine.line().size; ++gap) scores.push_back(run_made(engine.line(), engine.ball(), gap));
  int run = 0;
  std::vector<int> gaps = best_gaps(engine.line(), engine.ball(), run);
  if (leftmost_) gaps.resize(1);
  Decision d = pick(engine, choose(engine, rng), scores, "run length made");
  d.probabilities.assign(d.actions.size(), 0.0);
  for (int g : gaps) d.probabilities[size_t(g + 1)] = 1.0 / double(gaps.size());
  d.note = run == 1 ? std::string("no neighbour is ") + colour_name(engine.ball()) + ": the front"
                    : "makes a run of " + std::to_string(run) + " " + colour_name(engine.ball()) +
                          (gaps.size() > 1 ? " at " + std::to_string(gaps.size()) + " gaps (one drawn)" : "");
  return d;
}

// --- expectimax -------------------------------------------------------------

namespace {

struct Search {
  const Scenario& s;
  const Model& m;

  // After the ball came to rest: falls off the end, the step ends, then the
  // next ball's colour is drawn and the best aim is taken.
  double settle(Line line, int steps, int depth) const {
    double reward = 0;
    if (line.size > s.max_length) reward -= m.extra_pop_reward[size_t(line.pop_back())];
    ++steps;
    if (steps == s.max_steps || line.empty()) {
      if (line.empty()) return reward + m.finished_reward;
      for (int i = 0; i < line.size; ++i) reward -= m.not_finished_punishment[size_t(line[i])];
      return reward;
    }
    if (depth <= 1) return reward;  // past the horizon (a yardstick, not a value estimate)
    double expected = 0;
    for (const auto& [colour, p] : m.next_color_dist) {
      if (p == 0) continue;
      double best = -1e300;
      for (int a = kSkip; a <= line.size; ++a) best = std::max(best, aim(line, colour, a, steps, depth - 1));
      expected += p * best;
    }
    return reward + expected;
  }

  // The chain from `index`: each pop is a coin with the colour's pop probability.
  double chain(const Line& line, int index, int steps, int depth) const {
    if (index < line.size) {
      int start = 0, end = 0;
      line.run_at(index, start, end);
      if (end - start >= 3) {
        const int colour = line[start];
        const double p = m.color_pop_prob[size_t(colour)];
        const double r = m.pop3_reward[size_t(colour)] + (end - start - 3) * m.extra_pop_reward[size_t(colour)];
        Line popped = line;
        popped.erase(start, end - start);
        const double after_pop = r + (r != 0 ? chain(popped, start, steps, depth) : settle(popped, steps, depth));
        return p * after_pop + (p < 1 ? (1 - p) * settle(line, steps, depth) : 0.0);
      }
    }
    return settle(line, steps, depth);
  }

  double land(const Line& line, int ball, int actual, int steps, int depth) const {
    if (actual == kSkip) return settle(line, steps, depth);
    Line inserted = line;
    inserted.insert(actual, ball);
    return chain(inserted, actual, steps, depth);
  }

  double aim(const Line& line, int ball, int action, int steps, int depth) const {
    const double hit = m.chosen_action_prob[size_t(ball)];
    double v = hit * land(line, ball, action, steps, depth);
    if (hit < 1) {
      const double each = (1 - hit) / double(line.size + 1);
      for (int a = kSkip; a <= line.size; ++a)
        if (a != action) v += each * land(line, ball, a, steps, depth);
    }
    return v;
  }
};

}  // namespace

std::vector<double> ExpectimaxAgent::action_values(const ZumaEngine& engine) const {
  const Search search{engine.scenario(), engine.scenario().model};
  std::vector<double> values;
  for (int a = kSkip; a <= engine.line().size; ++a)
    values.push_back(search.aim(engine.line(), engine.ball(), a, engine.steps(), depth_));
  return values;
}

int ExpectimaxAgent::choose(const ZumaEngine& engine, Rng& /*deterministic*/) {
  const auto values = action_values(engine);
  return int(std::max_element(values.begin(), values.end()) - values.begin()) - 1;
}

Decision ExpectimaxAgent::decide(const State& state, Rng& rng) {
  const ZumaEngine& engine = zuma_state(state).engine();
  auto values = action_values(engine);
  const int chosen = choose(engine, rng);
  Decision d = pick(engine, chosen, values, "expected reward, " + std::to_string(depth_) + " throw(s) ahead");
  d.value = values[size_t(chosen + 1)];
  d.note = "knows the model: expectimax over hits, pops and colours";
  return d;
}

// --- trained ------------------------------------------------------------------

int TrainedAgent::choose(const ZumaEngine& engine, Rng& /*deterministic*/) {
  const Scenario& s = engine.scenario();
  return policy_->best_action(engine.line(), engine.ball(), s.max_steps - engine.steps() - 1, s.max_length);
}

Decision TrainedAgent::decide(const State& state, Rng& rng) {
  const ZumaEngine& engine = zuma_state(state).engine();
  const Scenario& s = engine.scenario();
  const int steps_left = s.max_steps - engine.steps() - 1;
  std::vector<double> q;
  policy_->action_values(engine.line(), engine.ball(), steps_left, s.max_length, q);
  const int chosen = choose(engine, rng);
  Decision d = pick(engine, chosen, q, "Q-value (learned return to go)");
  d.value = q[size_t(chosen + 1)];
  const ActionFeatures f = action_features(engine.line(), engine.ball(), steps_left, s.max_length, chosen);
  d.note = describe(f);
  d.debug.push_back({"visits of the chosen key", double(policy_->visits[feature_key(f)])});
  d.note += " (table: " + name_ + ")";
  return d;
}

std::string default_policy_name(const Scenario& scenario) {
  const Json wanted = to_json(scenario);
  for (const auto& name : shipped_policy_names()) {
    auto policy = q_policies().find(name);
    if (!policy) {
      // In the page, a table still loading may be the one for this scenario: wait for it.
      try {
        require_policy_file(policy_path(name));
      } catch (const PolicyUnavailable& e) {
        if (e.loading()) throw;
      }
      continue;
    }
    if (policy && policy->info.contains("scenario") && policy->info["scenario"] == wanted) return name;
  }
  return kShippedPolicy;
}

std::unique_ptr<Agent> make_zuma_agent(std::string_view spec, const Scenario& scenario) {
  const auto [name, arg] = split_spec(spec);
  if (name == "greedy") {
    if (!arg.empty() && arg != "leftmost")
      throw InputError("agent '" + std::string(spec) + "'", "'greedy' takes no parameter but 'leftmost'");
    return std::make_unique<LongestRunAgent>(arg == "leftmost");
  }
  if (name == "expectimax")
    return std::make_unique<ExpectimaxAgent>(arg.empty() ? 1
                                                         : parse_int_param(spec, arg, 1, ExpectimaxAgent::kMaxDepth));
  if (name == "dqn") {
    const double temperature = arg.empty() ? 0.0 : nn::parse_temperature(spec, arg);
    // Asked for when absent (the page and its worker fetch it; natively "not found").
    return nn::make_network_agent("dqn", kDqnPolicyFile,
                                  {.source = kDqnPolicyFile,
                                   .game = "zuma",
                                   .kind = "q-network",
                                   .encoding = kObservationEncoding,
                                   .observation_shape = nn::Shape{scenario.max_length + 2, kNumColours}},
                                  temperature);
  }
  if (name == "trained") {
    const std::string policy_name = arg.empty() ? default_policy_name(scenario) : arg;
    // A shipped table the page has not fetched yet (or missing from the source tree) throws, saying which.
    auto policy = q_policies().need(policy_name);
    if (!policy) {
      std::string shipped;
      for (const auto& n : shipped_policy_names()) shipped += (shipped.empty() ? "" : ", ") + n;
      throw InputError("agent '" + std::string(spec) + "'",
                       "no policy named '" + policy_name + "' (shipped: " + shipped + ")");
    }
    return std::make_unique<TrainedAgent>(std::string(spec), policy_name, std::move(policy));
  }
  return nullptr;
}

bool dqn_fits(const Scenario& scenario) {
  const auto bytes = find_policy_file(kDqnPolicyFile);
  if (!bytes) return false;
  try {
    const Json header = nn::read_policy_header(*bytes, kDqnPolicyFile);
    return header.at("observation").at("shape") == Json({scenario.max_length + 2, kNumColours});
  } catch (const std::exception&) {
    return false;  // make_agent names the problem
  }
}

std::vector<AgentInfo> zuma_agent_infos(const Scenario& scenario) {
  std::vector<AgentInfo> infos = {
      {"trained",
       PG_TEXT("model-free Q-learning on rule features, greedy on its Q-values: the shipped table trained on this "
               "scenario (policies/zuma/), else the one trained under the grading protocol")},
      {"greedy",
       PG_TEXT("inserts where the ball makes the longest run of its colour (tied gaps share the probability; no match: "
               "the front); never skips")},
      {"greedy:leftmost", PG_TEXT("the same, always the first of the tied gaps")},
      {"expectimax:1", PG_TEXT("knows the model: expected reward over every chance outcome, 1 to 3 throws ahead")}};
  if (dqn_fits(scenario))
    infos.insert(infos.begin() + 1,
                 {"dqn", PG_TEXT("a Q-network trained by DQN under the grading protocol (policies/zuma/dqn.rlpg), "
                                 "greedy on its Q-values; dqn:T plays the softmax of Q/T")});
  return infos;
}

}  // namespace pg::zuma
