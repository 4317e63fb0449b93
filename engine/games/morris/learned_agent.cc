#include "engine/games/morris/learned_agent.h"

#include <algorithm>
#include <cstdio>

#include "engine/core/policy_cache.h"
#include "engine/games/morris/morris_game.h"
#include "engine/games/morris/value_samples.h"
#include "engine/nn/policy_file.h"

namespace pg::morris {

void encode_position(const Board& b, std::span<float> out) {
  const int me = b.to_move, other = 1 - me;
  for (int p = 0; p < kNumPoints; ++p) {
    out[size_t(p)] = (b.pieces[size_t(me)] & bit(p)) ? 1.0f : 0.0f;
    out[size_t(kNumPoints + p)] = (b.pieces[size_t(other)] & bit(p)) ? 1.0f : 0.0f;
  }
  out[2 * kNumPoints] = float(b.in_hand[size_t(me)]) / kPiecesPerSide;
  out[2 * kNumPoints + 1] = float(b.in_hand[size_t(other)]) / kPiecesPerSide;
  out[2 * kNumPoints + 2] = b.flying(me) ? 1.0f : 0.0f;
  out[2 * kNumPoints + 3] = b.flying(other) ? 1.0f : 0.0f;
}

LearnedAgent::LearnedAgent(std::shared_ptr<const nn::Network> network, Mode mode) : network_(*network), mode_(mode) {}

std::string LearnedAgent::spec() const {
  return mode_ == Mode::kChecked ? "learned" : mode_ == Mode::kOneTurn ? "learned:1" : "learned:2";
}

double LearnedAgent::evaluate(const Board& board) {
  if (board.loser() == board.to_move) return -1;
  encode_position(board, network_.input());
  return double(network_.forward()[0]);
}

double LearnedAgent::search(const Board& board, int turns) {
  if (turns == 0 || board.loser() == board.to_move) return evaluate(board);
  double best = -2;
  board.for_each_legal([&](int a) {
    Board after = board;
    if (after.apply(a)) {
      best = std::max(best, -search(after, turns - 1));
      return;
    }
    // A mill closed: the same side removes, its best removal.
    after.for_each_legal([&](int r) {
      Board removed = after;
      removed.apply(r);
      best = std::max(best, -search(removed, turns - 1));
    });
  });
  return best;
}

double LearnedAgent::action_value(const MorrisState& state, int action, int turns) {
  const Board& board = state.board();
  Board after = board;
  // A mill closed: the best removal (decided on its own at the next decision).
  if (!after.apply(action)) return search(after, turns);
  if (action_kind(action) == ActionKind::kMove && state.rules().threefold_repetition) {
    // Would the position after the move occur a third time? Then the game is drawn there. The history's last
    // entry, and every second one before it, had the other side to move, as `after` has.
    int seen = 0;
    for (int i = state.history_length() - 1; i >= 0; i -= 2) seen += state.history()[i] == after.key();
    if (seen >= 2) return 0;
  }
  return -search(after, turns - 1);
}

Decision LearnedAgent::decide(const State& state, Rng& rng) {
  const auto& ms = dynamic_cast<const MorrisState&>(state);
  std::vector<Action> actions;
  std::vector<double> scores, checks;
  ms.board().for_each_legal([&](int a) {
    actions.push_back(a);
    scores.push_back(action_value(ms, a, mode_ == Mode::kTwoTurns ? 2 : 1));
    if (mode_ == Mode::kChecked) checks.push_back(action_value(ms, a, 2));
  });
  // The checked agent plays among the actions whose two-turn search foresees the best result (win, draw, loss).
  int8_t best_result = Outcome::kLoss;
  for (double c : checks) best_result = std::max(best_result, predicted_result(c));
  double top = -3;
  std::vector<Action> best;
  for (size_t i = 0; i < actions.size(); ++i) {
    if (!checks.empty() && predicted_result(checks[i]) != best_result) continue;
    if (scores[i] > top) best.clear(), top = scores[i];
    if (scores[i] == top) best.push_back(actions[i]);
  }
  Decision d = uniform_over(actions, best, rng);
  d.value = top;
  d.score_label =
      "the value network's (morris/value.policy) value for the side deciding after the action, about +1 "
      "a win, 0 a draw, -1 a loss";
  char note[120];
  std::snprintf(note, sizeof note, "%s: %+.3f", action_to_string(d.chosen).c_str(), top);
  d.note = note;
  if (mode_ == Mode::kTwoTurns) d.score_label += ", after the best reply and our best turn after it";
  if (mode_ == Mode::kChecked) {
    d.score_label += " (one turn); played: the best of those whose two-turn search foresees the best result";
    int left_out = 0;
    for (double c : checks) left_out += predicted_result(c) != best_result;
    if (left_out > 0) {
      std::snprintf(note, sizeof note, "; %d left out: their two-turn search foresees a worse result", left_out);
      d.note += note;
    }
  }
  d.scores = std::move(scores);
  return d;
}

nn::Network read_value_network(std::string_view bytes, const std::string& source) {
  const nn::Policy p = nn::read_policy(bytes, {.source = source,
                                               .game = "morris",
                                               .kind = "value-network",
                                               .encoding = kPositionEncoding,
                                               .observation_shape = nn::Shape{kPositionFeatures}});
  return nn::Network(p, source);
}

std::shared_ptr<const nn::Network> shipped_value_network() {
  static PolicyCache<nn::Network> cache(PolicyCache<nn::Network>::by_path, read_value_network);
  return cache.require(kShippedValueNetwork);
}

}  // namespace pg::morris
