// A small, fast random number generator with the same output on every platform
// (native and WebAssembly). std::uniform_int_distribution differs between
// libstdc++ and libc++, so all draws go through these functions instead.
#pragma once

#include <cstdint>

namespace pg {

// SplitMix64: used to expand one seed into independent streams.
constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Mixes several integers into one seed (for per-step, per-seat streams).
constexpr uint64_t mix_seed(uint64_t a, uint64_t b, uint64_t c = 0) {
  uint64_t s = a;
  uint64_t x = splitmix64(s) ^ b;
  x = splitmix64(x) ^ c;
  return splitmix64(x);
}

// xoshiro256**: fast, 256-bit state, good statistical quality.
class Rng {
 public:
  explicit constexpr Rng(uint64_t seed = 0) {
    uint64_t s = seed;
    for (auto& word : s_) word = splitmix64(s);
  }

  constexpr uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n), n > 0, without modulo bias (Lemire's method).
  constexpr uint32_t below(uint32_t n) {
    uint64_t m = uint64_t(uint32_t(next() >> 32)) * n;
    auto low = uint32_t(m);
    if (low < n) {
      const uint32_t threshold = uint32_t(-n) % n;
      while (low < threshold) {
        m = uint64_t(uint32_t(next() >> 32)) * n;
        low = uint32_t(m);
      }
    }
    return uint32_t(m >> 32);
  }

  // Uniform double in [0, 1) with 53 random bits.
  constexpr double uniform() { return double(next() >> 11) * 0x1.0p-53; }

  // The whole state, to carry a stream across a module boundary (engine/core/remote_agent.h) and resume it.
  struct Words {
    uint64_t w[4];
  };
  constexpr Words words() const { return {{s_[0], s_[1], s_[2], s_[3]}}; }
  static constexpr Rng from_words(const Words& words) {
    Rng r;
    for (int i = 0; i < 4; ++i) r.s_[i] = words.w[i];
    return r;
  }

 private:
  static constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4]{};
};

}  // namespace pg
