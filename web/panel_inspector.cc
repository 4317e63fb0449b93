// The Inspector: the agent's distribution, scores, value, debug toggles, observation.
#include <algorithm>
#include <cstdio>
#include <numeric>

#include "engine/nn/network_agent.h"
#include "imgui.h"
#include "web/app.h"
#include "web/panels.h"
#include "web/ui.h"

namespace pg::web {

namespace {

// The decision's actions, most likely first: probability, score and expected line where the agent gives them,
// and which action was chosen (and taken, when a recorded step differs).
void decision_table(const State& state, const Decision& decision, Action taken, int player) {
  const Decision* d = &decision;
  const int p = player;
  std::vector<size_t> order(d->actions.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return d->probabilities[a] > d->probabilities[b]; });
  const bool has_scores = !d->scores.empty();
  const bool has_lines = d->lines.size() == d->actions.size() && !d->lines.empty();
  if (ImGui::BeginTable("distribution", 3 + int(has_scores) + int(has_lines),
                        ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("action", kFittedColumn);
    ImGui::TableSetupColumn("probability", ImGuiTableColumnFlags_WidthStretch);
    if (has_scores) ImGui::TableSetupColumn("score", kFittedColumn);
    if (has_lines) ImGui::TableSetupColumn("expected line", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("", kFittedColumn);
    ImGui::TableHeadersRow();
    for (size_t i : order) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(state.action_name(d->actions[i]).c_str());
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImGui::ColorConvertU32ToFloat4(player_colour(std::max(p, 0))));
      ImGui::ProgressBar(float(d->probabilities[i]), ImVec2(-1, 0), percent(d->probabilities[i]).c_str());
      ImGui::PopStyleColor();
      if (has_scores) {
        ImGui::TableNextColumn();
        ImGui::Text("%+g", d->scores[i]);
      }
      if (has_lines) {
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", d->lines[i].c_str());
      }
      ImGui::TableNextColumn();
      if (d->actions[i] == d->chosen) ImGui::TextColored(palette().text_good, "chosen");
      if (d->actions[i] == taken && taken != d->chosen) ImGui::TextColored(palette().text_warning, "taken");
    }
    ImGui::EndTable();
  }
}

// Actions whose score equals the choice's while the choice takes all the probability (an argmax): said, so the
// 100% on one of several equal scores is not a mystery.
void tie_note(const State& state, const Decision& d) {
  const auto c = std::find(d.actions.begin(), d.actions.end(), d.chosen) - d.actions.begin();
  if (d.scores.size() != d.actions.size() || size_t(c) >= d.actions.size() || d.probabilities[size_t(c)] < 1.0 ||
      *std::max_element(d.scores.begin(), d.scores.end()) != d.scores[size_t(c)])
    return;
  std::string tied;
  int count = 0;
  for (size_t i = 0; i < d.actions.size(); ++i)
    if (i != size_t(c) && d.scores[i] == d.scores[size_t(c)]) {
      tied += (tied.empty() ? "" : ", ") + state.action_name(d.actions[i]);
      ++count;
    }
  if (count == 0) return;
  ImGui::PushStyleColor(ImGuiCol_Text, palette().text_info);
  ImGui::TextWrapped("Tie: %s %s %+g, as its choice does.", tied.c_str(), count == 1 ? "scores" : "score",
                     d.scores[size_t(c)]);
  ImGui::PopStyleColor();
  wrapped_text(
      PG_TEXT("This agent plays its best-scored action with all its probability and breaks ties by its own "
              "rule (an argmax takes the first of them in the game's order of actions)."));
}

// The numbers an agent receives for this state, and the state as text.
void observation_section(const State& state) {
  help_marker(PG_TEXT("The numbers an agent receives for this state, from the point of view of the player to move."));
  const auto obs = state.observation();
  std::string text;
  for (size_t i = 0; i < obs.size(); ++i) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%g ", double(obs[i]));
    text += buf;
  }
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::TextUnformatted(state.to_text().c_str());
}

}  // namespace

void inspector_panel(App& app) {
  Session& s = app.session();
  if (!ImGui::Begin("Inspector", &app.panels.inspector, fixed_window_flags(app.fixed_panels(), !app.narrow_layout)))
    return ImGui::End();
  const State& state = s.state();
  const int p = state.current_player();
  if (p < 0) {
    ImGui::TextUnformatted("The episode is over.");
  } else {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(player_colour(p)), "%s to move: %s", player_name(p).c_str(),
                       s.agent_specs()[size_t(p)].c_str());
  }
  const Decision* d = s.decision();
  const Episode& e = s.episode();
  const bool recorded = e.cursor() < e.length();
  if (!d && p >= 0 && s.thinking()) {
    // The agent decides in the page's worker (engine/core/worker_agent.h): the page stays responsive.
    ImGui::TextColored(palette().text_info, "Thinking...");
    wrapped_text(PG_TEXT("The agent decides in the background; step back, pause or switch game at any time."));
  } else if (d && d->declined) {
    ImGui::TextColored(palette().text_warning, "The agent declines to move here:");
    ImGui::TextWrapped("%s", d->note.c_str());
    wrapped_text(PG_TEXT("Click a move on the board (it is recorded as an override), or seat another agent."));
  } else if (d) {
    ImGui::TextUnformatted(recorded ? "Decision (recorded in the episode)" : "Decision (what the agent will do)");
    help_marker(
        PG_TEXT("The agent's probability for each legal action. A search agent that finds several equally good "
                "moves spreads its probability evenly over them and draws one with the episode's seed; an agent that "
                "always plays its best-scored action puts all of it on one, and a tie is said under the table."));
    if (!d->note.empty()) ImGui::TextWrapped("%s", d->note.c_str());
    const bool has_scores = !d->scores.empty();
    const bool has_lines = d->lines.size() == d->actions.size() && !d->lines.empty();
    decision_table(state, *d, recorded ? e.step(e.cursor()).action : d->chosen, p);
    tie_note(state, *d);
    if (has_scores) {
      ImGui::TextWrapped("score: %s", d->score_label.c_str());
      help_marker(PG_TEXT("What the agent computed for each action before choosing, from its own point of view."));
    }
    if (has_lines) {
      wrapped_text(PG_TEXT("expected line: the moves the search expects after each action (its principal variation)"));
      help_marker(PG_TEXT(
          "The line of play that leads to the action's score if both sides play as the search assumes: the action "
          "first, then the replies it expects, to the search's depth or the end of the game."));
    }
    if (d->value) ImGui::Text("value estimate: %+g", *d->value);
    for (const auto& [name, v] : d->debug) ImGui::Text("%s: %g", name.c_str(), v);
  } else if (s.human_to_move()) {
    wrapped_text(PG_TEXT("A human is to move: click a move on the board. The legal moves are: "));
    std::string legal;
    for (Action a : state.legal_actions()) legal += state.action_name(a) + " ";
    ImGui::TextUnformatted(legal.c_str());
  }
  app.view()->draw_inspector(app.board_context());
  if (p >= 0)
    if (auto* net = dynamic_cast<nn::NetworkAgent*>(&s.agent(p).local()))
      if (network_section(app, *net, p)) return ImGui::End();  // a new agent and episode copy: stop reading them
  if (ImGui::CollapsingHeader("Debug drawings", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (d && !d->drawings.empty()) {
      ImGui::Checkbox("the agent's own drawings", &app.show_agent_drawings);
      help_marker(
          PG_TEXT("What the agent drew on the board for this decision: marks, arrows and heat over places "
                  "(docs/agent-protocol.md)."));
    }
    app.view()->draw_debug_toggles();
  }
  if (ImGui::CollapsingHeader("Observation")) observation_section(state);
  ImGui::End();
}

}  // namespace pg::web
