// The page's chrome: the menu bar, the help window and the message banner.
#include <algorithm>
#include <cstdio>

#include "imgui.h"
#include "web/app.h"
#include "web/panels.h"
#include "web/ui.h"

namespace pg::web {

void help_window(App& app) {
  if (!app.show_help) return;
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(size.x * 0.5f, size.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(560.0f, size.x - 20), 0), ImGuiCond_Appearing);
  if (ImGui::Begin("Help", &app.show_help, ImGuiWindowFlags_NoCollapse)) {
    ImGui::TextUnformatted("Keyboard");
    if (ImGui::BeginTable("keys", 2)) {
      const char* keys[][2] = {{"Space", "play / pause"},
                               {"Right arrow", "step"},
                               {"Left arrow", "step back"},
                               {"R / Home", "back to the start of the episode"},
                               {"End", "last recorded step"},
                               {"N", "new episode (next seed)"},
                               {"H", "this help"},
                               {"Esc", "close this help"}};
      for (const auto& k : keys) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(k[0]);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(k[1]);
      }
      ImGui::EndTable();
    }
    ImGui::Separator();
    wrapped_text(PG_TEXT(
        "An episode is recorded step by step: stepping back and forward replays exactly what happened. Playing a "
        "different move from an earlier step starts a new branch. The seed fixes every random draw, so a seed and "
        "a list of actions always give the same episode (also with `playground <game> replay`)."));
    wrapped_text(PG_TEXT(
        "The inspector shows the agent's policy: the probability of each legal action, and the scores it computed "
        "(for a search agent, the value of each move after looking ahead). The same probabilities are drawn on "
        "the board."));
    wrapped_text(PG_TEXT(
        "Embedding: add ?game=mancala&seed=3&agents=greedy:5,random&embed=1&autoplay=1&speed=2 to the page's URL."));
  }
  ImGui::End();
}

void messages_window(App& app) {
  const PolicyDownload& download = app.policy_download;
  if (app.messages.empty() && !download.active) return;
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(size.x * 0.5f, app.embed ? 4.0f : 26.0f), ImGuiCond_Always, ImVec2(0.5f, 0));
  ImGui::SetNextWindowSize(ImVec2(std::min(720.0f, size.x - 20), 0), ImGuiCond_Always);
  ImGui::Begin("##messages", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_AlwaysAutoResize);
  if (download.active) {
    // The board stays usable meanwhile: agents that need the files are seated when they arrive.
    char label[96];
    std::snprintf(label, sizeof label, "%.0f of %.0f KiB", download.loaded / 1024, download.total / 1024);
    ImGui::TextUnformatted(("Loading the policies of " + download.game + "...").c_str());
    ImGui::SameLine();
    ImGui::ProgressBar(download.total > 0 ? float(download.loaded / download.total) : 0.0f, ImVec2(-1, 0), label);
  }
  for (size_t i = 0; i < app.messages.size(); ++i) {
    const Message& m = app.messages[i];
    ImGui::PushID(int(i));
    if (ImGui::SmallButton("x")) {
      app.messages.erase(app.messages.begin() + long(i));
      ImGui::PopID();
      break;
    }
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(m.error ? ImVec4(1, 0.45f, 0.4f, 1) : ImVec4(0.6f, 0.9f, 1, 1), "%s", m.text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopID();
  }
  ImGui::End();
}

void menu_bar(App& app) {
  if (!ImGui::BeginMainMenuBar()) return;
  ImGui::TextUnformatted("RL Playground");
  if (ImGui::BeginMenu("View")) {
    ImGui::MenuItem("Setup", nullptr, &app.panels.setup);
    ImGui::MenuItem("Board", nullptr, &app.panels.board);
    ImGui::MenuItem("Inspector", nullptr, &app.panels.inspector);
    ImGui::MenuItem("Timeline", nullptr, &app.panels.timeline);
    ImGui::MenuItem("Step log", nullptr, &app.panels.log);
    ImGui::Separator();
    if (ImGui::MenuItem("Reset layout")) app.layout_dirty = true;
    ImGui::EndMenu();
  }
  if (ImGui::MenuItem("Help (H)")) app.show_help = !app.show_help;
  ImGui::SameLine(ImGui::GetWindowWidth() - 320);
  ImGui::TextDisabled("%s  |  seed %llu", app.session().entry().title.c_str(),
                      static_cast<unsigned long long>(app.session().seed()));
  ImGui::EndMainMenuBar();
}

}  // namespace pg::web
