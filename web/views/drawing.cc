#include "web/views/drawing.h"

#include <algorithm>
#include <cmath>

#include "web/ui.h"

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

void board_label(ImDrawList* draw, ImVec2 at, float size, const std::vector<LabelPart>& parts) {
  const BoardText font = board_text(size);
  const float gap = size * 0.3f;
  float width = 0, height = 0;
  int shown = 0;
  for (const auto& part : parts) {
    if (part.text.empty()) continue;
    const ImVec2 ext = font.measure(part.text);
    width += ext.x + (shown++ ? gap : 0);
    height = std::max(height, ext.y);
  }
  if (shown == 0) return;
  draw->AddRectFilled(ImVec2(at.x - width * 0.5f - 2, at.y - height * 0.5f),
                      ImVec2(at.x + width * 0.5f + 2, at.y + height * 0.5f), palette().label_back, 3);
  float x = at.x - width * 0.5f;
  for (const auto& part : parts) {
    if (part.text.empty()) continue;
    font.draw(draw, ImVec2(x, at.y - height * 0.5f), part.colour, part.text);
    x += font.measure(part.text).x + gap;
  }
}

void board_banner(ImDrawList* draw, ImVec2 centre, ImVec2 half, float size, ImU32 colour, const std::string& text) {
  draw->AddRectFilled(ImVec2(centre.x - half.x, centre.y - half.y), ImVec2(centre.x + half.x, centre.y + half.y),
                      palette().banner_back, 8);
  centered_text(draw, centre, size, colour, text);
}

std::optional<BoardArea> board_area(float caption_lines) {
  BoardArea area{ImGui::GetCursorScreenPos(), ImGui::GetContentRegionAvail()};
  area.size.y -= ImGui::GetTextLineHeightWithSpacing() * caption_lines;
  if (area.size.x < 60 || area.size.y < 60) return std::nullopt;
  return area;
}

std::optional<Action> clicked_target(const BoardContext& context, const BoardArea& area, float height,
                                     const std::vector<ClickTarget>& targets, float radius) {
  ImGui::SetCursorScreenPos(area.origin);
  ImGui::InvisibleButton("board", ImVec2(area.size.x, std::max(1.0f, height)));
  if (!context.human_to_move || !ImGui::IsItemClicked()) return std::nullopt;
  return hovered_target(targets, radius);
}

std::optional<Action> hovered_target(const std::vector<ClickTarget>& targets, float radius) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  std::optional<Action> nearest;
  float best = radius * radius;
  for (const auto& t : targets) {
    const float dx = mouse.x - t.x, dy = mouse.y - t.y, d = dx * dx + dy * dy;
    if (d <= best) {
      best = d;
      nearest = t.action;
    }
  }
  return nearest;
}

void board_status(const std::string& status, ImU32 colour) {
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour), "%s", status.c_str());
}

void board_legend(const BoardContext& context, const std::string& legend, const std::string& hint) {
  if (!legend.empty()) ImGui::TextWrapped("%s", legend.c_str());
  if (context.human_to_move && !hint.empty()) ImGui::TextColored(palette().text_warning, "%s", hint.c_str());
}

PlotPanel plot_panel(float min_height, bool empty) {
  const ImVec2 size(ImGui::GetContentRegionAvail().x, std::max(min_height, ImGui::GetContentRegionAvail().y - 10));
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("curve", size);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(p0, ImVec2(p0.x + size.x, p0.y + size.y), palette().plot_back, 4);
  if (empty)
    centered_text(draw, ImVec2(p0.x + size.x * 0.5f, p0.y + size.y * 0.5f), 14, palette().plot_text,
                  "the learning curve appears here");
  return {draw, p0, size};
}

namespace {

ImU32 weighted_colour(const std::vector<double>& weights, float alpha = 1.0f) {
  const ImU32 base = weights.empty() ? palette().drawing : weights[0] < 0 ? palette().bad : palette().good;
  return (base & ~IM_COL32_A_MASK) | (ImU32(float(base >> IM_COL32_A_SHIFT & 0xFF) * alpha) << IM_COL32_A_SHIFT);
}

void heat(ImDrawList* draw, const Drawing& d, const std::vector<PlacePoint>& places, float size) {
  double most = 0;
  for (double w : d.weights) most = std::max(most, std::abs(w));
  if (most == 0) return;
  for (size_t i = 0; i < d.places.size(); ++i) {
    const PlacePoint at = places[size_t(d.places[i])];
    const float strength = float(std::abs(d.weights[i]) / most);
    draw->AddCircleFilled(ImVec2(at.x, at.y), size * 0.45f, weighted_colour({d.weights[i]}, 0.15f + 0.6f * strength));
  }
}

void mark_or_arrow(ImDrawList* draw, const Drawing& d, const std::vector<PlacePoint>& places, float size) {
  const ImU32 colour = weighted_colour(d.weights);
  const float thickness =
      std::max(2.0f, size * 0.08f) * (d.weights.empty() ? 1.0f : 0.6f + float(std::abs(d.weights[0])));
  const PlacePoint a = places[size_t(d.places[0])];
  ImVec2 label(a.x, a.y - size * 0.55f);
  if (d.kind == Drawing::Kind::mark) {
    draw->AddCircle(ImVec2(a.x, a.y), size * 0.42f, colour, 0, thickness);
  } else {
    const PlacePoint b = places[size_t(d.places[1])];
    arrow(draw, ImVec2(a.x, a.y), ImVec2(b.x, b.y), colour, thickness, size * 0.3f);
    label = ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
  }
  if (!d.text.empty()) board_label(draw, label, std::max(12.0f, size * 0.28f), {{d.text, colour}});
}

}  // namespace

void agent_drawings(ImDrawList* draw, const std::vector<Drawing>& drawings, const std::vector<PlacePoint>& places,
                    float size) {
  for (const Drawing& d : drawings)
    for (int place : d.places)
      if (place < 0 || size_t(place) >= places.size()) return;  // the view has not drawn this state's places
  for (const Drawing& d : drawings)
    if (d.kind == Drawing::Kind::heat) heat(draw, d, places, size);
  for (const Drawing& d : drawings)
    if (d.kind != Drawing::Kind::heat) mark_or_arrow(draw, d, places, size);
}

}  // namespace pg::web
