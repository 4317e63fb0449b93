// The panels' backgrounds, painted by the renderer. With software GL (a machine without a GPU, or headless
// Chromium's SwiftShader) a textured quad over a whole panel is the largest part of a frame's cost: the five
// panels' backgrounds were a third of it. A clear of the same pixels costs a small fraction of that.
//
// Panels are begun without a background (ui.h: fixed_window_flags). After ImGui::Render() each gets it back:
// where no window drawn before it overlaps its background (the tiled layouts), by scissored clears and its four
// rounded corners; else exactly as ImGui draws it, in a draw list inserted just below the panel's own.
#pragma once

#include <memory>
#include <vector>

#include "imgui.h"

namespace pg::web {

class PanelBackgrounds {
 public:
  // After ImGui::Render(): works out each panel's background and points the draw data at its draw lists with
  // the inserted ones.
  void prepare(ImDrawData& data);
  // Instead of clearing the canvas, before the draw data is rendered: the canvas and the panels' backgrounds,
  // by clears. Leaves the scissor test off.
  void clear(int framebuffer_height, ImVec4 canvas) const;

 private:
  struct Box {
    int x0, y0, x1, y1;  // framebuffer pixels, from the top left
  };
  ImDrawList& background_list(const ImDrawData& data);

  std::vector<ImDrawList*> lists_;
  std::vector<std::unique_ptr<ImDrawList>> backgrounds_;
  size_t backgrounds_used_ = 0;
  std::vector<Box> covered_;  // by panels whose background is a clear
  ImVec4 panel_colour_;
};

}  // namespace pg::web
