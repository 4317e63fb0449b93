// The Binary Game's own commands: protocol (the course's text protocol on
// stdin/stdout), and pattern files named by path in agent specs.
#include <filesystem>
#include <iostream>

#include "engine/games/binary/pattern_files.h"
#include "engine/games/binary/protocol.h"
#include "tools/playground/commands.h"

namespace pg::cli {

int binary_protocol(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"seed"}, {});
  binary::Protocol protocol(std::cout, std::cerr, args.get_seed("seed", 1));
  protocol.run(std::cin);
  return 0;
}

void load_pattern_files(const Args& args) {
  for (const char* flag : {"agents", "first", "second", "agent"}) {
    const std::string list = args.get(flag);
    size_t start = 0;
    while (start <= list.size()) {
      const size_t comma = std::min(list.find(',', start), list.size());
      const std::string spec = list.substr(start, comma - start);
      start = comma + 1;
      if (spec.rfind("patterns:", 0) != 0) continue;
      const std::string path = spec.substr(9);
      std::error_code ec;
      if (!std::filesystem::is_regular_file(path, ec)) continue;  // a shipped file's name
      // Stored under the path itself, so the agent's spec stays the one given.
      binary::store_patterns(path, std::make_shared<const binary::PatternTable>(binary::PatternTable::parse(
                                       read_file(path, "flag --" + std::string(flag)), path)));
    }
  }
}

}  // namespace pg::cli
