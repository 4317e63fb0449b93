// A level being drawn square by square (the page's visual editor): rows of
// standard-text characters that need not be a valid level yet. Painting a
// tile follows what a user means: a box or the player put on a target keeps
// the target (* or +), a target put under a box or the player keeps them, and
// there is one player (placing it elsewhere leaves floor or a target behind).
// Validation is the level reader's own (parse_levels), so the messages are
// the same as for a level file.
#pragma once

#include <string>
#include <vector>

namespace pg::sokoban {

enum class Brush { kWall, kFloor, kBox, kTarget, kPlayer };

class LevelSketch {
 public:
  static constexpr int kMinSide = 3, kMaxSide = 32;

  // From a level's text (standard or a number grid, read by parse_levels when
  // it is valid; otherwise its non-comment lines as they are). `title` gets
  // the "; title" line if there is one.
  static LevelSketch from_text(const std::string& text);

  int width() const { return width_; }
  int height() const { return height_; }
  char at(int row, int column) const { return rows_[size_t(row)][size_t(column)]; }
  const std::string& title() const { return title_; }

  // Paints one square; false when nothing changed (or outside the sketch).
  bool paint(int row, int column, Brush brush);
  // New squares are walls; clamped to kMinSide..kMaxSide.
  void resize(int width, int height);
  // Standard text, the title first as "; title" when there is one.
  std::string text() const;

 private:
  int width_ = 0, height_ = 0;
  std::vector<std::string> rows_;
  std::string title_;
};

}  // namespace pg::sokoban
