#include "engine/games/morris/seed_agents.h"

#include "engine/core/policy_store.h"
#include "engine/games/morris/bonus_agent.h"
#include "engine/games/morris/morris_game.h"
#include "engine/nn/policy_file.h"

namespace pg::morris {

std::string genius_network_file(int stage) { return std::string("morris/genius_") + stage_name(stage) + ".policy"; }

void encode_board(SidePieces s, std::span<float> out) {
  for (int p = 0; p < kNumPoints; ++p) out[size_t(p)] = (s.agent & bit(p)) ? 1.0f : (s.player & bit(p)) ? -1.0f : 0.0f;
}

namespace {

// Each legal action's value and score (value + bonus), and the first maximum.
struct SeedScores {
  std::vector<int> actions;
  std::vector<double> values, scores;
  size_t best = 0;
};

// `value(stage, pieces, removal)` gives the value of a board after an action, seen from the deciding side.
template <typename Value>
SeedScores seed_scores(const Board& board, Value&& value) {
  SeedScores r;
  const int me = board.to_move;
  const bool placement = board.placement_phase();
  board.for_each_legal([&](int a) {
    Board after = board;
    after.apply(a);
    const SidePieces s = sides_of(after, me);
    const double v = value(stage_of(s, placement), s, board.pending_removal);
    r.actions.push_back(a);
    r.values.push_back(v);
    r.scores.push_back(v + action_bonus(board, a));
    if (r.scores.back() > r.scores[r.best]) r.best = r.scores.size() - 1;
  });
  return r;
}

Decision seed_decision(const std::vector<Action>& legal, const SeedScores& r, Rng& rng, std::string label) {
  Decision d = uniform_over(legal, {r.actions[r.best]}, rng);
  d.scores = r.scores;
  d.score_label = std::move(label);
  d.debug = {{"value of the best", r.values[r.best]}, {"bonus of the best", r.scores[r.best] - r.values[r.best]}};
  d.note = action_to_string(r.actions[r.best]) + " scores best (" + std::to_string(r.scores[r.best]) + ")";
  return d;
}

}  // namespace

Decision SmartAgent::decide(const State& state, Rng& rng) {
  const auto& s = dynamic_cast<const MorrisState&>(state);
  const SeedScores r = seed_scores(s.board(), [&](int stage, SidePieces p, bool removal) {
    const double unseen = stage == kStagePlace || removal ? 0.0 : -1.0;
    return tables_->find(stage, stage_key(p)).value_or(unseen);
  });
  return seed_decision(s.legal_actions(), r, rng,
                       "smart: the stage table's mean score (0..100) of the board after, +200 closes a mill, +100 "
                       "blocks one");
}

GeniusAgent::GeniusAgent(const std::array<std::shared_ptr<const nn::Network>, kNumStages>& nets)
    : nets_{*nets[0], *nets[1], *nets[2], *nets[3], *nets[4]} {}

Decision GeniusAgent::decide(const State& state, Rng& rng) {
  const auto& s = dynamic_cast<const MorrisState&>(state);
  const SeedScores r = seed_scores(s.board(), [&](int stage, SidePieces p, bool) {
    nn::Network& net = nets_[size_t(stage)];
    encode_board(p, net.input());
    return double(net.forward()[0]);
  });
  return seed_decision(s.legal_actions(), r, rng,
                       "genius: the stage network's ln(score) of the board after, +200 closes a mill, +100 blocks "
                       "one");
}

// What was read from a file, kept with the file's bytes (a --policy override or the page's new copy is read anew).
template <typename T>
struct ReadOnce {
  std::shared_ptr<const std::string> bytes;
  std::shared_ptr<const T> value;
};

std::shared_ptr<const StageTables> shipped_stage_tables() {
  static ReadOnce<StageTables> cache;
  const auto bytes = require_policy_file(kShippedStageTables);
  if (cache.bytes != bytes)
    cache = {bytes, std::make_shared<const StageTables>(StageTables::deserialize(*bytes, kShippedStageTables))};
  return cache.value;
}

std::array<std::shared_ptr<const nn::Network>, kNumStages> shipped_genius_networks() {
  static std::array<ReadOnce<nn::Network>, kNumStages> cache;
  std::array<std::shared_ptr<const nn::Network>, kNumStages> nets;
  for (int stage = 0; stage < kNumStages; ++stage) {
    const std::string path = genius_network_file(stage);
    const auto bytes = require_policy_file(path);
    auto& c = cache[size_t(stage)];
    if (c.bytes != bytes) {
      const nn::Policy p = nn::read_policy(*bytes, {.source = path,
                                                    .game = "morris",
                                                    .kind = "value-network",
                                                    .encoding = kGeniusEncoding,
                                                    .observation_shape = nn::Shape{kNumPoints}});
      c = {bytes, std::make_shared<const nn::Network>(p, path)};
    }
    nets[size_t(stage)] = c.value;
  }
  return nets;
}

}  // namespace pg::morris
