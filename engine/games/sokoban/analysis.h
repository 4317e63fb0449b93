// What the page shows about a Sokoban position beyond the rules: its dead
// squares and deadlocked boxes, the lower bound's box-to-target matching, and
// the solver's fewest-moves plan from here with the player's path along it.
//
// Solving is the costly part, so a PositionAnalyst keeps the last plan: a
// position the plan passes through (the user stepped along it, or back) takes
// the rest of the plan, which is optimal from there too (any shorter finish
// would shorten the whole plan). Anything else is solved afresh within a node
// budget, so a decision costs the same on every machine.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/games/sokoban/board.h"
#include "engine/games/sokoban/deadlocks.h"
#include "engine/games/sokoban/lower_bound.h"
#include "engine/games/sokoban/solver.h"

namespace pg::sokoban {

// The board's position as a level (its geometry, the boxes and player where they are now).
Level position_level(const Board& board);

struct PositionAnalysis {
  DeadlockReport deadlocks;
  BoundMatching bound;
  SolveStatus plan_status = SolveStatus::kNodeLimit;
  std::string plan;  // LURD from this position, when solved
  int plan_moves = 0, plan_pushes = 0;
  uint64_t nodes_expanded = 0;  // by the solve that found the plan (0 when taken from the last plan)
  bool plan_reused = false;     // the rest of an earlier plan
  // The player's square before each move of the plan and after the last.
  std::vector<Square> player_path;
};

class PositionAnalyst {
 public:
  explicit PositionAnalyst(uint64_t node_budget = 100'000) : node_budget_(node_budget) {}
  // The analysis of `board`'s position (the same object until another position is asked for).
  const PositionAnalysis& analyse(const Board& board);

 private:
  struct Waypoint {
    Square player;
    std::vector<Square> boxes;
  };
  uint64_t node_budget_;
  std::shared_ptr<const Level> level_;
  std::vector<Waypoint> waypoints_;  // the positions along the last solved plan, its start first
  std::string full_plan_;
  SolveResult full_result_;
  Waypoint current_{-1, {}};
  PositionAnalysis analysis_;
};

}  // namespace pg::sokoban
