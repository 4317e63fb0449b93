// The Setup panel: game, rules, agents, seed, traces and links.

#include "imgui.h"
#include "web/app.h"
#include "web/browser.h"
#include "web/panels.h"
#include "web/ui.h"

namespace pg::web {

namespace {

// The program choice's tooltip: the program the bridge runs, or how to connect one.
std::string program_help(const App& app) {
  if (!app.program_bridge.empty())
    return PG_TEXT("Your program, through the bridge on your machine: ").str() + app.program_bridge;
  return PG_TEXT(
             "Your own agent: run `playground connect -- python3 my_agent.py` on your machine and open the link it "
             "prints (docs/your-agent.md). Without it, this seat declines.")
      .str();
}

// The game's options as checkboxes and numbers; a change reopens the game with them.
void rules_section(App& app) {
  Session& s = app.session();
  Json options = s.game().options();
  bool changed = false;
  for (const auto& o : s.entry().options) {
    if (!options.contains(o.name)) continue;  // e.g. Zuma's overrides, folded into its scenario
    Json& v = options[o.name];
    if (v.is_boolean()) {
      bool b = v.get<bool>();
      if (ImGui::Checkbox(o.name.c_str(), &b)) v = b, changed = true;
    } else if (v.is_number_integer()) {
      int i = v.get<int>();
      ImGui::SetNextItemWidth(110);
      if (ImGui::InputInt(o.name.c_str(), &i)) v = i, changed = true;
      note_text_field(o.name.c_str());
    } else {
      ImGui::TextDisabled("%s: edited in its own window (below)", o.name.c_str());
    }
    help_marker(o.help);
  }
  if (changed) app.load_game(s.entry().name, options);  // a bad value shows a message; nothing changes
  if (ImGui::Button("Default rules")) app.load_game(s.entry().name, Json::object());
}

// Seats a network file in seat p: the page reads the file the reader picks, keeps it under its name and seats
// the agent file:NAME (web/page/api.mjs: openFile).
void network_file_button(int p) {
  ImGui::SameLine();
  const std::string name = "Load a network for " + player_name(p);
  if (ImGui::Button("File...")) browser::choose_file("network:" + std::to_string(p));
  note_button(name.c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", PG_TEXT("Seat a network you trained: a policy file for this game's encoding (from "
                                    "PyTorch with rlplayground.export_torch, docs/python.md). It plays as file:NAME, "
                                    "with its probabilities in the inspector.")
                                .c_str());
}

}  // namespace

void setup_panel(App& app) {
  Session& s = app.session();
  if (!ImGui::Begin("Setup", &app.panels.setup, fixed_window_flags(app.fixed_panels(), !app.narrow_layout)))
    return ImGui::End();

  ImGui::TextUnformatted("Game");
  help_marker(PG_TEXT(
      "Only the games that are implemented are listed. Each game has its own rules, agents and board drawing."));
  if (ImGui::BeginCombo("##game", s.entry().title.c_str())) {
    for (const GameInfo& g : game_directory()) {
      if (ImGui::Selectable(g.title, g.name == s.entry().name) && g.name != s.entry().name)
        app.load_game(g.name, Json::object());
    }
    ImGui::EndCombo();
  }
  ImGui::TextWrapped("%s", s.entry().blurb.c_str());
  if (ImGui::CollapsingHeader("How to play")) {
    const char* rules = s.entry().rules.c_str();
    ImGui::TextWrapped("%s", *rules ? rules : "(the rules are still loading)");
  }

  if (ImGui::CollapsingHeader("Rules")) rules_section(app);
  app.view()->setup_extras(app);

  ImGui::Separator();
  ImGui::TextUnformatted("Agents");
  help_marker(
      PG_TEXT("Who decides for each player. 'human' waits for your click on the board; the others are computer "
              "agents whose action probabilities the inspector shows."));
  std::vector<std::string> choices = {"human", "random"};
  for (const auto& a : s.game().agents()) choices.push_back(a.spec);
  choices.push_back("program");  // the student's own, through the bridge (docs/your-agent.md)
  // A network file the student trained (the agent file:NAME) plays in any game with a network encoding.
  const bool takes_networks = !s.state().observation_tensor().encoding.empty();
  for (int p = 0; p < s.game().num_players(); ++p) {
    const std::string current = s.agent_specs()[size_t(p)];
    ImGui::PushID(p);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(player_colour(p)), "%s", player_name(p).c_str());
    ImGui::SameLine(90);
    ImGui::SetNextItemWidth(takes_networks ? -ImGui::GetFrameHeight() * 3 : -1);  // room for File...
    if (ImGui::BeginCombo("##agent", current.c_str())) {
      for (const auto& c : choices) {
        if (ImGui::Selectable(c.c_str(), c == current) && c != current) app.set_agent(p, c);
        for (const auto& a : s.game().agents())
          if (a.spec == c && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", a.help.c_str());
        if (c == "program" && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", program_help(app).c_str());
      }
      ImGui::EndCombo();
    }
    if (takes_networks) network_file_button(p);
    ImGui::PopID();
  }

  ImGui::Separator();
  static unsigned long long seed_input = 0;
  static uint64_t shown_seed = ~uint64_t(0);
  if (shown_seed != s.seed()) seed_input = shown_seed = s.seed();
  ImGui::TextUnformatted("Seed");
  help_marker(
      PG_TEXT("The seed fixes every random draw: the game's chance and the agents' tie-breaks. The same seed and "
              "the same actions give the same episode, here and in the command-line tool."));
  ImGui::SetNextItemWidth(120);
  const bool entered = ImGui::InputScalar("##seed", ImGuiDataType_U64, &seed_input, nullptr, nullptr, nullptr,
                                          ImGuiInputTextFlags_EnterReturnsTrue);
  note_text_field("seed");
  ImGui::SameLine();
  if (ImGui::Button("Apply") || entered) app.reset(seed_input);
  ImGui::SameLine();
  if (ImGui::Button("New (N)")) app.new_episode();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("A new episode with the next seed");

  ImGui::Separator();
  if (ImGui::Button("Export trace"))
    browser::download_text(s.entry().name + "-seed" + std::to_string(s.seed()) + ".json", app.export_trace_text());
  ImGui::SameLine();
  if (ImGui::Button("Import trace")) browser::choose_file("trace");
  ImGui::SameLine();
  // The page says whether the browser let it copy (or shows the link to copy by hand).
  if (ImGui::Button("Copy link")) browser::copy_to_clipboard(browser::page_url_without_query() + app.link());
  note_button("Copy link");
  help_marker(
      PG_TEXT("A trace is the whole episode as JSON (the same format as `playground <game> replay`). Importing "
              "replays it and checks every state. Copy link copies a link to what is on screen: the game, its "
              "options, the seed, the agents, the episode's moves and the step shown."));
  ImGui::End();
}

}  // namespace pg::web
