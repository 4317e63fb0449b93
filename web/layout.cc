// Where the panels go: the layout for wide and narrow windows and for embedding.
#include <algorithm>

#include "imgui.h"
#include "web/app.h"
#include "web/panels.h"
#include "web/ui.h"

namespace pg::web {

namespace {

struct Rect {
  ImVec2 pos, size;
};

void place(const Rect& r, bool force) {
  const ImGuiCond cond = force ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
  ImGui::SetNextWindowPos(r.pos, cond);
  ImGui::SetNextWindowSize(r.size, cond);
}

// Embed mode: the board with the timeline under it, and the other panels the URL names (url_config.h) in a
// column on the right, or under the timeline in a narrow frame. No menu bar; every panel is placed each frame.
void embedded_layout(App& app, ImVec2 display) {
  const PanelVisibility& shown = app.panels;
  const int side_count = int(shown.inspector) + int(shown.log) + int(shown.setup);
  const bool narrow = display.x < 640;
  const float side_w = side_count == 0 || narrow ? 0 : std::clamp(display.x * 0.34f, 220.0f, 380.0f);
  const float stacked_h = side_count > 0 && narrow ? display.y * 0.4f : 0;
  const float main_w = display.x - side_w, main_h = display.y - stacked_h;
  const float timeline_h = !shown.timeline ? 0 : shown.board ? std::min(190.0f, main_h * 0.35f) : main_h;
  if (shown.board) {
    place({{0, 0}, {main_w, main_h - timeline_h}}, true);
    board_panel(app, true);
  }
  if (shown.timeline) {
    place({{0, main_h - timeline_h}, {main_w, timeline_h}}, true);
    timeline_panel(app);
  }
  // The other panels share the side column (or the space under the main one) equally.
  const float share = side_count == 0 ? 0 : (narrow ? stacked_h : display.y) / float(side_count);
  int placed = 0;
  auto next = [&] {
    const float offset = share * float(placed++);
    return narrow ? Rect{{0, main_h + offset}, {display.x, share}} : Rect{{main_w, offset}, {side_w, share}};
  };
  if (shown.inspector) {
    place(next(), true);
    inspector_panel(app);
  }
  if (shown.log) {
    place(next(), true);
    log_panel(app);
  }
  if (shown.setup) {
    place(next(), true);
    setup_panel(app);
  }
}

}  // namespace

void App::draw(double now) {
  now_ = now;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  static ImVec2 last_display(0, 0);
  if (display.x != last_display.x || display.y != last_display.y) layout_dirty = true;
  last_display = display;
  const bool force = layout_dirty;
  layout_dirty = false;

  if (embed) {
    embedded_layout(*this, display);
    messages_window(*this);
    help_window(*this);
    return;
  }

  menu_bar(*this);
  const float top = ImGui::GetFrameHeight();
  const float h = display.y - top;
  const bool narrow = display.x < 900;
  const float left = narrow ? 0 : std::clamp(display.x * 0.22f, 240.0f, 340.0f);
  const float right = narrow ? 0 : std::clamp(display.x * 0.24f, 260.0f, 380.0f);
  const float mid = display.x - left - right;
  if (narrow) {
    // Stacked: board, timeline, inspector; setup and log start collapsed.
    place({{0, top}, {display.x, h * 0.45f}}, force);
    if (panels.board) board_panel(*this, true);
    place({{0, top + h * 0.45f}, {display.x, h * 0.25f}}, force);
    if (panels.timeline) timeline_panel(*this);
    place({{0, top + h * 0.70f}, {display.x, h * 0.30f}}, force);
    if (panels.inspector) inspector_panel(*this);
    place({{0, top}, {display.x * 0.9f, h * 0.5f}}, force);
    if (force) ImGui::SetNextWindowCollapsed(true, ImGuiCond_Always);
    if (panels.setup) setup_panel(*this);
    place({{0, top + h * 0.5f}, {display.x * 0.9f, h * 0.5f}}, force);
    if (force) ImGui::SetNextWindowCollapsed(true, ImGuiCond_Always);
    if (panels.log) log_panel(*this);
  } else {
    place({{0, top}, {left, h * 0.58f}}, force);
    if (panels.setup) setup_panel(*this);
    place({{0, top + h * 0.58f}, {left, h * 0.42f}}, force);
    if (panels.log) log_panel(*this);
    place({{left, top}, {mid, h * 0.64f}}, force);
    if (panels.board) board_panel(*this, true);
    place({{left, top + h * 0.64f}, {mid, h * 0.36f}}, force);
    if (panels.timeline) timeline_panel(*this);
    place({{left + mid, top}, {right, h}}, force);
    if (panels.inspector) inspector_panel(*this);
  }
  busy = false;  // the view sets it again while it works across frames
  view_->extra_windows(*this);
  messages_window(*this);
  help_window(*this);
}

}  // namespace pg::web
