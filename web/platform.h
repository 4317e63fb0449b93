// What web/main.cc's frame loop offers the rest of the page (the JavaScript API above all).
#pragma once

#include <string>

namespace pg::web {

class App;

// The page's App, or null before it starts and after it shut down.
App* current_app();
// Something changed outside a frame (a JavaScript call, a worker's reply): the next frames are drawn.
void request_frames();
// A key the on-screen keyboard sent, by its DOM name (Backspace, Enter, Delete, Escape, Tab, Home, End, the
// arrows): false for another. Keys and text (type_text) reach the text field in the order they were typed.
bool type_key(const std::string& name);
// Characters the on-screen keyboard sent.
void type_text(const std::string& text);
// The page's clock in seconds, as the frame loop reads it (App's `now`).
double clock_seconds();
// The frames drawn since the page started (the measure of an idle page: none while nothing changes).
int frames_drawn();

}  // namespace pg::web
