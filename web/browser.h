// The few things the page asks of the browser (through JavaScript).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pg::web::browser {

std::string location_query();  // location.search
void download_text(const std::string& filename, const std::string& text);
// Opens a file picker; the file arrives via pg_import_trace ("trace") or pg_load_policy ("policy").
void choose_file(const std::string& kind);
// Copies the text, or (the browser refused the clipboard) shows it selected in a box to copy by hand; the page
// says which (web/page/links.mjs).
void copy_to_clipboard(const std::string& text);
std::string page_url_without_query();
void notify_first_frame();
// An agent needs a shipped policy file the page does not have yet: the page fetches it (once), reporting
// through pg_policy_progress, pg_provide_policy and pg_policy_failed (js_api.cc).
void request_policy(std::string_view path);
// Opens a game this module does not carry: the page switches to that game's module (web/page/modules.mjs), which
// opens it with these options (a JSON object's text). This module stops.
void open_game(const std::string& game, const std::string& options);
// Asks the page's worker question `id` (engine/core/worker_agent.h), once: the reply when the page has it
// already, else nullopt, and the page pushes the reply in later (pg_worker_reply). cancel_thinking stops what
// it thinks about (the next question starts it again).
std::optional<std::string> worker_ask(uint64_t id, const std::string& request);
void cancel_thinking();
// Tells the page what happened ("step", "done", "error"; `detail` is a JSON object's text): the page
// (web/page/bridge.mjs) passes it to a page that embeds this one, and to listeners of the window's "playground:<kind>"
// events.
void publish_event(const std::string& kind, const std::string& detail);
// The reader's preferences the browser keeps (localStorage): "theme" (dark, light, contrast) and "scale" (the UI
// scale). Unset, the browser's own: the theme its prefers-color-scheme / prefers-contrast asks for, a larger
// scale on a touch screen. set_preference also gives the page's own elements the theme (web/page/look.mjs).
std::string preference(const std::string& name);
void set_preference(const std::string& name, const std::string& value);
// A text field of the engine took (true) or left (false) the keyboard: on a touch screen the page brings up the
// on-screen keyboard and hands what is typed to the engine (web/page/input.mjs; pg_type_text, pg_type_key).
void text_input_changed(bool active);
double device_pixel_ratio();
void window_css_size(int& width, int& height);

}  // namespace pg::web::browser
