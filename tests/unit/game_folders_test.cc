// Every game of the registry keeps the shape a reader relies on: its folder engine/games/<game>/ has
// <game>_game.h, whose header comment lists the folder's headers by role ("The folder, by role:"), and the
// source tree in docs/architecture.md describes such a folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/core/registry.h"

namespace pg {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A check of the source tree: natively only (the engine's tests in WebAssembly check the engine).
#ifdef __EMSCRIPTEN__
#define PG_SOURCE_TREE_ONLY() GTEST_SKIP() << "a check of the source tree, run natively"
#else
#define PG_SOURCE_TREE_ONLY() (void)0
#endif

TEST(GameFolders, EachGameHeaderListsItsFolderByRole) {
  PG_SOURCE_TREE_ONLY();
  for (const auto& entry : game_registry()) {
    const fs::path folder = fs::path(PG_SOURCE_DIR) / "engine" / "games" / entry.name;
    const fs::path main_header = folder / (entry.name + "_game.h");
    ASSERT_TRUE(fs::exists(main_header)) << main_header;
    const std::string text = read_text(main_header);
    const size_t index = text.find("// The folder, by role:");
    ASSERT_NE(index, std::string::npos) << main_header << ": no index of the folder";
    const std::string listing = text.substr(index, text.find("#pragma once") - index);
    for (const auto& file : fs::directory_iterator(folder)) {
      const std::string name = file.path().filename().string();
      if (file.path().extension() != ".h" || name == entry.name + "_game.h") continue;
      EXPECT_NE(listing.find(name), std::string::npos) << main_header << " does not list " << name;
    }
  }
}

// The source tree (docs/architecture.md) names the game folders once, as a pattern: a game added leaves it true.
TEST(GameFolders, TheSourceTreeDescribesEveryGameFolderAtOnce) {
  PG_SOURCE_TREE_ONLY();
  const std::string doc = read_text(fs::path(PG_SOURCE_DIR) / "docs" / "architecture.md");
  const size_t tree = doc.find("## Source tree");
  ASSERT_NE(tree, std::string::npos);
  EXPECT_NE(doc.find("engine/games/<game>/", tree), std::string::npos);
  for (const auto& entry : game_registry())
    EXPECT_EQ(doc.find("engine/games/" + entry.name + "/ ", tree), std::string::npos)
        << "the source tree describes " << entry.name << " on its own: describe engine/games/<game>/ instead";
}

}  // namespace
}  // namespace pg
