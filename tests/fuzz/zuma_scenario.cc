// A Zuma scenario as the page's scenario editor and the CLI's --scenario read it (parse_scenario_text): a
// scenario or a bare model dict, as JSON or as the homework's Python literal. An accepted scenario writes to
// JSON that reads back to the same scenario, and a game built from it plays a few steps.
#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "engine/games/zuma/scenario.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = pg::fuzz::as_text(data, size);
  try {
    const pg::zuma::Scenario scenario = pg::zuma::parse_scenario_text(text, pg::zuma::default_scenario());
    const pg::Json written = pg::zuma::to_json(scenario);
    PG_FUZZ_CHECK(pg::zuma::to_json(pg::zuma::scenario_from_json(written)) == written);
    const auto game = pg::make_game("zuma", {{"scenario", written}});
    auto state = game->initial_state(1);
    for (int step = 0; step < 4 && !state->is_terminal(); ++step) state->apply(state->legal_actions().back());
  } catch (const pg::InputError&) {
  }
  return 0;
}
