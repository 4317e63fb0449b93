// The forward kernels at batch size 1, over weights packed once at load time.
//
// Summation order (the same natively and in WebAssembly, and independent of
// the packing): every output is its bias plus the sum, in input order, of
// weight x input products, accumulated in float from 0.0f and the bias added
// last. For a dense layer the inputs run in index order; for a convolution in
// (input channel, kernel row, kernel column) order. The kernels vectorise
// across outputs (output features; output pixels x output channels), never
// across a sum, so no reduction is reordered.
#pragma once

#include <vector>

#include "engine/nn/policy_file.h"

namespace pg::nn {

// y = act(W x + b), W [out][in] packed as blocks of kDenseBlock outputs:
// packed[block][in][kDenseBlock], zero rows past `out`.
struct DenseKernel {
  static constexpr int kBlock = 16;
  int in = 0, out = 0;
  std::vector<float> packed;
  std::vector<float> bias;
  Activation activation = Activation::kLinear;
  double alpha = 0.0;

  DenseKernel(int in, int out, const std::vector<float>& weight, const std::vector<float>& bias);
  void run(const float* x, float* y) const;
};

// Stride-1 convolution with zero padding on CHW activations, any square
// kernel. The input is copied into a zero-bordered buffer of rows `wp` =
// w + 2 pad wide; outputs are computed for every position of that buffer's
// rows (the `wp - wo` positions past each row's end are discarded), so the
// innermost loop runs over a contiguous stretch of pixels and each tap is one
// offset into the padded input.
struct ConvKernel {
  static constexpr int kChannelBlock = 4;  // output channels per register tile
  static constexpr int kPixelVectors = 2;  // x4 output pixels per register tile
  static constexpr int kPixelTile = 4 * kPixelVectors;
  int cin = 0, cout = 0, h = 0, w = 0, k = 1, pad = 0;
  int hp = 0, wp = 0, ho = 0, wo = 0;
  int tiles = 0;              // pixel tiles covering ho rows of wp positions
  std::vector<int> offsets;   // per (ci, ky, kx): its offset into the padded input
  std::vector<float> packed;  // [cout / kChannelBlock][cin k k][kChannelBlock], zero channels past cout
  std::vector<float> bias;
  Activation activation = Activation::kLinear;
  double alpha = 0.0;

  ConvKernel(int cin, int cout, int h, int w, int k, int pad, const std::vector<float>& weight,
             const std::vector<float>& bias);
  size_t padded_size() const;  // floats of scratch for the padded input
  size_t wide_size() const;    // floats of scratch for the wide output
  // `padded` must hold padded_size() floats, zero where the input is not
  // copied (it is zeroed once when allocated); `wide` wide_size().
  void run(const float* x, float* y, float* padded, float* wide) const;
};

// y = act(x scale[c] + shift[c]) per channel c (a batch norm that could not be folded).
struct ScaleShiftKernel {
  int channels = 0, plane = 1;
  std::vector<float> scale, shift;
  Activation activation = Activation::kLinear;
  double alpha = 0.0;
  void run(const float* x, float* y) const;
};

// Global pooling: CHW -> C.
struct PoolKernel {
  bool max = false;
  int channels = 0, plane = 0;
  void run(const float* x, float* y) const;
};

}  // namespace pg::nn
