// What every board view draws the same way: the palette of the marks every game shows, and the shapes the
// views share.
#pragma once

#include "imgui.h"

namespace pg::web {

// The last step's move (a ring, a square's frame, a pit's outline).
inline constexpr ImU32 kLastMoveColour = IM_COL32(255, 228, 85, 255);

// An arrow from `from` to `to` with its head at `to`, both ends pulled in by `shorten` (to leave a piece's
// circle clear); nothing when the two ends are closer than that.
void arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 colour, float thickness, float shorten = 0);

}  // namespace pg::web
