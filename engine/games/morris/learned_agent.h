// The `learned` agent: a small value network trained on the exact values of
// the solved game (playground morris train-value, docs/experiments/morris.md), searched
// one or two turns deep. It never reads the exact table: the network is all
// it knows.
//
// The network values a position between turns (no removal pending) for the
// side to move: about +1 a win (less the longer it takes), 0 a draw, about -1
// a loss. Its input (encoding "morris-position-v1", 36 floats): the side to
// move's points a..p (1 or 0), the other side's points, the pieces each has
// in hand / 5, and whether each flies (3 pieces, all placed).
//
// The search (negamax over the engine's own Board): a turn is a placement or
// a move and, when it closes a mill, the removal the same side then chooses
// (its best one). At the horizon the network values the position; a side that
// has lost by the rules (fewer than 3 pieces, no legal move) is -1 exactly; a
// move that repeats a position a third time (when the rules have threefold
// repetition) is a draw, 0. A removal at the root is a decision of its own:
// each removal is searched like a turn. Three ways to choose:
// - learned:1  the action whose position after it the network values most
//              (one turn). The network learned to value a drawn position
//              worse the more of its moves lose the draw, so among drawing
//              actions this one leaves the opponent the most ways to go wrong.
// - learned:2  the best after the opponent's best reply and our best turn
//              after it (two turns): safer, but it no longer sees the
//              opponent's chances to go wrong (the horizon is our own turn).
// - learned    (the default) learned:1's choice among the actions whose
//              two-turn search foresees the best result (a win above 1/3, a
//              loss below -1/3, else a draw): the one-turn value, with the
//              reply checked.
// Ties are drawn at random.
#pragma once

#include <memory>
#include <span>

#include "engine/core/agent.h"
#include "engine/games/morris/board.h"
#include "engine/games/morris/morris_game.h"
#include "engine/nn/network.h"

namespace pg::morris {

// The shipped network, under policies/ (playground morris train-value --out policies/morris/value.policy).
inline constexpr const char* kShippedValueNetwork = "morris/value.policy";
inline constexpr const char* kPositionEncoding = "morris-position-v1";
constexpr int kPositionFeatures = 2 * kNumPoints + 4;

// The network's input for `board` (between turns), from the side to move.
void encode_position(const Board& board, std::span<float> out);

class LearnedAgent : public Agent {
 public:
  enum class Mode { kOneTurn, kTwoTurns, kChecked };
  LearnedAgent(std::shared_ptr<const nn::Network> network, Mode mode);
  std::string spec() const override;
  // scores: each action's value (one turn; two turns for learned:2); note: the actions the check left out.
  Decision decide(const State& state, Rng& rng) override;
  // The network's value of a position between turns for its side to move (exact -1 when it has lost).
  double evaluate(const Board& board);

 private:
  // The value of `board` for its side to move, `turns` turns deep.
  double search(const Board& board, int turns);
  // The value of `action` for the side deciding, `turns` turns deep (its own included).
  double action_value(const MorrisState& state, int action, int turns);
  nn::Network network_;
  Mode mode_;
};

// The shipped network, read once (throws PolicyUnavailable while it loads, InputError if refused).
std::shared_ptr<const nn::Network> shipped_value_network();
// Reads a value network file for the learned agent; throws InputError naming `source` when it does not fit.
nn::Network read_value_network(std::string_view bytes, const std::string& source);

}  // namespace pg::morris
