// The Timeline: controls, scrubber and the returns plot.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "imgui.h"
#include "web/app.h"
#include "web/panels.h"
#include "web/ui.h"

namespace pg::web {

namespace {

void returns_plot(App& app, float height) {
  Session& s = app.session();
  const Episode& e = s.episode();
  const int players = s.game().num_players();
  const size_t n = e.length();
  // Series: each player's return, and the deciding agent's value estimate
  // seen from player 0 (when the agents have one).
  std::vector<std::vector<float>> series(static_cast<size_t>(players));
  std::vector<float> value;
  bool has_value = false;
  std::vector<double> running(static_cast<size_t>(players), 0.0);  // one pass, not a sum per step
  for (size_t t = 0; t <= n; ++t) {
    if (t > 0) {
      const auto& r = e.step(t - 1).transition.rewards;
      for (size_t q = 0; q < running.size() && q < r.size(); ++q) running[q] += r[q];
    }
    for (int q = 0; q < players; ++q) series[size_t(q)].push_back(float(running[size_t(q)]));
  }
  for (size_t t = 0; t < n; ++t) {
    const auto& st = e.step(t);
    float v = NAN;
    if (st.decision && st.decision->value) {
      v = float(*st.decision->value) * (st.player == 0 ? 1.0f : -1.0f);
      has_value = true;
    }
    value.push_back(v);
  }
  float lo = 0, hi = 0;
  for (const auto& ser : series)
    for (float v : ser) lo = std::min(lo, v), hi = std::max(hi, v);
  float vlo = 0, vhi = 0;
  for (float v : value)
    if (!std::isnan(v) && std::fabs(v) < 1000) vlo = std::min(vlo, v), vhi = std::max(vhi, v);
  if (hi - lo < 1e-6f) hi = lo + 1;
  if (vhi - vlo < 1e-6f) vhi = vlo + 1;

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  const ImVec2 p1(p0.x + w, p0.y + height);
  draw->AddRectFilled(p0, p1, palette().plot_back, 4);
  auto x_of = [&](size_t t) { return p0.x + 6 + (w - 12) * (n == 0 ? 0.0f : float(t) / float(n)); };
  auto y_of = [&](float v, float a, float b) { return p1.y - 6 - (height - 12) * (v - a) / (b - a); };
  draw->AddLine(ImVec2(p0.x, y_of(0, lo, hi)), ImVec2(p1.x, y_of(0, lo, hi)), palette().plot_axis);
  for (int q = 0; q < players; ++q) {
    for (size_t t = 1; t <= n; ++t)
      draw->AddLine(ImVec2(x_of(t - 1), y_of(series[size_t(q)][t - 1], lo, hi)),
                    ImVec2(x_of(t), y_of(series[size_t(q)][t], lo, hi)), player_colour(q), 2.0f);
  }
  if (has_value) {
    // Connected across the steps of agents without a value estimate.
    size_t prev = n;
    for (size_t t = 0; t < n; ++t) {
      const float v = value[t];
      if (std::isnan(v) || std::fabs(v) >= 1000) continue;
      if (prev < n)
        draw->AddLine(ImVec2(x_of(prev), y_of(value[prev], vlo, vhi)), ImVec2(x_of(t), y_of(v, vlo, vhi)),
                      palette().plot_text, 1.0f);
      prev = t;
    }
  }
  // Legend.
  float lx = p0.x + 8;
  for (int q = 0; q < players; ++q) {
    const std::string label = "return P" + std::to_string(q);
    draw->AddText(ImVec2(lx, p0.y + 4), player_colour(q), label.c_str());
    lx += ImGui::CalcTextSize(label.c_str()).x + 12;
  }
  if (has_value) draw->AddText(ImVec2(lx, p0.y + 4), palette().plot_text, "agent's value (P0's view)");
  const float cx = x_of(e.cursor());
  draw->AddLine(ImVec2(cx, p0.y), ImVec2(cx, p1.y), palette().plot_cursor, 1.5f);
  ImGui::InvisibleButton("plot", ImVec2(w, height));
  if (ImGui::IsItemActive() && n > 0) {
    const float f = (ImGui::GetIO().MousePos.x - p0.x - 6) / (w - 12);
    app.seek(size_t(std::lround(std::clamp(f, 0.0f, 1.0f) * float(n))));
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Returns (sum of rewards) of each player, by step%s. Click or drag to seek.",
                      has_value ? "; grey: the agents' value estimate seen from player 0 (store difference)" : "");
}

}  // namespace

void timeline_panel(App& app) {
  Session& s = app.session();
  const ImGuiWindowFlags flags = fixed_window_flags(app.fixed_panels());
  if (!ImGui::Begin("Timeline", &app.panels.timeline, flags)) return ImGui::End();
  const Episode& e = s.episode();
  if (ImGui::Button("|<")) app.rewind();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the start of the episode (R)");
  ImGui::SameLine();
  if (ImGui::Button("<")) app.back();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step back (Left arrow)");
  ImGui::SameLine();
  if (ImGui::Button(app.playing() ? "Pause" : "Play ", ImVec2(56, 0))) app.toggle_play();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play / pause (Space)");
  ImGui::SameLine();
  if (ImGui::Button(">")) {
    app.set_playing(false);
    app.step(StepCause::kUser);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step (Right arrow)");
  ImGui::SameLine();
  if (ImGui::Button(">|")) app.seek(e.length());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("To the last recorded step (End)");
  ImGui::SameLine();
  if (ImGui::Button("New (N)")) app.new_episode();
  ImGui::SameLine();
  float speed = float(app.speed);
  ImGui::SetNextItemWidth(140);
  if (ImGui::SliderFloat("steps/s", &speed, float(kMinSpeed), float(kMaxSpeed), "%.2g", ImGuiSliderFlags_Logarithmic))
    app.speed = speed;
  ImGui::SameLine();
  const auto r = e.returns(e.cursor());
  std::string returns;
  for (size_t q = 0; q < r.size(); ++q) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%+g", q ? " / " : "", r[q]);
    returns += buf;
  }
  ImGui::Text("step %zu of %zu%s   return %s", e.cursor(), e.length(), s.state().is_terminal() ? " (over)" : "",
              returns.c_str());

  int t = int(e.cursor());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##scrub", &t, 0, int(e.length()), "step %d")) app.seek(size_t(t));
  returns_plot(app, std::clamp(ImGui::GetContentRegionAvail().y - 4, 40.0f, 160.0f));
  ImGui::End();
}

}  // namespace pg::web
