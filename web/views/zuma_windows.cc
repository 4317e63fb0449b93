// Zuma's own windows: the scenario editor and the live trainer.
#include <algorithm>
#include <cstdio>

#include "engine/core/error.h"
#include "engine/games/zuma/q_policy.h"
#include "engine/games/zuma/zuma_game.h"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "web/app.h"
#include "web/browser.h"
#include "web/ui.h"
#include "web/views/drawing.h"
#include "web/views/zuma_trainer.h"
#include "web/views/zuma_view.h"

namespace pg::web {

void ZumaView::extra_windows(App& app) {
  // Training goes on while its window is closed (it pauses while another game is open).
  app.busy = zuma_trainer().work(12.0) || zuma_trainer().running();
  if (app.embed) return;
  if (show_scenario_window_) scenario_window(app);
  if (show_train_window_) train_window(app);
}

void ZumaView::setup_extras(App& /*app*/) {
  if (ImGui::Button("Scenario editor")) show_scenario_window_ = true;
  ImGui::SameLine();
  if (ImGui::Button("Train live")) show_train_window_ = true;
  ImGui::SameLine();
  help_marker(PG_TEXT(
      "Scenario editor: the homework's (max_steps, max_length, line, model); paste the Python dict if you like. "
      "Train live: run the model-free Q-learner here, watch its learning curve and seat it as the agent."));
}

void ZumaView::scenario_window(App& app) {
  const auto& game = dynamic_cast<const zuma::ZumaGame&>(app.session().game());
  const std::string current = zuma::to_json(game.scenario()).dump(1);
  if (current != scenario_shown_for_) {
    scenario_text_ = current;
    scenario_shown_for_ = current;
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.30f, display.y * 0.08f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(460, 460), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Zuma scenario", &show_scenario_window_)) return ImGui::End();
  ImGui::TextUnformatted("Shipped scenarios");
  help_marker(PG_TEXT(
      "seed_example: the homework's example (seed 42). grading: the grading protocol (50 steps, max length 10, a "
      "new random line each episode). chain_reaction: certain hits and pops, to watch chains."));
  for (const auto& name : zuma::scenario_names()) {
    ImGui::SameLine();
    if (ImGui::SmallButton(name.c_str())) app.load_game("zuma", {{"scenario", name}});
  }
  wrapped_text(
      PG_TEXT("Edit the scenario and apply it. JSON or the homework's Python dict literal both work; a bare model dict "
              "(chosen_action_prob, ...) keeps the current max_steps, max_length and line."));
  ImGui::InputTextMultiline("##scenario", &scenario_text_, ImVec2(-1, ImGui::GetContentRegionAvail().y - 34));
  note_text_field("scenario");
  if (ImGui::Button("Apply")) {
    if (app.load_game("zuma", {{"scenario", scenario_text_}})) app.info("Scenario applied.");
  }
  ImGui::SameLine();
  if (ImGui::Button("Revert")) scenario_text_ = current;
  ImGui::End();
}

namespace {

// The learning curve: mean training return per block of episodes.
void curve_plot(const std::vector<double>& curve, int64_t block, double reference, const char* reference_label) {
  const PlotPanel panel = plot_panel(120.0f, curve.empty());
  ImDrawList* draw = panel.draw;
  const ImVec2 p0 = panel.min, size = panel.size;
  if (curve.empty()) return;
  double lo = std::min(reference, *std::min_element(curve.begin(), curve.end()));
  double hi = std::max(reference, *std::max_element(curve.begin(), curve.end()));
  if (hi - lo < 1) hi = lo + 1;
  const float pad = 18;
  auto to_y = [&](double v) { return p0.y + size.y - pad - float((v - lo) / (hi - lo)) * (size.y - 2 * pad); };
  auto to_x = [&](size_t i) {
    return p0.x + pad + (curve.size() > 1 ? float(i) / float(curve.size() - 1) : 0.5f) * (size.x - 2 * pad);
  };
  // The reference: a dashed line in the palette's warning text colour (amber), apart from the curve's colour.
  const float ry = to_y(reference);
  ImVec4 reference_colour = palette().text_warning;
  reference_colour.w = 0.8f;
  for (float x = p0.x + pad; x < p0.x + size.x - pad; x += 8)
    draw->AddLine(ImVec2(x, ry), ImVec2(x + 4, ry), ImGui::GetColorU32(reference_colour), 1.5f);
  const ImVec2 label_size = ImGui::CalcTextSize(reference_label);
  draw->AddText(ImVec2(p0.x + size.x - pad - label_size.x, std::min(ry + 3, p0.y + size.y - 2 * label_size.y - 4)),
                ImGui::GetColorU32(palette().text_warning), reference_label);
  for (size_t i = 1; i < curve.size(); ++i)
    draw->AddLine(ImVec2(to_x(i - 1), to_y(curve[i - 1])), ImVec2(to_x(i), to_y(curve[i])), player_colour(0), 2.0f);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%+.1f", hi);
  draw->AddText(ImVec2(p0.x + 2, p0.y + 2), palette().plot_text, buf);
  std::snprintf(buf, sizeof buf, "%+.1f", lo);
  draw->AddText(ImVec2(p0.x + 2, p0.y + size.y - 16), palette().plot_text, buf);
  std::snprintf(buf, sizeof buf, "last %+.1f (episodes %lld..%lld)", curve.back(),
                static_cast<long long>(block * int64_t(curve.size() - 1)),
                static_cast<long long>(block * int64_t(curve.size())));
  const ImVec2 last_size = ImGui::CalcTextSize(buf);
  draw->AddText(ImVec2(p0.x + size.x - pad - last_size.x, p0.y + size.y - last_size.y - 2),
                ImGui::GetColorU32(ImGuiCol_Text), buf);
  if (ImGui::IsItemHovered()) {
    const float fx = (ImGui::GetIO().MousePos.x - p0.x - pad) / (size.x - 2 * pad);
    const size_t i = size_t(std::clamp(fx, 0.0f, 1.0f) * float(curve.size() - 1) + 0.5f);
    ImGui::SetTooltip("episodes %lld..%lld: mean return %+.2f", static_cast<long long>(block * int64_t(i)),
                      static_cast<long long>(block * int64_t(i + 1)), curve[i]);
  }
}

// The learner's settings, locked while a run exists (they apply from the next restart), with the problem
// shown when one is out of range.
void settings_fields(zuma::TrainSettings& s, bool locked) {
  ImGui::BeginDisabled(locked);
  ImGui::SetNextItemWidth(120);
  ImGui::InputScalar("episodes", ImGuiDataType_S64, &s.episodes);
  note_text_field("episodes");
  ImGui::SetNextItemWidth(120);
  ImGui::InputDouble("alpha", &s.alpha, 0, 0, "%.4f");
  note_text_field("alpha");
  help_marker(PG_TEXT("Step size once a key has been visited 1/alpha times (before that, a running average)."));
  ImGui::SetNextItemWidth(120);
  ImGui::InputDouble("epsilon start", &s.epsilon_start, 0, 0, "%.3f");
  note_text_field("epsilon start");
  ImGui::SetNextItemWidth(120);
  ImGui::InputDouble("epsilon end", &s.epsilon_end, 0, 0, "%.3f");
  note_text_field("epsilon end");
  help_marker(PG_TEXT("The chance of a random action, decreasing linearly over the episodes."));
  ImGui::SetNextItemWidth(120);
  ImGui::InputDouble("gamma", &s.gamma, 0, 0, "%.3f");
  note_text_field("gamma");
  ImGui::SetNextItemWidth(120);
  ImGui::InputScalar("seed", ImGuiDataType_U64, &s.seed);
  note_text_field("seed");
  ImGui::SetNextItemWidth(120);
  ImGui::InputScalar("episodes per curve point", ImGuiDataType_S64, &s.curve_every);
  note_text_field("episodes per curve point");
  ImGui::EndDisabled();
  try {
    s = zuma::TrainSettings::from_json(s.to_json(), s);  // clamps nothing: reports what is out of range
  } catch (const InputError& e) {
    ImGui::TextColored(palette().text_error, "%s", e.what());
  }
}

// Start (or Resume) / Pause, Reset, Use as agent, Download and Load.
void run_buttons(App& app, ZumaTrainer& t, const zuma::Scenario& open_scenario) {
  zuma::TrainSettings& s = t.settings;
  if (!t.training) {
    if (ImGui::Button(t.learner && !t.learner->finished() ? "Resume" : "Start")) {
      try {
        zuma::TrainSettings::from_json(s.to_json(), s);
        if (!t.learner || t.learner->finished()) t.restart(open_scenario);
        t.training = true;
      } catch (const InputError& e) {
        app.error(e.what());
      }
    }
  } else if (ImGui::Button("Pause")) {
    t.training = false;
  }
  ImGui::SameLine();
  if (ImGui::Button("Reset")) {
    t.learner.reset();
    t.training = false;
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(!t.learner);
  if (ImGui::Button("Use as agent")) {
    zuma::q_policies().store("live", t.learner->snapshot());
    if (app.set_agent(0, "trained:live")) app.info("The agent now plays the table being trained (trained:live).");
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Seats the table as it is now; press again to take a newer one");
  ImGui::SameLine();
  if (ImGui::Button("Download")) browser::download_text("zuma-policy.json", t.policy_json().dump());
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Load...")) browser::choose_file("policy");
  help_marker(
      PG_TEXT("Download saves the table as a policy file (the same format as policies/zuma/*.json); Load seats one."));
}

void progress(const ZumaTrainer& t) {
  if (!t.learner) return;
  char buf[128];
  std::snprintf(buf, sizeof buf, "%lld / %lld episodes", static_cast<long long>(t.learner->episodes_done()),
                static_cast<long long>(t.learner->settings().episodes));
  ImGui::ProgressBar(float(double(t.learner->episodes_done()) / double(t.learner->settings().episodes)), ImVec2(-1, 0),
                     buf);
  ImGui::Text("epsilon %.3f   %.0f episodes/s   %zu keys visited", t.learner->epsilon(), t.episodes_per_second,
              t.learner->policy().visited_keys());
}

}  // namespace

void ZumaView::train_window(App& app) {
  ZumaTrainer& t = zuma_trainer();
  const auto& game = dynamic_cast<const zuma::ZumaGame&>(app.session().game());
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(std::max(0.0f, display.x - 500), display.y * 0.06f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(480, std::min(640.0f, display.y * 0.9f)), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Train (Q-learning)", &show_train_window_)) return ImGui::End();
  wrapped_text(
      PG_TEXT("Model-free: the learner only reads the state, submits actions and resets, like the homework's agent. It "
              "learns a Q-value per feature key (the run an action makes, the pops it could chain, what the line would "
              "still need, the steps left) with Q-learning and epsilon-greedy exploration."));
  const zuma::Scenario& scenario = t.learner ? t.learner->scenario() : game.scenario();
  ImGui::Text("Scenario: %d steps, max length %d, %s", scenario.max_steps, scenario.max_length,
              scenario.random_lines ? "random lines" : "fixed line");
  help_marker(
      PG_TEXT("Training uses the scenario open when it starts. The grading scenario is the homework's protocol."));
  if (!game.scenario().random_lines) {
    ImGui::SameLine();
    if (ImGui::SmallButton("open grading")) app.load_game("zuma", {{"scenario", "grading"}});
  }

  settings_fields(t.settings, t.learner != nullptr);
  run_buttons(app, t, game.scenario());
  progress(t);
  double reference = 0;
  std::string reference_label = "0";
  if (auto shipped = zuma::q_policies().find(zuma::kShippedPolicy); shipped && shipped->info.contains("score")) {
    reference = shipped->info["score"].value("mean", 0.0);
    reference_label = "shipped policy under grading: " + std::to_string(int(std::lround(reference)));
  }
  curve_plot(t.learner ? t.learner->curve() : std::vector<double>{}, t.learner ? t.learner->settings().curve_every : 1,
             reference, reference_label.c_str());
  ImGui::End();
}

}  // namespace pg::web
