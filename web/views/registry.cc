// The view of each game: one line per game. Each page module carries one game (engine/games/games.cc): this
// file is compiled into it with PG_ONLY_GAME=<game> and PG_VIEW_HEADER="web/views/<game>_view.h"
// (web/CMakeLists.txt), so that only that game's view is linked.
#ifndef PG_ONLY_GAME
#error "compile web/views/registry.cc with PG_ONLY_GAME=<game> (web/CMakeLists.txt)"
#endif
#include PG_VIEW_HEADER
#include "web/views/board_view.h"
#include "web/views/generic_view.h"

// clang-format off
#define PG_VIEW_mancala   MancalaView
#define PG_VIEW_zuma      ZumaView
#define PG_VIEW_binary    BinaryView
#define PG_VIEW_morris    MorrisView
#define PG_VIEW_sokoban   SokobanView
#define PG_VIEW_tictactoe TicTacToeView
// clang-format on

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
