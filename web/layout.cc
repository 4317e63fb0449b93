// Where the panels go: the layout for wide and narrow windows and for embedding.
#include <algorithm>
#include <string_view>
#include <utility>

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

// Embed mode in a wide frame: the board with the timeline under it, and the other panels the URL names
// (url_config.h) in a column on the right, below `top` (the page's "Open in full view" link sits above). No menu
// bar; every panel is placed each frame. A narrow frame takes the narrow window's layout instead (App::draw).
void embedded_layout(App& app, float top, ImVec2 display) {
  const PanelVisibility& shown = app.panels;
  const int side_count = int(shown.inspector) + int(shown.log) + int(shown.setup);
  const float side_w = side_count == 0 ? 0 : std::clamp(display.x * 0.34f, 220.0f, 380.0f);
  const float main_w = display.x - side_w, main_h = display.y - top;
  const float timeline_h = !shown.timeline ? 0 : shown.board ? std::min(190.0f, main_h * 0.35f) : main_h;
  if (shown.board) {
    place({{0, top}, {main_w, main_h - timeline_h}}, true);
    board_panel(app, true);
  }
  if (shown.timeline) {
    place({{0, top + main_h - timeline_h}, {main_w, timeline_h}}, true);
    timeline_panel(app);
  }
  // The other panels share the side column equally.
  const float share = side_count == 0 ? 0 : main_h / float(side_count);
  int placed = 0;
  auto next = [&] { return Rect{{main_w, top + share * float(placed++)}, {side_w, share}}; };
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

// Phones and narrow windows: the board first and as large as it can be, the step controls (the timeline) under
// it, and one of the inspector, setup and log, chosen by a row of tabs, one tap away. Held in place (a finger
// scrolls them: main.cc). In landscape the tabs and their panel take a column on the right.
void narrow_window_layout(App& app, float top, ImVec2 display) {
  const PanelVisibility& shown = app.panels;
  const float h = display.y - top;
  const bool landscape = display.x > display.y * 1.2f;
  const float main_w = landscape ? display.x * 0.58f : display.x;
  const float tabs_h = ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y * 2;
  const float timeline_h = !shown.timeline ? 0 : std::clamp(h * (landscape ? 0.3f : 0.2f), 96.0f, 190.0f);
  const bool any_drawer = shown.inspector || shown.setup || shown.log;
  const float drawer_h = !any_drawer ? 0 : landscape ? h : std::max(h * 0.34f, tabs_h * 3);
  const float board_h = landscape ? h - timeline_h : h - timeline_h - drawer_h;
  if (shown.board) {
    place({{0, top}, {main_w, board_h}}, true);
    board_panel(app, true);
  }
  if (shown.timeline) {
    place({{0, top + board_h}, {main_w, timeline_h}}, true);
    timeline_panel(app);
  }
  if (!any_drawer) return;
  const ImVec2 drawer_pos = landscape ? ImVec2(main_w, top) : ImVec2(0, top + board_h + timeline_h);
  const float drawer_w = display.x - (landscape ? main_w : 0);
  // The tabs: the panels the View menu shows; the chosen one is drawn under them.
  const std::pair<const char*, bool> tabs[] = {
      {"inspector", shown.inspector}, {"setup", shown.setup}, {"log", shown.log}};
  bool chosen_shown = false;
  for (const auto& [name, on] : tabs) chosen_shown = chosen_shown || (on && app.drawer_panel == name);
  if (!chosen_shown)
    for (const auto& [name, on] : tabs)
      if (on) {
        app.drawer_panel = name;
        break;
      }
  place({drawer_pos, {drawer_w, tabs_h}}, true);
  ImGui::Begin("##panel tabs", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoScrollWithMouse);
  bool first = true;
  for (const auto& [name, on] : tabs) {
    if (!on) continue;
    if (!first) ImGui::SameLine();
    first = false;
    const bool chosen = app.drawer_panel == name;
    const char* label = std::string_view(name) == "inspector" ? "Inspector"
                        : std::string_view(name) == "setup"   ? "Setup"
                                                              : "Step log";
    if (chosen) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(label)) app.drawer_panel = name;
    if (chosen) ImGui::PopStyleColor();
    const ImVec2 min = ImGui::GetItemRectMin(), size = ImGui::GetItemRectSize();
    app.drawer_tabs.push_back({name, min.x, min.y, size.x, size.y});
  }
  ImGui::End();
  place({{drawer_pos.x, drawer_pos.y + tabs_h}, {drawer_w, drawer_h - tabs_h}}, true);
  if (app.drawer_panel == "inspector") inspector_panel(app);
  if (app.drawer_panel == "setup") setup_panel(app);
  if (app.drawer_panel == "log") log_panel(app);
}

}  // namespace

void App::draw() {
  text_fields().clear();
  named_buttons().clear();
  drawn_board_text().clear();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  static ImVec2 last_display(0, 0);
  if (display.x != last_display.x || display.y != last_display.y) layout_dirty = true;
  last_display = display;
  const bool force = layout_dirty;
  layout_dirty = false;

  if (embed) {
    // The page's "Open in full view" link (web/page/links.mjs) takes a strip at the top. A frame as narrow as a
    // phone gets the phone's layout: the board and timeline, the other panels behind tabs.
    const float link_h = 28;
    narrow_layout = display.x < 640;
    drawer_tabs.clear();
    if (narrow_layout)
      narrow_window_layout(*this, link_h, display);
    else
      embedded_layout(*this, link_h, display);
    messages_window(*this);
    help_window(*this);
    return;
  }

  menu_bar(*this);
  const float top = ImGui::GetFrameHeight();
  narrow_layout = display.x < 900;
  drawer_tabs.clear();
  if (narrow_layout) {
    narrow_window_layout(*this, top, display);
  } else {
    const float h = display.y - top;
    const float left = std::clamp(display.x * 0.22f, 240.0f, 340.0f);
    const float right = std::clamp(display.x * 0.24f, 260.0f, 380.0f);
    const float mid = display.x - left - right;
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
