// Confidence intervals for the figures the CLI prints.
#pragma once

#include <cmath>

namespace pg {

struct Interval {
  double low = 0, high = 0;
};

// Wilson score interval for a proportion (z = 1.96 for 95%).
inline Interval wilson_interval(double successes, double n, double z = 1.96) {
  if (n <= 0) return {0, 1};
  const double p = successes / n;
  const double z2 = z * z;
  const double center = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::fmax(0.0, center - half), std::fmin(1.0, center + half)};
}

// Running mean and variance (Welford), with a normal 95% interval of the mean.
class MeanEstimate {
 public:
  void add(double x) {
    ++n_;
    const double delta = x - mean_;
    mean_ += delta / double(n_);
    m2_ += delta * (x - mean_);
  }
  long count() const { return n_; }
  double mean() const { return mean_; }
  double variance() const { return n_ > 1 ? m2_ / double(n_ - 1) : 0.0; }
  double half_width(double z = 1.96) const { return n_ > 1 ? z * std::sqrt(variance() / double(n_)) : 0.0; }

 private:
  long n_ = 0;
  double mean_ = 0, m2_ = 0;
};

}  // namespace pg
