// The Binary Game's own commands: protocol (the course's text protocol on
// stdin/stdout), solve (the exact solver), and pattern files named by path
// in agent specs.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/games/binary/binary_game.h"
#include "engine/games/binary/pattern_files.h"
#include "engine/games/binary/protocol.h"
#include "engine/games/binary/solver.h"
#include "tools/playground/commands.h"

namespace pg::cli {

namespace {

// "NxM": N columns, M rows, as the course's `game n m`.
std::pair<int, int> parse_size(const std::string& text) {
  const size_t x = text.find_first_of("xX");
  int n = 0, m = 0;
  char tail = 0;
  if (x == std::string::npos || std::sscanf(text.c_str(), "%d%*[xX]%d%c", &n, &m, &tail) != 2 || n < 1 || m < 1 ||
      n > binary::kMaxSide || m > binary::kMaxSide)
    throw InputError("flag --size", "expected NxM (N columns, M rows, e.g. 4x4), got '" + text + "'");
  return {n, m};
}

}  // namespace

int binary_solve(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"size", "actions", "time-limit", "table-bits", "moves", "no-mirror-rule"}, {});
  if (!args.has("size")) throw InputError("flag --size", "missing (the board, e.g. --size 4x4)");
  const auto [n, m] = parse_size(args.get("size"));
  const double limit = double(args.get_long("time-limit", 0, 0, 1000000));
  const int bits = int(args.get_long("table-bits", 23, 10, 30));
  const binary::BinaryGame game({n, m});
  std::unique_ptr<State> state = game.initial_state(1);
  for (const auto& name : split_list(args.get("actions"), ';')) state->apply(state->parse_action(name));
  const binary::Board board = dynamic_cast<const binary::BinaryState&>(*state).board();
  binary::Solver solver(n, m, bits, !args.has("no-mirror-rule"));
  const auto start = std::chrono::steady_clock::now();
  const binary::Outcome outcome = solver.solve(board, {limit, 0});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const int mover = board.to_move();
  std::cout << "Binary Game " << n << "x" << m << (board.filled ? ", after " + args.get("actions") : ", empty board")
            << ", player " << mover << " (the course's " << mover + 1 << ") to move:\n";
  if (outcome == binary::Outcome::kUnknown) {
    std::cout << "undecided within the time limit\n";
  } else {
    const int winner = outcome == binary::Outcome::kWin ? mover : 1 - mover;
    std::cout << "player " << winner << " (the course's " << winner + 1 << ", the "
              << (winner == 0 ? "first" : "second") << " player) wins with perfect play\n";
  }
  std::printf("time %.3f s, %llu positions expanded (%.2f M/s), %zu in the table (2^%d slots)\n", seconds,
              static_cast<unsigned long long>(solver.nodes()), double(solver.nodes()) / seconds / 1e6, solver.stored(),
              bits);
  if (args.has("moves")) {
    for (const auto& l : solver.label_moves(board, {limit, 0}))
      std::printf("  %d,%d,%d %s\n", l.x, l.y, l.d, binary::outcome_text(l.outcome));
  }
  return 0;
}

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
