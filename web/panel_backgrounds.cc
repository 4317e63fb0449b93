#include "web/panel_backgrounds.h"

#include <GLES3/gl3.h>

#include <cmath>

#include "imgui_internal.h"

namespace pg::web {

namespace {

// A root window drawn this frame, as ImGui::Render() takes them.
bool drawn_root(const ImGuiWindow& w) { return w.Active && !w.Hidden && !(w.Flags & ImGuiWindowFlags_ChildWindow); }

// A panel whose background the renderer paints: begun without one (ui.h: fixed_window_flags), and not a popup,
// a tooltip or a collapsed window.
bool painted_panel(const ImGuiWindow& w) {
  return drawn_root(w) && (w.Flags & ImGuiWindowFlags_NoBackground) &&
         !(w.Flags & (ImGuiWindowFlags_Popup | ImGuiWindowFlags_Tooltip)) && !w.Collapsed;
}

// Where ImGui draws a window's background (under its title bar), and which corners it rounds.
ImRect background_rect(const ImGuiWindow& w) {
  return ImRect(w.Pos.x, w.Pos.y + w.TitleBarHeight(), w.Pos.x + w.Size.x, w.Pos.y + w.Size.y);
}
int pixel(float at, float scale) { return int(std::floor(at * scale + 0.5f)); }

ImDrawFlags rounded_corners(const ImGuiWindow& w) {
  return (w.Flags & ImGuiWindowFlags_NoTitleBar) ? ImDrawFlags_RoundCornersAll : ImDrawFlags_RoundCornersBottom;
}

}  // namespace

ImDrawList& PanelBackgrounds::background_list(const ImDrawData& data) {
  if (backgrounds_used_ == backgrounds_.size())
    backgrounds_.push_back(std::make_unique<ImDrawList>(ImGui::GetDrawListSharedData()));
  ImDrawList& list = *backgrounds_[backgrounds_used_++];
  list._ResetForNewFrame();
  list.PushTextureID(ImGui::GetIO().Fonts->TexID);
  list.PushClipRect(data.DisplayPos,
                    ImVec2(data.DisplayPos.x + data.DisplaySize.x, data.DisplayPos.y + data.DisplaySize.y));
  return list;
}

void PanelBackgrounds::prepare(ImDrawData& data) {
  lists_.assign(data.CmdLists, data.CmdLists + data.CmdListsCount);
  covered_.clear();
  panel_colour_ = ImGui::ColorConvertU32ToFloat4(ImGui::GetColorU32(ImGuiCol_WindowBg));
  backgrounds_used_ = 0;
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImU32 colour = ImGui::GetColorU32(ImGuiCol_WindowBg);
  const bool opaque = (colour & IM_COL32_A_MASK) == IM_COL32_A_MASK;  // a clear does not blend
  const ImVec2 scale = data.FramebufferScale;
  std::vector<ImRect> below;  // the windows drawn so far, bottom first
  for (const ImGuiWindow* w : g.Windows) {
    if (!drawn_root(*w)) continue;
    const ImRect outer = w->Rect();
    if (painted_panel(*w)) {
      const ImRect bg = background_rect(*w);
      const auto at = std::find(lists_.begin(), lists_.end(), w->DrawList);
      const bool overlapped = std::any_of(below.begin(), below.end(), [&](const ImRect& r) { return r.Overlaps(bg); });
      if (at != lists_.end() && bg.GetWidth() > 0 && bg.GetHeight() > 0) {
        ImDrawList& list = background_list(data);
        const float r = w->WindowRounding;
        if (overlapped || !opaque || r * 2 + 2 > bg.GetWidth() || r * 2 + 2 > bg.GetHeight()) {
          list.AddRectFilled(bg.Min, bg.Max, colour, r, rounded_corners(*w));
        } else {
          // The middle of the background (a cross clear of the rounded corners) is cleared; each corner is a
          // square one pixel larger than the rounding, drawn with its corner rounded.
          const float c = std::ceil(r) + 1;
          const bool top_rounded = rounded_corners(*w) == ImDrawFlags_RoundCornersAll;
          const float top_inset = top_rounded ? c : 0;
          const auto add_clear = [&](ImVec2 min, ImVec2 max) {
            const int x0 = pixel(min.x - data.DisplayPos.x, scale.x), y0 = pixel(min.y - data.DisplayPos.y, scale.y);
            const int x1 = pixel(max.x - data.DisplayPos.x, scale.x), y1 = pixel(max.y - data.DisplayPos.y, scale.y);
            if (x1 > x0 && y1 > y0) covered_.push_back({x0, y0, x1, y1});
          };
          add_clear(ImVec2(bg.Min.x + c, bg.Min.y), ImVec2(bg.Max.x - c, bg.Max.y));
          add_clear(ImVec2(bg.Min.x, bg.Min.y + top_inset), ImVec2(bg.Min.x + c, bg.Max.y - c));
          add_clear(ImVec2(bg.Max.x - c, bg.Min.y + top_inset), ImVec2(bg.Max.x, bg.Max.y - c));
          if (top_rounded) {
            list.AddRectFilled(bg.Min, ImVec2(bg.Min.x + c, bg.Min.y + c), colour, r, ImDrawFlags_RoundCornersTopLeft);
            list.AddRectFilled(ImVec2(bg.Max.x - c, bg.Min.y), ImVec2(bg.Max.x, bg.Min.y + c), colour, r,
                               ImDrawFlags_RoundCornersTopRight);
          }
          list.AddRectFilled(ImVec2(bg.Min.x, bg.Max.y - c), ImVec2(bg.Min.x + c, bg.Max.y), colour, r,
                             ImDrawFlags_RoundCornersBottomLeft);
          list.AddRectFilled(ImVec2(bg.Max.x - c, bg.Max.y - c), bg.Max, colour, r,
                             ImDrawFlags_RoundCornersBottomRight);
        }
        lists_.insert(at, &list);
      }
    }
    below.push_back(outer);
  }
  if (backgrounds_used_ == 0) return;
  data.CmdLists = lists_.data();
  data.CmdListsCount = int(lists_.size());
  for (size_t i = 0; i < backgrounds_used_; ++i) {
    data.TotalVtxCount += backgrounds_[i]->VtxBuffer.Size;
    data.TotalIdxCount += backgrounds_[i]->IdxBuffer.Size;
  }
}

void PanelBackgrounds::clear(int framebuffer_height, ImVec4 canvas) const {
  glClearColor(canvas.x, canvas.y, canvas.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  if (covered_.empty()) return;
  glEnable(GL_SCISSOR_TEST);
  glClearColor(panel_colour_.x, panel_colour_.y, panel_colour_.z, 1.0f);
  for (const Box& b : covered_) {
    glScissor(b.x0, framebuffer_height - b.y1, b.x1 - b.x0, b.y1 - b.y0);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace pg::web
