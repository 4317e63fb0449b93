// The Binary Game's own commands: protocol (the course's text protocol on
// stdin/stdout).
#include <iostream>

#include "engine/games/binary/protocol.h"
#include "tools/playground/commands.h"

namespace pg::cli {

int binary_protocol(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"seed"}, {});
  binary::Protocol protocol(std::cout, std::cerr, args.get_seed("seed", 1));
  protocol.run(std::cin);
  return 0;
}

}  // namespace pg::cli
