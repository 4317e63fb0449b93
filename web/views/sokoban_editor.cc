// The Sokoban level editor: a window with the level as squares to paint and as text, checked as it is
// written, to play at once, save or copy as the project's number grid.
#include <algorithm>
#include <cmath>
#include <iterator>

#include "engine/core/error.h"
#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "web/app.h"
#include "web/browser.h"
#include "web/ui.h"
#include "web/views/sokoban_parts.h"
#include "web/views/sokoban_view.h"

namespace pg::web {

using sokoban::Level;
using namespace sokoban_parts;

void SokobanView::extra_windows(App& app) {
  if (!app.embed && editor_open_) editor_window(app);
}

SokobanView::Rect SokobanView::last_rect() {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  return Rect{a.x, a.y, b.x - a.x, b.y - a.y};
}

void SokobanView::editor_window(App& app) {
  const auto* game = dynamic_cast<const sokoban::SokobanGame*>(&app.session().game());
  if (!game) return;
  const sokoban::Setup& setup = game->setup();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.28f, display.y * 0.06f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(480, 620), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Sokoban level editor", &editor_open_)) return ImGui::End();
  if (editor_level_ != setup.rules->level) {
    editor_level_ = setup.rules->level;
    const Level& l = *editor_level_;
    editor_text_ = (l.title.empty() ? "" : "; " + l.title + "\n") + sokoban::level_to_text(l);
  }
  wrapped_text(PG_TEXT(
      "Draw with a brush on the squares below (click or drag), or write the level. Standard text: # wall, space floor, "
      "$ box, . target, @ player, * box on a target, + player on a target "
      "(- or _ also floor; a ; line above is the title). Or the project's number grid: 0 empty, 1 wall, 2 box, 3 "
      "target, 4 player, 5 box on target, 6 player on target."));
  draw_sketch_editor();
  ImGui::InputTextMultiline("##level_text", &editor_text_, ImVec2(-1, ImGui::GetTextLineHeight() * 12));
  note_text_field("level text");
  if (editor_text_ != editor_checked_) {
    editor_checked_ = editor_text_;
    try {
      sokoban::parse_levels(editor_text_, "");
      editor_error_.clear();
    } catch (const InputError& e) {
      editor_error_ = e.what();
    }
  }
  if (!editor_error_.empty()) ImGui::TextColored(palette().text_error, "%s", editor_error_.c_str());
  ImGui::BeginDisabled(!editor_error_.empty());
  if (ImGui::Button("Play this level")) {
    Json options = Json::object();
    options["level"] = editor_text_;
    app.load_game("sokoban", options);
  }
  play_button_ = last_rect();
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Save as text")) browser::download_text("level.txt", editor_text_);
  ImGui::SameLine();
  if (ImGui::Button("Copy as number grid")) {
    try {
      ImGui::SetClipboardText(sokoban::level_to_number_grid(sokoban::parse_levels(editor_text_, "").front()).c_str());
      app.info("The level is on the clipboard as the project's number grid.");
    } catch (const InputError& e) {
      app.error(e.what());
    }
  }
  ImGui::End();
}

void SokobanView::draw_sketch_editor() {
  if (sketched_text_ != editor_text_) {
    sketch_ = sokoban::LevelSketch::from_text(editor_text_);
    sketched_text_ = editor_text_;
  }
  struct BrushInfo {
    sokoban::Brush brush;
    const char* label;
  };
  static const BrushInfo brushes[] = {{sokoban::Brush::kWall, "Wall"},
                                      {sokoban::Brush::kFloor, "Floor"},
                                      {sokoban::Brush::kBox, "Box"},
                                      {sokoban::Brush::kTarget, "Target"},
                                      {sokoban::Brush::kPlayer, "Player"}};
  for (size_t i = 0; i < std::size(brushes); ++i) {
    if (i > 0) ImGui::SameLine();
    if (ImGui::RadioButton(brushes[i].label, brush_ == brushes[i].brush)) brush_ = brushes[i].brush;
  }
  help_marker(
      PG_TEXT("A box or the player put on a target stays on it; a target put under a box or the player keeps them; "
              "placing the player moves it. Right-click paints floor."));
  int w = sketch_.width(), h = sketch_.height();
  ImGui::SetNextItemWidth(90);
  const bool resized_w = ImGui::InputInt("columns", &w);
  note_text_field("columns");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  const bool resized_h = ImGui::InputInt("rows", &h);
  note_text_field("rows");
  bool changed = false;
  if (resized_w || resized_h) {
    sketch_.resize(w, h);
    changed = true;
  }
  // The squares, as small tiles; click or drag to paint.
  const float cell = std::clamp(ImGui::GetContentRegionAvail().x / float(sketch_.width()), 8.0f, 22.0f);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 size(cell * float(sketch_.width()), cell * float(sketch_.height()));
  ImGui::InvisibleButton("##sketch", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  sketch_rect_ = {origin.x, origin.y, size.x, size.y};
  sketch_cell_ = cell;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (int r = 0; r < sketch_.height(); ++r)
    for (int c = 0; c < sketch_.width(); ++c) {
      const ImVec2 p0(origin.x + float(c) * cell, origin.y + float(r) * cell), p1(p0.x + cell, p0.y + cell);
      const char t = sketch_.at(r, c);
      draw->AddRectFilled(p0, p1, t == '#' ? kWall : kFloor);
      draw->AddRect(p0, p1, kFloorLine);
      const ImVec2 centre(p0.x + cell * 0.5f, p0.y + cell * 0.5f);
      if (t == '.' || t == '*' || t == '+') draw->AddCircle(centre, cell * 0.32f, kTarget, 12, 1.5f);
      if (t == '$' || t == '*')
        draw->AddRectFilled(ImVec2(p0.x + cell * 0.18f, p0.y + cell * 0.18f),
                            ImVec2(p1.x - cell * 0.18f, p1.y - cell * 0.18f), t == '*' ? kBoxOnTarget : kBox, 2);
      if (t == '@' || t == '+') draw->AddCircleFilled(centre, cell * 0.3f, kPlayer, 12);
    }
  if (ImGui::IsItemHovered() || ImGui::IsItemActive()) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int r = int(std::floor((mouse.y - origin.y) / cell)), c = int(std::floor((mouse.x - origin.x) / cell));
    if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) changed |= sketch_.paint(r, c, brush_);
    if (ImGui::IsMouseDown(ImGuiMouseButton_Right)) changed |= sketch_.paint(r, c, sokoban::Brush::kFloor);
  }
  if (changed) editor_text_ = sketched_text_ = sketch_.text();
}

}  // namespace pg::web
