#include "web/ui.h"

#include <cstdio>

namespace pg::web {

void help_marker(const Text& text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    // In the page the help texts arrive after the page starts (engine/core/text.h).
    const char* shown = text.c_str();
    ImGui::TextUnformatted(*shown ? shown : "(the help texts are still loading)");
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void wrapped_text(const Text& text) { ImGui::TextWrapped("%s", text.c_str()); }

void centered_text(ImDrawList* draw, ImVec2 center, float size, ImU32 colour, const std::string& text) {
  ImFont* font = ImGui::GetFont();
  const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0.0f, text.c_str());
  draw->AddText(font, size, ImVec2(center.x - extent.x * 0.5f, center.y - extent.y * 0.5f), colour, text.c_str());
}

ImGuiWindowFlags fixed_window_flags(bool fixed, bool titled) {
  if (!fixed) return ImGuiWindowFlags_None;
  const ImGuiWindowFlags held = ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse;
  return titled ? held : held | ImGuiWindowFlags_NoTitleBar;
}

std::vector<TextField>& text_fields() {
  static std::vector<TextField> fields;
  return fields;
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
