// The Binary Game's text protocol (`playground binary protocol`): the input is its standard input, one command
// a line. `loadpatterns` lines are dropped (they read files by path; the pattern reader has its own target).
// The protocol answers bad commands with its own messages and goes on; it also catches any exception a command
// throws ("command '...' failed: ..."), so that a session survives, but for the fuzzer that catch-all is a
// finding: every bad input must have a message of its own.
#include <cctype>
#include <sstream>
#include <string>

#include "engine/games/binary/protocol.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in{std::string(pg::fuzz::as_text(data, size))};
  static pg::fuzz::NullBuffer discard;
  std::ostream out(&discard);
  std::ostringstream err;
  pg::binary::Protocol protocol(out, err, 1);
  std::string line;
  while (std::getline(in, line)) {
    std::string lower;
    for (char c : line) lower += char(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("loadpatterns") != std::string::npos) continue;
    const bool more = protocol.execute(line);
    PG_FUZZ_CHECK(err.str().rfind("command '", 0) != 0);
    err.str("");
    if (!more) break;
  }
  return 0;
}
