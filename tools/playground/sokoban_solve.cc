// playground sokoban solve: the exact solver on one level of a file.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "engine/core/error.h"
#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/solver.h"
#include "tools/playground/commands.h"

namespace pg::cli {

namespace {

double parse_seconds(const Args& args) {
  const std::string text = args.get("time-limit", "60");
  char* end = nullptr;
  const double seconds = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(seconds >= 0) || seconds > 1e6)
    throw InputError("flag --time-limit", "expected seconds from 0 (none) to 1000000, got '" + text + "'");
  return seconds;
}

}  // namespace

int sokoban_solve(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"level", "index", "time-limit", "optimise", "node-limit", "corrals"}, {});
  if (!args.has("level")) throw InputError("flag --level", "missing (a level file in standard text or number grids)");
  const std::string path = args.get("level");
  const std::vector<sokoban::Level> levels = sokoban::parse_levels(read_file(path, "flag --level"), path);
  const long index = args.get_long("index", 0, 0, 1L << 30);
  if (index >= long(levels.size()))
    throw InputError("flag --index", std::to_string(index) + " is past the last level of '" + path + "' (" +
                                         std::to_string(levels.size()) + " levels, counted from 0)");
  sokoban::SolveOptions options;
  const std::string optimise = args.get("optimise", "pushes");
  if (optimise == "moves")
    options.optimise = sokoban::Optimise::kMoves;
  else if (optimise != "pushes")
    throw InputError("flag --optimise", "expected moves or pushes, got '" + optimise + "'");
  options.time_limit_seconds = parse_seconds(args);
  const std::string corrals = args.get("corrals", "on");
  if (corrals != "on" && corrals != "off")
    throw InputError("flag --corrals", "expected on or off, got '" + corrals + "'");
  options.corral_deadlocks = corrals == "on";
  options.node_limit = uint64_t(args.get_long("node-limit", 50'000'000, 0, 1'000'000'000));

  const sokoban::SolveResult result = sokoban::solve(levels[size_t(index)], options);
  if (result.status == sokoban::SolveStatus::kSolved) {
    std::cout << result.plan << "\n";
    std::printf("moves %d\npushes %d\n", result.moves, result.pushes);
  } else if (result.status == sokoban::SolveStatus::kUnsolvable) {
    std::cout << "unsolvable (proved: every reachable position explored)\n";
  } else {
    std::cout << "unsolved: " << sokoban::status_name(result.status) << "\n";
  }
  std::printf("nodes expanded %llu\nseconds %.6f\n", static_cast<unsigned long long>(result.nodes_expanded),
              result.seconds);
  std::cout.flush();
  return result.status == sokoban::SolveStatus::kSolved ? 0 : 1;
}

}  // namespace pg::cli
