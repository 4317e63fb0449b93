// Labels that must not cover one another on a busy board (Zuma's gap probabilities, pop chances and the ball
// that fell off, beside the header, the frog's words and the stage strip): each label is given a few places in
// order of preference and takes the first that is inside the board and clear of everything placed or reserved
// before it; where none is, the first clear place on rings around its first place; else the one that covers least.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "imgui.h"
#include "web/ui.h"

namespace pg::web {

class LabelPlacer {
 public:
  // Labels stay within [min, max].
  LabelPlacer(ImVec2 min, ImVec2 max) : min_(min), max_(max) {}
  // Space no label may take: text drawn elsewhere, a strip, a button.
  void reserve(ImVec2 min, ImVec2 max) { taken_.push_back({min, max}); }
  // Reserves the box of `text` in `font` centred on `centre`.
  void reserve_text(const BoardText& font, const std::string& text, ImVec2 centre);
  // Draws `text` in `font` and `colour` centred on the best of `centres`, and reserves its box.
  void place(ImDrawList* draw, const BoardText& font, ImU32 colour, const std::string& text,
             std::initializer_list<ImVec2> centres);

 private:
  struct Box {
    ImVec2 min, max;
  };
  // How much of a box centred on `centre` with `extent` lies outside the bounds or on taken space (0: free).
  float cost(ImVec2 centre, ImVec2 extent) const;

  ImVec2 min_, max_;
  std::vector<Box> taken_;
};

}  // namespace pg::web
