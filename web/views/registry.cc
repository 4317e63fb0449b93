#include "web/views/binary_view.h"
#include "web/views/board_view.h"
#include "web/views/generic_view.h"
#include "web/views/mancala_view.h"
#include "web/views/sokoban_view.h"
#include "web/views/zuma_view.h"

namespace pg::web {

std::unique_ptr<BoardView> make_board_view(const std::string& game) {
  if (game == "mancala") return std::make_unique<MancalaView>();
  if (game == "zuma") return std::make_unique<ZumaView>();
  if (game == "binary") return std::make_unique<BinaryView>();
  if (game == "sokoban") return std::make_unique<SokobanView>();
  return std::make_unique<GenericView>();  // the state's text form, for a game without a view yet
}

}  // namespace pg::web
