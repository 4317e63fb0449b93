#include "engine/games/sokoban/policy_agent.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <queue>
#include <unordered_map>

#include "engine/core/error.h"
#include "engine/games/sokoban/deadlocks.h"
#include "engine/games/sokoban/room.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "engine/nn/det_math.h"
#include "engine/nn/network_agent.h"

namespace pg::sokoban {

namespace {

std::array<double, 4> log_softmax(const std::array<float, 4>& logits) {
  const float top = *std::max_element(logits.begin(), logits.end());
  double sum = 0;
  for (const float l : logits) sum += nn::det_exp(double(l - top));
  std::array<double, 4> out{};
  for (size_t i = 0; i < 4; ++i) out[i] = double(logits[i] - top) - nn::det_log(sum);
  return out;
}

// A hashable key of a position (boxes sorted, player).
std::string position_key(const std::vector<Square>& boxes, Square player) {
  std::string k(reinterpret_cast<const char*>(boxes.data()), boxes.size() * sizeof(Square));
  k.append(reinterpret_cast<const char*>(&player), sizeof player);
  return k;
}

std::string temperature_text(double t) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", t);
  return text;
}

}  // namespace

const PolicyLevel& PolicyLevelCache::get(const std::shared_ptr<const Level>& l) {
  if (l != level) {
    planes = policy_level(*l);
    level = l;
  }
  return planes;
}

// --- policy ------------------------------------------------------------------

PolicyAgent::PolicyAgent(std::shared_ptr<const nn::Policy> policy, Mode mode, double temperature)
    : net_(std::move(policy), kGeneralPolicyPath), mode_(mode), temperature_(temperature) {}

std::string PolicyAgent::spec() const {
  switch (mode_) {
    case Mode::kMasked: return "policy";
    case Mode::kGreedy: return "policy:greedy";
    case Mode::kSample: break;
  }
  return "policy:" + temperature_text(temperature_);
}

Action PolicyMasks::choose(const Board& board, const std::array<float, 4>& logits, std::string* note) {
  if (level_ != board.level_ptr()) {
    room_ = std::make_unique<Room>(board.level());
    distances_ = std::make_unique<PushDistances>(*room_);
    box_at_.assign(size_t(board.level().num_squares()), 0);
    level_ = board.level_ptr();
    seen_at_.clear();
    visits_.clear();
  }
  // What was seen at this step or later belongs to a line that was undone (or restarted): forget it.
  const size_t now = size_t(std::max(0, board.steps()));
  while (seen_at_.size() > now) {
    const std::string& key = seen_at_.back();
    if (!key.empty() && --visits_[key] == 0) visits_.erase(key);
    seen_at_.pop_back();
  }
  seen_at_.resize(now + 1);
  seen_at_[now] = position_key(board.boxes(), board.player());
  ++visits_[seen_at_[now]];

  std::array<Action, 4> order = {0, 1, 2, 3};
  std::stable_sort(order.begin(), order.end(),
                   [&](Action a, Action b) { return logits[size_t(a)] > logits[size_t(b)]; });
  std::array<int, 4> seen{};  // per move: times its resulting position was seen, -1 when it deadlocks
  Action best = order[0];
  int best_seen = -1;
  for (const Action m : order) {
    Board after = board;
    const StepResult step = after.step(m);
    if (step.kind == StepKind::kPush) {
      bool dead = distances_->is_dead(step.box_to);
      if (!dead) {
        std::fill(box_at_.begin(), box_at_.end(), 0);
        for (const Square b : after.boxes()) box_at_[size_t(b)] = 1;
        dead = frozen_deadlock(*room_, *distances_, box_at_, step.box_to);
      }
      if (dead) {
        seen[size_t(m)] = -1;
        continue;
      }
    }
    const auto it = visits_.find(position_key(after.boxes(), after.player()));
    seen[size_t(m)] = it == visits_.end() ? 0 : it->second;
    if (best_seen < 0 || seen[size_t(m)] < best_seen) {
      best = m;
      best_seen = seen[size_t(m)];
    }
  }
  if (note)
    for (const Action m : order) {
      if (m == best || seen[size_t(m)] == 0) continue;
      *note += std::string(note->empty() ? "" : ", ") + kMoveNames[size_t(m)] +
               (seen[size_t(m)] < 0 ? " deadlocks" : " seen " + std::to_string(seen[size_t(m)]) + "x");
    }
  return best;
}

Decision PolicyAgent::decide(const State& state, Rng& rng) {
  const auto& board = dynamic_cast<const SokobanState&>(state).board();
  const auto logits = net_.logits(cache_.get(board.level_ptr()), board.boxes(), board.player());
  Decision d;
  d.actions = state.legal_actions();
  d.scores.assign(logits.begin(), logits.end());
  d.score_label = "logit";
  d.probabilities.assign(4, 0.0);
  if (mode_ == Mode::kMasked) {
    d.chosen = masks_.choose(board, logits, &d.note);
    d.probabilities[size_t(d.chosen)] = 1.0;
    if (!d.note.empty()) d.note = "passed over: " + d.note;
  } else if (mode_ == Mode::kGreedy) {
    const float top = *std::max_element(logits.begin(), logits.end());
    std::vector<Action> best;
    for (Action a = 0; a < 4; ++a)
      if (logits[size_t(a)] == top) best.push_back(a);
    for (const Action a : best) d.probabilities[size_t(a)] = 1.0 / double(best.size());
    d.chosen = best[rng.below(uint32_t(best.size()))];
  } else {
    const float top = *std::max_element(logits.begin(), logits.end());
    double sum = 0;
    for (size_t i = 0; i < 4; ++i) sum += d.probabilities[i] = nn::det_exp(double(logits[i] - top) / temperature_);
    for (auto& p : d.probabilities) p /= sum;
    double u = rng.uniform();
    d.chosen = 3;
    for (Action a = 0; a < 4; ++a)
      if ((u -= d.probabilities[size_t(a)]) < 0) {
        d.chosen = a;
        break;
      }
  }
  const auto logp = log_softmax(logits);
  d.debug = {{"p(U)", nn::det_exp(logp[0])},
             {"p(D)", nn::det_exp(logp[1])},
             {"p(L)", nn::det_exp(logp[2])},
             {"p(R)", nn::det_exp(logp[3])}};
  return d;
}

// --- guided ------------------------------------------------------------------

GuidedResult guided_search(PolicyNet& net, const Level& level, const PolicyLevel& planes,
                           const std::vector<Square>& start_boxes, Square start_player, uint64_t node_budget) {
  struct Node {
    std::vector<Square> boxes;
    Square player;
    int parent;
    int move;
    int depth;
    double log_p;  // of the path from the root
  };
  const Room room(level);
  const PushDistances distances(room);
  std::vector<Node> nodes;
  // Levin cost log(d) - log p, ties by insertion order (deterministic).
  using Entry = std::pair<double, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  std::unordered_map<std::string, int> seen;
  const auto plan_to = [&](int i) {
    std::string plan;
    for (; nodes[size_t(i)].parent >= 0; i = nodes[size_t(i)].parent) plan += kMoveNames[size_t(nodes[size_t(i)].move)];
    std::reverse(plan.begin(), plan.end());
    return plan;
  };
  GuidedResult result;
  auto level_ptr = std::make_shared<const Level>(level);
  Board root(level_ptr, start_boxes, start_player, 0);
  if (root.solved()) {
    result.solved = true;
    return result;
  }
  nodes.push_back({start_boxes, start_player, -1, -1, 0, 0.0});
  seen.emplace(position_key(start_boxes, start_player), 0);
  open.push({0.0, 0});
  std::vector<uint8_t> box_at(size_t(level.num_squares()), 0);
  while (!open.empty() && result.nodes_expanded < node_budget) {
    const int i = open.top().second;
    open.pop();
    ++result.nodes_expanded;
    const auto logp = log_softmax(net.logits(planes, nodes[size_t(i)].boxes, nodes[size_t(i)].player));
    for (int m = 0; m < kNumMoves; ++m) {
      Board board(level_ptr, nodes[size_t(i)].boxes, nodes[size_t(i)].player, 0);
      const StepResult step = board.step(m);
      if (!step.changed()) continue;
      if (step.kind == StepKind::kPush) {
        if (distances.is_dead(step.box_to)) continue;
        std::fill(box_at.begin(), box_at.end(), 0);
        for (const Square b : board.boxes()) box_at[size_t(b)] = 1;
        if (frozen_deadlock(room, distances, box_at, step.box_to)) continue;
      }
      auto [it, fresh] = seen.emplace(position_key(board.boxes(), board.player()), int(nodes.size()));
      if (!fresh) continue;
      const Node& parent = nodes[size_t(i)];
      nodes.push_back({board.boxes(), board.player(), i, m, parent.depth + 1, parent.log_p + logp[size_t(m)]});
      const int child = int(nodes.size()) - 1;
      if (board.solved()) {
        result.solved = true;
        result.plan = plan_to(child);
        return result;
      }
      open.push({nn::det_log(double(nodes[size_t(child)].depth)) - nodes[size_t(child)].log_p, child});
    }
  }
  return result;
}

GuidedAgent::GuidedAgent(std::shared_ptr<const nn::Policy> policy, uint64_t node_budget)
    : net_(std::move(policy), kGeneralPolicyPath), node_budget_(node_budget) {}

std::string GuidedAgent::spec() const {
  return node_budget_ == kGuidedNodes ? "guided" : "guided:" + std::to_string(node_budget_);
}

Decision GuidedAgent::decide(const State& state, Rng& /*rng*/) {
  const auto& board = dynamic_cast<const SokobanState&>(state).board();
  if (!plan_.on_plan(board)) {
    const PolicyLevel& planes = cache_.get(board.level_ptr());
    last_ = guided_search(net_, board.level(), planes, board.boxes(), board.player(), node_budget_);
    plan_.start(last_.plan);
    if (!last_.solved)
      return declined_decision("guided: no solution within " + std::to_string(node_budget_) + " expansions");
    if (last_.plan.empty()) return declined_decision("guided: already solved");
  }
  Decision d = plan_.play_next(state, board);
  d.debug.insert(d.debug.end(),
                 {{"plan moves", double(last_.plan.size())}, {"nodes expanded", double(last_.nodes_expanded)}});
  return d;
}

std::unique_ptr<Agent> make_policy_agent(std::string_view spec) {
  const auto [name, arg] = split_spec(spec);
  if (name == "policy") {
    if (arg.empty()) return std::make_unique<PolicyAgent>(load_general_policy(), PolicyAgent::Mode::kMasked);
    if (arg == "greedy") return std::make_unique<PolicyAgent>(load_general_policy(), PolicyAgent::Mode::kGreedy);
    const double temperature = nn::parse_temperature(spec, arg);
    if (temperature == 0) return std::make_unique<PolicyAgent>(load_general_policy(), PolicyAgent::Mode::kGreedy);
    return std::make_unique<PolicyAgent>(load_general_policy(), PolicyAgent::Mode::kSample, temperature);
  }
  if (name == "guided") {
    const uint64_t budget =
        arg.empty() ? GuidedAgent::kGuidedNodes : uint64_t(parse_int_param(spec, arg, 1, 10'000'000));
    return std::make_unique<GuidedAgent>(load_general_policy(), budget);
  }
  return nullptr;
}

}  // namespace pg::sokoban
