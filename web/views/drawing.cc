#include "web/views/drawing.h"

#include <algorithm>
#include <cmath>

namespace pg::web {

void arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 colour, float thickness, float shorten) {
  const float dx = to.x - from.x, dy = to.y - from.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len < 2 * shorten + 1) return;
  const float ux = dx / len, uy = dy / len;
  from = ImVec2(from.x + ux * shorten, from.y + uy * shorten);
  to = ImVec2(to.x - ux * shorten, to.y - uy * shorten);
  const float head = std::max(8.0f, thickness * 3.0f);
  const ImVec2 base(to.x - ux * head, to.y - uy * head);
  draw->AddLine(from, base, colour, thickness);
  draw->AddTriangleFilled(to, ImVec2(base.x - uy * head * 0.6f, base.y + ux * head * 0.6f),
                          ImVec2(base.x + uy * head * 0.6f, base.y - ux * head * 0.6f), colour);
}

}  // namespace pg::web
