// The panels of the page, one function each (as in Dear ImGui's demo). Each
// reads the session and calls the App's intents.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "imgui.h"
#include "web/app.h"
#include "web/browser.h"
#include "web/ui.h"

namespace pg::web {

namespace {

struct Rect {
  ImVec2 pos, size;
};

void place(const Rect& r, bool force) {
  const ImGuiCond cond = force ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
  ImGui::SetNextWindowPos(r.pos, cond);
  ImGui::SetNextWindowSize(r.size, cond);
}

std::string player_name(int p) { return "Player " + std::to_string(p); }

// --- Setup: game, options, seats, seed, traces ------------------------------

void setup_panel(App& app) {
  Session& s = app.session();
  if (!ImGui::Begin("Setup", &app.panels.setup)) return ImGui::End();

  ImGui::TextUnformatted("Game");
  help_marker("Only the games that are implemented are listed. Each game has its own rules, agents and board drawing.");
  if (ImGui::BeginCombo("##game", s.entry().title.c_str())) {
    for (const auto& e : game_registry()) {
      if (ImGui::Selectable(e.title.c_str(), e.name == s.entry().name) && e.name != s.entry().name)
        app.load_game(e.name, Json::object());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", e.blurb.c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::TextWrapped("%s", s.entry().blurb.c_str());
  if (ImGui::CollapsingHeader("How to play")) ImGui::TextWrapped("%s", s.entry().rules.c_str());

  if (ImGui::CollapsingHeader("Rules")) {
    Json options = s.game().options();
    bool changed = false;
    for (const auto& o : s.entry().options) {
      Json& v = options[o.name];
      if (v.is_boolean()) {
        bool b = v.get<bool>();
        if (ImGui::Checkbox(o.name.c_str(), &b)) v = b, changed = true;
      } else if (v.is_number_integer()) {
        int i = v.get<int>();
        ImGui::SetNextItemWidth(110);
        if (ImGui::InputInt(o.name.c_str(), &i)) v = i, changed = true;
      }
      help_marker(o.help.c_str());
    }
    if (changed) app.load_game(s.entry().name, options);  // a bad value shows a message; nothing changes
    if (ImGui::Button("Default rules")) app.load_game(s.entry().name, Json::object());
  }

  ImGui::Separator();
  ImGui::TextUnformatted("Agents");
  help_marker(
      "Who decides for each player. 'human' waits for your click on the board; the others are computer "
      "agents whose action probabilities the inspector shows.");
  std::vector<std::string> choices = {"human", "random"};
  for (const auto& a : s.game().agents()) choices.push_back(a.spec);
  for (int p = 0; p < s.game().num_players(); ++p) {
    const std::string current = s.agent_specs()[size_t(p)];
    ImGui::PushID(p);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(player_colour(p)), "%s", player_name(p).c_str());
    ImGui::SameLine(90);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##agent", current.c_str())) {
      for (const auto& c : choices) {
        if (ImGui::Selectable(c.c_str(), c == current) && c != current) app.set_agent(p, c);
        for (const auto& a : s.game().agents())
          if (a.spec == c && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", a.help.c_str());
      }
      ImGui::EndCombo();
    }
    ImGui::PopID();
  }

  ImGui::Separator();
  static unsigned long long seed_input = 0;
  static uint64_t shown_seed = ~uint64_t(0);
  if (shown_seed != s.seed()) seed_input = shown_seed = s.seed();
  ImGui::TextUnformatted("Seed");
  help_marker(
      "The seed fixes every random draw: the game's chance and the agents' tie-breaks. The same seed and "
      "the same actions give the same episode, here and in the command-line tool.");
  ImGui::SetNextItemWidth(120);
  const bool entered = ImGui::InputScalar("##seed", ImGuiDataType_U64, &seed_input, nullptr, nullptr, nullptr,
                                          ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if (ImGui::Button("Apply") || entered) app.reset(seed_input);
  ImGui::SameLine();
  if (ImGui::Button("New (N)")) app.new_episode();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("A new episode with the next seed");

  ImGui::Separator();
  if (ImGui::Button("Export trace"))
    browser::download_text(s.entry().name + "-seed" + std::to_string(s.seed()) + ".json", app.export_trace_text());
  ImGui::SameLine();
  if (ImGui::Button("Import trace")) browser::choose_trace_file();
  ImGui::SameLine();
  if (ImGui::Button("Copy link")) {
    browser::copy_to_clipboard(browser::page_url_without_query() + app.link());
    app.info("Link copied: it opens this game, seed and agents.");
  }
  help_marker(
      "A trace is the whole episode as JSON (the same format as `playground <game> replay`). Importing "
      "replays it and checks every state.");
  ImGui::End();
}

// --- Board ---------------------------------------------------------------------

void board_panel(App& app, bool show_probabilities) {
  Session& s = app.session();
  const ImGuiWindowFlags flags = app.embed ? ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse
                                           : 0;
  if (!ImGui::Begin("Board", &app.panels.board, flags)) return ImGui::End();
  const Episode& e = s.episode();
  const EpisodeStep* last = e.cursor() > 0 ? &e.step(e.cursor() - 1) : nullptr;
  const Decision* d = s.decision();
  BoardContext ctx{s.game(), s.state(), last, d, s.human_to_move(), show_probabilities};
  if (auto clicked = app.view()->draw(ctx)) app.play_action(*clicked);
  ImGui::End();
}

// --- Inspector: the agent's distribution, scores, value, debug --------------------

void inspector_panel(App& app) {
  Session& s = app.session();
  if (!ImGui::Begin("Inspector", &app.panels.inspector)) return ImGui::End();
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
  if (d) {
    ImGui::TextUnformatted(recorded ? "Decision (recorded in the episode)" : "Decision (what the agent will do)");
    help_marker(
        "The agent's probability for each legal action. A search agent that finds several equally good "
        "moves spreads its probability evenly over them and draws one with the episode's seed.");
    if (!d->note.empty()) ImGui::TextWrapped("%s", d->note.c_str());
    std::vector<size_t> order(d->actions.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return d->probabilities[a] > d->probabilities[b]; });
    const bool has_scores = !d->scores.empty();
    if (ImGui::BeginTable("distribution", has_scores ? 4 : 3,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn("action", ImGuiTableColumnFlags_WidthFixed, 50);
      ImGui::TableSetupColumn("probability", ImGuiTableColumnFlags_WidthStretch);
      if (has_scores) ImGui::TableSetupColumn("score", ImGuiTableColumnFlags_WidthFixed, 60);
      ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, 60);
      ImGui::TableHeadersRow();
      const Action taken = recorded ? e.step(e.cursor()).action : d->chosen;
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
        ImGui::TableNextColumn();
        if (d->actions[i] == d->chosen) ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "chosen");
        if (d->actions[i] == taken && taken != d->chosen) ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "taken");
      }
      ImGui::EndTable();
    }
    if (has_scores) {
      ImGui::TextWrapped("score: %s", d->score_label.c_str());
      help_marker("What the agent computed for each action before choosing, from its own point of view.");
    }
    if (d->value) ImGui::Text("value estimate: %+g", *d->value);
    for (const auto& [name, v] : d->debug) ImGui::Text("%s: %g", name.c_str(), v);
  } else if (s.human_to_move()) {
    ImGui::TextWrapped("A human is to move: click a move on the board. The legal moves are: ");
    std::string legal;
    for (Action a : state.legal_actions()) legal += state.action_name(a) + " ";
    ImGui::TextUnformatted(legal.c_str());
  }
  if (ImGui::CollapsingHeader("Debug drawings", ImGuiTreeNodeFlags_DefaultOpen)) app.view()->draw_debug_toggles();
  if (ImGui::CollapsingHeader("Observation")) {
    help_marker("The numbers an agent receives for this state, from the point of view of the player to move.");
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
  ImGui::End();
}

// --- Timeline: controls, scrubber, returns plot ---------------------------------

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
  for (size_t t = 0; t <= n; ++t) {
    const auto r = e.returns(t);
    for (int q = 0; q < players; ++q) series[size_t(q)].push_back(float(r[size_t(q)]));
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
  draw->AddRectFilled(p0, p1, IM_COL32(20, 22, 28, 255), 4);
  auto x_of = [&](size_t t) { return p0.x + 6 + (w - 12) * (n == 0 ? 0.0f : float(t) / float(n)); };
  auto y_of = [&](float v, float a, float b) { return p1.y - 6 - (height - 12) * (v - a) / (b - a); };
  draw->AddLine(ImVec2(p0.x, y_of(0, lo, hi)), ImVec2(p1.x, y_of(0, lo, hi)), IM_COL32(90, 90, 90, 255));
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
                      IM_COL32(170, 170, 170, 200), 1.0f);
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
  if (has_value) draw->AddText(ImVec2(lx, p0.y + 4), IM_COL32(170, 170, 170, 255), "agent's value (P0's view)");
  const float cx = x_of(e.cursor());
  draw->AddLine(ImVec2(cx, p0.y), ImVec2(cx, p1.y), IM_COL32(255, 255, 255, 200), 1.5f);
  ImGui::InvisibleButton("plot", ImVec2(w, height));
  if (ImGui::IsItemActive() && n > 0) {
    const float f = (ImGui::GetIO().MousePos.x - p0.x - 6) / (w - 12);
    app.seek(size_t(std::lround(std::clamp(f, 0.0f, 1.0f) * float(n))));
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Returns (sum of rewards) of each player, by step%s. Click or drag to seek.",
                      has_value ? "; grey: the agents' value estimate seen from player 0 (store difference)" : "");
}

void timeline_panel(App& app) {
  Session& s = app.session();
  const ImGuiWindowFlags flags = app.embed ? ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse
                                           : 0;
  if (!ImGui::Begin("Timeline", &app.panels.timeline, flags)) return ImGui::End();
  const Episode& e = s.episode();
  if (ImGui::Button("|<")) app.rewind();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the start of the episode (R)");
  ImGui::SameLine();
  if (ImGui::Button("<")) app.back();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Step back (Left arrow)");
  ImGui::SameLine();
  if (ImGui::Button(app.playing ? "Pause" : "Play ", ImVec2(56, 0))) app.toggle_play();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play / pause (Space)");
  ImGui::SameLine();
  if (ImGui::Button(">")) {
    app.playing = false;
    app.step();
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

// --- Step log ---------------------------------------------------------------------

std::string describe_events(const EpisodeStep& st) {
  std::string out;
  const Json& ev = st.transition.events;
  if (ev.value("extra_turn", false)) out += "extra turn; ";
  if (ev.contains("capture")) out += "captured " + std::to_string(ev["capture"]["stones"].get<int>()) + "; ";
  if (ev.contains("swept")) out += "game over, swept " + ev["swept"].dump() + "; ";
  for (const auto& d : st.transition.draws) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s: u=%.4f -> %s; ", d.what.c_str(), d.value, d.outcome.c_str());
    out += buf;
  }
  return out;
}

void log_panel(App& app) {
  Session& s = app.session();
  if (!ImGui::Begin("Step log", &app.panels.log)) return ImGui::End();
  const Episode& e = s.episode();
  help_marker(
      "Every step of the episode: who acted, the action, the reward, and what happened (extra turns, "
      "captures, every random draw). Click a row to go there.");
  static size_t last_cursor = ~size_t(0);
  if (ImGui::BeginTable("log", 6, ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, 24);
    ImGui::TableSetupColumn("P", ImGuiTableColumnFlags_WidthFixed, 12);
    ImGui::TableSetupColumn("agent", ImGuiTableColumnFlags_WidthFixed, 62);
    ImGui::TableSetupColumn("act", ImGuiTableColumnFlags_WidthFixed, 24);
    ImGui::TableSetupColumn("rew", ImGuiTableColumnFlags_WidthFixed, 24);
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
      ImGui::TextUnformatted(describe_events(st).c_str());
    }
    ImGui::EndTable();
  }
  last_cursor = e.cursor();
  ImGui::End();
}

// --- Help, messages, menu ------------------------------------------------------------

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
    ImGui::TextWrapped(
        "An episode is recorded step by step: stepping back and forward replays exactly what happened. Playing a "
        "different move from an earlier step starts a new branch. The seed fixes every random draw, so a seed and "
        "a list of actions always give the same episode (also with `playground <game> replay`).");
    ImGui::TextWrapped(
        "The inspector shows the agent's policy: the probability of each legal action, and the scores it computed "
        "(for a search agent, the value of each move after looking ahead). The same probabilities are drawn on "
        "the board.");
    ImGui::TextWrapped(
        "Embedding: add ?game=mancala&seed=3&agents=greedy:5,random&embed=1&autoplay=1&speed=2 to the page's URL.");
  }
  ImGui::End();
}

void messages_window(App& app) {
  if (app.messages.empty()) return;
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(size.x * 0.5f, app.embed ? 4.0f : 26.0f), ImGuiCond_Always, ImVec2(0.5f, 0));
  ImGui::SetNextWindowSize(ImVec2(std::min(720.0f, size.x - 20), 0), ImGuiCond_Always);
  ImGui::Begin("##messages", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_AlwaysAutoResize);
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

}  // namespace

void App::draw(double now) {
  now_ = now;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  static ImVec2 last_display(0, 0);
  if (display.x != last_display.x || display.y != last_display.y) layout_dirty = true;
  last_display = display;
  const bool force = layout_dirty;
  layout_dirty = false;

  if (embed) {
    const float timeline_h = std::min(190.0f, display.y * 0.35f);
    place({{0, 0}, {display.x, display.y - timeline_h}}, true);
    board_panel(*this, true);
    place({{0, display.y - timeline_h}, {display.x, timeline_h}}, true);
    timeline_panel(*this);
    messages_window(*this);
    help_window(*this);
    return;
  }

  menu_bar(*this);
  const float top = ImGui::GetFrameHeight();
  const float h = display.y - top;
  const bool narrow = display.x < 900;
  const float left = narrow ? 0 : std::clamp(display.x * 0.22f, 240.0f, 340.0f);
  const float right = narrow ? 0 : std::clamp(display.x * 0.24f, 260.0f, 380.0f);
  const float mid = display.x - left - right;
  if (narrow) {
    // Stacked: board, timeline, inspector; setup and log start collapsed.
    place({{0, top}, {display.x, h * 0.45f}}, force);
    if (panels.board) board_panel(*this, true);
    place({{0, top + h * 0.45f}, {display.x, h * 0.25f}}, force);
    if (panels.timeline) timeline_panel(*this);
    place({{0, top + h * 0.70f}, {display.x, h * 0.30f}}, force);
    if (panels.inspector) inspector_panel(*this);
    place({{0, top}, {display.x * 0.9f, h * 0.5f}}, force);
    if (force) ImGui::SetNextWindowCollapsed(true, ImGuiCond_Always);
    if (panels.setup) setup_panel(*this);
    place({{0, top + h * 0.5f}, {display.x * 0.9f, h * 0.5f}}, force);
    if (force) ImGui::SetNextWindowCollapsed(true, ImGuiCond_Always);
    if (panels.log) log_panel(*this);
  } else {
    place({{0, top}, {left, h * 0.58f}}, force);
    if (panels.setup) setup_panel(*this);
    place({{0, top + h * 0.58f}, {left, h * 0.42f}}, force);
    if (panels.log) log_panel(*this);
    place({{left, top}, {mid, h * 0.64f}}, force);
    if (panels.board) board_panel(*this, true);
    place({{left, top + h * 0.64f}, {mid, h * 0.36f}}, force);
    if (panels.timeline) timeline_panel(*this);
    place({{left + mid, top}, {right, h}}, force);
    if (panels.inspector) inspector_panel(*this);
  }
  messages_window(*this);
  help_window(*this);
}

}  // namespace pg::web
