// Kalah's Train panel: the report's TD(0) learner running live in slices per
// frame, its learning curve against Greedy 1, and the weights seated as an agent.
#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "engine/core/error.h"
#include "engine/games/mancala/mancala_game.h"
#include "imgui.h"
#include "web/app.h"
#include "web/browser.h"
#include "web/ui.h"
#include "web/views/drawing.h"
#include "web/views/mancala_trainer.h"
#include "web/views/mancala_view.h"

namespace pg::web {

void MancalaView::extra_windows(App& app) {
  // Training goes on while its window is closed (it pauses while another game is open).
  app.busy = mancala_trainer().work(12.0) || mancala_trainer().running();
  if (app.embed) return;
  if (mancala_trainer().reveal) show_train_window_ = true;
  mancala_trainer().reveal = false;
  if (show_train_window_) train_window(app);
}

void MancalaView::setup_extras(App& /*app*/) {
  if (ImGui::Button("Train live")) show_train_window_ = true;
  ImGui::SameLine();
  help_marker(
      PG_TEXT("Train live: run the report's TD(0) learner of ThetaGreedy's 40 weights here, watch its win rate against "
              "Greedy 1, and seat the weights as an agent (theta:D:live)."));
}

namespace {

// The learning curve: ThetaGreedy 1's win rate against Greedy 1 at each evaluation.
void win_rate_plot(const std::vector<MancalaTrainer::CurvePoint>& curve) {
  const PlotPanel panel = plot_panel(140.0f, curve.empty());
  ImDrawList* draw = panel.draw;
  const ImVec2 p0 = panel.min, size = panel.size;
  if (curve.empty()) return;
  const float pad = 20;
  const double last_games = double(std::max(1L, curve.back().games));
  auto rate = [](const MancalaTrainer::CurvePoint& p) { return p.played ? double(p.wins) / double(p.played) : 0.0; };
  auto to_y = [&](double v) { return p0.y + size.y - pad - float(v) * (size.y - 2 * pad); };
  auto to_x = [&](long games) { return p0.x + pad + float(double(games) / last_games) * (size.x - 2 * pad); };
  for (double level : {0.0, 0.5, 1.0}) {
    const float y = to_y(level);
    for (float x = p0.x + pad; x < p0.x + size.x - pad; x += 8)
      draw->AddLine(ImVec2(x, y), ImVec2(x + 4, y), palette().plot_axis, 1.0f);
    char label[16];
    std::snprintf(label, sizeof label, "%d%%", int(level * 100));
    draw->AddText(ImVec2(p0.x + 2, y - 7), palette().plot_text, label);
  }
  for (size_t i = 1; i < curve.size(); ++i)
    draw->AddLine(ImVec2(to_x(curve[i - 1].games), to_y(rate(curve[i - 1]))),
                  ImVec2(to_x(curve[i].games), to_y(rate(curve[i]))), player_colour(0), 2.0f);
  for (const auto& p : curve) draw->AddCircleFilled(ImVec2(to_x(p.games), to_y(rate(p))), 2.5f, player_colour(0));
  char buf[96];
  std::snprintf(buf, sizeof buf, "after %ld games: %.0f%% of %ld", curve.back().games, 100 * rate(curve.back()),
                curve.back().played);
  const ImVec2 text_size = ImGui::CalcTextSize(buf);
  draw->AddText(ImVec2(p0.x + size.x - pad - text_size.x, p0.y + size.y - text_size.y - 2),
                ImGui::GetColorU32(ImGuiCol_Text), buf);
  if (ImGui::IsItemHovered()) {
    const float mouse_x = ImGui::GetIO().MousePos.x;
    const auto nearest = std::min_element(curve.begin(), curve.end(), [&](const auto& a, const auto& b) {
      return std::abs(to_x(a.games) - mouse_x) < std::abs(to_x(b.games) - mouse_x);
    });
    ImGui::SetTooltip("after %ld games: %ld wins, %ld draws of %ld games against greedy:1 (%.1f%%)", nearest->games,
                      nearest->wins, nearest->draws, nearest->played, 100 * rate(*nearest));
  }
}

// The learner's settings, locked while a run exists (they apply from the next restart); false, with the
// problem shown, when one is out of range.
bool settings_fields(MancalaTrainer::Settings& s, bool locked) {
  mancala::ThetaTraining& tr = s.training;
  ImGui::BeginDisabled(locked);
  // long is 32 bits in WebAssembly: edit through 64-bit copies.
  auto input_count = [](const char* label, long& value) {
    int64_t v = value;
    ImGui::SetNextItemWidth(120);
    if (ImGui::InputScalar(label, ImGuiDataType_S64, &v)) value = long(std::clamp<int64_t>(v, 0, 1'000'000'000));
    note_text_field(label);
  };
  input_count("games", tr.games);
  ImGui::SetNextItemWidth(120);
  ImGui::InputDouble("alpha", &tr.alpha, 0, 0, "%.4f");
  note_text_field("alpha");
  ImGui::SetNextItemWidth(120);
  ImGui::InputDouble("epsilon", &tr.epsilon, 0, 0, "%.3f");
  note_text_field("epsilon");
  help_marker(PG_TEXT(
      "alpha is halved 4 times and epsilon 5 times at equal intervals over the games (the report's schedule)."));
  bool pool = tr.opponents == "pool";
  if (ImGui::Checkbox("pool of opponents (Greedy 1..5, Heuristic, self)", &pool)) tr.opponents = pool ? "pool" : "self";
  ImGui::SetNextItemWidth(120);
  ImGui::InputScalar("seed", ImGuiDataType_U64, &tr.seed);
  note_text_field("seed");
  input_count("evaluate every (games)", s.eval_every);
  input_count("evaluation games", s.eval_games);
  help_marker(
      PG_TEXT("Each evaluation plays ThetaGreedy 1 with the weights as they are against Greedy 1, half moving first."));
  ImGui::EndDisabled();
  try {
    MancalaTrainer::Settings::from_json(s.to_json(), s);
  } catch (const InputError& e) {
    ImGui::TextColored(palette().text_error, "%s", e.what());
    return false;
  }
  return true;
}

// Start (or Resume) / Stop, Reset and Download.
void run_buttons(MancalaTrainer& t, const mancala::Rules& rules, bool valid) {
  if (!t.training) {
    ImGui::BeginDisabled(!valid);
    if (ImGui::Button(t.learner && !t.learner->finished() ? "Resume" : "Start")) {
      if (!t.learner || t.learner->finished() || !(t.learner->rules() == rules)) t.restart(rules);
      t.training = true;
    }
    ImGui::EndDisabled();
  } else if (ImGui::Button("Stop")) {
    t.training = false;
  }
  ImGui::SameLine();
  if (ImGui::Button("Reset")) {
    t.learner.reset();
    t.curve.clear();
    t.training = false;
  }
  ImGui::SameLine();
  if (ImGui::Button("Download")) {
    if (t.learner) browser::download_text("kalah-theta.json", t.policy_json().dump(1));
  }
  help_marker(PG_TEXT("Download saves the weights in the format of policies/mancala/theta_*.json, with the curve."));
}

// The depth and seat the weights are seated at, and the button that seats them.
void use_as_agent(App& app, MancalaTrainer& t, int& depth, int& seat) {
  ImGui::BeginDisabled(!t.learner);
  ImGui::SetNextItemWidth(80);
  ImGui::SliderInt("depth", &depth, 1, 5);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110);
  const char* seats[] = {"player 0", "player 1"};
  ImGui::Combo("seat", &seat, seats, 2);
  ImGui::SameLine();
  if (ImGui::Button("Use as agent")) {
    t.publish();
    const std::string spec = "theta:" + std::to_string(depth) + ":live";
    if (app.set_agent(seat, spec))
      app.info("Seated " + spec + ": ThetaGreedy with the weights as they are now; play against it or step it.");
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Seats the weights as they are now; press again to take newer ones");
  ImGui::EndDisabled();
}

void progress(const MancalaTrainer& t) {
  if (!t.learner) return;
  char buf[128];
  std::snprintf(buf, sizeof buf, "%ld / %ld games", t.learner->games_done(), t.learner->settings().games);
  ImGui::ProgressBar(float(double(t.learner->games_done()) / double(t.learner->settings().games)), ImVec2(-1, 0), buf);
  ImGui::Text("alpha %.5f   epsilon %.4f   %.0f games/s", t.learner->alpha(), t.learner->epsilon(), t.games_per_second);
}

}  // namespace

void MancalaView::train_window(App& app) {
  MancalaTrainer& t = mancala_trainer();
  const auto* game = dynamic_cast<const mancala::MancalaGame*>(&app.session().game());
  if (!game) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(std::max(0.0f, display.x - 500), display.y * 0.06f), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(480, std::min(620.0f, display.y * 0.9f)), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Train (TD(0), ThetaGreedy's 40 weights)", &show_train_window_)) return ImGui::End();
  wrapped_text(PG_TEXT(
      "The report's learner: TD(0) on afterstates, the learner's side drawn each game, epsilon-greedy with no update "
      "after a random move, alpha and epsilon halved at equal intervals, weights from zero. Its opponent is "
      "ThetaGreedy 1 with the weights as the game began (self) or, each game, one of self, Greedy 1..5 and "
      "Heuristic (pool). It trains under the rules of the game that is open."));
  const bool valid = settings_fields(t.settings, t.learner != nullptr);
  run_buttons(t, game->rules(), valid);
  use_as_agent(app, t, use_depth_, use_seat_);
  progress(t);
  ImGui::TextUnformatted("Win rate of ThetaGreedy 1 against Greedy 1");
  win_rate_plot(t.curve);
  ImGui::End();
}

}  // namespace pg::web
