// The registry's lists (engine/core/registry.h). Natively every game is linked. Each of the page's modules
// compiles this file again with PG_ONLY_GAME=<game>, as an object of its own, so that its linker takes these
// definitions from it and leaves the other games' code out.
#include "engine/games/games.h"

#include "engine/core/registry.h"
#include "game_headers.h"  // each game's <game>_game.h (cmake/games.cmake)

namespace pg {

const std::vector<GameInfo>& game_directory() {
#define PG_GAME_INFO(game) game::kInfo,
  static const std::vector<GameInfo> games = {PG_GAMES(PG_GAME_INFO)};
#undef PG_GAME_INFO
  return games;
}

const std::vector<GameEntry>& game_registry() {
#ifdef PG_ONLY_GAME
  static const std::vector<GameEntry> games = {PG_ONLY_GAME::registry_entry()};
#else
#define PG_GAME_ENTRY(game) game::registry_entry(),
  static const std::vector<GameEntry> games = {PG_GAMES(PG_GAME_ENTRY)};
#undef PG_GAME_ENTRY
#endif
  return games;
}

}  // namespace pg
