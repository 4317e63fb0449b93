#include "web/browser.h"

#include <cstdlib>

// Implemented in browser_library.js.
extern "C" {
char* pg_js_location_query();
char* pg_js_page_url();
void pg_js_download(const char* filename, const char* text);
void pg_js_choose_file(const char* kind);
void pg_js_copy_to_clipboard(const char* text);
void pg_js_first_frame();
void pg_js_game_opened(const char* game);
char* pg_js_agent_module_exchange(const char* request);
double pg_js_device_pixel_ratio();
int pg_js_window_width();
int pg_js_window_height();
}

namespace pg::web::browser {

namespace {

std::string take_js_string(char* s) {
  std::string out = s ? s : "";
  std::free(s);
  return out;
}

}  // namespace

std::string location_query() { return take_js_string(pg_js_location_query()); }
std::string page_url_without_query() { return take_js_string(pg_js_page_url()); }
void download_text(const std::string& filename, const std::string& text) {
  pg_js_download(filename.c_str(), text.c_str());
}
void choose_file(const std::string& kind) { pg_js_choose_file(kind.c_str()); }
void copy_to_clipboard(const std::string& text) { pg_js_copy_to_clipboard(text.c_str()); }
void notify_first_frame() { pg_js_first_frame(); }
void game_opened(const std::string& game) { pg_js_game_opened(game.c_str()); }
std::optional<std::string> agent_module_exchange(const std::string& request) {
  char* reply = pg_js_agent_module_exchange(request.c_str());
  if (!reply) return std::nullopt;
  return take_js_string(reply);
}
double device_pixel_ratio() { return pg_js_device_pixel_ratio(); }
void window_css_size(int& width, int& height) {
  width = pg_js_window_width();
  height = pg_js_window_height();
}

}  // namespace pg::web::browser
