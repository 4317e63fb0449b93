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

// What the plot draws: each player's return by step, the deciding agents' value estimates seen from player 0
// (NaN where the agent gave none), and the ranges of both.
struct PlotSeries {
  std::vector<std::vector<float>> returns;
  std::vector<float> value;
  bool has_value = false;
  float lo = 0, hi = 0, vlo = 0, vhi = 0;
};

PlotSeries plot_series(const Session& s) {
  const Episode& e = s.episode();
  const size_t n = e.length();
  PlotSeries p;
  p.returns.resize(size_t(s.game().num_players()));
  std::vector<double> running(p.returns.size(), 0.0);  // one pass, not a sum per step
  for (size_t t = 0; t <= n; ++t) {
    if (t > 0) {
      const auto& r = e.step(t - 1).transition.rewards;
      for (size_t q = 0; q < running.size() && q < r.size(); ++q) running[q] += r[q];
    }
    for (size_t q = 0; q < running.size(); ++q) p.returns[q].push_back(float(running[q]));
  }
  for (size_t t = 0; t < n; ++t) {
    const auto& st = e.step(t);
    float v = NAN;
    if (st.decision && st.decision->value) {
      v = float(*st.decision->value) * (st.player == 0 ? 1.0f : -1.0f);
      p.has_value = true;
    }
    p.value.push_back(v);
  }
  for (const auto& ser : p.returns)
    for (float v : ser) p.lo = std::min(p.lo, v), p.hi = std::max(p.hi, v);
  for (float v : p.value)
    if (!std::isnan(v) && std::fabs(v) < 1000) p.vlo = std::min(p.vlo, v), p.vhi = std::max(p.vhi, v);
  if (p.hi - p.lo < 1e-6f) p.hi = p.lo + 1;
  if (p.vhi - p.vlo < 1e-6f) p.vhi = p.vlo + 1;
  return p;
}

void returns_plot(App& app, float height) {
  Session& s = app.session();
  const Episode& e = s.episode();
  const int players = s.game().num_players();
  const size_t n = e.length();
  const PlotSeries p = plot_series(s);
  const auto& series = p.returns;
  const auto& value = p.value;
  const bool has_value = p.has_value;
  const float lo = p.lo, hi = p.hi, vlo = p.vlo, vhi = p.vhi;

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  const ImVec2 p1(p0.x + w, p0.y + height);
  draw->AddRectFilled(p0, p1, palette().plot_back, 4);
  // The legend on a band of its own at the top; the returns' scale on the left, the value's on the right.
  const float line_h = ImGui::GetTextLineHeight(), legend_h = line_h + 6;
  const float margin = ImGui::CalcTextSize("+0.000").x + 8;
  const float top = p0.y + legend_h + line_h * 0.5f, bottom = p1.y - line_h * 0.5f - 2;
  const float x0 = p0.x + margin, x1 = p1.x - (has_value ? margin : 6);
  auto x_of = [&](size_t t) { return x0 + (x1 - x0) * (n == 0 ? 0.0f : float(t) / float(n)); };
  auto y_of = [&](float v, float a, float b) { return bottom - (bottom - top) * (v - a) / (b - a); };
  draw->AddLine(ImVec2(x0, y_of(0, lo, hi)), ImVec2(x1, y_of(0, lo, hi)), palette().plot_axis);
  // Each scale's extremes at their height: the returns' on the left, the value's on the right.
  const float ticks[][4] = {
      {p0.x + 3, lo, lo, hi}, {p0.x + 3, hi, lo, hi}, {x1 + 3, vlo, vlo, vhi}, {x1 + 3, vhi, vlo, vhi}};
  for (int k = 0; k < (has_value ? 4 : 2); ++k) {
    char label[16];
    std::snprintf(label, sizeof label, "%+.3g", double(ticks[k][1]));
    draw->AddText(ImVec2(ticks[k][0], y_of(ticks[k][1], ticks[k][2], ticks[k][3]) - line_h * 0.5f), palette().plot_text,
                  label);
  }
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
    draw->AddText(ImVec2(lx, p0.y + 3), player_colour(q), label.c_str());
    lx += ImGui::CalcTextSize(label.c_str()).x + 12;
  }
  if (has_value) draw->AddText(ImVec2(lx, p0.y + 3), palette().plot_text, "agent's value (P0's view, right scale)");
  const float cx = x_of(e.cursor());
  draw->AddLine(ImVec2(cx, p0.y + legend_h), ImVec2(cx, p1.y), palette().plot_cursor, 1.5f);
  ImGui::InvisibleButton("plot", ImVec2(w, height));
  if (ImGui::IsItemActive() && n > 0) {
    const float f = (ImGui::GetIO().MousePos.x - x0) / std::max(x1 - x0, 1.0f);
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
  const auto r = e.returns(e.cursor());
  std::string returns;
  for (size_t q = 0; q < r.size(); ++q) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%+g", q ? " / " : "", r[q]);
    returns += buf;
  }
  char where[64];
  std::snprintf(where, sizeof where, "step %zu of %zu%s", e.cursor(), e.length(),
                s.state().is_terminal() ? " (over)" : "");
  same_line_if_fits(where);
  ImGui::TextUnformatted(where);
  same_line_if_fits(("return " + returns).c_str());
  ImGui::Text("return %s", returns.c_str());

  int t = int(e.cursor());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##scrub", &t, 0, int(e.length()), "step %d")) app.seek(size_t(t));
  returns_plot(app, std::clamp(ImGui::GetContentRegionAvail().y - 4, 40.0f, 160.0f));
  ImGui::End();
}

}  // namespace pg::web
