// Agents that play the general policy network (policy_net.h) on any level:
//
// - "policy": the network's move probabilities (softmax of its logits at the
//   player's square), played with two masks: a push onto a dead square or
//   into a freeze deadlock (deadlocks.h) is never chosen, and of the other
//   moves it plays the likeliest whose resulting position it has visited
//   least often in this episode (so a new position first, and a move that
//   changes nothing only when every move leads back). It remembers the
//   positions it decided at, by step: deciding at step s forgets what it saw
//   at steps s and later (a restart, or an undo in the page), so stepping back
//   and asking again gives the decision it gave there before.
//   "policy:greedy" is the bare argmax (ties share), "policy:T" samples the
//   softmax at temperature T, both without masks or memory.
// - "guided": Levin tree search (Orseau et al., 2018) over move positions,
//   guided by the same network: the node with the least
//   log(depth) - log(probability of its path) is expanded first, with the
//   solver's dead-square and freeze deadlock pruning and a transposition
//   table; it plays its plan's next move, searches again when the position
//   leaves the plan, and declines beyond its budget (guided:N expansions,
//   default kGuidedNodes). Its plans are valid, not necessarily shortest.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/core/agent.h"
#include "engine/games/sokoban/board.h"
#include "engine/games/sokoban/deadlocks.h"
#include "engine/games/sokoban/plan_follower.h"
#include "engine/games/sokoban/policy_net.h"
#include "engine/games/sokoban/room.h"

namespace pg::sokoban {

// The fixed per-level data both agents need (rebuilt when the level changes).
struct PolicyLevelCache {
  std::shared_ptr<const Level> level;  // kept alive, so comparing pointers is safe
  PolicyLevel planes;
  const PolicyLevel& get(const std::shared_ptr<const Level>& l);
};

// The "policy" agent's masks over one episode: it remembers how often each
// position was seen since the episode began and knows the level's dead
// squares. The trainer's DAgger rollouts use it too.
class PolicyMasks {
 public:
  // The move to play from `board`: of the moves that push no box onto a dead square nor into a freeze deadlock,
  // the one whose resulting position was seen least often, the likeliest by `logits` among those (the likeliest
  // of all when every move deadlocks). Seen means: at a step before `board`'s, in a decision of this episode;
  // `board`'s position is then remembered as seen at its step, and what was seen at that step or later is
  // forgotten. A board on another level begins a new episode. `note`, when given, gets the moves passed over.
  Action choose(const Board& board, const std::array<float, 4>& logits, std::string* note = nullptr);

 private:
  std::shared_ptr<const Level> level_;
  std::unique_ptr<Room> room_;
  std::unique_ptr<PushDistances> distances_;
  std::vector<std::string> seen_at_;             // step -> the position decided at ("" if none)
  std::unordered_map<std::string, int> visits_;  // position key -> times in seen_at_
  std::vector<uint8_t> box_at_;
};

class PolicyAgent : public Agent {
 public:
  enum class Mode { kMasked, kGreedy, kSample };
  PolicyAgent(std::shared_ptr<const nn::Policy> policy, Mode mode, double temperature = 0);
  std::string spec() const override;
  Decision decide(const State& state, Rng& rng) override;

 private:
  PolicyNet net_;
  PolicyLevelCache cache_;
  Mode mode_;
  double temperature_ = 0;
  PolicyMasks masks_;
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
  PlanFollower plan_;  // the plan being played
  GuidedResult last_;
};

// "policy", "policy:greedy", "policy:T", "guided", "guided:N"; nullptr for other names; InputError for bad arguments,
// or when the policy file is missing or broken (PolicyUnavailable while the page fetches it).
std::unique_ptr<Agent> make_policy_agent(std::string_view spec);

}  // namespace pg::sokoban
