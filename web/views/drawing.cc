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

}  // namespace pg::web
