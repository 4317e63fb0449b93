#include "web/views/zuma_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/core/error.h"
#include "engine/games/zuma/q_policy.h"
#include "engine/games/zuma/zuma_game.h"
#include "imgui.h"
#include "web/app.h"
#include "web/ui.h"
#include "web/views/drawing.h"
#include "web/views/zuma_trainer.h"

namespace pg::web {

using zuma::kSkip;
using zuma::Line;

namespace {

constexpr double kStageSeconds = 0.45;
const ImU32 kTrackColour = IM_COL32(78, 66, 52, 255);
const ImU32 kTextColour = IM_COL32(235, 235, 235, 255);
const ImU32 kAimColour = IM_COL32(255, 214, 90, 255);
const ImU32 kMissColour = IM_COL32(240, 80, 70, 255);
const ImU32 kFrogColour = IM_COL32(70, 150, 80, 255);

ImU32 ball_colour(int c, float alpha = 1.0f) {
  const int a = int(255 * alpha);
  switch (c) {
    case 1: return IM_COL32(222, 62, 62, a);
    case 2: return IM_COL32(64, 118, 235, a);
    case 3: return IM_COL32(64, 182, 92, a);
    case 4: return IM_COL32(236, 202, 52, a);
    default: return IM_COL32(128, 128, 128, a);
  }
}

const char* ball_letter(int c) {
  static const char* letters[] = {"", "R", "B", "G", "Y"};
  return c >= 1 && c <= 4 ? letters[c] : "?";
}

void draw_ball(ImDrawList* draw, ImVec2 p, float r, int colour, float alpha = 1.0f, bool letter = true) {
  draw->AddCircleFilled(p, r, ball_colour(colour, alpha), 24);
  draw->AddCircleFilled(ImVec2(p.x - r * 0.3f, p.y - r * 0.3f), r * 0.3f, IM_COL32(255, 255, 255, int(70 * alpha)), 12);
  draw->AddCircle(p, r, IM_COL32(0, 0, 0, int(120 * alpha)), 24, 1.0f);
  if (letter && r >= 7)
    centered_text(draw, p, std::max(10.0f, r * 0.9f), IM_COL32(0, 0, 0, int(170 * alpha)), ball_letter(colour));
}

// The track: an arch over the frog, sampled by arc length so balls sit
// evenly. Slot i (a ball's place) is at fraction (i + 0.5) / slots; gap k
// (before ball k) at k / slots; the hole at the end is at 1.
struct Track {
  static constexpr int kSamples = 96;
  ImVec2 points[kSamples + 1];
  float length[kSamples + 1];
  int slots = 1;
  float radius = 10;

  void build(ImVec2 min, ImVec2 max, int slot_count) {
    slots = slot_count;
    const float w = max.x - min.x, h = max.y - min.y;
    for (int i = 0; i <= kSamples; ++i) {
      const float t = float(i) / kSamples;
      points[i] = ImVec2(min.x + t * w, max.y - h * std::sin(3.14159265f * (0.08f + 0.84f * t)));
      length[i] =
          i == 0 ? 0.0f : length[i - 1] + std::hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
    }
    radius = std::min(0.5f * length[kSamples] / float(slots) * 0.92f, h * 0.18f);
  }
  // The point at fraction f of the track's length.
  ImVec2 at(float f) const {
    const float target = std::clamp(f, 0.0f, 1.0f) * length[kSamples];
    int i = 1;
    while (i < kSamples && length[i] < target) ++i;
    const float span = std::max(1e-3f, length[i] - length[i - 1]);
    const float u = (target - length[i - 1]) / span;
    return ImVec2(points[i - 1].x + u * (points[i].x - points[i - 1].x),
                  points[i - 1].y + u * (points[i].y - points[i - 1].y));
  }
  // The unit normal pointing away from the frog (outside the arch).
  ImVec2 outward(float f) const {
    const ImVec2 a = at(f - 0.01f), b = at(f + 0.01f);
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::max(1e-3f, std::hypot(dx, dy));
    return ImVec2(dy / len, -dx / len);
  }
  ImVec2 slot(int i) const { return at((float(i) + 0.5f) / float(slots)); }
  float gap_fraction(int k) const { return float(k) / float(slots); }
  ImVec2 gap(int k, float inward = 0) const {
    const ImVec2 p = at(gap_fraction(k)), n = outward(gap_fraction(k));
    return ImVec2(p.x - n.x * inward, p.y - n.y * inward);
  }
};

// One stage of a step, for the chain-reaction strip and the animation.
struct Stage {
  Line line;
  std::string label;
  int ring = -1;                    // the inserted ball
  int run_start = -1, run_len = 0;  // the run that popped (or held)
  bool popped = false;
  int aimed_gap = -2, actual_gap = -2;  // on the line before the throw
};

std::vector<Stage> stages_of(const Json& ev) {
  std::vector<Stage> stages;
  if (!ev.contains("before")) return stages;
  char buf[200];
  Stage thrown;
  thrown.line = Line::of(ev["before"].get<std::vector<int>>());
  thrown.aimed_gap = ev["aimed"].get<int>();
  thrown.actual_gap = ev["actual"].get<int>();
  const bool hit = ev["hit"].get<bool>();
  auto where = [](int a) { return a == kSkip ? std::string("skip") : "gap " + std::to_string(a); };
  std::snprintf(buf, sizeof buf, "throw %s: aimed at %s, %s%s", zuma::colour_name(ev["ball"].get<int>()),
                where(thrown.aimed_gap).c_str(), hit ? "hit" : "missed, went to ",
                hit ? "" : where(thrown.actual_gap).c_str());
  thrown.label = buf;
  stages.push_back(thrown);
  if (thrown.actual_gap == kSkip) return stages;
  Stage inserted;
  inserted.line = Line::of(ev["inserted"].get<std::vector<int>>());
  inserted.ring = thrown.actual_gap;
  inserted.label = "inserted at " + std::to_string(thrown.actual_gap);
  stages.push_back(inserted);
  Line line = inserted.line;
  int n = 0;
  for (const auto& p : ev["pops"]) {
    Stage s;
    s.line = line;
    s.run_start = p["start"].get<int>();
    s.run_len = p["length"].get<int>();
    s.popped = p["popped"].get<bool>();
    std::snprintf(buf, sizeof buf, "%s %d: %s x%d, u=%.3f %s %.2f%s", n == 0 ? "pop" : "chain", n + 1,
                  zuma::colour_name(p["colour"].get<int>()), s.run_len, p["u"].get<double>(),
                  s.popped ? "<" : ">=", p["p"].get<double>(), s.popped ? "" : ": holds");
    s.label = buf;
    if (s.popped) {
      std::snprintf(buf, sizeof buf, " -> +%g", p["reward"].get<double>());
      s.label += buf;
      line.erase(s.run_start, s.run_len);
    }
    stages.push_back(s);
    ++n;
  }
  return stages;
}

}  // namespace

void ZumaView::draw_debug_toggles() {
  ImGui::Checkbox("Probabilities on the gaps", &show_probabilities_);
  ImGui::SameLine();
  ImGui::Checkbox("Q heat", &show_heat_);
  ImGui::Checkbox("Runs that may pop", &show_pop_runs_);
  ImGui::SameLine();
  ImGui::Checkbox("Throw", &show_throw_);
  ImGui::Checkbox("Chain, stage by stage", &show_chain_);
  ImGui::SameLine();
  ImGui::Checkbox("Animate", &animate_);
}

std::string ZumaView::legend() const {
  return PG_TEXT(
             "Gaps are numbered 0..n from the track's start; -1 skips. Bars: the agent's probability per gap; gap "
             "colour: "
             "its Q-value (dark low, bright high); green ring: its choice. Outlined runs can pop with this ball (pop "
             "probability shown). The strip lists the last step's throw and each pop of its chain in order.")
      .str();
}

bool ZumaView::animating() const {
  return animate_ && animation_stages_ > 0 && ImGui::GetTime() - animation_start_ < kStageSeconds * animation_stages_;
}

std::optional<Action> ZumaView::draw(const BoardContext& c) {
  const auto& state = dynamic_cast<const zuma::ZumaState&>(c.state);
  const zuma::ZumaEngine& engine = state.engine();
  const zuma::Scenario& scenario = state.scenario();
  const zuma::Model& model = scenario.model;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  avail.y -= ImGui::GetTextLineHeightWithSpacing() * 3.2f;
  if (avail.x < 80 || avail.y < 80) return std::nullopt;
  const float text = std::max(13.0f, std::min(avail.x, avail.y) * 0.03f);

  const Json* events = c.last_step ? &c.last_step->transition.events : nullptr;
  const std::vector<Stage> stages = events && show_chain_ ? stages_of(*events) : std::vector<Stage>{};
  const float strip_h = stages.empty() ? 0.0f : std::min(avail.y * 0.4f, float(stages.size() + 1) * text * 1.9f);
  const float board_h = avail.y - strip_h;

  // Header: step, total, length.
  char buf[200];
  std::snprintf(buf, sizeof buf, "step %d/%d   total %+g   line %d/%d", engine.steps(), scenario.max_steps,
                engine.total_reward(), int(engine.line().size), scenario.max_length);
  draw->AddText(ImGui::GetFont(), text, origin, kTextColour, buf);

  // The track and the frog.
  const float margin = avail.x * 0.06f;
  Track track;
  const ImVec2 tmin(origin.x + margin, origin.y + board_h * 0.2f);
  const ImVec2 tmax(origin.x + avail.x - margin, origin.y + board_h * 0.78f);
  track.build(tmin, tmax, scenario.max_length + 1);
  const float r = track.radius;
  draw->AddPolyline(track.points, Track::kSamples + 1, kTrackColour, ImDrawFlags_None, r * 2.5f);
  const ImVec2 hole = track.at(1.0f);
  draw->AddCircleFilled(hole, r * 1.4f, IM_COL32(20, 14, 10, 255), 28);
  centered_text(draw, ImVec2(hole.x, hole.y + r * 2.2f), text * 0.8f, IM_COL32(200, 160, 150, 255), "end");
  // The last place a ball may stay: beyond it, a ball falls off.
  {
    const ImVec2 g = track.gap(scenario.max_length), n = track.outward(track.gap_fraction(scenario.max_length));
    draw->AddLine(ImVec2(g.x - n.x * r * 1.5f, g.y - n.y * r * 1.5f),
                  ImVec2(g.x + n.x * r * 1.5f, g.y + n.y * r * 1.5f), IM_COL32(240, 80, 70, 160), 2.0f);
  }
  const ImVec2 frog(origin.x + avail.x * 0.5f, origin.y + board_h * 0.86f);
  const ImVec2 skip_box_min(frog.x + r * 4.0f, frog.y - r * 1.2f), skip_box_max(frog.x + r * 8.5f, frog.y + r * 1.2f);
  const ImVec2 skip_centre((skip_box_min.x + skip_box_max.x) * 0.5f, frog.y);

  // Animation: the stages of a new step, one after another.
  const double now = ImGui::GetTime();
  const void* step_key = c.last_step;
  if (step_key != nullptr && (animated_step_ != reinterpret_cast<uintptr_t>(step_key))) {
    animated_step_ = reinterpret_cast<uintptr_t>(step_key);
    animation_start_ = now;
    animation_stages_ = int(stages_of(*events).size());
  }
  if (step_key == nullptr) animation_stages_ = 0;
  int stage_shown = -1;
  if (animating()) {
    const std::vector<Stage> all = stages_of(*events);
    stage_shown = std::min(int((now - animation_start_) / kStageSeconds), int(all.size()) - 1);
  }
  const std::vector<Stage> all_stages = stage_shown >= 0 ? stages_of(*events) : std::vector<Stage>{};
  const Line& shown = stage_shown >= 0 ? all_stages[size_t(stage_shown)].line : engine.line();

  // The balls.
  for (int i = 0; i < shown.size; ++i) draw_ball(draw, track.slot(i), r, shown[i]);
  if (stage_shown >= 0) {
    const Stage& s = all_stages[size_t(stage_shown)];
    if (s.ring >= 0) draw->AddCircle(track.slot(s.ring), r + 3, kAimColour, 24, 3.0f);
    if (s.run_start >= 0) {
      for (int i = s.run_start; i < s.run_start + s.run_len; ++i)
        draw->AddCircle(track.slot(i), r + 2, s.popped ? kMissColour : IM_COL32(255, 255, 255, 200), 24, 3.0f);
    }
    centered_text(draw, ImVec2(origin.x + avail.x * 0.5f, origin.y + board_h * 0.55f), text, kAimColour, s.label);
  } else if (events && events->contains("fell")) {
    // The ball that fell off, past the end.
    const ImVec2 p(hole.x, hole.y + r * 3.6f);
    draw_ball(draw, p, r * 0.85f, (*events)["fell"]["colour"].get<int>(), 0.6f);
    draw->AddLine(ImVec2(p.x - r, p.y - r), ImVec2(p.x + r, p.y + r), kMissColour, 2.5f);
    draw->AddLine(ImVec2(p.x - r, p.y + r), ImVec2(p.x + r, p.y - r), kMissColour, 2.5f);
    std::snprintf(buf, sizeof buf, "fell off: -%g", (*events)["fell"]["penalty"].get<double>());
    centered_text(draw, ImVec2(p.x, p.y + r * 1.8f), text * 0.85f, kMissColour, buf);
  }

  // The frog holding the ball, and the skip bin.
  draw->AddCircleFilled(frog, r * 2.0f, kFrogColour, 32);
  draw->AddCircleFilled(ImVec2(frog.x - r * 0.8f, frog.y - r * 1.5f), r * 0.45f, IM_COL32(230, 240, 200, 255), 12);
  draw->AddCircleFilled(ImVec2(frog.x + r * 0.8f, frog.y - r * 1.5f), r * 0.45f, IM_COL32(230, 240, 200, 255), 12);
  if (engine.ball() && !state.is_terminal()) {
    draw_ball(draw, ImVec2(frog.x, frog.y - r * 0.2f), r, engine.ball());
    std::snprintf(buf, sizeof buf, "ball: %s, hits %.0f%%", zuma::colour_name(engine.ball()),
                  100 * model.chosen_action_prob[size_t(engine.ball())]);
    centered_text(draw, ImVec2(frog.x, frog.y + r * 2.7f), text * 0.85f, kTextColour, buf);
  }
  draw->AddRectFilled(skip_box_min, skip_box_max, IM_COL32(40, 40, 48, 255), 6);
  draw->AddRect(skip_box_min, skip_box_max, IM_COL32(120, 120, 130, 255), 6);
  centered_text(draw, skip_centre, text * 0.85f, kTextColour, "skip (-1)");

  const bool live = !state.is_terminal() && stage_shown < 0;
  const Decision* d = c.decision;
  auto position_of = [&](Action a) { return a == kSkip ? skip_centre : track.gap(a, r * 1.9f); };

  // Runs this ball could pop: its colour's runs of two or more.
  if (live && show_pop_runs_ && engine.ball()) {
    const Line& line = engine.line();
    for (int i = 0; i < line.size;) {
      int start = 0, end = 0;
      line.run_at(i, start, end);
      if (line[i] == engine.ball() && end - start >= 2) {
        const ImVec2 a = track.slot(start), b = track.slot(end - 1);
        for (int k = start; k < end; ++k) draw->AddCircle(track.slot(k), r + 3, IM_COL32(255, 255, 255, 230), 24, 2.0f);
        const ImVec2 mid((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f),
            n = track.outward((float(start + end) * 0.5f) / float(track.slots));
        std::snprintf(buf, sizeof buf, "pop %.0f%%", 100 * model.color_pop_prob[size_t(line[i])]);
        centered_text(draw, ImVec2(mid.x + n.x * r * 4.2f, mid.y + n.y * r * 4.2f), text * 0.85f,
                      IM_COL32(255, 255, 255, 255), buf);
      }
      i = end;
    }
  }

  // The agent's distribution on the gaps: heat for Q-values, bars for probabilities.
  if (live && d && c.show_probabilities) {
    double lo = 0, hi = 0;
    if (!d->scores.empty()) {
      lo = *std::min_element(d->scores.begin(), d->scores.end());
      hi = *std::max_element(d->scores.begin(), d->scores.end());
    }
    for (size_t k = 0; k < d->actions.size(); ++k) {
      const Action a = d->actions[k];
      const ImVec2 p = position_of(a);
      if (show_heat_ && !d->scores.empty() && a != kSkip) {
        const float h = hi > lo ? float((d->scores[k] - lo) / (hi - lo)) : 0.5f;
        draw->AddCircleFilled(p, r * 0.55f, IM_COL32(int(40 + 215 * h), int(40 + 140 * h), int(90 - 60 * h), 255), 16);
      } else if (a != kSkip) {
        draw->AddCircleFilled(p, r * 0.35f, IM_COL32(200, 200, 200, 160), 12);
      }
      if (show_probabilities_) {
        const double prob = d->probabilities[k];
        if (a == kSkip) {
          draw->AddRectFilled(
              ImVec2(skip_box_min.x, skip_box_max.y + 3),
              ImVec2(skip_box_min.x + (skip_box_max.x - skip_box_min.x) * float(prob), skip_box_max.y + 9),
              player_colour(0, 0.9f));
        } else if (prob > 0) {
          const float fr = track.gap_fraction(a);
          const ImVec2 g = track.at(fr), n = track.outward(fr);
          const float len = r * (0.4f + 1.8f * float(prob));
          const ImVec2 base(g.x + n.x * r * 1.4f, g.y + n.y * r * 1.4f);
          draw->AddLine(base, ImVec2(base.x + n.x * len, base.y + n.y * len), player_colour(0, 0.95f), r * 0.45f);
          centered_text(draw, ImVec2(base.x + n.x * (len + r * 0.9f), base.y + n.y * (len + r * 0.9f)), text * 0.8f,
                        kTextColour, percent(prob));
        }
      }
      if (a == d->chosen) draw->AddCircle(p, r * 0.85f, kChosenColour, 20, 2.5f);
    }
    if (!d->scores.empty()) {
      std::snprintf(buf, sizeof buf, "heat: %s from %+.1f to %+.1f", d->score_label.c_str(), lo, hi);
      draw->AddText(ImGui::GetFont(), text * 0.8f, ImVec2(origin.x, origin.y + text * 1.3f),
                    IM_COL32(200, 200, 200, 255), buf);
    }
  }

  // The throw of the step just taken: aimed gap and, after a miss, where it went.
  if (show_throw_ && events && events->contains("aimed") && stage_shown <= 0) {
    const int aimed = (*events)["aimed"].get<int>(), actual = (*events)["actual"].get<int>();
    if (stage_shown == 0) {
      draw->AddLine(frog, position_of(aimed), kAimColour, 2.5f);
      if (actual != aimed) draw->AddLine(frog, position_of(actual), kMissColour, 2.5f);
    }
  }

  // Game over.
  if (state.is_terminal() && stage_shown < 0) {
    const bool cleared = engine.line().empty();
    std::snprintf(buf, sizeof buf, cleared ? "Line cleared: +%g" : "Out of steps: %+g",
                  events && events->contains("end_reward") ? (*events)["end_reward"].get<double>() : 0.0);
    const ImVec2 mid(origin.x + avail.x * 0.5f, origin.y + board_h * 0.5f);
    draw->AddRectFilled(ImVec2(mid.x - text * 9, mid.y - text), ImVec2(mid.x + text * 9, mid.y + text),
                        IM_COL32(0, 0, 0, 200), 8);
    centered_text(draw, mid, text * 1.2f, cleared ? kChosenColour : kMissColour, buf);
  }

  // The strip: the last step's stages, each on a small line of balls.
  if (!stages.empty()) {
    const float row_h = strip_h / float(stages.size() + 1);
    const float rs = std::min(row_h * 0.38f, r * 0.7f);
    float y = origin.y + board_h + row_h * 0.5f;
    draw->AddText(ImGui::GetFont(), text * 0.85f, ImVec2(origin.x, y - text * 0.5f), IM_COL32(200, 200, 200, 255),
                  "Last step, stage by stage:");
    for (size_t k = 0; k < stages.size(); ++k) {
      y += row_h;
      const Stage& s = stages[k];
      const bool current = int(k) == stage_shown;
      for (int i = 0; i < s.line.size; ++i) {
        const ImVec2 p(origin.x + rs * 1.2f + float(i) * rs * 2.2f, y);
        draw_ball(draw, p, rs, s.line[i], 1.0f, false);
        if (i == s.ring) draw->AddCircle(p, rs + 2, kAimColour, 16, 2.0f);
        if (s.run_start >= 0 && i >= s.run_start && i < s.run_start + s.run_len)
          draw->AddCircle(p, rs + 2, s.popped ? kMissColour : IM_COL32(255, 255, 255, 220), 16, 2.0f);
      }
      auto gap_x = [&](int g) { return origin.x + rs * 0.1f + float(g) * rs * 2.2f; };
      if (s.aimed_gap >= 0)
        draw->AddLine(ImVec2(gap_x(s.aimed_gap), y - rs * 1.3f), ImVec2(gap_x(s.aimed_gap), y + rs * 1.3f), kAimColour,
                      2.5f);
      if (s.actual_gap >= 0 && s.actual_gap != s.aimed_gap)
        draw->AddLine(ImVec2(gap_x(s.actual_gap), y - rs * 1.3f), ImVec2(gap_x(s.actual_gap), y + rs * 1.3f),
                      kMissColour, 2.5f);
      const float label_x =
          origin.x + std::max(float(scenario.max_length + 1) * rs * 2.2f, s.line.size * rs * 2.2f) + rs * 2;
      draw->AddText(ImGui::GetFont(), text * 0.85f, ImVec2(label_x, y - text * 0.5f),
                    current ? kAimColour : kTextColour, s.label.c_str());
    }
  }

  // Human input: a click on a gap or on the skip bin.
  targets.clear();
  if (!state.is_terminal())
    for (Action a : state.legal_actions()) targets.push_back({a, position_of(a).x, position_of(a).y});
  std::optional<Action> clicked;
  ImGui::SetCursorScreenPos(origin);
  ImGui::InvisibleButton("board", ImVec2(avail.x, avail.y));
  if (c.human_to_move && live && ImGui::IsItemHovered()) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (const auto& t : targets) {
      const bool in_skip = t.action == kSkip && mouse.x >= skip_box_min.x && mouse.x <= skip_box_max.x &&
                           mouse.y >= skip_box_min.y && mouse.y <= skip_box_max.y;
      const bool in_gap = t.action != kSkip && std::hypot(mouse.x - t.x, mouse.y - t.y) <= r * 1.1f;
      if (!in_skip && !in_gap) continue;
      draw->AddCircle(ImVec2(t.x, t.y), r, IM_COL32(255, 255, 255, 230), 20, 3.0f);
      if (t.action == kSkip)
        ImGui::SetTooltip("Skip: discard the ball (it may still land in the row if the throw misses)");
      else
        ImGui::SetTooltip("Throw into gap %d", t.action);
      if (ImGui::IsItemClicked()) clicked = t.action;
    }
  }
  ImGui::TextWrapped("%s", legend().c_str());
  if (c.human_to_move) ImGui::TextColored(ImVec4(1, 1, 0.5f, 1), "Your throw: click a gap on the track, or skip.");
  return clicked;
}

}  // namespace pg::web

namespace pg::web {

LiveTrainer* ZumaView::trainer() { return &zuma_trainer(); }

// The policy format or its JSON, seated as "trained:uploaded".
Json ZumaView::load_policy(App& app, std::string_view bytes) {
  zuma::q_policies().store("uploaded", std::make_shared<const zuma::QPolicy>(zuma::QPolicy::parse(bytes, "")));
  if (!app.set_agent(0, "trained:uploaded")) throw InputError("", app.messages.back().text);
  app.info("Loaded the policy file as trained:uploaded.");
  return app.session().summary();
}

}  // namespace pg::web
