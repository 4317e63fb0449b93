// Positions and their exact values for the learned agent's value network
// (learned_agent.h): its training set (playground morris train-value) and the
// regression test's fixed sample. Positions are between turns (no removal
// pending), the game not over, keyed from the side to move's point of view.
#pragma once

#include <cstdint>
#include <unordered_set>
#include <vector>

#include "engine/games/morris/board.h"
#include "engine/games/morris/retrograde.h"

namespace pg::morris {

// The position from the side to move's point of view: its points, the other side's, both hands.
uint64_t position_key(const Board& board);

// The distinct positions of `games` games (seeds mixed from `seed`), each seat played per game by one of:
// uniformly random; the bonus rule (bonus_agent.h, ties at random); the table's value-keeping actions, at
// random among them, with a uniformly random action instead 30% or 10% of the time. Games stop at
// `max_turns`. Positions already in `seen` are skipped, new ones added to it.
std::vector<Board> positions_from_games(const Solution& solution, long games, uint64_t seed,
                                        std::unordered_set<uint64_t>& seen, int max_turns = 200);
// `count` positions drawn uniformly from the table's stored positions (not over, not in `seen`).
std::vector<Board> positions_from_table(const Solution& solution, long count, uint64_t seed,
                                        std::unordered_set<uint64_t>& seen);

// The network's target for a position: a win in d plies 1 - d/100, a loss in d plies -(1 - d/100); a draw
// -risk_weight times the share of the side to move's actions that lose the draw (error_share, perfect_agent.h):
// a drawn position where most moves lose is worse to face, so that among drawn moves the agent prefers those
// that leave the opponent the most chances to go wrong (perfect's "ultra-strong" rule, learned).
float value_target(const Solution& solution, const Board& board, double risk_weight);
// The result a network value stands for: a win above 1/3, a loss below -1/3, else a draw.
int8_t predicted_result(double value);

}  // namespace pg::morris
