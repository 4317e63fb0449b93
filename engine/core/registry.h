// The games. Adding a game adds one line to engine/games/games.h.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/json.h"

namespace pg {

// A game's name and title: known to every program, including a page that does not carry the game's code.
struct GameInfo {
  const char* name;   // "mancala"
  const char* title;  // "Mancala (Kalah)"
};

struct GameEntry {
  std::string name;   // "mancala"
  std::string title;  // "Mancala (Kalah)"
  Text blurb;         // one sentence for the selector and the CLI's help
  Text rules;         // the rules in a few sentences, for the page's "How to play"
  std::vector<OptionInfo> options;
  // Builds the game with these options (missing ones take their defaults);
  // throws InputError naming a bad option. (A plain function: a std::function costs the page's download.)
  std::shared_ptr<const Game> (*create)(const Json& options);
  // The options that open a level named as the page shows it (Sokoban's "teaching:3"); throws InputError
  // naming what is wrong. Null for a game without levels.
  Json (*level_options)(std::string_view level) = nullptr;
  // The inverse, for links: the level's name ("teaching:3") when a game with these options (Game::options) is
  // exactly the one level_options opens, else "".
  std::string (*level_name)(const Json& options) = nullptr;
};

// Every game (engine/games/games.h), whether this program carries its code or not.
const std::vector<GameInfo>& game_directory();
// The games whose code this program carries: all of them natively, one in each of the page's modules
// (engine/games/games.cc, compiled with PG_ONLY_GAME).
const std::vector<GameEntry>& game_registry();
// Throws InputError listing the known games when `name` is not one of them.
const GameEntry& find_game(std::string_view name);
std::shared_ptr<const Game> make_game(std::string_view name, const Json& options = Json::object());

// Helpers for games reading their options: each checks the type and range
// and throws InputError naming the option.
void reject_unknown_options(const Json& options, const std::vector<OptionInfo>& known);
int int_option(const Json& options, const std::string& name, int fallback, int lo, int hi);
bool bool_option(const Json& options, const std::string& name, bool fallback);

}  // namespace pg
