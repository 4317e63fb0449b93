// The general Sokoban policy network: fully convolutional, so one file plays
// levels of any size up to kMaxPolicySide. It reads six planes over the level
// (sokoban-planes-v1) and outputs one logit plane per move [4, rows, columns]
// (kind "policy-map"); the move logits are the four values at the player's
// square. A level smaller than the training canvas (kPolicyCanvas) is padded
// with walls to it (walls are what the net saw beyond every level's border);
// a larger one runs at its own size, with a Network built for that shape.
//
// Planes (1 or 0 per square, CHW):
//   0 wall (or outside the room the player can reach, ignoring boxes)
//   1 target   2 box   3 player
//   4 dead square: a lone box there can never reach a target (deadlocks.h)
//   5 reachable: the player can walk there now without pushing
#pragma once

#include <array>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/games/sokoban/level.h"
#include "engine/nn/network.h"

namespace pg::sokoban {

constexpr const char* kPolicyEncoding = "sokoban-planes-v1";
constexpr int kPolicyPlanes = 6;
constexpr int kPolicyCanvas = 10;  // the training canvas: smaller levels are padded with walls to it
constexpr int kMaxPolicySide = 32;
constexpr const char* kGeneralPolicyPath = "sokoban/policy.rlpg";

// What the planes need of a level that no move changes.
struct PolicyLevel {
  int height = 0, width = 0;             // the level's
  int rows = 0, columns = 0;             // the canvas: at least kPolicyCanvas each
  std::vector<uint8_t> wall;             // per level square: not the player's room
  std::vector<uint8_t> target;           // per level square
  std::vector<uint8_t> dead;             // per level square
  std::vector<std::array<int, 4>> next;  // per level square: the neighbour in each move's direction, -1 off the room
};

// Throws InputError when a side is larger than kMaxPolicySide.
PolicyLevel policy_level(const Level& level);

// Writes the six planes of a position (boxes, player) into `out`
// (kPolicyPlanes * rows * columns values). Allocates only its work buffer.
void fill_policy_planes(const PolicyLevel& level, const std::vector<Square>& boxes, Square player,
                        std::span<float> out);

// The policy with every layer's shape set for a canvas of rows x columns.
nn::Policy policy_for_canvas(const nn::Policy& policy, int rows, int columns);

// A loaded general policy: one Network per canvas shape, built on first use.
class PolicyNet {
 public:
  // Throws InputError when the file is not a sokoban policy-map over sokoban-planes-v1.
  PolicyNet(std::shared_ptr<const nn::Policy> policy, std::string source);
  // The move logits (U, D, L, R) at the player's square.
  std::array<float, 4> logits(const PolicyLevel& level, const std::vector<Square>& boxes, Square player);
  const nn::Policy& policy() const { return *policy_; }
  const std::string& source() const { return source_; }

 private:
  std::shared_ptr<const nn::Policy> policy_;
  std::string source_;
  std::map<std::pair<int, int>, nn::Network> networks_;
};

// Reads and checks the shipped file (kGeneralPolicyPath, or its --policy override).
std::shared_ptr<const nn::Policy> load_general_policy();

}  // namespace pg::sokoban
