// The Sokoban part of the Setup panel: the level picker (the built-in collections), the generator and the
// button that opens the level editor.
#include <algorithm>
#include <string>

#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "imgui.h"
#include "web/app.h"
#include "web/ui.h"
#include "web/views/sokoban_view.h"

namespace pg::web {

namespace {

// A collection as the picker's list shows it: the project's collection says what it is, since its name (kept
// for the URLs that use it) reads like a random seed.
std::string collection_label(const std::string& name) {
  return name == sokoban::kProjectCollection ? name + " (the project's maps)" : name;
}

}  // namespace

void SokobanView::setup_extras(App& app) {
  const auto* game = dynamic_cast<const sokoban::SokobanGame*>(&app.session().game());
  if (!game) return;
  ImGui::Separator();
  ImGui::TextUnformatted("Level");
  help_marker(PG_TEXT(
      "The built-in collections: 'seed', the project's two 9x11 maps (the project's name for them; it is no random "
      "seed; its setup: 50 steps, the corner test ends the episode), 'teaching', small levels from easy to harder, "
      "and 'boxoban', the first 50 levels of DeepMind's Boxoban medium validation file, 10x10 with 4 boxes "
      "(standard Sokoban, 120 steps). Or write a level of your own in the editor below."));
  level_picker(app, game->setup());
  if (ImGui::CollapsingHeader("Generate a level")) generator_section(app);
  if (ImGui::Button("Level editor")) editor_open_ = true;
  open_editor_button_ = last_rect();
  ImGui::SameLine();
  help_marker(PG_TEXT("Draw a level square by square, or write it as text; play it at once."));
}

void SokobanView::level_picker(App& app, const sokoban::Setup& setup) {
  if (titles_.empty()) {
    for (const auto& name : sokoban::builtin_collection_names())
      for (const auto& l : sokoban::builtin_collection(name)) titles_[name].push_back(l.title);
  }
  const std::string current = !setup.generate.is_null()  ? "generated"
                              : setup.collection.empty() ? "custom"
                                                         : setup.collection;
  ImGui::SetNextItemWidth(110);
  if (ImGui::BeginCombo("##collection", current.c_str())) {
    for (const auto& [name, titles] : titles_)
      if (ImGui::Selectable(collection_label(name).c_str(), name == setup.collection) && name != setup.collection)
        app.load_game("sokoban", sokoban::collection_level(name, 0));
    ImGui::EndCombo();
  }
  if (setup.collection.empty() || !titles_.count(setup.collection)) return;
  const auto& titles = titles_[setup.collection];
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  // Numbered from 1, as the URL's level names them ("teaching:3").
  const std::string shown = std::to_string(setup.index + 1) + ": " + titles[size_t(setup.index)];
  if (ImGui::BeginCombo("##level", shown.c_str())) {
    for (size_t i = 0; i < titles.size(); ++i) {
      const std::string item = std::to_string(i + 1) + ": " + titles[i];
      if (ImGui::Selectable(item.c_str(), int(i) == setup.index) && int(i) != setup.index)
        app.load_game("sokoban", sokoban::collection_level(setup.collection, int(i)));
    }
    ImGui::EndCombo();
  }
  if (ImGui::SmallButton("< Previous") && setup.index > 0)
    app.load_game("sokoban", sokoban::collection_level(setup.collection, setup.index - 1));
  ImGui::SameLine();
  if (ImGui::SmallButton("Next >") && setup.index + 1 < int(titles.size()))
    app.load_game("sokoban", sokoban::collection_level(setup.collection, setup.index + 1));
}

void SokobanView::generator_section(App& app) {
  wrapped_text(
      PG_TEXT("A random room (walls included), boxes put on targets, then the player pulls them about at random: the "
              "level is solvable by construction, and the solver checks it. The same settings give the same level on "
              "every machine."));
  ImGui::SliderInt("width", &generate_width_, 5, 12);
  ImGui::SliderInt("height", &generate_height_, 5, 12);
  ImGui::SliderInt("boxes", &generate_boxes_, 1, 4);
  ImGui::SliderInt("at least pushes", &generate_min_pushes_, 0, 30);
  help_marker(PG_TEXT("Difficulty: levels the solver finishes in fewer pushes are thrown away and another is tried."));
  ImGui::InputInt("random seed", &generate_seed_);
  note_text_field("random seed");
  help_marker(
      PG_TEXT("The generator's random seed: the same settings and seed give the same level; another seed, "
              "another level."));
  generate_seed_ = std::clamp(generate_seed_, 0, 1'000'000'000);
  const auto generate = [&] {
    Json options = Json::object();  // field by field: smaller in the page than nested initializer lists
    Json& g = options["generate"] = Json::object();
    g["width"] = generate_width_;
    g["height"] = generate_height_;
    g["boxes"] = generate_boxes_;
    g["seed"] = generate_seed_;
    if (generate_min_pushes_ > 0) g["min_pushes"] = generate_min_pushes_;
    app.load_game("sokoban", options);
  };
  if (ImGui::Button("Generate")) generate();
  ImGui::SameLine();
  if (ImGui::Button("Next seed")) {
    ++generate_seed_;
    generate();
  }
}

}  // namespace pg::web
