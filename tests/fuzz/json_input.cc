// The JSON reader every outside input goes through (engine/core/json_input.h): any bytes give a value or an
// InputError, and a value it gives dumps and reads back to itself.
#include "engine/core/json_input.h"

#include "engine/core/error.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const pg::Json value = pg::parse_json_input(pg::fuzz::as_text(data, size), "input");
    PG_FUZZ_CHECK(pg::parse_json_input(value.dump(), "dumped") == value);
  } catch (const pg::InputError&) {
  }
  return 0;
}
