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

// The seeds' states, as init_by_array leaves them: each key is a seed's 32-bit words, least significant first
// ([0] for 0). The seeds' chains advance together, one position at a time.
void PythonRandom::seed_states(const uint64_t* seeds, int count, std::array<uint32_t, kN>* states) {
  uint32_t key[kPreparedSeeds][2];
  int key_length[kPreparedSeeds];
  int j[kPreparedSeeds];
  for (int g = 0; g < count; ++g) {
    key[g][0] = uint32_t(seeds[g]);
    key[g][1] = uint32_t(seeds[g] >> 32);
    key_length[g] = (seeds[g] >> 32) != 0 ? 2 : 1;
    j[g] = 0;
    states[g] = genrand_start();
  }
  // kN >= key_length: the first loop runs kN times.
  int i = 1;
  for (int k = kN; k > 0; --k) {
    for (int g = 0; g < count; ++g) {
      auto& mt = states[g];
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[g][j[g]] + uint32_t(j[g]);
      if (++j[g] >= key_length[g]) j[g] = 0;
    }
    if (++i >= kN) {
      for (int g = 0; g < count; ++g) states[g][0] = states[g][kN - 1];
      i = 1;
    }
  }
  for (int k = kN - 1; k > 0; --k) {
    for (int g = 0; g < count; ++g) {
      auto& mt = states[g];
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
    }
    if (++i >= kN) {
      for (int g = 0; g < count; ++g) states[g][0] = states[g][kN - 1];
      i = 1;
    }
  }
  for (int g = 0; g < count; ++g) states[g][0] = 0x80000000u;
}

namespace {
// The states prepare_seeds made ready: seeds first .. first + count - 1.
struct PreparedSeeds {
  uint64_t first = 0;
  int count = 0;
  std::array<std::array<uint32_t, PythonRandom::kN>, PythonRandom::kPreparedSeeds> states{};
};
thread_local PreparedSeeds prepared;
}  // namespace

void PythonRandom::prepare_seeds(uint64_t first, int count) {
  count = std::clamp(count, 0, kPreparedSeeds);
  uint64_t seeds[kPreparedSeeds];
  for (int g = 0; g < count; ++g) seeds[g] = first + uint64_t(g);
  seed_states(seeds, count, prepared.states.data());
  prepared.first = first;
  prepared.count = count;
}

void PythonRandom::seed_with(uint64_t seed) {
  seed_ = seed;
  draws_ = 0;
  index_ = kN;
  if (seed - prepared.first < uint64_t(prepared.count)) {
    mt_ = prepared.states[size_t(seed - prepared.first)];
    return;
  }
  seed_states(&seed, 1, &mt_);
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
