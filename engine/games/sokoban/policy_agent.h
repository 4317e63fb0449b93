// Agents that play the general policy network (policy_net.h) on any level:
//
// - "policy": the network's move probabilities, softmax of its logits at the
//   player's square; greedy (the likeliest move; ties share) by default,
//   "policy:T" samples at temperature T.
// - "guided": Levin tree search (Orseau et al., 2018) over move positions,
//   guided by the same network: the node with the least
//   log(depth) - log(probability of its path) is expanded first, with the
//   solver's dead-square and freeze deadlock pruning and a transposition
//   table; it plays its plan's next move, searches again when the position
//   leaves the plan, and declines beyond its budget (guided:N expansions,
//   default kGuidedNodes). Its plans are valid, not necessarily shortest.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/agent.h"
#include "engine/games/sokoban/board.h"
#include "engine/games/sokoban/policy_net.h"

namespace pg::sokoban {

// The fixed per-level data both agents need (rebuilt when the level changes).
struct PolicyLevelCache {
  std::shared_ptr<const Level> level;  // kept alive, so comparing pointers is safe
  PolicyLevel planes;
  const PolicyLevel& get(const std::shared_ptr<const Level>& l);
};

class PolicyAgent : public Agent {
 public:
  PolicyAgent(std::shared_ptr<const nn::Policy> policy, double temperature);
  std::string spec() const override;
  Decision decide(const State& state, Rng& rng) override;

 private:
  PolicyNet net_;
  PolicyLevelCache cache_;
  double temperature_ = 0;
};

struct GuidedResult {
  bool solved = false;
  std::string plan;  // U D L R letters
  uint64_t nodes_expanded = 0;
};

// Levin tree search from (boxes, player) on `level`, at most `node_budget` expansions.
GuidedResult guided_search(PolicyNet& net, const Level& level, const PolicyLevel& planes,
                           const std::vector<Square>& boxes, Square player, uint64_t node_budget);

class GuidedAgent : public Agent {
 public:
  static constexpr uint64_t kGuidedNodes = 20'000;
  GuidedAgent(std::shared_ptr<const nn::Policy> policy, uint64_t node_budget);
  std::string spec() const override;
  Decision decide(const State& state, Rng& rng) override;

 private:
  PolicyNet net_;
  PolicyLevelCache cache_;
  uint64_t node_budget_;
  // The plan being played and the position it expects next.
  std::string plan_;
  size_t next_ = 0;
  std::vector<Square> expected_boxes_;
  Square expected_player_ = -1;
  std::shared_ptr<const Level> expected_level_;
  GuidedResult last_;
};

// "policy", "policy:T", "guided", "guided:N"; nullptr for other names; InputError for bad arguments, or when
// the policy file is missing or broken (PolicyUnavailable while the page fetches it).
std::unique_ptr<Agent> make_policy_agent(std::string_view spec);

}  // namespace pg::sokoban
