// What the browser tests read of the page itself, beyond the game: where Dear ImGui drew each panel, its text
// fields and tooltip, the narrow layout's tabs, typing as the on-screen keyboard does, the frames drawn and
// the heap in use. Part of window.playground (web/page/api.mjs), like the game's calls in web/js_api.cc.
#include <emscripten.h>
#include <emscripten/emmalloc.h>

#include <string>

#include "imgui.h"
#include "imgui_internal.h"
#include "web/app.h"
#include "web/js_reply.h"
#include "web/platform.h"
#include "web/ui.h"

namespace {

// What the last frame drew wider than the room it had, unscrolled (cut off at the edge): a window's contents
// past its right edge with no horizontal scroll, or a table cell's past its column, by more than a space (a
// wrapped line's width counts the space it wrapped at). One line each.
pg::Json clipped_text() {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  pg::Json clipped = pg::Json::array();
  const float space = ImGui::CalcTextSize(" ").x;
  auto note = [&](const std::string& where, float wanted, float room) {
    if (wanted > room + space)
      clipped.push_back(where + ": " + std::to_string(int(wanted)) + " px wide in " + std::to_string(int(room)));
  };
  for (const ImGuiWindow* w : g.Windows) {
    if (!w->Active || w->ScrollMax.x > 0 || (w->Flags & ImGuiWindowFlags_AlwaysAutoResize)) continue;
    note(w->Name, w->ContentSizeIdeal.x, w->InnerRect.GetWidth() - 2 * w->WindowPadding.x);
  }
  for (int i = 0; i < g.Tables.GetMapSize(); ++i) {
    const ImGuiTable* t = g.Tables.TryGetMapData(i);
    if (!t || t->LastFrameActive != g.FrameCount || (t->Flags & ImGuiTableFlags_ScrollX)) continue;
    for (int c = 0; c < t->ColumnsCount; ++c) {
      const ImGuiTableColumn& column = t->Columns[c];
      if (!column.IsVisibleX) continue;
      const std::string name = std::string(t->OuterWindow->Name) + " column " + std::to_string(c);
      note(name, std::max(column.ContentMaxXFrozen, column.ContentMaxXUnfrozen) - column.WorkMinX,
           column.WorkMaxX - column.WorkMinX);
    }
  }
  return clipped;
}

// An object of numbers, built in a loop: nlohmann's nested initialiser lists inline into kilobytes of code
// per call, and this module's size is budgeted.
pg::Json numbers(std::initializer_list<std::pair<const char*, double>> fields) {
  pg::Json j = pg::Json::object();
  for (const auto& [key, value] : fields) j[key] = value;
  return j;
}

pg::Json with_name(pg::Json j, const char* key, const std::string& name) {
  j[key] = name;
  return j;
}

pg::Json box(const char* key, const std::string& name, ImVec2 min, ImVec2 size) {
  return with_name(numbers({{"x", min.x}, {"y", min.y}, {"width", size.x}, {"height", size.y}}), key, name);
}

}  // namespace

extern "C" {

// Which panels the page shows (the URL's `panels`, or the View menu's toggles), and whether it is in embed mode.
// With where each panel is on screen (CSS pixels) and how far it is scrolled, the narrow layout's tabs, and
// whether a tooltip shows (the last frame's).
EMSCRIPTEN_KEEPALIVE const char* pg_panels() {
  const auto* app = pg::web::current_app();
  pg::Json windows = pg::Json::object();
  bool tooltip = false;
  const auto& all = ImGui::GetCurrentContext()->Windows;
  // Active: drawn in the last frame, whose positions and sizes these are (WasActive is the frame before it).
  for (const ImGuiWindow* w : all) {
    if (!w->Active) continue;
    const std::string name = w->Name;
    if (name.rfind("##Tooltip_", 0) == 0) tooltip = true;
    if (name.rfind("##", 0) == 0 || (w->Flags & ImGuiWindowFlags_ChildWindow)) continue;
    // The scroll of the window, or of the list inside it that scrolls (the Step log's table).
    const ImGuiWindow* scrolled = w;
    for (const ImGuiWindow* c : all)
      if (scrolled->ScrollMax.y <= 0 && c->Active && c->RootWindow == w && c != w && c->ScrollMax.y > 0) scrolled = c;
    windows[name] = numbers({{"x", w->Pos.x},
                             {"y", w->Pos.y},
                             {"width", w->Size.x},
                             {"height", w->Size.y},
                             {"scrollY", scrolled->Scroll.y},
                             {"scrollMaxY", scrolled->ScrollMax.y}});
  }
  pg::Json fields = pg::Json::array();
  for (const auto& f : pg::web::text_fields())
    fields.push_back(box("name", f.name, f.min, ImVec2(f.max.x - f.min.x, f.max.y - f.min.y)));
  pg::Json buttons = pg::Json::array();
  for (const auto& b : pg::web::named_buttons())
    buttons.push_back(box("name", b.name, b.min, ImVec2(b.max.x - b.min.x, b.max.y - b.min.y)));
  pg::Json board_text = pg::Json::array();
  for (const auto& t : pg::web::drawn_board_text()) {
    pg::Json text = box("text", t.text, t.min, t.extent);
    text["size"] = t.size;
    text["raster"] = t.raster;
    board_text.push_back(std::move(text));
  }
  pg::Json tabs = pg::Json::array();
  for (const auto& t : app->drawer_tabs) tabs.push_back(box("panel", t.panel, {t.x, t.y}, {t.width, t.height}));
  pg::Json reply = pg::Json::object();
  reply["embed"] = app->embed;
  reply["shown"] = app->shown_panels();
  reply["narrow"] = app->narrow_layout;
  reply["windows"] = std::move(windows);
  reply["tabs"] = std::move(tabs);
  reply["drawer"] = app->drawer_panel;
  reply["tooltip"] = tooltip;
  reply["fields"] = std::move(fields);
  reply["buttons"] = std::move(buttons);
  reply["clipped"] = clipped_text();
  reply["boardText"] = std::move(board_text);
  reply["typing"] = ImGui::GetIO().WantTextInput;
  // The window the keyboard is in with keyboard navigation ("##MainMenuBar": the menu bar), or null.
  const ImGuiWindow* nav = ImGui::GetCurrentContext()->NavWindow;
  reply["keyboardIn"] = nav ? pg::Json(nav->RootWindow->Name) : pg::Json();
  // The board plays an animation (Zuma's chain, stage by stage): what it shows changes without a step.
  reply["animating"] = pg::web::current_app()->view() && pg::web::current_app()->view()->animating();
  return pg::web::js::reply(reply);
}

// What the on-screen keyboard typed (the page's typing proxy: web/page/input.mjs): text for the text field that has the
// keyboard, or a key by its DOM name (Backspace, Enter, Delete, Escape, Tab, Home, End, the arrows).
EMSCRIPTEN_KEEPALIVE void pg_type_text(const char* text) { pg::web::type_text(text); }
EMSCRIPTEN_KEEPALIVE int pg_type_key(const char* key) { return pg::web::type_key(key) ? 1 : 0; }

// The bridge to the student's program answered (web/page/program.mjs): the command line it runs, for the Agents
// panel's "program" choice.
EMSCRIPTEN_KEEPALIVE void pg_program_bridge(const char* command) {
  if (auto* app = pg::web::current_app()) app->program_bridge = command;
  pg::web::request_frames();
}

// The frames the page has drawn: none while it is idle or an agent thinks in the worker.
EMSCRIPTEN_KEEPALIVE int pg_frames_drawn() { return pg::web::frames_drawn(); }
// The next frames are drawn (playground.drawn() waits for them).
EMSCRIPTEN_KEEPALIVE void pg_request_frames() { pg::web::request_frames(); }

// The bytes of the wasm heap in use (allocated, not freed): the soak test's
// measure of leaks, since the memory's size only ever grows.
EMSCRIPTEN_KEEPALIVE double pg_heap_in_use() {
  return double(emmalloc_dynamic_heap_size() - emmalloc_free_dynamic_memory());
}
}
