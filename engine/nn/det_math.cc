#include "engine/nn/det_math.h"

#include <cmath>
#include <cstdint>

#include "engine/nn/bit_cast.h"

namespace pg::nn {

double det_exp(double x) {
  if (x != x) return x;  // NaN
  if (x > 709.0) return HUGE_VAL;
  if (x < -745.0) return 0.0;
  // x = k ln2 + r with |r| <= ln2/2; e^x = 2^k e^r. floor is exact everywhere.
  constexpr double kLog2e = 1.4426950408889634;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln2's high bits: k * kLn2Hi is exact
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  const double k = std::floor(x * kLog2e + 0.5);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  // Taylor series to r^12 / 12!: the next term is below 1e-17 for |r| <= 0.35.
  double p = 1.0 / 479001600.0;
  constexpr double kInverseFactorials[] = {
      1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0, 1.0 / 40320.0, 1.0 / 5040.0, 1.0 / 720.0,
      1.0 / 120.0,      1.0 / 24.0,      1.0 / 6.0,      0.5,           1.0,          1.0};
  for (double c : kInverseFactorials) p = p * r + c;
  // 2^k as a double's bits; k in [-1075, 1023] after the clamps above, split
  // in two factors so that subnormal results stay exact.
  const auto ki = int64_t(k);
  const int64_t k1 = ki / 2, k2 = ki - k1;
  const double s1 = bit_cast<double>(uint64_t(k1 + 1023) << 52);
  const double s2 = bit_cast<double>(uint64_t(k2 + 1023) << 52);
  return p * s1 * s2;
}

double det_log(double x) {
  if (!(x > 0.0)) return x == 0.0 ? -HUGE_VAL : NAN;
  if (x == HUGE_VAL) return x;
  // x = m 2^e with m in [sqrt(1/2), sqrt(2)); subnormals scaled up by 2^54 first.
  int64_t e = 0;
  if (x < 0x1p-1022) x *= 0x1p54, e = -54;
  const auto bits = bit_cast<uint64_t>(x);
  e += int64_t((bits >> 52) & 0x7ff) - 1023;
  double m = bit_cast<double>((bits & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
  if (m > 1.4142135623730951) m *= 0.5, ++e;
  // log m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172: the odd series to s^25 is exact to 1e-19.
  const double s = (m - 1.0) / (m + 1.0);
  const double s2 = s * s;
  double p = 1.0 / 25.0;
  for (int k = 23; k >= 1; k -= 2) p = p * s2 + 1.0 / k;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  const auto ed = double(e);
  return ed * kLn2Hi + (2.0 * s * p + ed * kLn2Lo);
}

float det_tanh(float x) {
  const double d = x;
  if (!(std::fabs(d) < 20.0)) return d != d ? x : (d > 0 ? 1.0f : -1.0f);  // tanh(20) rounds to 1
  if (std::fabs(d) < 1e-4) return float(d - d * d * d / 3.0);              // avoids e^2x - 1 cancelling
  const double e = det_exp(2.0 * d);
  return float((e - 1.0) / (e + 1.0));
}

float det_sigmoid(float x) {
  if (x != x) return x;
  return float(1.0 / (1.0 + det_exp(-double(x))));
}

}  // namespace pg::nn
