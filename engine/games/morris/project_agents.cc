#include "engine/games/morris/project_agents.h"

#include "engine/core/error.h"
#include "engine/core/policy_cache.h"
#include "engine/games/morris/bonus_agent.h"
#include "engine/games/morris/morris_game.h"
#include "engine/nn/policy_file.h"

namespace pg::morris {

std::string genius_network_file(int stage) { return std::string("morris/genius_") + stage_name(stage) + ".policy"; }

void encode_board(SidePieces s, std::span<float> out) {
  for (int p = 0; p < kNumPoints; ++p) out[size_t(p)] = (s.agent & bit(p)) ? 1.0f : (s.player & bit(p)) ? -1.0f : 0.0f;
}

Decision ProjectAgent::decide(const State& state, Rng& rng) {
  const Board& board = dynamic_cast<const MorrisState&>(state).board();
  const int me = board.to_move;
  const bool placement = board.placement_phase();
  std::vector<Action> actions;
  std::vector<double> scores;
  size_t best = 0;
  board.for_each_legal([&](int a) {
    Board after = board;
    after.apply(a);
    const SidePieces s = sides_of(after, me);
    actions.push_back(a);
    scores.push_back(value(stage_of(s, placement), s, board.pending_removal) + action_bonus(board, a));
    if (scores.back() > scores[best]) best = scores.size() - 1;
  });
  Decision d = uniform_over(actions, {actions[best]}, rng);
  d.scores = std::move(scores);
  d.score_label =
      spec() + ": the value of the board after (" + value_meaning() + "), +200 closes a mill, +100 blocks one";
  d.note = action_to_string(actions[best]) + " scores best";
  return d;
}

double SmartAgent::value(int stage, SidePieces pieces, bool removal) {
  const double unseen = stage == kStagePlace || removal ? 0.0 : -1.0;
  return tables_->find(stage, stage_key(pieces)).value_or(unseen);
}

GeniusAgent::GeniusAgent(const std::array<std::shared_ptr<const nn::Network>, kNumStages>& nets)
    : nets_{*nets[0], *nets[1], *nets[2], *nets[3], *nets[4]} {}

double GeniusAgent::value(int stage, SidePieces pieces, bool) {
  nn::Network& net = nets_[size_t(stage)];
  encode_board(pieces, net.input());
  return double(net.forward()[0]);
}

// What was read from a file, kept with the file's bytes (a --policy override or the page's new copy is read anew).
std::shared_ptr<const StageTables> shipped_stage_tables() {
  static PolicyCache<StageTables> cache(PolicyCache<StageTables>::by_path, StageTables::deserialize);
  return cache.require(kShippedStageTables);
}

std::array<std::shared_ptr<const nn::Network>, kNumStages> shipped_genius_networks() {
  static PolicyCache<nn::Network> cache(
      PolicyCache<nn::Network>::by_path, [](const std::string& bytes, const std::string& path) {
        const nn::Policy p = nn::read_policy(bytes, {.source = path,
                                                     .game = "morris",
                                                     .kind = "value-network",
                                                     .encoding = kGeniusEncoding,
                                                     .observation_shape = nn::Shape{kNumPoints}});
        return nn::Network(p, path);
      });
  std::array<std::shared_ptr<const nn::Network>, kNumStages> nets;
  for (int stage = 0; stage < kNumStages; ++stage) nets[size_t(stage)] = cache.require(genius_network_file(stage));
  return nets;
}

std::unique_ptr<Agent> make_project_agent(const Game&, std::string_view spec) {
  const auto [name, arg] = split_spec(spec);
  if (name != "smart" && name != "genius") return nullptr;
  if (!arg.empty()) throw InputError("agent '" + std::string(spec) + "'", "'" + name + "' takes no parameter");
  if (name == "smart") return std::make_unique<SmartAgent>(shipped_stage_tables());
  return std::make_unique<GeniusAgent>(shipped_genius_networks());
}

}  // namespace pg::morris
