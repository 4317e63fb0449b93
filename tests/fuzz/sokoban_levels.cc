// Sokoban level files (engine/games/sokoban/level_text.h): standard text and the Sokoban project's number grids. The
// first byte picks the reader (parse_levels, which tells the formats apart, or one of the four readers); the
// rest is the file. Levels read are written in both formats and read back to the same rows, and a game built
// from the first level plays a few steps.
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "engine/games/sokoban/level_text.h"
#include "tests/fuzz/fuzz_input.h"

namespace sk = pg::sokoban;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view text = pg::fuzz::as_text(data + 1, size - 1);
  try {
    std::vector<sk::Level> levels;
    switch (data[0] % 5) {
      case 0: levels = sk::parse_levels(text, "fuzz"); break;
      case 1: levels = sk::parse_collection(text, "fuzz"); break;
      case 2: levels = sk::parse_number_grids(text, "fuzz"); break;
      case 3: levels = {sk::parse_level(text, "fuzz")}; break;
      default: levels = {sk::parse_number_grid(text, "fuzz")}; break;
    }
    PG_FUZZ_CHECK(!levels.empty());
    const std::vector<sk::Level> from_text = sk::parse_collection(sk::collection_to_text(levels), "written");
    const std::vector<sk::Level> from_grids = sk::parse_number_grids(sk::collection_to_number_grids(levels), "grids");
    PG_FUZZ_CHECK(from_text.size() == levels.size() && from_grids.size() == levels.size());
    for (size_t i = 0; i < levels.size(); ++i) {
      PG_FUZZ_CHECK(sk::level_rows(from_text[i]) == sk::level_rows(levels[i]));
      PG_FUZZ_CHECK(sk::level_rows(from_grids[i]) == sk::level_rows(levels[i]));
    }
    const auto game = pg::make_game("sokoban", {{"level", sk::level_to_text(levels[0])}});
    auto state = game->initial_state(1);
    for (int step = 0; step < 4 && !state->is_terminal(); ++step) state->apply(state->legal_actions().front());
  } catch (const pg::InputError&) {
  }
  return 0;
}
