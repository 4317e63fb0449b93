// Kalah's weight files (policies/mancala/*.json, the page's uploads): the first byte picks the reader, a
// linear theta (ThetaPolicy::from_json) or an n-tuple value (NTupleValue::from_json); the rest is the JSON
// text. Weights read write back to JSON that reads to the same JSON, and they value a position.
#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/games/mancala/ntuple_value.h"
#include "engine/games/mancala/theta_policy.h"
#include "tests/fuzz/fuzz_input.h"

namespace mc = pg::mancala;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  try {
    const pg::Json json = pg::parse_json_input(pg::fuzz::as_text(data + 1, size - 1), "weights");
    const mc::Board board = mc::Board::initial(mc::Rules{});
    if (data[0] % 2 == 0) {
      const mc::ThetaPolicy theta = mc::ThetaPolicy::from_json(json);
      const pg::Json written = theta.to_json();
      PG_FUZZ_CHECK(mc::ThetaPolicy::from_json(written).to_json() == written);
    } else {
      const mc::NTupleValue value = mc::NTupleValue::from_json(json);
      const pg::Json written = value.to_json();
      PG_FUZZ_CHECK(mc::NTupleValue::from_json(written).to_json() == written);
      (void)value.value(board);
    }
  } catch (const pg::InputError&) {
  }
  return 0;
}
