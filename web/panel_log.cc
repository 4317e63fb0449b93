// The Step log: every step and what happened in it.
#include <cstdio>

#include "engine/core/moment_words.h"
#include "imgui.h"
#include "web/app.h"
#include "web/panels.h"
#include "web/ui.h"

namespace pg::web {

void log_panel(App& app) {
  Session& s = app.session();
  if (!ImGui::Begin("Step log", &app.panels.log, fixed_window_flags(app.fixed_panels(), !app.narrow_layout)))
    return ImGui::End();
  const Episode& e = s.episode();
  help_marker(
      PG_TEXT("Every step of the episode: who acted, the action, the reward, and what happened (extra turns, "
              "captures, every random draw). Click a row to go there."));
  static size_t last_cursor = ~size_t(0);
  // The short columns fit what they show; what happened wraps in the rest, so nothing is cut off at any width.
  const std::string table_id = "log##" + s.entry().name;
  if (ImGui::BeginTable(table_id.c_str(), 6, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", kFittedColumn);
    ImGui::TableSetupColumn("P", kFittedColumn);
    ImGui::TableSetupColumn("agent", kFittedColumn);
    ImGui::TableSetupColumn("act", kFittedColumn);
    ImGui::TableSetupColumn("rew", kFittedColumn);
    ImGui::TableSetupColumn("what happened", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < e.length(); ++i) {
      const EpisodeStep& st = e.step(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      char label[32];
      std::snprintf(label, sizeof label, "%zu", i + 1);
      const bool current = i + 1 == e.cursor();
      if (ImGui::Selectable(label, current, ImGuiSelectableFlags_SpanAllColumns)) app.seek(i + 1);
      if (current && last_cursor != e.cursor()) ImGui::SetScrollHereY();
      ImGui::TableNextColumn();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(player_colour(st.player)), "%d", st.player);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(st.agent.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(st.action_name.c_str());
      ImGui::TableNextColumn();
      const double rw = st.player >= 0 && size_t(st.player) < st.transition.rewards.size()
                            ? st.transition.rewards[size_t(st.player)]
                            : 0.0;
      ImGui::Text("%+g", rw);
      ImGui::TableNextColumn();
      const std::string note = app.view()->step_note(e, i);
      ImGui::PushTextWrapPos(0);
      if (!note.empty()) ImGui::TextColored(palette().text_bad, "%s", note.c_str());  // the view's: a blunder
      ImGui::TextUnformatted(describe_step(s.game(), st).c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
  }
  last_cursor = e.cursor();
  ImGui::End();
}

}  // namespace pg::web
