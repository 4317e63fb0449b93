// Python's `random` module (MT19937), bit for bit: the course's Zuma engine
// draws every chance outcome from it, so ours must produce the same stream to
// replay a student's episode exactly. Only the calls that engine makes exist.
#pragma once

#include <array>
#include <cstdint>

namespace pg::zuma {

class PythonRandom {
 public:
  static constexpr int kN = 624;  // MT19937's state, in 32-bit words

  explicit PythonRandom(uint64_t seed = 0) { seed_with(seed); }

  // random.seed(a) for an int a: |a| split into 32-bit words, least
  // significant first, fed to MT19937's init_by_array.
  void seed_with(uint64_t seed);
  // Makes ready, together, the states seed_with gives seeds first .. first + count - 1 (count at most
  // kPreparedSeeds; the last call's, on this thread): seeding is a chain of 1,247 dependent multiplications,
  // and chains of several seeds interleaved take little longer than one. seed_with copies a state made ready.
  // For a vector of Zuma games, which starts an episode every few dozen steps.
  static constexpr int kPreparedSeeds = 8;
  static void prepare_seeds(uint64_t first, int count);
  // Python's seed is an int; negative seeds use their absolute value.
  static uint64_t abs_seed(int64_t seed) { return seed < 0 ? uint64_t(0) - uint64_t(seed) : uint64_t(seed); }

  uint32_t next32();
  // random(): 53 bits from two 32-bit outputs.
  double random() {
    const uint32_t a = next32() >> 5;
    const uint32_t b = next32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }
  // getrandbits(k), 0 <= k <= 32.
  uint32_t getrandbits(int k) { return k == 0 ? 0u : next32() >> (32 - k); }
  // _randbelow(n), n >= 1: rejection sampling on bit_length(n) bits.
  uint32_t randbelow(uint32_t n);
  // randint(a, b) = a + _randbelow(b - a + 1), for ranges of up to 2^32 - 1 values.
  int64_t randint(int64_t a, int64_t b) { return a + int64_t(randbelow(uint32_t(b - a + 1))); }

  uint64_t seed() const { return seed_; }
  // How many 32-bit outputs were drawn since seeding: with the seed it fixes
  // the generator's state (see fast_forward), so states serialise compactly.
  uint64_t draws() const { return draws_; }
  void fast_forward(uint64_t draws);

 private:
  static const std::array<uint32_t, kN>& genrand_start();
  // init_by_array with each seed's key, the seeds' chains interleaved.
  static void seed_states(const uint64_t* seeds, int count, std::array<uint32_t, kN>* states);
  void twist();
  std::array<uint32_t, kN> mt_{};
  int index_ = kN;
  uint64_t seed_ = 0;
  uint64_t draws_ = 0;
};

}  // namespace pg::zuma
