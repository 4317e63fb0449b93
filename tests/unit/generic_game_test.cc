// The suite every registered game runs (as OpenSpiel's generic tests):
// random playouts to the end, legality, the JSON round trip, and exact replay.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/registry.h"

namespace pg {
namespace {

class EveryGame : public ::testing::TestWithParam<std::string> {};

// 200 random playouts to the end, each step's legal actions checked; in the first 40, every legal action of
// every step is also applied both ways and named, and every state round-trips through JSON (the deep check is
// what takes the time: under the sanitizers Morris's playouts take 12 s so, 69 s with all 200 checked deeply).
constexpr uint64_t kPlayouts = 200, kDeeplyCheckedPlayouts = 40;

TEST_P(EveryGame, RandomPlayoutsAreLegalToTheEndAndRoundTripThroughJson) {
  const auto game = make_game(GetParam());
  for (uint64_t seed = 0; seed < kPlayouts; ++seed) {
    const bool deep = seed < kDeeplyCheckedPlayouts;
    auto state = game->initial_state(seed);
    Rng rng(seed);
    int steps = 0;
    std::vector<Action> reused = {99, 98};  // stale contents must be cleared
    while (!state->is_terminal()) {
      const auto legal = state->legal_actions();
      ASSERT_FALSE(legal.empty()) << "no legal action in a live state:\n" << state->to_text();
      ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
      // Inside the game's fixed action range (the Python environments index their action spaces by it).
      const ActionRange range = game->action_range();
      ASSERT_GE(legal.front(), range.first) << state->to_text();
      ASSERT_LT(legal.back(), range.first + range.count) << state->to_text();
      ASSERT_GE(state->current_player(), 0);
      ASSERT_LT(state->current_player(), state->num_players());
      // The list into a reused vector is the same list.
      state->legal_actions(reused);
      ASSERT_EQ(reused, legal);
      if (!deep) {
        state->apply(legal[rng.below(uint32_t(legal.size()))]);
        ASSERT_LT(++steps, 100000) << "the game does not end";
        continue;
      }
      // Every legal action applies cleanly and is found by its name; the hot
      // path (apply) and the recorder's path (apply_with_details) agree on
      // the state reached and the rewards.
      for (Action a : legal) {
        auto recorded = state->clone();
        auto fast = state->clone();
        const Transition t = recorded->apply_with_details(a);
        ASSERT_NO_THROW(game->describe_events(t.events)) << "the events of action " << a << ": " << t.events.dump();
        const Rewards r = fast->apply(a);
        ASSERT_EQ(t.rewards.size(), size_t(state->num_players()));
        ASSERT_EQ(fast->to_json(), recorded->to_json()) << "action " << a << " from\n" << state->to_text();
        for (int p = 0; p < state->num_players(); ++p) ASSERT_EQ(r[p], t.rewards[size_t(p)]) << "player " << p;
        for (int p = state->num_players(); p < kMaxPlayers; ++p) ASSERT_EQ(r[p], 0.0);
        ASSERT_EQ(state->parse_action(state->action_name(a)), a);
      }
      // The JSON form round-trips exactly.
      const Json j = state->to_json();
      ASSERT_EQ(game->state_from_json(j)->to_json(), j);
      ASSERT_FALSE(state->to_text().empty());
      ASSERT_FALSE(state->observation().empty());
      // The optional network observation: a shape and an encoding together, every value written.
      const State::ObservationTensor tensor = state->observation_tensor();
      ASSERT_EQ(tensor.encoding.empty(), tensor.shape.empty());
      if (!tensor.shape.empty()) {
        std::vector<float> obs(tensor.size(), std::numeric_limits<float>::quiet_NaN());
        state->fill_observation(obs);
        for (float v : obs) ASSERT_TRUE(std::isfinite(v));
      }
      state->apply(legal[rng.below(uint32_t(legal.size()))]);
      ASSERT_LT(++steps, 100000) << "the game does not end";
    }
    EXPECT_TRUE(state->legal_actions().empty());
    EXPECT_EQ(game->state_from_json(state->to_json())->to_json(), state->to_json());
  }
}

TEST_P(EveryGame, ReplayOfTheTraceReproducesTheEpisode) {
  const auto game = make_game(GetParam());
  for (uint64_t seed = 1; seed < 30; ++seed) {
    Episode episode(game, seed);
    std::vector<std::string> actions;
    for (size_t t = 0; !episode.state().is_terminal(); ++t) {
      auto agent = make_agent(*game, "random");
      Rng rng = episode.decision_rng(t);
      const Decision d = agent->decide(episode.state(), rng);
      actions.push_back(episode.state().action_name(d.chosen));
      episode.play(d.chosen, "random", d);
    }
    const Json trace = episode.to_trace({"random", "random"});
    // Export/import: the same trace again.
    EXPECT_EQ(Episode::from_trace(trace).to_trace({"random", "random"}), trace);
    // Replaying the action names gives the same states.
    const Episode replayed = replay_actions(game, seed, actions);
    ASSERT_EQ(replayed.length(), episode.length());
    for (size_t t = 0; t <= episode.length(); ++t)
      ASSERT_EQ(replayed.state_at(t).to_json(), episode.state_at(t).to_json());
    // Serialised and parsed again as text, too.
    EXPECT_EQ(Episode::from_trace(Json::parse(trace.dump())).to_trace({"random", "random"}), trace);
  }
}

TEST_P(EveryGame, HasAtMostMaxPlayers) {
  const auto game = make_game(GetParam());
  EXPECT_GE(game->num_players(), 1);
  EXPECT_LE(game->num_players(), kMaxPlayers);
  EXPECT_EQ(game->initial_state(1)->num_players(), game->num_players());
}

TEST_P(EveryGame, DefaultAgentsExistAndDecideLegally) {
  const auto game = make_game(GetParam());
  auto state = game->initial_state(5);
  for (const auto& spec : game->default_agents()) {
    auto agent = make_agent(*game, spec);
    EXPECT_EQ(agent->spec(), spec);
    Rng rng(5);
    const Decision d = agent->decide(*state, rng);
    EXPECT_TRUE(state->is_legal(d.chosen));
    double total = 0;
    for (double p : d.probabilities) total += p;
    EXPECT_NEAR(total, 1.0, 1e-9);
    EXPECT_EQ(d.actions, state->legal_actions());
  }
  for (const auto& info : game->agents()) EXPECT_NO_THROW(make_agent(*game, info.spec));
}

// Every game names the places an agent may draw on (engine/core/drawing.h), each once, and a drawing over all of
// them survives a trace's round trip.
TEST_P(EveryGame, NamesItsPlacesOnceAndDrawingsOverThemRoundTrip) {
  const auto game = make_game(GetParam());
  const auto state = game->initial_state(3);
  const std::vector<std::string> names = state->place_names();
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  Json heat = Json::object();
  for (size_t i = 0; i < names.size(); ++i) heat[names[i]] = double(i) - 2.0;
  const Json drawings =
      Json::array({Json{{"mark", names.front()}, {"text", "here"}, {"weight", -0.5}},
                   Json{{"arrow", Json::array({names.front(), names.back()})}}, Json{{"heat", heat}}});
  Rng rng(3);
  Decision d = make_agent(*game, "random")->decide(*state, rng);
  d.drawings = drawings_from_json(drawings, *state, "drawings");
  EXPECT_EQ(d.to_json(*state)["drawings"], drawings);
  EXPECT_EQ(Decision::from_json(d.to_json(*state), *state).to_json(*state), d.to_json(*state));
}

std::vector<std::string> registered_games() {
  std::vector<std::string> names;
  for (const auto& entry : game_registry()) names.push_back(entry.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryGame, ::testing::ValuesIn(registered_games()),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
// The step log's words for a step come from the game (Game::describe_events).
TEST(StepEvents, EachGameTellsWhatHappenedInWords) {
  auto kalah = make_game("mancala")->initial_state(1);
  EXPECT_EQ(make_game("mancala")->describe_events(kalah->apply_with_details(kalah->parse_action("3")).events),
            "extra turn; ");  // four stones from pit 3: the last lands in the store
  const auto binary = make_game("binary");
  auto grid = binary->initial_state(1);
  const std::string words = binary->describe_events(grid->apply_with_details(grid->legal_actions().front()).events);
  EXPECT_EQ(words.rfind("row ", 0), 0u) << words;
  const auto sokoban = make_game("sokoban");
  auto level = sokoban->initial_state(1);
  std::string any;
  for (Action a : level->legal_actions()) any += sokoban->describe_events(level->clone()->apply_with_details(a).events);
  EXPECT_FALSE(any.empty()) << "each move bumps, walks or pushes, and its reward terms are told";
}

}  // namespace pg
