#include "web/views/label_placer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pg::web {

namespace {
float overlap(float a0, float a1, float b0, float b1) { return std::max(0.0f, std::min(a1, b1) - std::max(a0, b0)); }
}  // namespace

void LabelPlacer::reserve_text(const BoardText& font, const std::string& text, ImVec2 centre) {
  const ImVec2 e = font.measure(text);
  reserve(ImVec2(centre.x - e.x * 0.5f, centre.y - e.y * 0.5f), ImVec2(centre.x + e.x * 0.5f, centre.y + e.y * 0.5f));
}

float LabelPlacer::cost(ImVec2 centre, ImVec2 extent) const {
  const float x0 = centre.x - extent.x * 0.5f, x1 = centre.x + extent.x * 0.5f;
  const float y0 = centre.y - extent.y * 0.5f, y1 = centre.y + extent.y * 0.5f;
  // Outside the bounds counts in full: a label cut by the board's edge is worse than one touching another.
  const float inside = overlap(x0, x1, min_.x, max_.x) * overlap(y0, y1, min_.y, max_.y);
  float covered = (extent.x * extent.y - inside) * 4.0f;
  for (const Box& b : taken_) covered += overlap(x0, x1, b.min.x, b.max.x) * overlap(y0, y1, b.min.y, b.max.y);
  return covered;
}

void LabelPlacer::place(ImDrawList* draw, const BoardText& font, ImU32 colour, const std::string& text,
                        std::initializer_list<ImVec2> centres) {
  if (centres.size() == 0) return;
  const ImVec2 extent = font.measure(text);
  // A place that would run off the board is pulled back inside first.
  const auto inside = [&](ImVec2 c) {
    const float hx = extent.x * 0.5f, hy = extent.y * 0.5f;
    return ImVec2(std::clamp(c.x, min_.x + hx, std::max(min_.x + hx, max_.x - hx)),
                  std::clamp(c.y, min_.y + hy, std::max(min_.y + hy, max_.y - hy)));
  };
  ImVec2 best = inside(*centres.begin());
  float best_cost = std::numeric_limits<float>::max();
  const auto consider = [&](ImVec2 wanted) {
    const ImVec2 c = inside(wanted);
    const float k = cost(c, ImVec2(extent.x + 2, extent.y + 2));  // a pixel clear all round
    if (k < best_cost) best_cost = k, best = c;
    return k <= 0;
  };
  for (const ImVec2 wanted : centres)
    if (consider(wanted)) break;
  // None free: rings around the first place, a line's height further out each time, eight ways round.
  const ImVec2 first = *centres.begin();
  for (int ring = 1; best_cost > 0 && ring <= 8; ++ring) {
    for (int k = 0; k < 8; ++k) {
      const float angle = float(k) * 0.785398f, reach = float(ring) * extent.y * 1.2f;
      if (consider(ImVec2(first.x + std::cos(angle) * reach * 1.5f, first.y + std::sin(angle) * reach))) break;
    }
  }
  const ImVec2 top_left(best.x - extent.x * 0.5f, best.y - extent.y * 0.5f);
  font.draw(draw, top_left, colour, text);
  reserve(top_left, ImVec2(top_left.x + extent.x, top_left.y + extent.y));
}

}  // namespace pg::web
