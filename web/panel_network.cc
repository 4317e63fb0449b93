// The inspector's section for a network agent: the layers, the observation
// as the network reads it, the first layers' activations for this state, and
// the temperature that turns Q-values (or afterstate values) into the
// probabilities drawn on the board.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/core/error.h"
#include "engine/nn/network_agent.h"
#include "imgui.h"
#include "web/app.h"
#include "web/panels.h"
#include "web/ui.h"

namespace pg::web {
namespace {

// A tensor as a grid of small squares: rank 1 wraps at `wrap` cells a row,
// rank 2 is rows x columns, rank 3 draws each plane beside the next. Colour:
// dark at 0, towards the palette's good (blue) for positive and its bad
// (orange) for negative, scaled by the largest magnitude; hovering a cell
// shows its index and value.
void heat_map(const char* id, std::span<const float> values, const std::vector<int>& shape, float cell, int wrap = 32) {
  int planes = 1, rows = 1, cols = int(values.size());
  if (shape.size() == 2) {
    rows = shape[0];
    cols = shape[1];
  } else if (shape.size() == 3) {
    planes = shape[0];
    rows = shape[1];
    cols = shape[2];
  } else if (cols > wrap) {
    rows = (cols + wrap - 1) / wrap;
    cols = wrap;
  }
  float scale = 0;
  for (float v : values) scale = std::max(scale, std::abs(v));
  if (scale == 0) scale = 1;
  const float gap = 6;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 size(float(planes * cols) * cell + float(planes - 1) * gap, float(rows) * cell);
  ImGui::InvisibleButton(id, ImVec2(std::max(size.x, 1.0f), std::max(size.y, 1.0f)));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const ImVec4 positive = ImGui::ColorConvertU32ToFloat4(palette().good);
  const ImVec4 negative = ImGui::ColorConvertU32ToFloat4(palette().bad);
  for (int p = 0; p < planes; ++p) {
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        const size_t i = size_t((p * rows + r) * cols + c);
        if (i >= values.size()) break;
        const float v = values[i] / scale;
        const ImVec2 a(origin.x + float(p) * (float(cols) * cell + gap) + float(c) * cell, origin.y + float(r) * cell);
        const ImVec2 b(a.x + cell - 1, a.y + cell - 1);
        const ImVec4& to = v >= 0 ? positive : negative;
        const float m = std::abs(v);
        const ImU32 colour = ImGui::ColorConvertFloat4ToU32(
            ImVec4(0.15f + (to.x - 0.15f) * m, 0.15f + (to.y - 0.15f) * m, 0.15f + (to.z - 0.15f) * m, 1));
        draw->AddRectFilled(a, b, colour);
        if (ImGui::IsItemHovered() && mouse.x >= a.x && mouse.x < b.x + 1 && mouse.y >= a.y && mouse.y < b.y + 1) {
          if (shape.size() == 3)
            ImGui::SetTooltip("plane %d, row %d, column %d: %g", p, r, c, double(values[i]));
          else if (shape.size() == 2)
            ImGui::SetTooltip("row %d, column %d: %g", r, c, double(values[i]));
          else
            ImGui::SetTooltip("unit %zu: %g", i, double(values[i]));
        }
      }
    }
  }
}

std::string shape_text(const std::vector<int>& dims) { return nn::Shape(dims).str(); }

}  // namespace

bool network_section(App& app, nn::NetworkAgent& agent, int player) {
  const State& state = app.session().state();
  if (!ImGui::CollapsingHeader("Network", ImGuiTreeNodeFlags_DefaultOpen)) return false;
  help_marker(
      PG_TEXT("A trained neural network decides for this seat. It reads the observation (numbers made from the state), "
              "passes it through its layers, and outputs one number per action (a Q-value: the return it expects after "
              "that action) or one value per position."));
  ImGui::TextWrapped("%s: %s, observation '%s' %s", agent.source().c_str(), agent.policy().kind.c_str(),
                     agent.policy().observation.encoding.c_str(), agent.policy().observation.shape.str().c_str());

  float t = float(agent.temperature());
  ImGui::SetNextItemWidth(160);
  if (ImGui::SliderFloat("temperature", &t, 0.0f, 10.0f, "%.2f", ImGuiSliderFlags_Logarithmic)) {
    char spec[64];
    std::snprintf(spec, sizeof spec, "%s:%.3g", agent.base_spec().c_str(), double(t));
    app.set_agent(player, t <= 0 ? agent.base_spec() : spec);
    return true;  // the seat holds a new agent now: draw it next frame
  }
  ImGui::SameLine();
  help_marker(
      PG_TEXT("Probabilities = softmax(Q / temperature) over the legal actions. At 0 the agent is greedy (all on the "
              "best); higher temperatures spread the probability, towards uniform. The bars on the board follow."));

  try {
    agent.inspect(state);
  } catch (const InputError& e) {
    ImGui::TextColored(palette().text_error, "%s", e.what());
    return false;
  }
  if (ImGui::TreeNodeEx("Layers", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (ImGui::BeginTable("layers", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn("layer");
      ImGui::TableSetupColumn("type");
      ImGui::TableSetupColumn("input -> output");
      ImGui::TableHeadersRow();
      for (const nn::LayerSpec& l : agent.policy().layers) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(l.name.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(nn::layer_type_name(l.type));
        ImGui::TableNextColumn();
        ImGui::Text("%s -> %s", l.input.str().c_str(), l.output.str().c_str());
      }
      ImGui::EndTable();
    }
    ImGui::TreePop();
  }
  if (ImGui::TreeNodeEx("Observation as the network sees it", ImGuiTreeNodeFlags_DefaultOpen)) {
    help_marker(PG_TEXT(
        "The input tensor for this state, one square per number (bright: 1, dark: 0). For Zuma: one row per slot "
        "of the line and a row for the ball, one column per colour (red, blue, green, yellow), then the fraction "
        "of steps left."));
    heat_map("observation", agent.input(), agent.policy().observation.shape.dims, 10);
    ImGui::TreePop();
  }
  if (ImGui::TreeNodeEx("Activations of the first layers", ImGuiTreeNodeFlags_DefaultOpen)) {
    help_marker(PG_TEXT("What the first layers computed from this observation (after their activation function)."));
    const auto& steps = agent.network().steps();
    for (size_t i = 0; i < steps.size() && i < 3; ++i) {
      ImGui::Text("%s (%s) %s", steps[i].name.c_str(), steps[i].op.c_str(), shape_text(steps[i].output.dims).c_str());
      heat_map(("activation" + std::to_string(i)).c_str(), agent.network().step_output(i), steps[i].output.dims, 7);
    }
    ImGui::TreePop();
  }
  return false;
}

}  // namespace pg::web
