// The row of balls, stored inline so that copying a state for search or
// training never allocates.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/games/zuma/scenario.h"

namespace pg::zuma {

struct Line {
  uint8_t size = 0;
  std::array<uint8_t, kMaxLineCapacity> balls{};

  static Line of(const std::vector<int>& colours) {
    Line line;
    for (int c : colours) line.balls[line.size++] = uint8_t(c);
    return line;
  }
  std::vector<int> colours() const { return {balls.begin(), balls.begin() + size}; }
  int operator[](int i) const { return balls[size_t(i)]; }
  bool empty() const { return size == 0; }

  // Inserts before index i (i == size appends).
  void insert(int i, int colour) {
    for (int k = size; k > i; --k) balls[size_t(k)] = balls[size_t(k - 1)];
    balls[size_t(i)] = uint8_t(colour);
    ++size;
  }
  void erase(int start, int length) {
    for (int k = start; k + length < size; ++k) balls[size_t(k)] = balls[size_t(k + length)];
    size = uint8_t(size - length);
  }
  int pop_back() { return balls[--size]; }

  // The maximal run of equal colours that contains index i: [start, end).
  void run_at(int i, int& start, int& end) const {
    start = i;
    end = i + 1;
    while (start > 0 && balls[size_t(start - 1)] == balls[size_t(i)]) --start;
    while (end < size && balls[size_t(end)] == balls[size_t(i)]) ++end;
  }

  bool operator==(const Line& o) const {
    if (size != o.size) return false;
    for (int i = 0; i < size; ++i)
      if (balls[size_t(i)] != o.balls[size_t(i)]) return false;
    return true;
  }
};

}  // namespace pg::zuma
