// The page's entry point: SDL2 + WebGL2 + Dear ImGui, one frame per browser
// animation frame. Everything else is in App and the panels.
#include <GLES3/gl3.h>
#include <SDL.h>
#include <emscripten.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/policy_store.h"
#include "engine/core/worker_agent.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "imgui_internal.h"
#include "web/app.h"
#include "web/browser.h"
#include "web/panel_backgrounds.h"
#include "web/platform.h"
#include "web/theme.h"
#include "web/ui.h"

namespace pg::web {

struct Platform {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  std::unique_ptr<App> app;
  int css_width = 0, css_height = 0;
  double dpr = 0;
  float ui_scale = 0;
  Theme theme = Theme::dark;
  bool styled = false;
  bool touch_drag = false;       // a finger is down: moving it may scroll (touch_scroll)
  bool touch_scrolling = false;  // it has moved far enough and scrolls
  bool text_input = false;       // a text field has the keyboard (the page was told: text_input_changed)
  // Where the latest press or release of the left button not yet drawn happened. ImGui 1.86's SDL backend reads the
  // mouse's position when a frame is drawn, which may be frames after the press (drawing waits on a slow page): a press
  // and a quick move away (a tap whose pointer then returns elsewhere) would otherwise land where the pointer went.
  std::optional<ImVec2> pointer_at;
  // ImGui 1.86 reads the buttons and keys as they are when it draws a frame: a key pressed and let go between two
  // frames, or two taps, would be one change or none. So each button and key changes once a frame: the mouse
  // buttons (-button) and keys (scancode) that changed since the last frame drawn, and the event that would change
  // one again, held (with the events after it, left in SDL's queue) until a frame has been drawn.
  std::vector<int> changed_since_frame;
  std::optional<SDL_Event> held_event;
  int frames_drawn = 0;
  // What the on-screen keyboard typed (type_text, type_key), handed to ImGui one entry a frame and in order:
  // ImGui 1.86 reads the keys' state once a frame, takes a frame's characters before its keys, and of two keys
  // down in one frame handles one (Backspace then Enter in one frame would lose the Enter).
  struct Typed {
    std::string text;         // characters, or
    SDL_Scancode scancode{};  // a key (when text is empty)
  };
  std::vector<Typed> typed;                    // a few at a time: taken from the front
  std::optional<SDL_Scancode> typed_key_down;  // a typed key held until a frame has seen it
  int typed_key_frame = 0;                     // frames_drawn when it went down
  bool first_frame_done = false;
  Uint64 last_counter = 0;
  int frames_to_draw = 3;  // after input or a change, a few frames let ImGui settle
  // A page slow to draw (software rendering, a weak laptop) waits between its frames twice as long as drawing
  // the last one took, so that what happens between frames (an agent's answer arriving, the text mirror) is not
  // starved; where a frame takes a few milliseconds, as on a graphics card, this never holds a frame back.
  double next_frame_at = 0;  // seconds, on the performance counter's clock
  // The JavaScript API stepping faster than frames (a script, or a student's program answering through its
  // bridge): the board is drawn kSteppingFramesPerSecond times a second, and the time between goes to the
  // steps; nobody reads a board that changes hundreds of times a second.
  static constexpr double kSteppingFramesPerSecond = 10;
  size_t steps_at_frame = 0;  // App::api_steps() when the last frame was drawn
  double drawn_at = 0;        // seconds, when the last frame was drawn
  PanelBackgrounds panel_backgrounds;
};

Platform* g_platform = nullptr;
App* current_app() { return g_platform ? g_platform->app.get() : nullptr; }
void request_frames() {
  if (g_platform) g_platform->frames_to_draw = 3;
}
int frames_drawn() { return g_platform ? g_platform->frames_drawn : 0; }
double clock_seconds() { return double(SDL_GetPerformanceCounter()) / double(SDL_GetPerformanceFrequency()); }

namespace {
SDL_Event key_event(Uint32 type, SDL_Scancode scancode) {
  SDL_Event e{};
  e.type = type;
  e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
  e.key.keysym.scancode = scancode;
  e.key.keysym.sym = SDL_GetKeyFromScancode(scancode);
  return e;
}
}  // namespace

bool type_key(const std::string& name) {
  static const std::pair<const char*, SDL_Scancode> kKeys[] = {{"Backspace", SDL_SCANCODE_BACKSPACE},
                                                               {"Enter", SDL_SCANCODE_RETURN},
                                                               {"Delete", SDL_SCANCODE_DELETE},
                                                               {"Escape", SDL_SCANCODE_ESCAPE},
                                                               {"Tab", SDL_SCANCODE_TAB},
                                                               {"Home", SDL_SCANCODE_HOME},
                                                               {"End", SDL_SCANCODE_END},
                                                               {"ArrowLeft", SDL_SCANCODE_LEFT},
                                                               {"ArrowRight", SDL_SCANCODE_RIGHT},
                                                               {"ArrowUp", SDL_SCANCODE_UP},
                                                               {"ArrowDown", SDL_SCANCODE_DOWN}};
  if (!g_platform) return false;
  for (const auto& [key, scancode] : kKeys) {
    if (name != key) continue;
    g_platform->typed.push_back({"", scancode});
    request_frames();
    return true;
  }
  return false;
}

void type_text(const std::string& text) {
  if (!g_platform || text.empty()) return;
  g_platform->typed.push_back({text, {}});
  request_frames();
}

namespace {

// The font, rasterised at the screen's scale times the UI scale and drawn at 1/screen scale: crisp text at
// 13 CSS pixels times the UI scale; and the boards' ladder of sizes (web/ui.h: board_text).
void make_font(double dpr, float ui_scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig config;
  config.SizePixels = float(13.0 * dpr * ui_scale);
  config.OversampleH = config.OversampleV = 1;
  config.PixelSnapH = true;
  io.Fonts->AddFontDefault(&config);
  std::vector<ImFont*> board_fonts;
  for (float size : board_text_sizes()) {
    config.SizePixels = float(size * dpr);
    board_fonts.push_back(io.Fonts->AddFontDefault(&config));
  }
  set_board_fonts(std::move(board_fonts), float(dpr));
  io.FontGlobalScale = float(1.0 / dpr);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

// The reader's theme, UI scale and keyboard navigation (App), applied when they change.
void follow_look(Platform& p) {
  const App& app = *p.app;
  if (app.ui_scale != p.ui_scale) make_font(p.dpr, app.ui_scale);
  if (!p.styled || app.theme != p.theme || app.ui_scale != p.ui_scale) {
    apply_style(app.theme, app.ui_scale);
    // Touch screens: controls a finger can hit.
    if (browser::preference("pointer") == "coarse") ImGui::GetStyle().TouchExtraPadding = ImVec2(6, 6);
    p.theme = app.theme;
    p.styled = true;
  }
  p.ui_scale = app.ui_scale;
  ImGuiIO& io = ImGui::GetIO();
  if (app.keyboard_nav)
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  else
    io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
}

// The keyboard to the next (step 1) or previous (-1) region of the page, in the order the page begins them (the
// menu bar, then the panels on screen) and round, at its first control (the menu bar's menus are on its menu
// layer). ImGui's own way between windows, Ctrl+Tab, is the browser's. Called after NewFrame, before any Begin.
void focus_region(int step) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  const auto order = [step](const ImGuiWindow* w) { return w->BeginOrderWithinContext * step; };
  const int from = g.NavWindow ? order(g.NavWindow->RootWindow) : -(1 << 20);
  ImGuiWindow *next = nullptr, *first = nullptr;
  for (ImGuiWindow* w : g.Windows) {
    if (!ImGui::IsWindowNavFocusable(w) || (w->Flags & (ImGuiWindowFlags_Popup | ImGuiWindowFlags_Tooltip))) continue;
    if (!first || order(w) < order(first)) first = w;
    if (order(w) > from && (!next || order(w) < order(next))) next = w;
  }
  ImGuiWindow* w = next ? next : first;
  if (!w) return;
  ImGui::FocusWindow(w);
  g.NavLayer = (w->DC.NavLayersActiveMask & (1 << ImGuiNavLayer_Main)) ? ImGuiNavLayer_Main : ImGuiNavLayer_Menu;
  ImGui::NavInitWindow(w, true);
  g.NavDisableHighlight = false;  // the control the keyboard is on is framed at once
  g.NavDisableMouseHover = true;
}

// A finger that moves further than a tap scrolls the window under it, as on any phone (ImGui scrolls only with
// a wheel or a scrollbar), unless it started on a control that drags (a slider, a drag value, a text field, a
// scrollbar): the button or the row it started on is then not pressed. Called after NewFrame, before the windows
// are drawn.
void touch_scroll(Platform& p) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGuiContext& g = *ImGui::GetCurrentContext();
  if (!p.touch_drag || !io.MouseDown[0] || !g.HoveredWindow || g.MovingWindow) return;
  ImGuiWindow* window = g.HoveredWindow;
  while (window->ParentWindow && (window->Flags & ImGuiWindowFlags_ChildWindow) && window->ScrollMax.y <= 0)
    window = window->ParentWindow;
  if (!p.touch_scrolling) {
    const float threshold = io.MouseDragThreshold * 2;
    if (io.MouseDragMaxDistanceSqr[0] < threshold * threshold) return;
    // A press on a window's empty space makes the window's move handle active (held in place here): no control.
    const bool on_empty_space = g.ActiveIdWindow && g.ActiveId == g.ActiveIdWindow->MoveId;
    const bool drags_itself =
        g.ActiveId != 0 && !on_empty_space &&
        (g.ActiveIdUsingNavDirMask != 0 || g.ActiveId == ImGui::GetWindowScrollbarID(window, ImGuiAxis_Y) ||
         g.ActiveId == ImGui::GetWindowScrollbarID(window, ImGuiAxis_X));
    if (drags_itself) {
      p.touch_drag = false;
      return;
    }
    p.touch_scrolling = true;
    if (g.ActiveId != 0) ImGui::ClearActiveID();
  }
  if (io.MouseDelta.y != 0) ImGui::SetScrollY(window, window->Scroll.y - io.MouseDelta.y);
  if (io.MouseDelta.x != 0) ImGui::SetScrollX(window, window->Scroll.x - io.MouseDelta.x);
}

// Keeps the window (and so the canvas) the size of the browser window, with
// the canvas's pixels matching the screen's (sharp on high-DPI screens).
bool follow_browser_size(Platform& p) {
  int w = 0, h = 0;
  browser::window_css_size(w, h);
  const double dpr = browser::device_pixel_ratio();
  if (w == p.css_width && h == p.css_height && dpr == p.dpr) return false;
  p.css_width = w;
  p.css_height = h;
  if (dpr != p.dpr) {
    p.dpr = dpr;
    make_font(dpr, p.app->ui_scale);
  }
  SDL_SetWindowSize(p.window, w, h);
  return true;
}

// One entry of what the on-screen keyboard typed a frame: a held key goes up once a frame has seen it down, and
// the next entry waits for the frame after.
bool deliver_typed(Platform& p) {
  if (p.typed_key_down) {
    if (p.typed_key_frame >= p.frames_drawn) return true;  // no frame has seen it down yet
    SDL_Event up = key_event(SDL_KEYUP, *p.typed_key_down);
    SDL_PushEvent(&up);
    p.typed_key_down.reset();
    return true;
  }
  if (p.typed.empty()) return false;
  Platform::Typed next = std::move(p.typed.front());
  p.typed.erase(p.typed.begin());
  if (!next.text.empty()) {
    ImGui::GetIO().AddInputCharactersUTF8(next.text.c_str());
  } else {
    SDL_Event down = key_event(SDL_KEYDOWN, next.scancode);
    SDL_PushEvent(&down);
    p.typed_key_down = next.scancode;
    p.typed_key_frame = p.frames_drawn;
  }
  return true;
}

// The button (-button) or key (scancode) an event presses or lets go of, or 0 (a key's repeat: no change).
int input_changed_by(const SDL_Event& e) {
  if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) return -int(e.button.button);
  if ((e.type == SDL_KEYDOWN && !e.key.repeat) || e.type == SDL_KEYUP) return int(e.key.keysym.scancode);
  return 0;
}

// The next event to handle this frame, or false: none left, or the next changes a button or key that has changed
// since the last frame drawn (it is held for the next frame, the events after it with it).
bool next_event(Platform& p, SDL_Event& event) {
  if (p.held_event) {
    event = *p.held_event;
  } else if (!SDL_PollEvent(&event)) {
    return false;
  }
  const int input = input_changed_by(event);
  auto& changed = p.changed_since_frame;
  if (input != 0 && std::find(changed.begin(), changed.end(), input) != changed.end()) {
    p.held_event = event;
    return false;
  }
  if (input != 0) changed.push_back(input);
  p.held_event.reset();
  return true;
}

void frame() {
  Platform& p = *g_platform;
  bool changed = follow_browser_size(p);
  if (p.app->theme != p.theme || p.app->ui_scale != p.ui_scale || !p.styled) changed = true;
  follow_look(p);
  if (deliver_typed(p)) changed = true;
  SDL_Event event;
  if (p.held_event) changed = true;  // a frame to draw, for the event held for it
  while (next_event(p, event)) {
    changed = true;
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_MOUSEBUTTONDOWN && event.button.button == SDL_BUTTON_LEFT) {
      p.touch_drag = event.button.which == SDL_TOUCH_MOUSEID;
      p.touch_scrolling = false;
    }
    if ((event.type == SDL_MOUSEBUTTONDOWN || event.type == SDL_MOUSEBUTTONUP) &&
        event.button.button == SDL_BUTTON_LEFT)
      p.pointer_at = ImVec2(float(event.button.x), float(event.button.y));
    if (event.type == SDL_KEYDOWN && !event.key.repeat) {
      p.app->on_key(event.key.keysym.sym, ImGui::GetIO().WantTextInput, event.key.keysym.mod & KMOD_SHIFT);
    } else if (event.type == SDL_KEYDOWN && event.key.repeat &&
               (event.key.keysym.sym == SDLK_LEFT || event.key.keysym.sym == SDLK_RIGHT)) {
      p.app->on_key(event.key.keysym.sym, ImGui::GetIO().WantTextInput);  // hold an arrow to scrub
    }
  }
  const Uint64 now = SDL_GetPerformanceCounter();
  const double freq = double(SDL_GetPerformanceFrequency());  // clock_seconds() is now / freq
  // Nothing moves and nobody touched the page: keep the last frame (saves
  // the laptop's battery, and leaves the CPU to an agent thinking in the worker).
  if (changed || p.app->animating(double(now) / freq)) p.frames_to_draw = 3;
  if (p.frames_to_draw == 0) {
    p.last_counter = now;
    return;
  }
  const double dt = p.last_counter ? double(now - p.last_counter) / freq : 0.0;
  p.last_counter = now;
  try {
    p.app->update(double(now) / freq, dt);
  } catch (const std::exception& e) {
    p.app->set_playing(false);
    p.app->error(std::string("Unexpected error while stepping: ") + e.what());
  }
  // The work above (autoplay, live training) goes on at every animation frame; drawing may wait.
  if (double(now) / freq < p.next_frame_at) return;
  if (p.app->api_steps() >= p.steps_at_frame + 2 &&
      double(now) / freq < p.drawn_at + 1 / Platform::kSteppingFramesPerSecond)
    return;
  --p.frames_to_draw;

  const Uint64 drawing_from = SDL_GetPerformanceCounter();  // the work of the step above is not drawing's
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  if (p.pointer_at) ImGui::GetIO().MousePos = *std::exchange(p.pointer_at, std::nullopt);
  ImGui::NewFrame();
  p.changed_since_frame.clear();  // this frame has seen them
  touch_scroll(p);
  if (p.app->region_step != 0 && p.app->keyboard_nav) focus_region(std::exchange(p.app->region_step, 0));
  p.app->draw();
  ImGui::Render();
  int fw = 0, fh = 0;
  SDL_GL_GetDrawableSize(p.window, &fw, &fh);
  glViewport(0, 0, fw, fh);
  const ImVec4 canvas = palette().canvas;
  p.panel_backgrounds.prepare(*ImGui::GetDrawData());
  p.panel_backgrounds.clear(fh, canvas);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  SDL_GL_SwapWindow(p.window);
  ++p.frames_drawn;
  const Uint64 drawn_at = SDL_GetPerformanceCounter();
  p.next_frame_at = (double(drawn_at) + 2 * double(drawn_at - drawing_from)) / freq;
  p.drawn_at = double(drawn_at) / freq;
  p.steps_at_frame = p.app->api_steps();
  if (ImGui::GetIO().WantTextInput != p.text_input) {
    p.text_input = ImGui::GetIO().WantTextInput;
    browser::text_input_changed(p.text_input);
  }
  if (!p.first_frame_done) {
    p.first_frame_done = true;
    browser::notify_first_frame();
  }
}

}  // namespace
}  // namespace pg::web

namespace {
// Out of view (a frame of another origin below the course page's fold), a browser gives the page no animation
// frames: the main loop then runs on timers, so that a call from the course page starts it (web/page/bridge.mjs).
bool g_run_unseen = false;
bool g_main_loop_started = false;
}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void pg_run_unseen() {
  g_run_unseen = true;
  if (!g_main_loop_started) return;  // main() starts it on timers
  // The loop waits for an animation frame that will not come: restarted (pause, resume), it schedules its next
  // iteration with the new timing.
  emscripten_set_main_loop_timing(EM_TIMING_SETTIMEOUT, 50);
  emscripten_pause_main_loop();
  emscripten_resume_main_loop();
}

// Seen again (the page had an animation frame): back to the browser's frames.
extern "C" EMSCRIPTEN_KEEPALIVE void pg_run_seen() {
  g_run_unseen = false;
  if (g_main_loop_started) emscripten_set_main_loop_timing(EM_TIMING_RAF, 1);
}

// The page (web/page/modules.mjs) switches to another game's module: this one stops drawing and lets go of the
// browser's events and its WebGL context (the shell gives the next module a new canvas).
extern "C" EMSCRIPTEN_KEEPALIVE void pg_shutdown() {
  emscripten_cancel_main_loop();
  if (pg::web::g_platform && pg::web::g_platform->gl) SDL_GL_DeleteContext(pg::web::g_platform->gl);
  SDL_Quit();
}

int main() {
  using namespace pg::web;
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  static Platform platform;
  g_platform = &platform;
  int w = 0, h = 0;
  browser::window_css_size(w, h);
  platform.window = SDL_CreateWindow("RL Playground", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                     SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!platform.window) {
    std::fprintf(stderr, "SDL_CreateWindow failed: %s\n", SDL_GetError());
    return 1;
  }
  platform.gl = SDL_GL_CreateContext(platform.window);
  if (!platform.gl) {
    std::fprintf(stderr, "WebGL2 context failed: %s\n", SDL_GetError());
    return 1;
  }
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the layout follows the window; nothing is stored
  // Keyboard navigation only while the reader asks for it (F6, App::keyboard_nav): the arrows step the episode.
  // Touch arrives as SDL's mouse events: its finger events are off, so SDL leaves the browser's pinch-zoom be.
  SDL_EventState(SDL_FINGERDOWN, SDL_IGNORE);
  SDL_EventState(SDL_FINGERUP, SDL_IGNORE);
  SDL_EventState(SDL_FINGERMOTION, SDL_IGNORE);
  ImGui_ImplSDL2_InitForOpenGL(platform.window, platform.gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  pg::install_policy_request([](std::string_view path) { browser::request_policy(path); });
  pg::install_worker_ask(&browser::worker_ask);
  platform.app = std::make_unique<App>(pg::parse_url_config(browser::location_query()));
  g_main_loop_started = true;
  emscripten_set_main_loop(frame, g_run_unseen ? 20 : 0, true);  // 0: the browser's animation frames
  return 0;
}
