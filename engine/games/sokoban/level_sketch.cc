#include "engine/games/sokoban/level_sketch.h"

#include <algorithm>
#include <string_view>

#include "engine/core/error.h"
#include "engine/games/sokoban/level_text.h"

namespace pg::sokoban {

namespace {

bool has_target(char c) { return c == '.' || c == '*' || c == '+'; }
bool has_player(char c) { return c == '@' || c == '+'; }

// The text's lines, without their '\n' (no iostreams: they would add about
// 25 KiB to the page's download).
std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    lines.emplace_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

}  // namespace

LevelSketch LevelSketch::from_text(const std::string& text) {
  LevelSketch sketch;
  std::vector<std::string> lines;
  try {
    const Level level = parse_levels(text, "").front();
    sketch.title_ = level.title;
    lines = lines_of(level_to_text(level));
  } catch (const InputError&) {
    // Not a level yet: its lines as they are, comments apart.
    for (std::string line : lines_of(text)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty() && line[0] == ';') {
        const size_t start = line.find_first_not_of("; ");
        if (sketch.title_.empty() && start != std::string::npos) sketch.title_ = line.substr(start);
        continue;
      }
      lines.push_back(line);
    }
    while (!lines.empty() && lines.back().find_first_not_of(' ') == std::string::npos) lines.pop_back();
  }
  sketch.height_ = int(lines.size());
  for (const auto& l : lines) sketch.width_ = std::max(sketch.width_, int(l.size()));
  for (auto& l : lines) {
    l.resize(size_t(sketch.width_), ' ');
    for (char& c : l)
      if (c == '-' || c == '_') c = ' ';
  }
  sketch.rows_ = std::move(lines);
  sketch.resize(std::max(sketch.width_, kMinSide), std::max(sketch.height_, kMinSide));
  return sketch;
}

bool LevelSketch::paint(int row, int column, Brush brush) {
  if (row < 0 || column < 0 || row >= height_ || column >= width_) return false;
  char& square = rows_[size_t(row)][size_t(column)];
  const char before = square;
  const bool target = has_target(square);
  switch (brush) {
    case Brush::kWall: square = '#'; break;
    case Brush::kFloor: square = ' '; break;
    case Brush::kTarget: square = has_player(square) ? '+' : (square == '$' || square == '*') ? '*' : '.'; break;
    case Brush::kBox: square = target ? '*' : '$'; break;
    case Brush::kPlayer:
      for (auto& r : rows_)
        for (char& c : r)
          if (has_player(c)) c = c == '+' ? '.' : ' ';
      square = target ? '+' : '@';
      break;
  }
  return square != before;
}

void LevelSketch::resize(int width, int height) {
  width = std::clamp(width, kMinSide, kMaxSide);
  height = std::clamp(height, kMinSide, kMaxSide);
  rows_.resize(size_t(height), std::string(size_t(width), '#'));
  for (auto& r : rows_) r.resize(size_t(width), '#');
  width_ = width, height_ = height;
}

std::string LevelSketch::text() const {
  std::string out = title_.empty() ? "" : "; " + title_ + "\n";
  for (const auto& r : rows_) out += r + "\n";
  return out;
}

}  // namespace pg::sokoban
