// The rules most tests play: Kalah with four stones per pit (the defaults of Rules).
#pragma once

#include "engine/games/mancala/board.h"

namespace pg::mancala {

inline const Rules kStandard{};

}  // namespace pg::mancala
