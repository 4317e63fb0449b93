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
#include "web/views/label_placer.h"
#include "web/views/zuma_trainer.h"

namespace pg::web {

using zuma::kSkip;
using zuma::Line;

namespace {

constexpr double kStageSeconds = 0.45;
const ImU32 kTrackColour = IM_COL32(78, 66, 52, 255);
const ImU32 kTextColour = IM_COL32(235, 235, 235, 255);  // on the skip bin
const ImU32 kFrogColour = IM_COL32(70, 150, 80, 255);

// The track has no back of its own: text beside it is on the panel's background.
ImU32 text_colour(const ImVec4& colour) { return ImGui::GetColorU32(colour); }
ImU32 with_alpha(ImU32 colour, int alpha) { return (colour & 0x00FFFFFFu) | (ImU32(alpha) << 24); }

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
  if (!ev.contains(zuma::events::kBefore)) return stages;
  char buf[200];
  Stage thrown;
  thrown.line = Line::of(ev[zuma::events::kBefore].get<std::vector<int>>());
  thrown.aimed_gap = ev[zuma::events::kAimed].get<int>();
  thrown.actual_gap = ev[zuma::events::kActual].get<int>();
  const bool hit = ev[zuma::events::kHit].get<bool>();
  auto where = [](int a) { return a == kSkip ? std::string("skip") : "gap " + std::to_string(a); };
  std::snprintf(buf, sizeof buf, "throw %s: aimed at %s, %s%s", zuma::colour_name(ev[zuma::events::kBall].get<int>()),
                where(thrown.aimed_gap).c_str(), hit ? "hit" : "missed, went to ",
                hit ? "" : where(thrown.actual_gap).c_str());
  thrown.label = buf;
  stages.push_back(thrown);
  if (thrown.actual_gap == kSkip) return stages;
  Stage inserted;
  inserted.line = Line::of(ev[zuma::events::kInserted].get<std::vector<int>>());
  inserted.ring = thrown.actual_gap;
  inserted.label = "inserted at " + std::to_string(thrown.actual_gap);
  stages.push_back(inserted);
  Line line = inserted.line;
  int n = 0;
  for (const auto& p : ev[zuma::events::kPops]) {
    Stage s;
    s.line = line;
    s.run_start = p[zuma::events::kStart].get<int>();
    s.run_len = p[zuma::events::kLength].get<int>();
    s.popped = p[zuma::events::kPopped].get<bool>();
    std::snprintf(buf, sizeof buf, "%s %d: %s x%d, u=%.3f %s %.2f%s", n == 0 ? "pop" : "chain", n + 1,
                  zuma::colour_name(p[zuma::events::kColour].get<int>()), s.run_len, p[zuma::events::kU].get<double>(),
                  s.popped ? "<" : ">=", p[zuma::events::kP].get<double>(), s.popped ? "" : ": holds");
    s.label = buf;
    if (s.popped) {
      std::snprintf(buf, sizeof buf, " -> +%g", p[zuma::events::kReward].get<double>());
      s.label += buf;
      line.erase(s.run_start, s.run_len);
    }
    stages.push_back(s);
    ++n;
  }
  return stages;
}

// Where everything sits: the track, its hole, the frog and the skip bin, in the board's area (the stage
// strip, when shown, takes the bottom of the area).
struct Scene {
  ImVec2 origin, size;
  float text = 13, board_h = 0, strip_h = 0, r = 10;
  Track track;
  ImVec2 hole, frog, skip_min, skip_max, skip_centre;
  // Where an action's marks go: a gap beside the track, or the skip bin.
  ImVec2 position_of(Action a) const { return a == kSkip ? skip_centre : track.gap(a, r * 1.9f); }
  bool in_skip_bin(ImVec2 p) const {
    return p.x >= skip_min.x && p.x <= skip_max.x && p.y >= skip_min.y && p.y <= skip_max.y;
  }
  // The outward direction at track fraction `fr`, turned inward where a mark `reach` out from `from` would leave
  // the board or cover the lines above it (the header and the heat scale, at the top of the track).
  ImVec2 outward_within(float fr, ImVec2 from, float reach) const {
    const ImVec2 n = track.outward(fr);
    const ImVec2 tip(from.x + n.x * reach, from.y + n.y * reach);
    const bool inside = tip.x >= origin.x + text && tip.x <= origin.x + size.x - text &&
                        tip.y >= origin.y + text * 2.8f && tip.y <= origin.y + board_h - text;
    return inside ? n : ImVec2(-n.x, -n.y);
  }
};

Scene layout(const BoardArea& area, const zuma::Scenario& scenario, size_t stages) {
  Scene sc;
  sc.origin = area.origin;
  sc.size = area.size;
  sc.text = std::max(13.0f, std::min(area.size.x, area.size.y) * 0.03f);
  sc.strip_h = stages == 0 ? 0.0f : std::min(area.size.y * 0.4f, float(stages + 1) * sc.text * 1.9f);
  sc.board_h = area.size.y - sc.strip_h;
  const float margin = area.size.x * 0.06f;
  sc.track.build(ImVec2(sc.origin.x + margin, sc.origin.y + sc.board_h * 0.2f),
                 ImVec2(sc.origin.x + area.size.x - margin, sc.origin.y + sc.board_h * 0.78f), scenario.max_length + 1);
  sc.r = sc.track.radius;
  sc.hole = sc.track.at(1.0f);
  sc.frog = ImVec2(sc.origin.x + area.size.x * 0.5f, sc.origin.y + sc.board_h * 0.86f);
  sc.skip_min = ImVec2(sc.frog.x + sc.r * 4.0f, sc.frog.y - sc.r * 1.2f);
  sc.skip_max = ImVec2(sc.frog.x + sc.r * 8.5f, sc.frog.y + sc.r * 1.2f);
  sc.skip_centre = ImVec2((sc.skip_min.x + sc.skip_max.x) * 0.5f, sc.frog.y);
  return sc;
}

// Above the board: the step, the total reward, the line's length.
void draw_header(ImDrawList* draw, const Scene& sc, LabelPlacer& labels, const zuma::ZumaEngine& engine,
                 const zuma::Scenario& scenario) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "step %d/%d   total %+g   line %d/%d", engine.steps(), scenario.max_steps,
                engine.total_reward(), int(engine.line().size), scenario.max_length);
  const BoardText font = board_text(sc.text);
  font.draw(draw, sc.origin, text_colour(palette().text_neutral), buf);
  const ImVec2 e = font.measure(buf);
  labels.reserve(sc.origin, ImVec2(sc.origin.x + e.x, sc.origin.y + e.y));
}

// The track, the hole at its end, and the last place a ball may stay (beyond it, a ball falls off).
void draw_track(ImDrawList* draw, const Scene& sc, LabelPlacer& labels, int max_length) {
  const float r = sc.r;
  draw->AddPolyline(sc.track.points, Track::kSamples + 1, kTrackColour, ImDrawFlags_None, r * 2.5f);
  draw->AddCircleFilled(sc.hole, r * 1.4f, IM_COL32(20, 14, 10, 255), 28);
  const ImVec2 end_at(sc.hole.x, sc.hole.y + r * 2.2f);
  centered_text(draw, end_at, sc.text * 0.8f, text_colour(palette().text_dim), "end");
  labels.reserve_text(board_text(sc.text * 0.8f), "end", end_at);
  const ImVec2 g = sc.track.gap(max_length), n = sc.track.outward(sc.track.gap_fraction(max_length));
  draw->AddLine(ImVec2(g.x - n.x * r * 1.5f, g.y - n.y * r * 1.5f), ImVec2(g.x + n.x * r * 1.5f, g.y + n.y * r * 1.5f),
                with_alpha(palette().bad, 160), 2.0f);
}

// Board text for `text` at `size`, smaller where it would be wider than `width` (down to the smallest raster, so
// it stays legible): a stage's words beside its balls end at the board's edge on a narrow board.
BoardText fitted_text(const std::string& text, float size, float width) {
  const BoardText wanted = board_text(size);
  const float measured = wanted.measure(text).x;
  if (measured <= width || measured <= 0) return wanted;
  return board_text(std::max(board_text_sizes().front(), size * width / measured));
}

// One stage of the chain on the track: the ball inserted ringed, the run that popped (good: blue) or held
// (neutral: white). The stage's words say which: in the strip under the board when it is shown, else on the line
// under the header (free while a chain is on show: the heat scale is drawn there only between steps).
void draw_stage(ImDrawList* draw, const Scene& sc, LabelPlacer& labels, const Stage& s, bool words) {
  if (s.ring >= 0) draw->AddCircle(sc.track.slot(s.ring), sc.r + 3, palette().last_move, 24, palette().outline * 1.5f);
  for (int i = s.run_start; s.run_start >= 0 && i < s.run_start + s.run_len; ++i)
    draw->AddCircle(sc.track.slot(i), sc.r + 2, s.popped ? palette().good : with_alpha(palette().neutral, 200), 24,
                    3.0f);
  if (words) {
    const BoardText font = fitted_text(s.label, sc.text, sc.size.x);
    const ImVec2 at(sc.origin.x, sc.origin.y + sc.text * 1.4f), e = font.measure(s.label);
    font.draw(draw, at, text_colour(palette().text_warning), s.label);
    labels.reserve(at, ImVec2(at.x + e.x, at.y + e.y));
  }
}

// The ball that fell off, past the end, crossed out, with its penalty.
void draw_fallen_ball(ImDrawList* draw, const Scene& sc, LabelPlacer& labels, const Json& fell) {
  const float r = sc.r;
  const ImVec2 p(sc.hole.x, sc.hole.y + r * 3.6f);
  draw_ball(draw, p, r * 0.85f, fell[zuma::events::kColour].get<int>(), 0.6f);
  draw->AddLine(ImVec2(p.x - r, p.y - r), ImVec2(p.x + r, p.y + r), palette().bad, 2.5f);
  draw->AddLine(ImVec2(p.x - r, p.y + r), ImVec2(p.x + r, p.y - r), palette().bad, 2.5f);
  labels.reserve(ImVec2(p.x - r, p.y - r), ImVec2(p.x + r, p.y + r));
  char buf[64];
  std::snprintf(buf, sizeof buf, "fell off: -%g", fell[zuma::events::kPenalty].get<double>());
  // Under the ball, else above it or beside it (the stage strip may be just below).
  const BoardText font = board_text(sc.text * 0.85f);
  const float half = font.measure(buf).x * 0.5f + r * 1.4f;
  labels.place(
      draw, font, text_colour(palette().text_bad), buf,
      {ImVec2(p.x, p.y + r * 1.8f), ImVec2(p.x - half, p.y), ImVec2(p.x + half, p.y), ImVec2(p.x, p.y - r * 1.8f)});
}

// The frog holding the ball to throw (with its chance to hit where it aims), and the skip bin.
void draw_frog(ImDrawList* draw, const Scene& sc, LabelPlacer& labels, const zuma::ZumaEngine& engine,
               const zuma::Model& model, bool over) {
  const float r = sc.r;
  draw->AddCircleFilled(sc.frog, r * 2.0f, kFrogColour, 32);
  draw->AddCircleFilled(ImVec2(sc.frog.x - r * 0.8f, sc.frog.y - r * 1.5f), r * 0.45f, IM_COL32(230, 240, 200, 255),
                        12);
  draw->AddCircleFilled(ImVec2(sc.frog.x + r * 0.8f, sc.frog.y - r * 1.5f), r * 0.45f, IM_COL32(230, 240, 200, 255),
                        12);
  labels.reserve(ImVec2(sc.frog.x - r * 2, sc.frog.y - r * 2), ImVec2(sc.frog.x + r * 2, sc.frog.y + r * 2));
  if (engine.ball() && !over) {
    draw_ball(draw, ImVec2(sc.frog.x, sc.frog.y - r * 0.2f), r, engine.ball());
    char buf[96];
    std::snprintf(buf, sizeof buf, "ball: %s, hits %.0f%%", zuma::colour_name(engine.ball()),
                  100 * model.chosen_action_prob[size_t(engine.ball())]);
    // Above the frog, inside the arch: the gaps' labels are outside it, the skip bin on the frog's right and the
    // stage strip and the legend under the board.
    const BoardText font = board_text(sc.text * 0.85f);
    const ImVec2 extent = font.measure(buf);
    const ImVec2 at(sc.frog.x - extent.x * 0.5f, sc.frog.y - r * 2.4f - extent.y);
    font.draw(draw, at, text_colour(palette().text_neutral), buf);
    labels.reserve(at, ImVec2(at.x + extent.x, at.y + extent.y));
  }
  draw->AddRectFilled(sc.skip_min, sc.skip_max, IM_COL32(40, 40, 48, 255), 6);
  draw->AddRect(sc.skip_min, sc.skip_max, IM_COL32(120, 120, 130, 255), 6);
  centered_text(draw, sc.skip_centre, sc.text * 0.85f, kTextColour, "skip (-1)");
  labels.reserve(sc.skip_min, sc.skip_max);
  labels.reserve_text(board_text(sc.text * 0.85f), "skip (-1)", sc.skip_centre);
}

// The runs this ball could pop (its colour's runs of two or more), outlined, with their pop probability.
void draw_pop_runs(ImDrawList* draw, const Scene& sc, LabelPlacer& labels, const zuma::ZumaEngine& engine,
                   const zuma::Model& model) {
  const Line& line = engine.line();
  for (int i = 0; i < line.size;) {
    int start = 0, end = 0;
    line.run_at(i, start, end);
    if (line[i] == engine.ball() && end - start >= 2) {
      const ImVec2 a = sc.track.slot(start), b = sc.track.slot(end - 1);
      for (int k = start; k < end; ++k) draw->AddCircle(sc.track.slot(k), sc.r + 3, palette().probability, 24, 2.0f);
      const ImVec2 mid((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
      const ImVec2 n = sc.outward_within((float(start + end) * 0.5f) / float(sc.track.slots), mid, sc.r * 5.0f);
      char buf[32];
      std::snprintf(buf, sizeof buf, "pop %.0f%%", 100 * model.color_pop_prob[size_t(line[i])]);
      // Outside the track; else inside it, or further out (past a gap's probability).
      const auto along = [&](float reach) { return ImVec2(mid.x + n.x * sc.r * reach, mid.y + n.y * sc.r * reach); };
      labels.place(draw, board_text(sc.text * 0.85f), text_colour(palette().text_neutral), buf,
                   {along(4.2f), along(-4.2f), along(6.0f), along(-6.0f), along(2.8f), along(-2.8f)});
    }
    i = end;
  }
}

// An action's probability: a bar outward from its gap, or under the skip bin.
void draw_probability_bar(ImDrawList* draw, const Scene& sc, LabelPlacer& labels, Action a, double prob) {
  if (a == kSkip) {
    draw->AddRectFilled(ImVec2(sc.skip_min.x, sc.skip_max.y + 3),
                        ImVec2(sc.skip_min.x + (sc.skip_max.x - sc.skip_min.x) * float(prob), sc.skip_max.y + 9),
                        player_colour(0, 0.9f));
  } else if (prob > 0) {
    const float r = sc.r, fr = sc.track.gap_fraction(a);
    const float len = r * (0.4f + 1.8f * float(prob));
    const ImVec2 g = sc.track.at(fr), n = sc.outward_within(fr, g, r * 1.4f + len + r * 1.6f);
    const ImVec2 base(g.x + n.x * r * 1.4f, g.y + n.y * r * 1.4f);
    draw->AddLine(base, ImVec2(base.x + n.x * len, base.y + n.y * len), player_colour(0, 0.95f), r * 0.45f);
    // The gap's number with its probability, as the inspector's action column names it: past the bar's end;
    // else across the track, or further out.
    const std::string words = std::to_string(a) + ": " + percent(prob);
    const auto out = [&](float reach) { return ImVec2(base.x + n.x * reach, base.y + n.y * reach); };
    labels.place(draw, board_text(sc.text * 0.8f), text_colour(palette().text_neutral), words,
                 {out(len + r * 0.9f), ImVec2(g.x - n.x * r * 2.3f, g.y - n.y * r * 2.3f), out(len + r * 2.2f),
                  ImVec2(g.x - n.x * r * 3.6f, g.y - n.y * r * 3.6f)});
  }
}

// The heat's scale, on the line under the header (before the labels are placed: they keep clear of it).
void draw_heat_scale(ImDrawList* draw, const Scene& sc, LabelPlacer& labels, const Decision& d) {
  if (d.scores.empty()) return;
  const double lo = *std::min_element(d.scores.begin(), d.scores.end());
  const double hi = *std::max_element(d.scores.begin(), d.scores.end());
  char buf[200];
  std::snprintf(buf, sizeof buf, "heat: %s from %+.1f to %+.1f", d.score_label.c_str(), lo, hi);
  const BoardText font = board_text(sc.text * 0.8f);
  const ImVec2 at(sc.origin.x, sc.origin.y + sc.text * 1.3f), e = font.measure(buf);
  font.draw(draw, at, text_colour(palette().text_dim), buf);
  labels.reserve(at, ImVec2(at.x + e.x, at.y + e.y));
}

// The agent's decision on the gaps: its scores as heat (dark low, the palette's score colour high), its
// probabilities as bars (with the gaps' labels), its choice ringed in the chosen colour.
void draw_decision(ImDrawList* draw, const Scene& sc, LabelPlacer& labels, const Decision& d, bool heat, bool bars) {
  double lo = 0, hi = 0;
  if (!d.scores.empty()) {
    lo = *std::min_element(d.scores.begin(), d.scores.end());
    hi = *std::max_element(d.scores.begin(), d.scores.end());
  }
  for (size_t k = 0; k < d.actions.size(); ++k) {
    const Action a = d.actions[k];
    const ImVec2 p = sc.position_of(a);
    if (heat && !d.scores.empty() && a != kSkip) {
      const float h = hi > lo ? float((d.scores[k] - lo) / (hi - lo)) : 0.5f;
      const ImVec4 high = ImGui::ColorConvertU32ToFloat4(palette().score), low(0.16f, 0.16f, 0.24f, 1);
      const ImVec4 heat_colour(low.x + (high.x - low.x) * h, low.y + (high.y - low.y) * h, low.z + (high.z - low.z) * h,
                               1);
      draw->AddCircleFilled(p, sc.r * 0.55f, ImGui::ColorConvertFloat4ToU32(heat_colour), 16);
    } else if (a != kSkip) {
      draw->AddCircleFilled(p, sc.r * 0.35f, IM_COL32(200, 200, 200, 160), 12);
    }
    if (bars) draw_probability_bar(draw, sc, labels, a, d.probabilities[k]);
    if (a == d.chosen) draw->AddCircle(p, sc.r * 0.85f, palette().chosen, 20, palette().outline * 1.25f);
  }
}

void draw_game_over(ImDrawList* draw, const Scene& sc, LabelPlacer& labels, const zuma::ZumaEngine& engine,
                    const Json* events) {
  const bool cleared = engine.line().empty();
  char buf[64];
  std::snprintf(
      buf, sizeof buf, cleared ? "Line cleared: +%g" : "Out of steps: %+g",
      events && events->contains(zuma::events::kEndReward) ? (*events)[zuma::events::kEndReward].get<double>() : 0.0);
  const ImVec2 centre(sc.origin.x + sc.size.x * 0.5f, sc.origin.y + sc.board_h * 0.5f), half(sc.text * 9, sc.text);
  board_banner(draw, centre, half, sc.text * 1.2f, cleared ? palette().good : palette().bad, buf);
  labels.reserve(ImVec2(centre.x - half.x, centre.y - half.y), ImVec2(centre.x + half.x, centre.y + half.y));
}

// The strip under the board: the last step's stages, each on a small line of balls, the one on show
// highlighted.
void draw_stage_strip(ImDrawList* draw, const Scene& sc, const std::vector<Stage>& stages, int shown, int max_length) {
  const float row_h = sc.strip_h / float(stages.size() + 1);
  const float rs = std::min(row_h * 0.38f, sc.r * 0.7f);
  const float x0 = sc.origin.x;
  float y = sc.origin.y + sc.board_h + row_h * 0.5f;
  board_text(sc.text * 0.85f)
      .draw(draw, ImVec2(x0, y - sc.text * 0.5f), text_colour(palette().text_dim), "Last step, stage by stage:");
  auto gap_x = [&](int g) { return x0 + rs * 0.1f + float(g) * rs * 2.2f; };
  for (size_t k = 0; k < stages.size(); ++k) {
    y += row_h;
    const Stage& s = stages[k];
    for (int i = 0; i < s.line.size; ++i) {
      const ImVec2 p(x0 + rs * 1.2f + float(i) * rs * 2.2f, y);
      draw_ball(draw, p, rs, s.line[i], 1.0f, false);
      if (i == s.ring) draw->AddCircle(p, rs + 2, palette().last_move, 16, palette().outline);
      if (s.run_start >= 0 && i >= s.run_start && i < s.run_start + s.run_len)
        draw->AddCircle(p, rs + 2, s.popped ? palette().good : with_alpha(palette().neutral, 220), 16, 2.0f);
    }
    if (s.aimed_gap >= 0)
      draw->AddLine(ImVec2(gap_x(s.aimed_gap), y - rs * 1.3f), ImVec2(gap_x(s.aimed_gap), y + rs * 1.3f),
                    palette().last_move, palette().outline * 1.25f);
    if (s.actual_gap >= 0 && s.actual_gap != s.aimed_gap)
      draw->AddLine(ImVec2(gap_x(s.actual_gap), y - rs * 1.3f), ImVec2(gap_x(s.actual_gap), y + rs * 1.3f),
                    palette().bad, 2.5f);
    const float label_x = x0 + std::max(float(max_length + 1) * rs * 2.2f, s.line.size * rs * 2.2f) + rs * 2;
    const BoardText label = fitted_text(s.label, sc.text * 0.85f, sc.origin.x + sc.size.x - label_x);
    label.draw(draw, ImVec2(label_x, y - label.size * 0.5f),
               text_colour(int(k) == shown ? palette().text_warning : palette().text_neutral), s.label);
  }
}

// The target under the mouse: a gap near it, or the skip bin around it.
std::optional<Action> hovered_throw(const Scene& sc, const std::vector<ClickTarget>& targets) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (const auto& t : targets) {
    const bool in_skip = t.action == kSkip && sc.in_skip_bin(mouse);
    const bool in_gap = t.action != kSkip && std::hypot(mouse.x - t.x, mouse.y - t.y) <= sc.r * 1.1f;
    if (in_skip || in_gap) return t.action;
  }
  return std::nullopt;
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
             "its Q-value (dark low, bright high); teal ring: its choice. Outlined runs can pop with this ball (pop "
             "probability shown). The strip lists the last step's throw and each pop of its chain in order.")
      .str();
}

bool ZumaView::animating() const {
  return animate_ && animation_stages_ > 0 && ImGui::GetTime() - animation_start_ < kStageSeconds * animation_stages_;
}

int ZumaView::stage_on_show(const EpisodeStep* last, double now) {
  if (!last) {
    animation_stages_ = 0;
    return -1;
  }
  if (animated_step_ != reinterpret_cast<uintptr_t>(last)) {
    animated_step_ = reinterpret_cast<uintptr_t>(last);
    animation_start_ = now;
    animation_stages_ = int(stages_of(last->transition.events).size());
  }
  if (!animating()) return -1;
  return std::min(int((now - animation_start_) / kStageSeconds), animation_stages_ - 1);
}

std::optional<Action> ZumaView::draw(const BoardContext& c) {
  const auto& state = dynamic_cast<const zuma::ZumaState&>(c.state);
  const zuma::ZumaEngine& engine = state.engine();
  const zuma::Scenario& scenario = state.scenario();
  const auto area = board_area(3.2f);
  if (!area || area->size.x < 80 || area->size.y < 80) return std::nullopt;
  const Json* events = c.last_step ? &c.last_step->transition.events : nullptr;
  const std::vector<Stage> stages = events && show_chain_ ? stages_of(*events) : std::vector<Stage>{};
  const Scene sc = layout(*area, scenario, stages.size());
  ImDrawList* draw = ImGui::GetWindowDrawList();

  // What stays where it is goes first; the labels that may move (the ball that fell off, the pop chances, the
  // gaps' probabilities) are placed after, clear of it and of one another.
  LabelPlacer labels(sc.origin, ImVec2(sc.origin.x + sc.size.x, sc.origin.y + sc.board_h));
  draw_header(draw, sc, labels, engine, scenario);
  draw_track(draw, sc, labels, scenario.max_length);
  // A new step's chain is shown on the track one stage after another.
  const int stage_shown = stage_on_show(c.last_step, ImGui::GetTime());
  const std::vector<Stage> all_stages = stage_shown >= 0 ? stages_of(*events) : std::vector<Stage>{};
  const Line& shown = stage_shown >= 0 ? all_stages[size_t(stage_shown)].line : engine.line();
  for (int i = 0; i < shown.size; ++i) {
    const ImVec2 p = sc.track.slot(i);
    draw_ball(draw, p, sc.r, shown[i]);
    labels.reserve(ImVec2(p.x - sc.r, p.y - sc.r), ImVec2(p.x + sc.r, p.y + sc.r));  // its letter, and itself
  }
  if (stage_shown >= 0) draw_stage(draw, sc, labels, all_stages[size_t(stage_shown)], stages.empty());
  draw_frog(draw, sc, labels, engine, scenario.model, state.is_terminal());
  const bool live = !state.is_terminal() && stage_shown < 0;
  const bool decision_shown = live && c.decision && c.show_probabilities;
  if (decision_shown) draw_heat_scale(draw, sc, labels, *c.decision);
  if (state.is_terminal() && stage_shown < 0) draw_game_over(draw, sc, labels, engine, events);
  if (!stages.empty()) draw_stage_strip(draw, sc, stages, stage_shown, scenario.max_length);

  if (stage_shown < 0 && events && events->contains(zuma::events::kFell))
    draw_fallen_ball(draw, sc, labels, (*events)[zuma::events::kFell]);
  if (live && show_pop_runs_ && engine.ball()) draw_pop_runs(draw, sc, labels, engine, scenario.model);
  if (decision_shown) draw_decision(draw, sc, labels, *c.decision, show_heat_, show_probabilities_);
  // The throw of the step just taken, at its first stage: the aimed gap and, after a miss, where it went.
  if (show_throw_ && events && events->contains(zuma::events::kAimed) && stage_shown == 0) {
    const int aimed = (*events)[zuma::events::kAimed].get<int>(), actual = (*events)[zuma::events::kActual].get<int>();
    draw->AddLine(sc.frog, sc.position_of(aimed), palette().last_move, palette().outline * 1.25f);
    if (actual != aimed) draw->AddLine(sc.frog, sc.position_of(actual), palette().bad, 2.5f);
  }

  if (stage_shown < 0) {  // the row as it is now (not a chain's stage): its gaps, then its balls
    for (int gap = 0; gap <= shown.size; ++gap) places.push_back({sc.position_of(gap).x, sc.position_of(gap).y});
    for (int i = 0; i < shown.size; ++i) places.push_back({sc.track.slot(i).x, sc.track.slot(i).y});
    place_size = 2 * sc.r;
  }

  // A human throws by clicking a gap on the track, or skips by clicking the bin.
  targets.clear();
  if (!state.is_terminal())
    for (Action a : state.legal_actions()) targets.push_back({a, sc.position_of(a).x, sc.position_of(a).y});
  std::optional<Action> clicked;
  ImGui::SetCursorScreenPos(area->origin);
  ImGui::InvisibleButton("board", area->size);
  if (live && ImGui::IsItemHovered()) {
    if (const auto a = hovered_throw(sc, targets)) {
      std::string tip = *a == kSkip ? "Skip (-1): discard the ball (it may still land in the row if the throw misses)"
                                    : "Gap " + std::to_string(*a);
      if (c.decision)  // the agent's numbers for it, as the inspector's row for this action
        for (size_t k = 0; k < c.decision->actions.size(); ++k)
          if (c.decision->actions[k] == *a) {
            tip += "\n" + c.agent + ": probability " + percent(c.decision->probabilities[k]);
            if (k < c.decision->scores.size()) {
              char score[48];
              std::snprintf(score, sizeof score, ", %s %+g", "score", c.decision->scores[k]);
              tip += score;
            }
          }
      if (c.human_to_move) {
        draw->AddCircle(sc.position_of(*a), sc.r, palette().target, 20, 3.0f);
        tip += *a == kSkip ? "" : "\nClick to throw into it.";
        if (ImGui::IsItemClicked()) clicked = a;
      }
      ImGui::SetTooltip("%s", tip.c_str());
    }
  }
  board_legend(c, legend(), "Your throw: click a gap on the track, or skip.");
  return clicked;
}

}  // namespace pg::web

namespace pg::web {

LiveTrainer* ZumaView::trainer() { return &zuma_trainer(); }

// The policy format or its JSON, seated as "trained:uploaded".
Json ZumaView::load_policy(App& app, std::string_view bytes) {
  zuma::q_policies().store("uploaded", std::make_shared<const zuma::QPolicy>(zuma::QPolicy::parse(bytes, "")));
  if (const Outcome seated = app.set_agent(0, "trained:uploaded"); !seated) throw InputError("", seated.error);
  app.info("Loaded the policy file as trained:uploaded.");
  return app.session().summary();
}

}  // namespace pg::web
