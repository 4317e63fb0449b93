// Zuma's Q-table files (QPolicy::parse: the shipped policies/zuma/q_*.rlpg, the page's "Load policy" of the
// Train panel's JSON download). A table read writes to both forms, which read back to the same values.
#include "engine/core/error.h"
#include "engine/games/zuma/q_policy.h"
#include "tests/fuzz/fuzz_input.h"

namespace zu = pg::zuma;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const zu::QPolicy policy = zu::QPolicy::parse(pg::fuzz::as_text(data, size), "fuzz");
    const pg::Json json = policy.to_json();  // Q-values rounded to 1e-4: compared as JSON
    PG_FUZZ_CHECK(zu::QPolicy::from_json(json).to_json() == json);
    const zu::QPolicy from_file = zu::QPolicy::parse(policy.to_policy_file(), "written");
    PG_FUZZ_CHECK(from_file.q == policy.q && from_file.visits == policy.visits);
  } catch (const pg::InputError&) {
  }
  return 0;
}
