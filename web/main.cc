// The page's entry point: SDL2 + WebGL2 + Dear ImGui, one frame per browser
// animation frame. Everything else is in App and the panels.
#include <GLES3/gl3.h>
#include <SDL.h>
#include <emscripten.h>

#include <cstdio>
#include <memory>

#include "engine/core/policy_store.h"
#include "engine/core/worker_agent.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "web/app.h"
#include "web/browser.h"

namespace pg::web {

struct Platform {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  std::unique_ptr<App> app;
  int css_width = 0, css_height = 0;
  double dpr = 1;
  bool first_frame_done = false;
  Uint64 last_counter = 0;
  int frames_to_draw = 3;  // after input or a change, a few frames let ImGui settle
};

Platform* g_platform = nullptr;
App* current_app() { return g_platform ? g_platform->app.get() : nullptr; }
// Called by the JavaScript API after it changes something: redraw.
void request_frames() {
  if (g_platform) g_platform->frames_to_draw = 3;
}

namespace {

void style() {
  ImGui::StyleColorsDark();
  ImGuiStyle& s = ImGui::GetStyle();
  s.WindowRounding = 6;
  s.FrameRounding = 4;
  s.GrabRounding = 4;
  s.WindowPadding = ImVec2(10, 8);
  s.ItemSpacing = ImVec2(8, 6);
  s.Colors[ImGuiCol_WindowBg] = ImVec4(0.10f, 0.11f, 0.14f, 1.0f);
  s.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.18f, 0.26f, 0.40f, 1.0f);
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
    // A font rasterised at the screen's scale, drawn at 1/scale: crisp text.
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig config;
    config.SizePixels = float(13.0 * dpr);
    config.OversampleH = config.OversampleV = 1;
    config.PixelSnapH = true;
    io.Fonts->AddFontDefault(&config);
    io.FontGlobalScale = float(1.0 / dpr);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  SDL_SetWindowSize(p.window, w, h);
  return true;
}

void frame() {
  Platform& p = *g_platform;
  bool changed = follow_browser_size(p);
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    changed = true;
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_KEYDOWN && !event.key.repeat) {
      p.app->on_key(event.key.keysym.sym, ImGui::GetIO().WantTextInput);
    } else if (event.type == SDL_KEYDOWN && event.key.repeat &&
               (event.key.keysym.sym == SDLK_LEFT || event.key.keysym.sym == SDLK_RIGHT)) {
      p.app->on_key(event.key.keysym.sym, ImGui::GetIO().WantTextInput);  // hold an arrow to scrub
    }
  }
  const Uint64 now = SDL_GetPerformanceCounter();
  const double freq = double(SDL_GetPerformanceFrequency());
  // Nothing moves and nobody touched the page: keep the last frame (saves
  // the laptop's battery, and leaves the CPU to an agent thinking in the worker).
  if (changed || p.app->animating(double(now) / freq)) p.frames_to_draw = 3;
  if (p.frames_to_draw == 0) {
    p.last_counter = now;
    return;
  }
  --p.frames_to_draw;
  const double dt = p.last_counter ? double(now - p.last_counter) / freq : 0.0;
  p.last_counter = now;
  try {
    p.app->update(double(now) / freq, dt);
  } catch (const std::exception& e) {
    p.app->playing = false;
    p.app->error(std::string("Unexpected error while stepping: ") + e.what());
  }

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  p.app->draw(double(now) / freq);
  ImGui::Render();
  int fw = 0, fh = 0;
  SDL_GL_GetDrawableSize(p.window, &fw, &fh);
  glViewport(0, 0, fw, fh);
  glClearColor(0.06f, 0.07f, 0.09f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  SDL_GL_SwapWindow(p.window);
  if (!p.first_frame_done) {
    p.first_frame_done = true;
    browser::notify_first_frame();
  }
}

}  // namespace
}  // namespace pg::web

// shell.html switches to another game's module: this one stops drawing and lets go of the browser's events
// and its WebGL context (the shell gives the next module a new canvas).
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
  // No keyboard navigation: the arrow keys step the episode.
  style();
  ImGui_ImplSDL2_InitForOpenGL(platform.window, platform.gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  pg::install_policy_request([](std::string_view path) { browser::request_policy(path); });
  pg::install_worker_exchange(&browser::worker_exchange);
  platform.app = std::make_unique<App>(pg::parse_url_config(browser::location_query()));
  emscripten_set_main_loop(frame, 0, true);
  return 0;
}
