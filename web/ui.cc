#include "web/ui.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <utility>

namespace pg::web {

void help_marker(const Text& text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    // 32 characters' widths, or the screen's less the tooltip's padding (a phone).
    const float screen = ImGui::GetIO().DisplaySize.x - 4 * ImGui::GetStyle().WindowPadding.x;
    ImGui::PushTextWrapPos(std::min(ImGui::GetFontSize() * 32.0f, screen));
    // In the page the help texts arrive after the page starts (engine/core/text.h).
    const char* shown = text.c_str();
    ImGui::TextUnformatted(*shown ? shown : "(the help texts are still loading)");
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void wrapped_text(const Text& text) { ImGui::TextWrapped("%s", text.c_str()); }

namespace {

struct BoardFonts {
  std::vector<ImFont*> fonts;  // one per board_text_sizes(), or none before the first frame
  float device_pixel_ratio = 1;
};

BoardFonts& board_fonts() {
  static BoardFonts fonts;
  return fonts;
}

}  // namespace

const std::vector<float>& board_text_sizes() {
  static const std::vector<float> sizes = {9, 10, 11, 12, 13, 14, 16, 18, 20, 24, 28};
  return sizes;
}

void set_board_fonts(std::vector<ImFont*> fonts, float device_pixel_ratio) {
  board_fonts() = {std::move(fonts), device_pixel_ratio};
}

BoardText board_text(float size) {
  const auto& fonts = board_fonts().fonts;
  const auto& sizes = board_text_sizes();
  if (fonts.size() != sizes.size()) return {ImGui::GetFont(), size};
  size_t k = 0;
  while (k + 1 < sizes.size() && sizes[k + 1] <= size + 0.01f) ++k;
  return {fonts[k], sizes[k]};
}

ImVec2 BoardText::measure(const char* text) const { return font->CalcTextSizeA(size, FLT_MAX, 0.0f, text); }

std::vector<DrawnText>& drawn_board_text() {
  static std::vector<DrawnText> drawn;
  return drawn;
}

void BoardText::draw(ImDrawList* list, ImVec2 at, ImU32 colour, const char* text) const {
  const float dpr = board_fonts().device_pixel_ratio;
  drawn_board_text().push_back({text, size, font->FontSize / dpr, at, measure(text)});
  list->AddText(font, size, ImVec2(std::round(at.x * dpr) / dpr, std::round(at.y * dpr) / dpr), colour, text);
}

void centered_text(ImDrawList* draw, ImVec2 center, float size, ImU32 colour, const std::string& text) {
  const BoardText t = board_text(size);
  const ImVec2 extent = t.measure(text);
  t.draw(draw, ImVec2(center.x - extent.x * 0.5f, center.y - extent.y * 0.5f), colour, text);
}

void same_line_if_fits(const char* text) {
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float right = ImGui::GetItemRectMax().x + spacing + ImGui::CalcTextSize(text).x;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

ImGuiWindowFlags fixed_window_flags(bool fixed, bool titled) {
  if (!fixed) return ImGuiWindowFlags_NoBackground;
  const ImGuiWindowFlags held =
      ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoBackground;
  return titled ? held : held | ImGuiWindowFlags_NoTitleBar;
}

std::vector<TextField>& text_fields() {
  static std::vector<TextField> fields;
  return fields;
}

std::vector<TextField>& named_buttons() {
  static std::vector<TextField> buttons;
  return buttons;
}

void note_button(const char* name) {
  named_buttons().push_back({name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
}

void note_text_field(const char* name) {
  text_fields().push_back({name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
}

std::string percent(double p) {
  char buf[32];
  if (p >= 0.1 || p == 0.0)
    std::snprintf(buf, sizeof buf, "%.0f%%", 100.0 * p);
  else
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * p);
  return buf;
}

}  // namespace pg::web
