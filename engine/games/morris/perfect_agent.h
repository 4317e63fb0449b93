// The `perfect` agent: plays from the exact solution (retrograde.h). Among the
// actions that keep the position's value (win, draw or loss) it prefers:
// - in a won position, the shortest win (the distance falls at every ply, so
//   its line never repeats a position);
// - in a lost position, the longest loss, and among those the one after which
//   the largest share of the opponent's replies give the win away;
// - in a drawn position, the one after which the largest share of the
//   opponent's replies lose the draw (an "ultra-strong" choice against a
//   fallible opponent).
// The share is taken at the opponent's next decision: after an action that
// closes a mill, at the best of our removals that keep the value. Then, among
// those, the actions whose resulting position has occurred least often in the
// game's repetition history (a third occurrence is a draw). Ties are drawn at
// random. Without a table that covers the position it declines
// (Decision::declined), saying how to get one.
#pragma once

#include <memory>
#include <vector>

#include "engine/core/agent.h"
#include "engine/games/morris/retrograde.h"

namespace pg::morris {

// The shipped table, under policies/ (playground morris solve --out policies/morris/solution.pgmt).
inline constexpr const char* kShippedSolution = "morris/solution.pgmt";

// The table the process plays from: the one handed over by the command line
// (--table FILE, or a solve in the same process), else the shipped one once
// it is there (policy_store.h); nullptr when there is none. Throws
// InputError when the shipped file is not a table.
void provide_solution(std::shared_ptr<const Solution> solution);
std::shared_ptr<const Solution> current_solution();
// A table is there (provided, or the shipped file's bytes), without reading it: the page's main thread seats
// `perfect` with this, and leaves reading the 1.7 MB table to where the agent decides (its worker).
bool solution_at_hand();

// The share of the replies of the side to move at `board` that do not keep
// its value (0 when it has no choice or the game is over).
double error_share(const Solution& solution, const Board& board);

struct ActionChoice {
  int action = 0;
  Outcome value;        // for the side deciding
  double share = 0;     // the opponent's replies that give value away, after it
  bool chosen = false;  // among the agent's preferred actions
};
// Each legal action of `board` with its value, the opponent's error share,
// and whether the rule above prefers it.
std::vector<ActionChoice> perfect_choices(const Solution& solution, const Board& board);

class PerfectAgent : public Agent {
 public:
  std::string spec() const override { return "perfect"; }
  Decision decide(const State& state, Rng& rng) override;
};

}  // namespace pg::morris
