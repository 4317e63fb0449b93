// Sokoban's own commands (not the solver's): levels lists a collection,
// convert rewrites levels between standard text and the seed's number grids.
#include <cstdio>
#include <fstream>
#include <iostream>

#include "engine/core/error.h"
#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "tools/playground/commands.h"

namespace pg::cli {

namespace {

void print_levels(const std::vector<sokoban::Level>& levels) {
  std::printf("%5s  %-28s %7s  %5s\n", "index", "title", "size", "boxes");
  for (size_t i = 0; i < levels.size(); ++i) {
    const auto& l = levels[i];
    const std::string size = std::to_string(l.width) + "x" + std::to_string(l.height);
    std::printf("%5zu  %-28s %7s  %5zu\n", i, l.title.empty() ? "-" : l.title.c_str(), size.c_str(), l.boxes.size());
  }
}

}  // namespace

int sokoban_levels(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"file", "collection"}, {});
  if (args.has("file") && args.has("collection"))
    throw InputError("flag --file", "give either --file or --collection, not both");
  if (args.has("file")) {
    const std::string path = args.get("file");
    print_levels(sokoban::parse_levels(read_file(path, "flag --file"), path));
    return 0;
  }
  std::vector<std::string> names = {args.get("collection")};
  if (!args.has("collection")) names = sokoban::builtin_collection_names();
  for (size_t i = 0; i < names.size(); ++i) {
    std::cout << (i ? "\n" : "") << "collection " << names[i] << " (built in):\n";
    print_levels(sokoban::builtin_collection(names[i]));
  }
  return 0;
}

int sokoban_convert(const GameEntry& /*game*/, const Args& args) {
  args.check_known({"in", "out", "to"}, {});
  if (!args.has("in")) throw InputError("flag --in", "missing (the level file to read)");
  const std::string to = args.get("to", "text");
  if (to != "text" && to != "grid") throw InputError("flag --to", "expected text or grid, got '" + to + "'");
  const std::string path = args.get("in");
  const auto levels = sokoban::parse_levels(read_file(path, "flag --in"), path);
  const std::string text =
      to == "text" ? sokoban::collection_to_text(levels) : sokoban::collection_to_number_grids(levels);
  if (!args.has("out")) {
    std::cout << text;
    return 0;
  }
  const std::string out = args.get("out");
  std::ofstream file(out, std::ios::binary);
  if (!file || !(file << text) || !file.flush()) throw InputError("flag --out", "cannot write '" + out + "'");
  std::cerr << "wrote " << levels.size() << " level" << (levels.size() == 1 ? "" : "s") << " to " << out << "\n";
  return 0;
}

}  // namespace pg::cli
