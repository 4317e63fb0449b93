// The shape of an activation or a weight tensor: its sizes, outermost first.
// Activations are laid out CHW (channels, rows, columns), row-major, one
// sample at a time (batch size 1), as PyTorch's NCHW without the N.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace pg::nn {

struct Shape {
  std::vector<int> dims;

  Shape() = default;
  Shape(std::initializer_list<int> d) : dims(d) {}
  explicit Shape(std::vector<int> d) : dims(std::move(d)) {}

  size_t rank() const { return dims.size(); }
  int operator[](size_t i) const { return dims[i]; }
  // The number of elements: the product of the sizes (1 for rank 0).
  size_t numel() const {
    size_t n = 1;
    for (int d : dims) n *= size_t(d);
    return n;
  }
  // "[7,9,11]", as in the policy file's header.
  std::string str() const {
    std::string s = "[";
    for (size_t i = 0; i < dims.size(); ++i) s += (i ? "," : "") + std::to_string(dims[i]);
    return s + "]";
  }
  bool operator==(const Shape&) const = default;
};

}  // namespace pg::nn
