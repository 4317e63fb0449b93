// Five Men's Morris's table files: the first byte picks the reader, the stage tables of the project's learning
// agents (StageTables::deserialize, policies/morris/stage_tables.policy), the perfect agent's solution
// (Solution::deserialize, policies/morris/solution.pgmt, the CLI's --table) or the learned agent's value
// network (read_value_network, policies/morris/value.policy). What reads writes back to the same bytes.
#include "engine/core/error.h"
#include "engine/games/morris/learned_agent.h"
#include "engine/games/morris/retrograde.h"
#include "engine/games/morris/stage_tables.h"
#include "tests/fuzz/fuzz_input.h"

namespace mo = pg::morris;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view bytes = pg::fuzz::as_text(data + 1, size - 1);
  try {
    switch (data[0] % 3) {
      case 0: {
        const mo::StageTables tables = mo::StageTables::deserialize(bytes, "fuzz");
        const std::string written = tables.serialize(pg::Json::object(), pg::Json::object());
        PG_FUZZ_CHECK(
            mo::StageTables::deserialize(written, "written").serialize(pg::Json::object(), pg::Json::object()) ==
            written);
        for (int stage = 0; stage < mo::kNumStages; ++stage) (void)tables.find(stage, 0);
        break;
      }
      case 1: {
        const mo::Solution solution = mo::Solution::deserialize(std::string(bytes), "fuzz");
        const std::string written = solution.serialize();
        PG_FUZZ_CHECK(mo::Solution::deserialize(written, "written").serialize() == written);
        if (const mo::Board start = mo::Board::initial(); solution.covers(start)) (void)solution.value(start);
        break;
      }
      default: (void)mo::read_value_network(bytes, "fuzz"); break;
    }
  } catch (const pg::InputError&) {
  }
  return 0;
}
