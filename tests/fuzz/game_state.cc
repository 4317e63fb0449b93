// A game's state from JSON (Game::state_from_json: traces, the page's state API): the first byte picks the
// registered game (default options), the rest is the JSON text. A state it accepts must be one the rules can
// play: it is printed, observed, written back (and read again to the same JSON), and a few legal actions are
// applied on both paths (apply and apply_with_details), which must agree.
#include <memory>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/registry.h"
#include "tests/fuzz/fuzz_input.h"

namespace {

const std::vector<std::shared_ptr<const pg::Game>>& games() {
  static const auto all = [] {
    std::vector<std::shared_ptr<const pg::Game>> out;
    for (const auto& entry : pg::game_registry()) out.push_back(entry.create(pg::Json::object()));
    return out;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const pg::Game& game = *games()[data[0] % games().size()];
  try {
    const pg::Json json = pg::parse_json_input(pg::fuzz::as_text(data + 1, size - 1), "state");
    std::unique_ptr<pg::State> state = game.state_from_json(json);
    const pg::Json written = state->to_json();
    PG_FUZZ_CHECK(game.state_from_json(written)->to_json() == written);
    // Up to 8 steps, each taking the legal action the next input byte picks.
    size_t pick = 1;
    for (int step = 0; step < 8 && !state->is_terminal(); ++step) {
      (void)state->to_text();
      (void)state->observation();
      const pg::State::ObservationTensor tensor = state->observation_tensor();
      std::vector<float> buffer(tensor.size());
      state->fill_observation(buffer);
      const std::vector<pg::Action> legal = state->legal_actions();
      PG_FUZZ_CHECK(!legal.empty());
      const pg::Action action = legal[(pick < size ? data[pick++] : 0) % legal.size()];
      PG_FUZZ_CHECK(state->parse_action(state->action_name(action)) == action);
      std::unique_ptr<pg::State> fast = state->clone();
      const pg::Rewards rewards = fast->apply(action);
      const pg::Transition transition = state->apply_with_details(action);
      PG_FUZZ_CHECK(fast->to_json() == state->to_json());
      for (int p = 0; p < state->num_players(); ++p) PG_FUZZ_CHECK(rewards[p] == transition.rewards[size_t(p)]);
    }
  } catch (const pg::InputError&) {
  }
  return 0;
}
