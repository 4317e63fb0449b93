// The few things the page asks of the browser (through JavaScript).
#pragma once

#include <optional>
#include <string>

namespace pg::web::browser {

std::string location_query();  // location.search
void download_text(const std::string& filename, const std::string& text);
// Opens a file picker; the file arrives via pg_import_trace ("trace") or pg_load_policy ("policy").
void choose_file(const std::string& kind);
void copy_to_clipboard(const std::string& text);
std::string page_url_without_query();
void notify_first_frame();
// A game was opened: the page fetches its policy files (once), reporting through pg_policy_progress,
// pg_provide_policy and pg_policy_failed (js_api.cc).
void game_opened(const std::string& game);  // resolves window.playground.ready
// Carries a request to the agent module (engine/core/offloaded_agent.h) and returns its reply; nullopt while
// the page is still fetching the module (shell.html starts it, and calls pg_agents_changed once it runs).
std::optional<std::string> agent_module_exchange(const std::string& request);
double device_pixel_ratio();
void window_css_size(int& width, int& height);

}  // namespace pg::web::browser
