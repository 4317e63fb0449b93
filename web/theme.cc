#include "web/theme.h"

namespace pg::web {

namespace {

ImVec4 rgb(int r, int g, int b, float a = 1.0f) {
  return ImVec4(float(r) / 255.0f, float(g) / 255.0f, float(b) / 255.0f, a);
}

// Marks on a board: the same bright set in the dark and light themes (the boards keep their materials). Good
// and bad are Okabe and Ito's sky blue and orange: apart for every common colour blindness.
Palette board_marks() {
  Palette p{};
  p.good = IM_COL32(86, 180, 233, 255);
  p.bad = IM_COL32(240, 150, 40, 255);
  p.neutral = IM_COL32(225, 225, 225, 255);
  p.chosen = IM_COL32(40, 210, 160, 255);
  p.last_move = IM_COL32(255, 228, 85, 255);
  p.target = IM_COL32(255, 255, 255, 230);
  p.probability = IM_COL32(255, 255, 255, 230);
  p.score = IM_COL32(150, 200, 255, 255);
  p.drawing = IM_COL32(230, 140, 200, 255);  // Okabe and Ito's reddish purple, lightened for dark boards
  p.label_text = IM_COL32(255, 255, 255, 255);
  p.label_back = IM_COL32(0, 0, 0, 170);
  p.banner_back = IM_COL32(0, 0, 0, 200);
  p.outline = 2.0f;
  return p;
}

Palette dark_palette() {
  Palette p = board_marks();
  p.text_good = rgb(110, 190, 240);
  p.text_bad = rgb(245, 160, 60);
  p.text_neutral = rgb(225, 225, 225);
  p.text_error = rgb(255, 115, 100);
  p.text_info = rgb(150, 220, 255);
  p.text_warning = rgb(255, 205, 80);
  p.text_dim = rgb(165, 168, 180);
  p.plot_back = IM_COL32(20, 22, 28, 255);
  p.plot_axis = IM_COL32(90, 90, 90, 255);
  p.plot_grid = IM_COL32(255, 255, 255, 25);
  p.plot_text = IM_COL32(170, 170, 170, 255);
  p.plot_cursor = IM_COL32(255, 255, 255, 200);
  p.canvas = rgb(15, 18, 23);
  return p;
}

Palette light_palette() {
  Palette p = board_marks();
  p.text_good = rgb(0, 100, 165);
  p.text_bad = rgb(180, 80, 0);
  p.text_neutral = rgb(55, 55, 60);
  p.text_error = rgb(185, 30, 20);
  p.text_info = rgb(0, 95, 160);
  p.text_warning = rgb(140, 90, 0);
  p.text_dim = rgb(85, 88, 100);
  p.plot_back = IM_COL32(232, 235, 241, 255);
  p.plot_axis = IM_COL32(140, 140, 150, 255);
  p.plot_grid = IM_COL32(0, 0, 0, 30);
  p.plot_text = IM_COL32(70, 72, 84, 255);
  p.plot_cursor = IM_COL32(20, 20, 30, 220);
  p.canvas = rgb(214, 219, 228);
  return p;
}

Palette contrast_palette() {
  Palette p = board_marks();
  p.good = IM_COL32(90, 205, 255, 255);
  p.bad = IM_COL32(255, 165, 0, 255);
  p.neutral = IM_COL32(255, 255, 255, 255);
  p.chosen = IM_COL32(0, 255, 180, 255);
  p.last_move = IM_COL32(255, 255, 0, 255);
  p.target = IM_COL32(255, 255, 255, 255);
  p.probability = IM_COL32(255, 255, 255, 255);
  p.score = IM_COL32(170, 220, 255, 255);
  p.drawing = IM_COL32(255, 150, 230, 255);
  p.label_back = IM_COL32(0, 0, 0, 235);
  p.banner_back = IM_COL32(0, 0, 0, 240);
  p.text_good = rgb(120, 215, 255);
  p.text_bad = rgb(255, 180, 40);
  p.text_neutral = rgb(255, 255, 255);
  p.text_error = rgb(255, 130, 120);
  p.text_info = rgb(170, 235, 255);
  p.text_warning = rgb(255, 235, 60);
  p.text_dim = rgb(225, 225, 225);
  p.plot_back = IM_COL32(0, 0, 0, 255);
  p.plot_axis = IM_COL32(200, 200, 200, 255);
  p.plot_grid = IM_COL32(255, 255, 255, 60);
  p.plot_text = IM_COL32(255, 255, 255, 255);
  p.plot_cursor = IM_COL32(255, 255, 0, 255);
  p.canvas = rgb(0, 0, 0);
  p.outline = 3.0f;
  return p;
}

Theme g_theme = Theme::dark;
Palette g_palette = dark_palette();

void base_sizes(ImGuiStyle& s) {
  s.WindowRounding = 6;
  s.FrameRounding = 4;
  s.GrabRounding = 4;
  s.WindowPadding = ImVec2(10, 8);
  s.ItemSpacing = ImVec2(8, 6);
}

void dark_colours(ImGuiStyle& s) {
  ImGui::StyleColorsDark(&s);
  s.Colors[ImGuiCol_WindowBg] = rgb(26, 28, 36);
  s.Colors[ImGuiCol_TitleBgActive] = rgb(46, 66, 102);
}

void light_colours(ImGuiStyle& s) {
  ImGui::StyleColorsLight(&s);
  s.Colors[ImGuiCol_WindowBg] = rgb(248, 248, 250);
  s.Colors[ImGuiCol_Text] = rgb(20, 20, 24);
  s.Colors[ImGuiCol_TextDisabled] = rgb(95, 98, 110);
  s.Colors[ImGuiCol_TitleBgActive] = rgb(190, 208, 236);
  s.FrameBorderSize = 1;
}

// White on black, every edge drawn, the focus and the hovered item in yellow.
void contrast_colours(ImGuiStyle& s) {
  ImGui::StyleColorsDark(&s);
  const ImVec4 black = rgb(0, 0, 0), white = rgb(255, 255, 255), yellow = rgb(255, 255, 0);
  const ImVec4 grey = rgb(40, 40, 40), blue = rgb(0, 60, 150);
  s.Colors[ImGuiCol_Text] = white;
  s.Colors[ImGuiCol_TextDisabled] = rgb(210, 210, 210);
  s.Colors[ImGuiCol_WindowBg] = black;
  s.Colors[ImGuiCol_ChildBg] = black;
  s.Colors[ImGuiCol_PopupBg] = black;
  s.Colors[ImGuiCol_MenuBarBg] = black;
  s.Colors[ImGuiCol_Border] = white;
  s.Colors[ImGuiCol_FrameBg] = grey;
  s.Colors[ImGuiCol_FrameBgHovered] = blue;
  s.Colors[ImGuiCol_FrameBgActive] = blue;
  s.Colors[ImGuiCol_TitleBg] = black;
  s.Colors[ImGuiCol_TitleBgActive] = blue;
  s.Colors[ImGuiCol_TitleBgCollapsed] = black;
  s.Colors[ImGuiCol_Button] = grey;
  s.Colors[ImGuiCol_ButtonHovered] = blue;
  s.Colors[ImGuiCol_ButtonActive] = rgb(0, 90, 210);
  s.Colors[ImGuiCol_Header] = blue;
  s.Colors[ImGuiCol_HeaderHovered] = rgb(0, 90, 210);
  s.Colors[ImGuiCol_HeaderActive] = rgb(0, 90, 210);
  s.Colors[ImGuiCol_CheckMark] = yellow;
  s.Colors[ImGuiCol_SliderGrab] = yellow;
  s.Colors[ImGuiCol_SliderGrabActive] = yellow;
  s.Colors[ImGuiCol_Tab] = grey;
  s.Colors[ImGuiCol_TabHovered] = blue;
  s.Colors[ImGuiCol_TabActive] = blue;
  s.Colors[ImGuiCol_PlotHistogram] = yellow;
  s.Colors[ImGuiCol_PlotLines] = yellow;
  s.Colors[ImGuiCol_NavHighlight] = yellow;
  s.Colors[ImGuiCol_TableBorderStrong] = white;
  s.Colors[ImGuiCol_TableBorderLight] = rgb(150, 150, 150);
  s.Colors[ImGuiCol_TableRowBgAlt] = rgb(20, 20, 20);
  s.Colors[ImGuiCol_Separator] = white;
  s.Colors[ImGuiCol_ScrollbarBg] = black;
  s.Colors[ImGuiCol_ScrollbarGrab] = rgb(200, 200, 200);
  s.WindowBorderSize = 1;
  s.FrameBorderSize = 1;
}

}  // namespace

std::optional<Theme> theme_from_name(std::string_view name) {
  if (name == "dark") return Theme::dark;
  if (name == "light") return Theme::light;
  if (name == "contrast") return Theme::contrast;
  return std::nullopt;
}

const char* theme_name(Theme theme) {
  switch (theme) {
    case Theme::light: return "light";
    case Theme::contrast: return "contrast";
    default: return "dark";
  }
}

Theme current_theme() { return g_theme; }
const Palette& palette() { return g_palette; }

ImU32 player_colour(int player, float alpha) {
  const bool contrast = g_theme == Theme::contrast;
  const ImVec4 warm = contrast ? rgb(255, 175, 60) : rgb(245, 158, 66);
  const ImVec4 cool = contrast ? rgb(110, 200, 255) : rgb(89, 171, 250);
  ImVec4 c = player == 0 ? warm : cool;
  c.w = alpha;
  return ImGui::ColorConvertFloat4ToU32(c);
}

ImU32 result_colour(int result) { return result > 0 ? g_palette.good : result < 0 ? g_palette.bad : g_palette.neutral; }

ImVec4 result_text_colour(int result) {
  return result > 0 ? g_palette.text_good : result < 0 ? g_palette.text_bad : g_palette.text_neutral;
}

void apply_style(Theme theme, float scale) {
  g_theme = theme;
  g_palette = theme == Theme::light ? light_palette() : theme == Theme::contrast ? contrast_palette() : dark_palette();
  ImGuiStyle style;
  base_sizes(style);
  if (theme == Theme::light) {
    light_colours(style);
  } else if (theme == Theme::contrast) {
    contrast_colours(style);
  } else {
    dark_colours(style);
  }
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

}  // namespace pg::web
