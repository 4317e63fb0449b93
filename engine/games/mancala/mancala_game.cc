#include "engine/games/mancala/mancala_game.h"

#include <algorithm>

#include "engine/core/error.h"
#include "engine/games/mancala/features.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/heuristic_agent.h"
#include "engine/games/mancala/ntuple_agent.h"
#include "engine/games/mancala/perfect_agent.h"
#include "engine/games/mancala/theta_agent.h"
#include "engine/nn/network_agent.h"

namespace pg::mancala {

void MancalaState::append_legal_actions(std::vector<Action>& out) const {
  const uint32_t mask = board_.legal_mask();
  for (int i = 0; i < kPitsPerSide; ++i)
    if (mask & (1u << i)) out.push_back(i);
}

Rewards MancalaState::apply_action(Action action, Transition* details) {
  const int mover = board_.to_move;
  Rewards rewards;
  if (!details) {
    board_.sow(action, rules_);
    if (board_.done) rewards = outcome_rewards();
    return rewards;
  }
  std::vector<int> path;
  const MoveReport report = board_.sow(action, rules_, &path);
  if (board_.done) rewards = outcome_rewards();
  details->events = {{events::kMover, mover},
                     {events::kPit, first_pit_of(mover) + action},
                     {events::kSown, path},
                     {events::kLast, report.last_hole},
                     {events::kExtraTurn, report.extra_turn && !report.ended}};
  if (report.capture_pit >= 0)
    details->events[events::kCapture] = {{events::kCapturePit, report.capture_pit},
                                         {events::kOpposite, opposite_pit(report.capture_pit)},
                                         {events::kStones, report.captured}};
  if (report.ended) details->events[events::kSwept] = report.swept;
  return rewards;
}

Rewards MancalaState::outcome_rewards() const {
  // Zero-sum, only at the end: +1 / 0 / -1 from each player's side.
  const int o = board_.outcome();
  Rewards r;
  r[0] = double(o);
  r[1] = double(-o);
  return r;
}

std::string MancalaState::action_name(Action action) const { return std::to_string(action + 1); }

std::vector<float> MancalaState::observation() const {
  // The mover's pits and store, then the opponent's: the same view for both seats.
  const int me = board_.to_move;
  std::vector<float> obs;
  obs.reserve(kNumHoles);
  for (int side : {me, 1 - me}) {
    for (int i = 0; i < kPitsPerSide; ++i) obs.push_back(float(board_.pit(side, i)));
    obs.push_back(float(board_.store(side)));
  }
  return obs;
}

State::ObservationTensor MancalaState::observation_tensor() const { return {kHolesEncoding, {kNumHoles}}; }

void MancalaState::fill_observation(std::span<float> out) const {
  const int me = board_.to_move;
  size_t k = 0;
  for (int side : {me, 1 - me}) {
    for (int i = 0; i < kPitsPerSide; ++i) out[k++] = float(board_.pit(side, i));
    out[k++] = float(board_.store(side));
  }
}

std::vector<State::ObservationTensor> MancalaState::source_encodings() const {
  return {{kReportFeaturesEncoding, {kNumFeatures}}};
}

void MancalaState::fill_source_encoding(size_t /*index*/, std::span<float> out) const {
  const Features phi = features(board_, rules_, FeatureRules{});
  std::transform(phi.begin(), phi.end(), out.begin(), [](double v) { return float(v); });
}

std::string MancalaState::to_text() const { return mancala::to_text(board_); }

// Each side as the page draws and names it: player 0 along the bottom, store on the right; player 1 along the
// top, store on the left; each side's pits numbered 1 to 6 in the direction of sowing.
std::string MancalaState::to_words() const {
  std::string text;
  for (int player = 0; player < 2; ++player) {
    text += player == 0 ? "Player 0 (bottom row, store on the right): " : " Player 1 (top row, store on the left): ";
    for (int i = 0; i < kPitsPerSide; ++i)
      text += "pit " + std::to_string(i + 1) + " " + std::to_string(board_.pit(player, i)) + ", ";
    text += "store " + std::to_string(board_.store(player)) + ".";
  }
  return text;
}

std::vector<std::string> MancalaState::place_names() const {
  std::vector<std::string> names;
  for (int player = 0; player < 2; ++player) {
    const std::string owner = std::to_string(player) + ":";
    for (int i = 0; i < kPitsPerSide; ++i) names.push_back(owner + std::to_string(i + 1));
    names.push_back(owner + "store");
  }
  return names;
}

Json MancalaState::to_json() const {
  Json board = Json::array();
  for (uint8_t h : board_.holes) board.push_back(int(h));
  return {{"board", board}, {"to_move", int(board_.to_move)}, {"done", board_.done}};
}

std::string MancalaGame::title() const { return "Mancala (Kalah 6," + std::to_string(rules_.stones_per_pit) + ")"; }

namespace {

const std::vector<OptionInfo>& option_infos() {
  static const std::vector<OptionInfo> infos = {
      {"stones_per_pit", 4, PG_TEXT("stones in each pit at the start (1 to 10; the report plays 4)")},
      {"capture_empty_opposite", false,
       PG_TEXT("capture the last stone even when the opposite pit is empty (the report's open point)")},
      {"sweep_remaining", true, PG_TEXT("at the end, stones left on a side go to that side's owner")},
      {"early_end", false, PG_TEXT("end the game once a store holds more than half the stones (the report's rule)")},
      {"end_only_when_mover_empty", false,
       PG_TEXT("end only when the player to move has no stones (the report); otherwise when either side is empty")},
  };
  return infos;
}

}  // namespace

Rules rules_from_options(const Json& options) {
  if (!options.is_object()) throw InputError("options", "expected a JSON object");
  reject_unknown_options(options, option_infos());
  Rules r;
  r.stones_per_pit = int_option(options, "stones_per_pit", r.stones_per_pit, 1, kMaxStonesPerPit);
  r.capture_empty_opposite = bool_option(options, "capture_empty_opposite", r.capture_empty_opposite);
  r.sweep_remaining = bool_option(options, "sweep_remaining", r.sweep_remaining);
  r.early_end = bool_option(options, "early_end", r.early_end);
  r.end_only_when_mover_empty = bool_option(options, "end_only_when_mover_empty", r.end_only_when_mover_empty);
  return r;
}

Json MancalaGame::options() const {
  return {{"stones_per_pit", rules_.stones_per_pit},
          {"capture_empty_opposite", rules_.capture_empty_opposite},
          {"sweep_remaining", rules_.sweep_remaining},
          {"early_end", rules_.early_end},
          {"end_only_when_mover_empty", rules_.end_only_when_mover_empty}};
}

std::unique_ptr<State> MancalaGame::initial_state(uint64_t /*seed: Kalah has no chance*/) const {
  return std::make_unique<MancalaState>(Board::initial(rules_), rules_);
}

std::unique_ptr<State> MancalaGame::state_from_json(const Json& j) const {
  if (!j.is_object()) throw InputError("state", "expected a JSON object");
  if (!j.contains("board") || !j["board"].is_array() || j["board"].size() != kNumHoles)
    throw InputError("state.board", "expected an array of " + std::to_string(kNumHoles) + " counts");
  Board b;
  for (size_t i = 0; i < kNumHoles; ++i) {
    const Json& v = j["board"][i];
    if (!v.is_number_integer() || v.get<int>() < 0 || v.get<int>() > 255)
      throw InputError("state.board[" + std::to_string(i) + "]", "expected a count from 0 to 255");
    b.holes[i] = uint8_t(v.get<int>());
  }
  if (!j.contains("to_move") || !j["to_move"].is_number_integer() || j["to_move"].get<int>() < 0 ||
      j["to_move"].get<int>() > 1)
    throw InputError("state.to_move", "expected 0 or 1");
  b.to_move = uint8_t(j["to_move"].get<int>());
  if (!j.contains("done") || !j["done"].is_boolean()) throw InputError("state.done", "expected true or false");
  b.done = j["done"].get<bool>();
  if (!b.done && b.side_stones(b.to_move) == 0)
    throw InputError("state.done", "the player to move has no stones, so the game must be over");
  return std::make_unique<MancalaState>(b, rules_);
}

std::unique_ptr<Agent> MancalaGame::make_agent(std::string_view spec) const {
  const auto [name, arg] = split_spec(spec);
  if (name == "greedy") {
    return std::make_unique<GreedyAgent>(arg.empty() ? 1 : parse_int_param(spec, arg, 1, GreedyAgent::kMaxDepth));
  }
  if (name == "theta") return make_theta_agent(spec);
  if (name == "ntuple") return make_ntuple_agent(spec, rules_);
  if (name == "perfect") {
    return make_perfect_agent(*this, spec);
  }
  if (name == "network") {
    const double temperature = arg.empty() ? 0.0 : nn::parse_temperature(spec, arg);
    // Natively read from policies/ (or what was provided under this path); in the page, fetched when asked.
    return nn::make_network_agent("network", kNetworkPolicyFile,
                                  {.source = kNetworkPolicyFile,
                                   .game = "mancala",
                                   .kind = "",
                                   .encoding = kHolesEncoding,
                                   .observation_shape = nn::Shape{kNumHoles}},
                                  temperature);
  }
  if (name == "heuristic") {
    if (!arg.empty()) throw InputError("agent '" + std::string(spec) + "'", "'heuristic' takes no parameter");
    return std::make_unique<HeuristicAgent>(rules_);
  }
  return nullptr;
}

std::vector<AgentInfo> MancalaGame::agents() const {
  // In the order of the report's tables: Heuristic, then Greedy 1..5.
  std::vector<AgentInfo> infos = {
      {"heuristic",
       PG_TEXT("the report's Heuristic: longest extra-turn chain, then biggest store gain, else the pit nearest "
               "the store (deterministic)")}};
  for (int d = 1; d <= GreedyAgent::kMaxDepth; ++d)
    infos.push_back(
        {"greedy:" + std::to_string(d), "the report's Greedy: alpha-beta minimax on the store difference, " +
                                            std::to_string(d) + " plies; ties drawn at random"});
  for (int d = 1; d <= ThetaAgent::kMaxDepth; ++d)
    infos.push_back({"theta:" + std::to_string(d),
                     "the report's ThetaGreedy with weights learned here by its method (TD(0) self-play): the same "
                     "search, " +
                         std::to_string(d) +
                         " plies, with the learned value of the report's 40 features at "
                         "the leaves"});
  infos.push_back({"theta:5:seed", PG_TEXT("ThetaGreedy, 5 plies, with the report's printed weights")});
  infos.push_back({"theta:5:pool",
                   PG_TEXT("ThetaGreedy, 5 plies, weights learned by TD(0) against a pool of opponents (Greedy 1..5, "
                           "Heuristic, itself)")});
  for (int d : {2, 5})
    infos.push_back(
        {"ntuple:" + std::to_string(d),
         "beyond the report: the same search, " + std::to_string(d) +
             " plies, with an n-tuple network's value at the leaves (lookup tables on pairs and "
             "triples of pits and the stores: TD(lambda) self-play, then, except under the report's reading, "
             "TreeStrap toward deeper searches and exact endgames, averaged with a run that also "
             "values a win by its margin)"});
  infos.push_back({"ntuple:5:ntuple_standard",
                   PG_TEXT("the n-tuple player, 5 plies, with the TD(lambda) self-play value alone (the first of "
                           "the default's stages)")});
  infos.push_back({"ntuple:5:ntuple_treestrap",
                   PG_TEXT("the n-tuple player, 5 plies, with the TreeStrap value alone (one of the two runs the "
                           "default averages)")});
  infos.push_back({"ntuple:5:ntuple_bootstrap",
                   PG_TEXT("the n-tuple player, 5 plies, with the value retrained from the default's toward deeper "
                           "searches and exact endgames (train-ntuple --method bootstrap; standard rules): stronger "
                           "moving second against Greedy 5, weaker at 2 plies")});
  infos.push_back(
      {"network", PG_TEXT("a PyTorch policy network trained against random play by examples/python/train_kalah.py "
                          "(REINFORCE) and exported to mancala/network.policy: greedy on its logits (network:T "
                          "samples at temperature T)")});
  infos.push_back(
      {"perfect", "the exact solver's move where it settles the position within " +
                      std::to_string(PerfectAgent::kDefaultKilonodes) +
                      "k positions (perfect:K for K thousand): equal odds on the moves that keep the value; "
                      "elsewhere it declines and waits for a move"});
  return infos;
}

GameEntry registry_entry() {
  return {
      kInfo.name,
      kInfo.title,
      PG_TEXT("Two rows of six pits: sow stones counter-clockwise, land in your store for an extra turn, capture "
              "from an empty pit."),
      PG_TEXT("Each player owns the six pits on their side and the store to their right. On your turn, take all the "
              "stones from one of your pits and sow them one by one counter-clockwise into the following pits and your "
              "own store (never the opponent's). If the last stone lands in your store, you move again. If it lands in "
              "one of your empty pits and the pit opposite holds stones, you capture both into your store. When one "
              "side has no stones left, the game ends; the stones left on a side go to its owner, and the larger "
              "store wins. Pits are named 1 to 6 from the mover's left."),
      option_infos(),
      [](const Json& options) -> std::shared_ptr<const Game> {
        return std::make_shared<MancalaGame>(rules_from_options(options));
      }};
}

std::string MancalaGame::describe_events(const Json& events) const {
  std::string out;
  if (events.value(events::kExtraTurn, false)) out += "extra turn; ";
  if (events.contains(events::kCapture))
    out += "captured " + std::to_string(events[events::kCapture][events::kStones].get<int>()) + "; ";
  if (events.contains(events::kSwept)) out += "game over, swept " + events[events::kSwept].dump() + "; ";
  return out;
}

}  // namespace pg::mancala
