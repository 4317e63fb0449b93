#include "engine/nn/float16.h"

#include "engine/nn/bit_cast.h"

namespace pg::nn {

float half_to_float(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & 0x1fu;
  uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0x1f) return bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));  // inf, NaN
  if (exponent != 0) return bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
  if (mantissa == 0) return bit_cast<float>(sign);  // signed zero
  // Subnormal half: normalise (it is a normal float).
  uint32_t e = 113;
  while ((mantissa & 0x400u) == 0) {
    mantissa <<= 1;
    --e;
  }
  return bit_cast<float>(sign | (e << 23) | ((mantissa & 0x3ffu) << 13));
}

uint16_t float_to_half(float f) {
  const uint32_t bits = bit_cast<uint32_t>(f);
  const auto sign = uint16_t((bits >> 16) & 0x8000u);
  const uint32_t exponent = (bits >> 23) & 0xffu;
  const uint32_t mantissa = bits & 0x7fffffu;
  if (exponent == 0xff) return uint16_t(sign | 0x7c00u | (mantissa ? 0x200u | (mantissa >> 13) : 0u));
  // Value = 1.mantissa * 2^(exponent-127); half's smallest subnormal is 2^-24.
  const int e = int(exponent) - 127;
  if (e > 15) return uint16_t(sign | 0x7c00u);  // too large even before rounding
  if (e < -25) return sign;                     // below half the smallest subnormal: rounds to zero
  // The significand with its implicit bit, and how far to shift it so that
  // its last kept bit is the half's last mantissa bit.
  const uint32_t significand = mantissa | 0x800000u;
  const int shift = e >= -14 ? 13 : 13 + (-14 - e);  // subnormal halves keep fewer bits
  uint32_t kept = significand >> shift;
  const uint32_t rest = significand & ((1u << shift) - 1);
  const uint32_t half_way = 1u << (shift - 1);
  if (rest > half_way || (rest == half_way && (kept & 1u))) ++kept;  // ties to even
  if (e >= -14) {
    // Normal: kept holds the implicit bit at 0x400; a carry may bump the exponent (up to infinity).
    return uint16_t(sign + ((uint32_t(e + 15) << 10) + (kept - 0x400u)));
  }
  return uint16_t(sign | kept);  // subnormal (a carry into 0x400 gives the smallest normal, correctly)
}

}  // namespace pg::nn
