// An episode trace imported as the page's "Import trace" does (App::import_trace_text): JSON text, then
// Session::import_trace, which replays the steps and seats the trace's agents. An imported trace exports to a
// trace that imports again to the same trace.
#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/session.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const pg::Json trace = pg::parse_json_input(pg::fuzz::as_text(data, size), "trace");
    pg::Session session;
    session.import_trace(trace);
    const pg::Json exported = session.trace();
    pg::Session again;
    again.import_trace(exported);
    PG_FUZZ_CHECK(again.trace() == exported);
    session.seek(0);
    session.seek(session.episode().length());
    (void)session.summary();
  } catch (const pg::InputError&) {
  }
  return 0;
}
