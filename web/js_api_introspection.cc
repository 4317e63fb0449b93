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
    windows[name] = {{"x", w->Pos.x},
                     {"y", w->Pos.y},
                     {"width", w->Size.x},
                     {"height", w->Size.y},
                     {"scrollY", scrolled->Scroll.y},
                     {"scrollMaxY", scrolled->ScrollMax.y}};
  }
  pg::Json fields = pg::Json::array();
  for (const auto& f : pg::web::text_fields())
    fields.push_back({{"name", f.name},
                      {"x", f.min.x},
                      {"y", f.min.y},
                      {"width", f.max.x - f.min.x},
                      {"height", f.max.y - f.min.y}});
  pg::Json tabs = pg::Json::array();
  for (const auto& t : app->drawer_tabs)
    tabs.push_back({{"panel", t.panel}, {"x", t.x}, {"y", t.y}, {"width", t.width}, {"height", t.height}});
  return pg::web::js::reply({{"embed", app->embed},
                             {"shown", app->shown_panels()},
                             {"narrow", app->narrow_layout},
                             {"windows", windows},
                             {"tabs", tabs},
                             {"drawer", app->drawer_panel},
                             {"tooltip", tooltip},
                             {"fields", fields},
                             {"typing", ImGui::GetIO().WantTextInput}});
}

// What the on-screen keyboard typed (the page's typing proxy: web/page/input.mjs): text for the text field that has the
// keyboard, or a key by its DOM name (Backspace, Enter, Delete, Escape, Tab, Home, End, the arrows).
EMSCRIPTEN_KEEPALIVE void pg_type_text(const char* text) {
  ImGui::GetIO().AddInputCharactersUTF8(text);
  pg::web::request_frames();
}
EMSCRIPTEN_KEEPALIVE int pg_type_key(const char* key) { return pg::web::type_key(key) ? 1 : 0; }

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
