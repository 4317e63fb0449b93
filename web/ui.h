// Small UI helpers shared by the panels and views.
#pragma once

#include <string>
#include <vector>

#include "engine/core/text.h"
#include "imgui.h"
#include "web/theme.h"

namespace pg::web {

// A "(?)" marker that explains a concept in one or two sentences on hover,
// as in Dear ImGui's demo.
void help_marker(const Text& text);
// A paragraph wrapped to the window ("" while the page's texts are loading).
void wrapped_text(const Text& text);

// Text a view draws on its board at a size it chose (CSS pixels), drawn from the font rasterised at the largest
// size of a ladder not above it, at that size: a font drawn below its raster's size loses its one-pixel strokes
// (a minus sign vanished at 12 px drawn from the 13-px raster). web/main.cc rasterises the ladder.
struct BoardText {
  ImFont* font;
  float size;
  ImVec2 measure(const char* text) const;
  ImVec2 measure(const std::string& text) const { return measure(text.c_str()); }
  // `at` is the text's top left, put on a whole device pixel.
  void draw(ImDrawList* list, ImVec2 at, ImU32 colour, const char* text) const;
  void draw(ImDrawList* list, ImVec2 at, ImU32 colour, const std::string& text) const {
    draw(list, at, colour, text.c_str());
  }
};
BoardText board_text(float size);
// The ladder's sizes (CSS pixels), and its fonts in that order once rasterised for `device_pixel_ratio`.
const std::vector<float>& board_text_sizes();
void set_board_fonts(std::vector<ImFont*> fonts, float device_pixel_ratio);

// The board text drawn this frame, with its size, the size of the raster it was drawn from and where it is
// (CSS pixels): what the browser tests read of the board. App::draw starts each frame's list.
struct DrawnText {
  std::string text;
  float size, raster;
  ImVec2 min, extent;
};
std::vector<DrawnText>& drawn_board_text();

// Board text centred on a point, in a given pixel size.
void centered_text(ImDrawList* draw, ImVec2 center, float size, ImU32 colour, const std::string& text);

// A table column as wide as what it shows, every frame (a fixed column given no width and not resizable fits its
// contents): nothing in it is cut off, whatever the text and its size.
constexpr ImGuiTableColumnFlags kFittedColumn = ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoResize;

// Keeps the next item on the line of the last one if `text` fits there, else starts a new line.
void same_line_if_fits(const char* text);

// Window flags of a panel: held in place (embedded, or in the narrow layout: App::fixed_panels), and without
// a title unless `titled`. A panel's background is painted by the renderer (web/panel_backgrounds.h).
ImGuiWindowFlags fixed_window_flags(bool fixed, bool titled = false);

// The text fields drawn this frame, each named after the last item drawn (call right after an InputText,
// InputInt or InputDouble): where a test or the page finds them (pg_panels). App::draw starts each frame's list.
struct TextField {
  std::string name;
  ImVec2 min, max;
};
void note_text_field(const char* name);
std::vector<TextField>& text_fields();
// The same for the buttons a test presses by name (Copy link): pg_panels reports them as `buttons`.
void note_button(const char* name);
std::vector<TextField>& named_buttons();

// Formats a probability as a short percentage ("25%", "0.4%").
std::string percent(double p);

}  // namespace pg::web
