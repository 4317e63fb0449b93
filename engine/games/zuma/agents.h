// Zuma's agents. Each also has a fast path on the engine itself (choose), so
// evaluation and training run without the generic interface's bookkeeping.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "engine/core/agent.h"
#include "engine/games/zuma/engine.h"
#include "engine/games/zuma/q_policy.h"

namespace pg::zuma {

class ZumaAgent : public Agent {
 public:
  // The action for the engine's current position (the ball is drawn).
  virtual int choose(const ZumaEngine& engine, Rng& rng) = 0;
};

// Uniform over the n+2 actions.
class UniformAgent : public ZumaAgent {
 public:
  std::string spec() const override { return "random"; }
  Decision decide(const State& state, Rng& rng) override;
  int choose(const ZumaEngine& engine, Rng& rng) override { return int(rng.below(uint32_t(engine.num_actions()))) - 1; }
};

// Inserts where the ball makes the longest run of its colour; never skips.
// The gaps that tie for the longest run share the probability (one is drawn
// with the decision's seed); a ball that matches no neighbour goes to the
// front. `leftmost` takes the first of the tied gaps instead.
class LongestRunAgent : public ZumaAgent {
 public:
  explicit LongestRunAgent(bool leftmost = false) : leftmost_(leftmost) {}
  std::string spec() const override { return leftmost_ ? "greedy:leftmost" : "greedy"; }
  Decision decide(const State& state, Rng& rng) override;
  int choose(const ZumaEngine& engine, Rng& rng) override;
  // The gaps making the longest run, and its length.
  static std::vector<int> best_gaps(const Line& line, int ball, int& run);

 private:
  bool leftmost_;
};

// Knows the model: expectimax over every chance outcome (where the throw
// goes, each pop, the next ball's colour) to `depth` throws. A yardstick for
// the model-free agent, which never sees these numbers.
class ExpectimaxAgent : public ZumaAgent {
 public:
  static constexpr int kMaxDepth = 3;
  explicit ExpectimaxAgent(int depth) : depth_(depth) {}
  std::string spec() const override { return "expectimax:" + std::to_string(depth_); }
  Decision decide(const State& state, Rng& rng) override;
  int choose(const ZumaEngine& engine, Rng& rng) override;
  // Expected reward of aiming each action -1..n, over `depth` throws.
  std::vector<double> action_values(const ZumaEngine& engine) const;

 private:
  int depth_;
};

// The model-free agent: greedy on a learned Q-table (q_policy.h).
class TrainedAgent : public ZumaAgent {
 public:
  TrainedAgent(std::string spec, std::string name, std::shared_ptr<const QPolicy> policy)
      : spec_(std::move(spec)), name_(std::move(name)), policy_(std::move(policy)) {}
  std::string spec() const override { return spec_; }
  const std::string& policy_name() const { return name_; }
  Decision decide(const State& state, Rng& rng) override;
  int choose(const ZumaEngine& engine, Rng& rng) override;
  const QPolicy& policy() const { return *policy_; }

 private:
  std::string spec_;
  std::string name_;
  std::shared_ptr<const QPolicy> policy_;
};

// The DQN's file (engine/core/policy_store.h), made by playground zuma train --method dqn.
constexpr const char* kDqnPolicyFile = "zuma/dqn.rlpg";

// "random", "greedy", "expectimax:D", "dqn[:T]", "trained" or "trained:NAME"
// (policies/zuma/NAME.json, or one stored at run time). Plain "trained" plays
// the shipped table trained on this very scenario if there is one, else the
// one trained under the grading protocol (q_features).
std::unique_ptr<Agent> make_zuma_agent(std::string_view spec, const Scenario& scenario);
// The shipped policy "trained" picks for a scenario.
std::string default_policy_name(const Scenario& scenario);
// The agents for a scenario: dqn only when its file is there and observes
// this scenario's max_length.
std::vector<AgentInfo> zuma_agent_infos(const Scenario& scenario);
bool dqn_fits(const Scenario& scenario);

}  // namespace pg::zuma
