// What the Sokoban view's files share (sokoban_view.cc: the board; sokoban_inspector.cc;
// sokoban_setup.cc; sokoban_editor.cc): the colours and small helpers.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/game.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "imgui.h"

namespace pg::web::sokoban_parts {

// The project's colours where it had them (brown walls, green target outlines;
// its map creator's orange boxes and light-blue player).
inline constexpr ImU32 kFloor = IM_COL32(64, 68, 80, 255);
inline constexpr ImU32 kFloorLine = IM_COL32(56, 60, 72, 255);
inline constexpr ImU32 kWall = IM_COL32(139, 69, 19, 255);
inline constexpr ImU32 kWallEdge = IM_COL32(70, 34, 10, 255);
inline constexpr ImU32 kTarget = IM_COL32(60, 220, 90, 255);
inline constexpr ImU32 kBox = IM_COL32(235, 150, 45, 255);
inline constexpr ImU32 kBoxEdge = IM_COL32(150, 85, 20, 255);
inline constexpr ImU32 kBoxOnTarget = IM_COL32(70, 190, 95, 255);
inline constexpr ImU32 kBoxOnTargetEdge = IM_COL32(30, 110, 50, 255);
inline constexpr ImU32 kPlayer = IM_COL32(135, 200, 255, 255);
inline constexpr ImU32 kPlayerEdge = IM_COL32(40, 90, 150, 255);

inline const sokoban::SokobanState& sokoban_state(const State& s) {
  return dynamic_cast<const sokoban::SokobanState&>(s);
}

// 1234567 as "1,234,567".
inline std::string with_thousands(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace pg::web::sokoban_parts
