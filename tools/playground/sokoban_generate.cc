// playground sokoban generate: levels by reverse play (generator.h), checked
// by the solver, written as a standard text collection.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/games/sokoban/generator.h"
#include "engine/games/sokoban/level_text.h"
#include "tools/playground/commands.h"

namespace pg::cli {

int sokoban_generate(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"count", "seed", "width", "height", "boxes", "pulls", "min-pushes", "out"}, {});
  sokoban::GeneratorOptions options;
  options.width = int(args.get_long("width", options.width, 3, sokoban::kMaxSide));
  options.height = int(args.get_long("height", options.height, 3, sokoban::kMaxSide));
  options.boxes = int(args.get_long("boxes", options.boxes, 1, 1000));
  options.pulls = int(args.get_long("pulls", options.pulls, 1, 100000));
  options.min_pushes = int(args.get_long("min-pushes", options.min_pushes, 0, 100000));
  const long count = args.get_long("count", 10, 1, 1000000);
  const uint64_t seed = args.get_seed("seed", 1);
  std::vector<sokoban::Level> levels;
  long pushes = 0;
  for (long i = 0; i < count; ++i) {
    sokoban::GeneratedLevel g = sokoban::generate_level(options, seed + uint64_t(i));
    g.level.notes = {"fewest pushes " + std::to_string(g.solution.pushes) + ": " + g.solution.plan};
    pushes += g.solution.pushes;
    levels.push_back(std::move(g.level));
  }
  const std::string text = sokoban::collection_to_text(levels);
  if (args.has("out")) {
    std::ofstream file(args.get("out"), std::ios::binary);
    if (!(file << text) || !file.flush()) throw InputError("flag --out", "cannot write '" + args.get("out") + "'");
    std::printf("wrote %ld levels to %s (seeds %llu..%llu), %.1f pushes on average at best\n", count,
                args.get("out").c_str(), static_cast<unsigned long long>(seed),
                static_cast<unsigned long long>(seed + uint64_t(count) - 1), double(pushes) / double(count));
  } else {
    std::cout << text;
  }
  return 0;
}

}  // namespace pg::cli
