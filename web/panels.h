// The panels of the page, one function each (as in Dear ImGui's demo). Each
// reads the session and calls the App's intents; layout.cc places them.
#pragma once

#include <string>

namespace pg::nn {
class NetworkAgent;
}

namespace pg::web {

class App;

void setup_panel(App& app);
void board_panel(App& app, bool show_probabilities);
void inspector_panel(App& app);
// Inside the inspector, for a network agent (panel_network.cc).
// Returns true when it seated a new agent (the temperature changed).
bool network_section(App& app, nn::NetworkAgent& agent, int player);
void timeline_panel(App& app);
void log_panel(App& app);
void menu_bar(App& app);
void help_window(App& app);
void messages_window(App& app);

inline std::string player_name(int p) { return "Player " + std::to_string(p); }

}  // namespace pg::web
