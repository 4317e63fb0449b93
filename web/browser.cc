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
void pg_js_request_policy(const char* path);
void pg_js_open_game(const char* game, const char* options);
char* pg_js_worker_ask(double id, const char* request);
void pg_js_cancel_thinking();
void pg_js_publish_event(const char* kind, const char* detail);
char* pg_js_preference(const char* name);
void pg_js_set_preference(const char* name, const char* value);
void pg_js_text_input(int active);
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
void request_policy(std::string_view path) { pg_js_request_policy(std::string(path).c_str()); }
void open_game(const std::string& game, const std::string& options) { pg_js_open_game(game.c_str(), options.c_str()); }
std::optional<std::string> worker_ask(uint64_t id, const std::string& request) {
  char* reply = pg_js_worker_ask(double(id), request.c_str());
  if (!reply) return std::nullopt;
  return take_js_string(reply);
}
void cancel_thinking() { pg_js_cancel_thinking(); }
void publish_event(const std::string& kind, const std::string& detail) {
  pg_js_publish_event(kind.c_str(), detail.c_str());
}
std::string preference(const std::string& name) { return take_js_string(pg_js_preference(name.c_str())); }
void set_preference(const std::string& name, const std::string& value) {
  pg_js_set_preference(name.c_str(), value.c_str());
}
void text_input_changed(bool active) { pg_js_text_input(active ? 1 : 0); }
double device_pixel_ratio() { return pg_js_device_pixel_ratio(); }
void window_css_size(int& width, int& height) {
  width = pg_js_window_width();
  height = pg_js_window_height();
}

}  // namespace pg::web::browser
