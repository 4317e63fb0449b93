#include "engine/nn/kernels.h"

#include <algorithm>
#include <cassert>

#include "engine/nn/activation.h"
#include "engine/nn/simd.h"

namespace pg::nn {

namespace {

// Natively on x86-64, the two hot loops are compiled twice, for SSE2 and for
// AVX2 (its three-operand forms and broadcasts save a third of the
// instructions), and the loader picks the one the CPU runs. The same
// additions and multiplications in the same order either way: the same bits.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define PG_NN_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define PG_NN_CLONES
#endif

constexpr int kDenseBlock = DenseKernel::kBlock;
constexpr int kChannelBlock = ConvKernel::kChannelBlock;
constexpr int kPixelVectors = ConvKernel::kPixelVectors;
constexpr int kPixelTile = ConvKernel::kPixelTile;

PG_NN_CLONES void dense_blocks(const float* packed, const float* bias, int in, int out, const float* x, float* y) {
  constexpr int kVectors = kDenseBlock / 4;
  for (int o0 = 0; o0 < out; o0 += kDenseBlock) {
    const float* w = packed + size_t(o0 / kDenseBlock) * size_t(in) * kDenseBlock;
    F4 acc[kVectors] = {};
    for (int i = 0; i < in; ++i, w += kDenseBlock) {
      const F4 xi = splat4(x[i]);
      for (int v = 0; v < kVectors; ++v) acc[v] += load4(w + 4 * v) * xi;
    }
    // Lanes by constant index (no copy through memory, which made g++ keep
    // the accumulators on the stack for the whole loop).
    const int n = std::min(kDenseBlock, out - o0);
    for (int v = 0; v < kVectors; ++v)
      for (int lane = 0; lane < 4; ++lane)
        if (4 * v + lane < n) y[o0 + 4 * v + lane] = acc[v][lane] + bias[o0 + 4 * v + lane];
  }
}

// Register tiles of kChannelBlock output channels x kPixelTile positions:
// each tap loads the tile's pixels once and one weight per channel.
PG_NN_CLONES void conv_tiles(const float* packed, const int* offsets, int taps, int cout, int tiles,
                             const float* padded, float* wide) {
  const size_t stride = size_t(tiles) * kPixelTile;
  for (int c0 = 0; c0 < cout; c0 += kChannelBlock) {
    const float* block = packed + size_t(c0 / kChannelBlock) * size_t(taps) * kChannelBlock;
    for (int t = 0; t < tiles; ++t) {
      const float* base = padded + size_t(t) * kPixelTile;
      F4 acc[kChannelBlock][kPixelVectors] = {};
      const float* wt = block;
      for (int tap = 0; tap < taps; ++tap, wt += kChannelBlock) {
        const float* in = base + offsets[tap];
        F4 pixels[kPixelVectors];
        for (int v = 0; v < kPixelVectors; ++v) pixels[v] = load4(in + 4 * v);
        for (int c = 0; c < kChannelBlock; ++c) {
          const F4 weight = splat4(wt[c]);
          for (int v = 0; v < kPixelVectors; ++v) acc[c][v] += weight * pixels[v];
        }
      }
      for (int c = 0; c < kChannelBlock; ++c)
        for (int v = 0; v < kPixelVectors; ++v)
          store4(wide + size_t(c0 + c) * stride + size_t(t) * kPixelTile + size_t(4 * v), acc[c][v]);
    }
  }
}

}  // namespace

DenseKernel::DenseKernel(int in_, int out_, const std::vector<float>& weight, const std::vector<float>& bias_)
    : in(in_), out(out_), bias(bias_) {
  assert(weight.size() == size_t(in) * size_t(out) && bias.size() == size_t(out));
  const int blocks = (out + kBlock - 1) / kBlock;
  packed.assign(size_t(blocks) * size_t(in) * kBlock, 0.0f);
  for (int o = 0; o < out; ++o)
    for (int i = 0; i < in; ++i)
      packed[(size_t(o / kBlock) * size_t(in) + size_t(i)) * kBlock + size_t(o % kBlock)] =
          weight[size_t(o) * size_t(in) + size_t(i)];
}

void DenseKernel::run(const float* x, float* y) const {
  dense_blocks(packed.data(), bias.data(), in, out, x, y);
  apply_activation(activation, alpha, y, size_t(out));
}

ConvKernel::ConvKernel(int cin_, int cout_, int h_, int w_, int k_, int pad_, const std::vector<float>& weight,
                       const std::vector<float>& bias_)
    : cin(cin_), cout(cout_), h(h_), w(w_), k(k_), pad(pad_), bias(bias_) {
  hp = h + 2 * pad;
  wp = w + 2 * pad;
  ho = hp - k + 1;
  wo = wp - k + 1;
  assert(ho > 0 && wo > 0 && bias.size() == size_t(cout));
  tiles = (ho * wp + kPixelTile - 1) / kPixelTile;
  const int taps = cin * k * k;
  offsets.resize(size_t(taps));
  for (int ci = 0; ci < cin; ++ci)
    for (int ky = 0; ky < k; ++ky)
      for (int kx = 0; kx < k; ++kx) offsets[size_t((ci * k + ky) * k + kx)] = (ci * hp + ky) * wp + kx;
  const int blocks = (cout + kChannelBlock - 1) / kChannelBlock;
  packed.assign(size_t(blocks) * size_t(taps) * kChannelBlock, 0.0f);
  for (int co = 0; co < cout; ++co)
    for (int t = 0; t < taps; ++t)
      packed[(size_t(co / kChannelBlock) * size_t(taps) + size_t(t)) * kChannelBlock + size_t(co % kChannelBlock)] =
          weight[size_t(co) * size_t(taps) + size_t(t)];
}

size_t ConvKernel::padded_size() const {
  // The last tile reads up to the largest offset past its last position.
  return size_t(offsets.back()) + size_t(tiles) * kPixelTile;
}

size_t ConvKernel::wide_size() const {
  return size_t((cout + kChannelBlock - 1) / kChannelBlock) * kChannelBlock * size_t(tiles) * kPixelTile;
}

void ConvKernel::run(const float* x, float* y, float* padded, float* wide) const {
  for (int c = 0; c < cin; ++c)
    for (int r = 0; r < h; ++r)
      std::copy_n(x + (size_t(c) * size_t(h) + size_t(r)) * size_t(w), w,
                  padded + (size_t(c) * size_t(hp) + size_t(r + pad)) * size_t(wp) + size_t(pad));

  const size_t stride = size_t(tiles) * kPixelTile;  // floats per channel in `wide`
  conv_tiles(packed.data(), offsets.data(), cin * k * k, cout, tiles, padded, wide);

  for (int c = 0; c < cout; ++c) {
    const float b = bias[size_t(c)];
    for (int r = 0; r < ho; ++r) {
      const float* from = wide + size_t(c) * stride + size_t(r) * size_t(wp);
      float* to = y + (size_t(c) * size_t(ho) + size_t(r)) * size_t(wo);
      for (int col = 0; col < wo; ++col) to[col] = from[col] + b;
    }
  }
  apply_activation(activation, alpha, y, size_t(cout) * size_t(ho) * size_t(wo));
}

void ScaleShiftKernel::run(const float* x, float* y) const {
  for (int c = 0; c < channels; ++c) {
    const float s = scale[size_t(c)], t = shift[size_t(c)];
    const size_t start = size_t(c) * size_t(plane);
    for (size_t i = start; i < start + size_t(plane); ++i) y[i] = x[i] * s + t;
  }
  apply_activation(activation, alpha, y, size_t(channels) * size_t(plane));
}

void PoolKernel::run(const float* x, float* y) const {
  for (int c = 0; c < channels; ++c) {
    const float* p = x + size_t(c) * size_t(plane);
    if (max) {
      float m = p[0];
      for (int i = 1; i < plane; ++i) m = p[i] > m ? p[i] : m;
      y[c] = m;
    } else {
      float sum = 0.0f;
      for (int i = 0; i < plane; ++i) sum += p[i];
      y[c] = sum / float(plane);
    }
  }
}

}  // namespace pg::nn
