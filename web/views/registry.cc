// The view of each game: one line per game. Each page module carries one game (engine/games/games.cc): this
// file is compiled into it with PG_ONLY_GAME=<game>, so that only that game's view is linked.
#include "web/views/binary_view.h"
#include "web/views/board_view.h"
#include "web/views/generic_view.h"
#include "web/views/mancala_view.h"
#include "web/views/morris_view.h"
#include "web/views/sokoban_view.h"
#include "web/views/zuma_view.h"

// clang-format off
#define PG_VIEW_mancala MancalaView
#define PG_VIEW_zuma    ZumaView
#define PG_VIEW_binary  BinaryView
#define PG_VIEW_morris  MorrisView
#define PG_VIEW_sokoban SokobanView
// clang-format on

#ifndef PG_ONLY_GAME
#error "compile web/views/registry.cc with PG_ONLY_GAME=<game> (web/CMakeLists.txt)"
#endif
#define PG_JOIN2(a, b) a##b
#define PG_JOIN(a, b) PG_JOIN2(a, b)
#define PG_TEXT2(a) #a
#define PG_NAME(a) PG_TEXT2(a)

namespace pg::web {

std::unique_ptr<BoardView> make_board_view(const std::string& game) {
  if (game == PG_NAME(PG_ONLY_GAME)) return std::make_unique<PG_JOIN(PG_VIEW_, PG_ONLY_GAME)>();
  return std::make_unique<GenericView>();  // the state's text form, for a game without a view yet
}

}  // namespace pg::web
