// Beyond TD: search-bootstrapped training of the n-tuple value (RootStrap,
// Veness, Silver, Uther and Blair 2009). TD moves a position toward the next
// one's value; here every position a game passes through moves toward what a
// deeper search finds from it: ThetaGreedy's alpha-beta `target_depth` plies
// with the current value at the leaves and the result (+1 / 0 / -1) at a
// decided end, clamped to [-1, 1]. Where few stones are left in the pits
// (at most `exact_stones`) the target is exact instead: the sign of the
// solver's final store difference (solver.h, its endgame database). So a
// shallow search with the value sees what the deeper search would.
//
// Training starts from a given value (the shipped TD weights). Each game
// seats the learner (moves by its value searched `play_depth` plies,
// epsilon-greedy, after 0..`random_plies` random opening moves) against an
// opponent drawn per game: itself, or Greedy 1..5 ("pool", one in six each),
// itself only ("self") or one Greedy depth ("greedy:K"). Both sides'
// positions are trained on; the search targets do not depend on the moves
// played, so a random move cuts nothing. With `result_weight` w > 0 the
// target is (1 - w) * that target + w * the game's result for the mover: what
// play against this opponent actually led to.
//
// With `tree_depth` d > 0 (after TreeStrap, the same paper) the positions 1..d
// plies below each position of the game are trained too, each toward its own
// target: a search `play_depth` deep decides by such positions, including the
// ones its moves lead away from, which the games themselves seldom visit.
//
// With `margin_scale` m > 0 a decided end (in the search or by the solver)
// is worth (1 - w) * its result + w * tanh(final store difference / m), w =
// `margin_weight`, instead of its result alone: a value trained on results
// alone cannot tell a win by 28 from a win by 2, so a 2-ply search drifts
// toward narrow wins, which its errors then turn into draws.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/core/json.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/ntuple_value.h"

namespace pg::mancala {

struct NTupleBootstrap {
  long games = 100'000;
  double alpha = 0.0005;  // per table entry; a position sums 16 entries
  int alpha_halvings = 2;
  double epsilon = 0.05;
  int play_depth = 2;
  int target_depth = 4;
  int exact_stones = 12;  // 0: no exact targets
  int random_plies = 4;
  std::string opponents = "pool";  // "pool", "self" or "greedy:K" (always Greedy K)
  int learner_seat = -1;           // 0 or 1: the learner always moves first / second; -1: drawn per game
  double result_weight = 0;        // the target mixes in the game's own result (Monte Carlo) this much
  int tree_depth = 0;              // also train the positions 1..tree_depth plies below each one
  double margin_scale = 0;         // > 0: a decided end's target also counts its store difference
  double margin_weight = 1;        // how much: tanh(difference / margin_scale) has this weight, the result the rest
  uint64_t seed = 1;

  Json to_json() const;
};

// A decided game's target for player 0: its result (+1 / 0 / -1), or with
// margin_scale > 0 (1 - weight) * result + weight * tanh(final store difference / margin_scale).
double end_target(int store_difference, double margin_scale, double margin_weight = 1);

// The search target for the player to move of a board that is not over, in [-1, 1].
double searched_target(const Board& board, const Rules& rules, const NTupleValue& value, int depth,
                       double margin_scale = 0, double margin_weight = 1);

class Solver;
// A position's target for its mover: the solver's result (+1 / 0 / -1) when
// `exact` is given, the pits hold at most `exact_stones` and it settles the
// position within its budget, else searched_target.
double position_target(const Board& board, const Rules& rules, const NTupleValue& value, int depth, Solver* exact,
                       int exact_stones, double margin_scale = 0, double margin_weight = 1);

// One step of `alpha` (per entry) moving the mover's value of `board` toward `target`.
void move_toward(NTupleValue& value, const Board& board, double target, double alpha);

// Trains `start` under `rules`. `progress(games_done, value)` every `report_every` games.
NTupleValue bootstrap_ntuple(const Rules& rules, const NTupleBootstrap& settings, NTupleValue start,
                             const std::function<void(long, const NTupleValue&)>& progress = nullptr,
                             long report_every = 1'000);

}  // namespace pg::mancala
