// The games, one line each: the folder under engine/games/, which is also the game's namespace and name.
// Its header is engine/games/<game>/<game>_game.h (kInfo, registry_entry()); its view is listed in
// web/views/registry.cc.
#pragma once

// clang-format off
#define PG_GAMES(X) \
  X(mancala)        \
  X(zuma)           \
  X(binary)         \
  X(morris)         \
  X(sokoban)        \
  X(tictactoe)
// clang-format on
