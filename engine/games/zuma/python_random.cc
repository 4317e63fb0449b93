#include "engine/games/zuma/python_random.h"

#include <algorithm>
#include <bit>

namespace pg::zuma {
namespace {
constexpr int kM = 397;
constexpr uint32_t kMatrixA = 0x9908b0dfu;
constexpr uint32_t kUpperMask = 0x80000000u;
constexpr uint32_t kLowerMask = 0x7fffffffu;
}  // namespace

// init_genrand(19650218), where init_by_array starts from whatever the key: computed once, copied at each
// seeding (an episode of a vector of Zuma games seeds a generator every few dozen steps).
const std::array<uint32_t, PythonRandom::kN>& PythonRandom::genrand_start() {
  static const std::array<uint32_t, kN> start = [] {
    std::array<uint32_t, kN> mt{};
    mt[0] = 19650218u;
    for (int i = 1; i < kN; ++i)
      mt[size_t(i)] = 1812433253u * (mt[size_t(i - 1)] ^ (mt[size_t(i - 1)] >> 30)) + uint32_t(i);
    return mt;
  }();
  return start;
}

void PythonRandom::seed_with(uint64_t seed) {
  seed_ = seed;
  draws_ = 0;
  // The key: 32-bit words of the seed, least significant first ([0] for 0).
  uint32_t key[2] = {uint32_t(seed), uint32_t(seed >> 32)};
  const int key_length = (seed >> 32) != 0 ? 2 : 1;

  mt_ = genrand_start();
  // init_by_array(key)
  int i = 1;
  int j = 0;
  for (int k = kN > key_length ? kN : key_length; k > 0; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + uint32_t(j);
    ++i;
    ++j;
    if (i >= kN) {
      mt_[0] = mt_[kN - 1];
      i = 1;
    }
    if (j >= key_length) j = 0;
  }
  for (int k = kN - 1; k > 0; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
    ++i;
    if (i >= kN) {
      mt_[0] = mt_[kN - 1];
      i = 1;
    }
  }
  mt_[0] = 0x80000000u;
  index_ = kN;
}

void PythonRandom::twist() {
  int k = 0;
  for (; k < kN - kM; ++k) {
    const uint32_t y = (mt_[k] & kUpperMask) | (mt_[k + 1] & kLowerMask);
    mt_[k] = mt_[k + kM] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  }
  for (; k < kN - 1; ++k) {
    const uint32_t y = (mt_[k] & kUpperMask) | (mt_[k + 1] & kLowerMask);
    mt_[k] = mt_[k + (kM - kN)] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  }
  const uint32_t y = (mt_[kN - 1] & kUpperMask) | (mt_[0] & kLowerMask);
  mt_[kN - 1] = mt_[kM - 1] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  index_ = 0;
}

uint32_t PythonRandom::next32() {
  if (index_ >= kN) twist();
  ++draws_;
  uint32_t y = mt_[index_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

uint32_t PythonRandom::randbelow(uint32_t n) {
  const int k = std::bit_width(n);
  uint32_t r = getrandbits(k);
  while (r >= n) r = getrandbits(k);
  return r;
}

void PythonRandom::fast_forward(uint64_t draws) {
  seed_with(seed_);
  while (draws_ < draws) {
    if (index_ >= kN) twist();
    const uint64_t take = std::min<uint64_t>(draws - draws_, uint64_t(kN - index_));
    index_ += int(take);
    draws_ += take;
  }
}

}  // namespace pg::zuma
