// The project's Smart/Genius move rule with its value term left out (the
// agents that add the project's tables and networks, smart and genius, are in
// project_agents.h): each candidate placement or move scores
//   +100 if it blocks an enemy mill: a mill through the target point holds
//        two enemy pieces (tested before the piece lands, as the project's app
//        does),
//   +200 if the piece completes a mill of the mover at the target point,
// and the best score is played. The project's app breaks ties by taking the
// first candidate in its list; here they are drawn at random (with no value
// term, almost every move ties). Removals have no bonus: the project's app
// ranks them by table value only, so here they are uniform.
#pragma once

#include "engine/core/agent.h"
#include "engine/games/morris/board.h"

namespace pg::morris {

constexpr int kBlockBonus = 100;
constexpr int kMillBonus = 200;

// The bonus of a legal action on `board` (0 for removals).
int action_bonus(const Board& board, int action);

class BonusAgent : public Agent {
 public:
  std::string spec() const override { return "bonus"; }
  Decision decide(const State& state, Rng& rng) override;
};

}  // namespace pg::morris
