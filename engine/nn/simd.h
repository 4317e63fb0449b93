// Four floats in one SIMD register, through the vector extensions GCC and
// Clang share: SSE2 natively, SIMD128 under `emcc -msimd128`. The operations
// are IEEE element by element (no fused multiply-add on either target, and
// -ffp-contract=off for engine/nn keeps it so on hosts that have one), so
// native and WebAssembly results have the same bits.
//
// Why not plain loops: with the accumulators of a register tile written as
// plain float arrays, g++ 12 -O3 kept them on the stack and ran the 3x3
// convolution at a third of this speed (measured, see docs/policies.md).
#pragma once

#include <cstring>

namespace pg::nn {

using F4 = float __attribute__((vector_size(16), aligned(4)));

inline F4 load4(const float* p) {
  F4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store4(float* p, F4 v) { std::memcpy(p, &v, sizeof v); }
inline F4 splat4(float s) { return F4{s, s, s, s}; }

}  // namespace pg::nn
