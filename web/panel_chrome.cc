// The page's chrome: the menu bar, the help window and the message banner.
#include <algorithm>
#include <cstdio>
#include <string>

#include "imgui.h"
#include "web/app.h"
#include "web/browser.h"
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
      const char* keys[][2] = {
          {"Space", "play / pause"},
          {"Right arrow", "step"},
          {"Left arrow", "step back"},
          {"R / Home", "back to the start of the episode"},
          {"End", "last recorded step"},
          {"N", "new episode (next seed)"},
          {"H", "this help"},
          {"Tab", "the game in words (for screen readers), with Step, Step back, Play, New episode and your moves"},
          {"F6", "keyboard navigation on / off: arrows move between a panel's controls, Space or Enter presses"},
          {"F8", "keyboard navigation, in the next panel or the menu bar (Shift+F8: back)"},
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
    ImGui::TextColored(m.error ? palette().text_error : palette().text_info, "%s", m.text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopID();
  }
  ImGui::End();
}

namespace {

// The theme, the UI scale and keyboard navigation (View menu; the browser remembers the first two).
void look_menu(App& app) {
  ImGui::TextDisabled("Theme");
  for (const Theme theme : {Theme::dark, Theme::light, Theme::contrast}) {
    const char* label = theme == Theme::dark ? "Dark" : theme == Theme::light ? "Light" : "High contrast";
    if (ImGui::MenuItem(label, nullptr, app.theme == theme) && app.theme != theme) app.choose_theme(theme);
  }
  ImGui::Separator();
  float percent_size = (app.ui_scale_pending > 0 ? app.ui_scale_pending : app.ui_scale) * 100.0f;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::SliderFloat("Text size", &percent_size, App::kMinUiScale * 100, App::kMaxUiScale * 100, "%.0f%%"))
    app.ui_scale_pending = percent_size / 100.0f;
  // The new size takes effect when the slider is let go (the font is made again at that size).
  if (ImGui::IsItemDeactivatedAfterEdit() && app.ui_scale_pending > 0) {
    app.choose_ui_scale(app.ui_scale_pending);
    app.ui_scale_pending = 0;
  }
  ImGui::MenuItem("Keyboard navigation", "F6", &app.keyboard_nav);
}

}  // namespace

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
    ImGui::Separator();
    look_menu(app);
    ImGui::EndMenu();
  }
  if (ImGui::MenuItem("Help (H)")) app.show_help = !app.show_help;
  // Writing a lesson from the moments on the board: the page's lesson panel (web/lessons/), not the engine's.
  if (ImGui::MenuItem("Lesson")) browser::publish_event("write_lesson", "{}");
  if (app.keyboard_nav) ImGui::TextColored(palette().text_info, "Keyboard navigation: arrows, Space, F8; F6 to leave");
  // The game and the seed at the right, where there is room for them (not on a phone).
  const std::string title = app.session().entry().title + "  |  seed " + std::to_string(app.session().seed());
  const float title_w = ImGui::CalcTextSize(title.c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2;
  if (ImGui::GetCursorPosX() + title_w < ImGui::GetWindowWidth()) {
    ImGui::SameLine(ImGui::GetWindowWidth() - title_w);
    ImGui::TextDisabled("%s", title.c_str());
  }
  ImGui::EndMainMenuBar();
}

}  // namespace pg::web
