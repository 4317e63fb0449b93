// The Binary Game's text protocol (`playground binary protocol`): the input is its standard input, one command
// a line. `loadpatterns` lines are dropped (they read files by path; the pattern reader has its own target).
#include <cctype>
#include <sstream>
#include <string>

#include "engine/games/binary/protocol.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in{std::string(pg::fuzz::as_text(data, size))};
  static pg::fuzz::NullBuffer discard;
  std::ostream out(&discard), err(&discard);
  pg::binary::Protocol protocol(out, err, 1);
  std::string line;
  while (std::getline(in, line)) {
    std::string lower;
    for (char c : line) lower += char(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("loadpatterns") != std::string::npos) continue;
    if (!protocol.execute(line)) break;
  }
  return 0;
}
