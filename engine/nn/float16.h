// IEEE 754 binary16 ("half") storage for weights: converted to float32 when a
// policy is loaded, rounded to nearest, ties to even, when one is written.
// Plain integer code, so the bits are the same on every platform.
#pragma once

#include <cstdint>

namespace pg::nn {

// Exact: every half is a float.
float half_to_float(uint16_t h);
// Round to nearest, ties to even; overflow gives infinity, NaN stays NaN.
uint16_t float_to_half(float f);

}  // namespace pg::nn
