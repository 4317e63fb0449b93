#include "engine/games/sokoban/policy_net.h"

#include <algorithm>

#include "engine/core/error.h"
#include "engine/games/sokoban/deadlocks.h"
#include "engine/games/sokoban/room.h"
#include "engine/nn/network_policies.h"

namespace pg::sokoban {

PolicyLevel policy_level(const Level& level) {
  if (level.width > kMaxPolicySide || level.height > kMaxPolicySide)
    throw InputError("level", "the policy plays levels of up to " + std::to_string(kMaxPolicySide) + "x" +
                                  std::to_string(kMaxPolicySide) + " squares, this one is " +
                                  std::to_string(level.width) + "x" + std::to_string(level.height));
  const Room room(level);
  const PushDistances distances(room);
  PolicyLevel p;
  p.height = level.height;
  p.width = level.width;
  p.rows = std::max(level.height, kPolicyCanvas);
  p.columns = std::max(level.width, kPolicyCanvas);
  const size_t n = size_t(level.num_squares());
  p.wall.resize(n);
  p.target.resize(n);
  p.dead.resize(n);
  p.next.resize(n);
  for (Square s = 0; s < level.num_squares(); ++s) {
    const size_t i = size_t(s);
    p.wall[i] = room.is_floor(s) ? 0 : 1;
    p.target[i] = room.is_floor(s) && room.is_target(s) ? 1 : 0;
    p.dead[i] = room.is_floor(s) && distances.is_dead(s) ? 1 : 0;
    for (int d = 0; d < 4; ++d) p.next[i][size_t(d)] = room.is_floor(s) ? room.next(s, d) : -1;
  }
  return p;
}

void fill_policy_planes(const PolicyLevel& level, const std::vector<Square>& boxes, Square player,
                        std::span<float> out) {
  const size_t plane = size_t(level.rows) * size_t(level.columns);
  std::fill(out.begin(), out.begin() + std::ptrdiff_t(kPolicyPlanes * plane), 0.0f);
  const auto at = [&](int k, Square s) -> float& {
    const size_t r = size_t(s / level.width), c = size_t(s % level.width);
    return out[size_t(k) * plane + r * size_t(level.columns) + c];
  };
  // The padding beyond the level is wall.
  for (int r = 0; r < level.rows; ++r)
    for (int c = 0; c < level.columns; ++c)
      if (r >= level.height || c >= level.width) out[size_t(r) * size_t(level.columns) + size_t(c)] = 1.0f;
  std::vector<uint8_t> box_at(level.wall.size(), 0);
  for (const Square b : boxes) box_at[size_t(b)] = 1;
  for (Square s = 0; s < Square(level.wall.size()); ++s) {
    const size_t i = size_t(s);
    if (level.wall[i]) at(0, s) = 1.0f;
    if (level.target[i]) at(1, s) = 1.0f;
    if (box_at[i]) at(2, s) = 1.0f;
    if (level.dead[i]) at(4, s) = 1.0f;
  }
  at(3, player) = 1.0f;
  // Where the player can walk without pushing (box_at doubles as "seen").
  std::vector<Square> stack = {player};
  box_at[size_t(player)] = 2;
  while (!stack.empty()) {
    const Square s = stack.back();
    stack.pop_back();
    at(5, s) = 1.0f;
    for (const Square t : level.next[size_t(s)])
      if (t >= 0 && box_at[size_t(t)] == 0) box_at[size_t(t)] = 2, stack.push_back(t);
  }
}

nn::Policy policy_for_canvas(const nn::Policy& policy, int rows, int columns) {
  nn::Policy p = policy;
  const auto resize = [&](nn::Shape& shape) {
    if (shape.rank() == 3) shape = nn::Shape{shape[0], rows, columns};
  };
  resize(p.observation.shape);
  for (auto& layer : p.layers) resize(layer.input), resize(layer.output);
  return p;
}

PolicyNet::PolicyNet(std::shared_ptr<const nn::Policy> policy, std::string source)
    : policy_(std::move(policy)), source_(std::move(source)) {
  const auto& obs = policy_->observation;
  if (policy_->game != "sokoban" || policy_->kind != "policy-map" || obs.encoding != kPolicyEncoding ||
      obs.shape.rank() != 3 || obs.shape[0] != kPolicyPlanes || policy_->actions.size() != 4)
    throw InputError(source_, std::string("expected a sokoban policy-map over ") + kPolicyEncoding + " [" +
                                  std::to_string(kPolicyPlanes) + ",rows,columns] with 4 actions, got a " +
                                  policy_->game + " " + policy_->kind + " over " + obs.encoding + " " +
                                  obs.shape.str());
  // Builds (and so checks) the network at its own canvas now, so a broken file is refused at once.
  nn::Network net(*policy_, source_);
  if (net.output_shape() != nn::Shape{4, obs.shape[1], obs.shape[2]})
    throw InputError(source_, "a policy map must output one plane per move [4," + std::to_string(obs.shape[1]) + "," +
                                  std::to_string(obs.shape[2]) + "], this one outputs " + net.output_shape().str());
  networks_.emplace(std::make_pair(obs.shape[1], obs.shape[2]), std::move(net));
}

std::array<float, 4> PolicyNet::logits(const PolicyLevel& level, const std::vector<Square>& boxes, Square player) {
  const auto key = std::make_pair(level.rows, level.columns);
  auto it = networks_.find(key);
  if (it == networks_.end())
    it = networks_.emplace(key, nn::Network(policy_for_canvas(*policy_, level.rows, level.columns), source_)).first;
  nn::Network& net = it->second;
  fill_policy_planes(level, boxes, player, net.input());
  const auto out = net.forward();
  const size_t plane = size_t(level.rows) * size_t(level.columns);
  const size_t at = size_t(player / level.width) * size_t(level.columns) + size_t(player % level.width);
  return {out[at], out[plane + at], out[2 * plane + at], out[3 * plane + at]};
}

std::shared_ptr<const nn::Policy> load_general_policy() {
  return nn::require_network_policy(kGeneralPolicyPath,
                                    {.source = kGeneralPolicyPath, .game = "sokoban", .kind = "policy-map"});
}

}  // namespace pg::sokoban
