// The table file (retrograde.h, Solution::serialize). Little-endian:
//   bytes 0..3   "PGMT"          bytes 4  version (2)
//   byte 5       max_material     byte 6   plies bits    byte 7  Rice parameter k
//   bytes 8..15  positions        bytes 16..23  positions that are not draws
// then a bit stream (least significant bit first): for each position that is
// not a draw, in index order, the draws before it since the previous one as a
// Rice code (the quotient gap >> k in unary: that many 1s and a 0, then the k
// low bits), 1 bit (0 a win, 1 a loss), and the plies.
#include <algorithm>
#include <cstring>

#include "engine/core/error.h"
#include "engine/games/morris/retrograde.h"

namespace pg::morris {

namespace {

constexpr char kMagic[4] = {'P', 'G', 'M', 'T'};
constexpr uint8_t kFileVersion = 2;
constexpr size_t kHeaderBytes = 24;

class BitWriter {
 public:
  void put(uint32_t value, int bits) {
    for (int k = 0; k < bits; ++k, ++pos_) {
      if (pos_ / 8 == bytes_.size()) bytes_.push_back('\0');
      char& byte = bytes_[size_t(pos_ / 8)];
      if (value & (1u << k)) byte = char(uint8_t(byte) | (1u << (pos_ % 8)));
    }
  }
  std::string& bytes() { return bytes_; }

 private:
  std::string bytes_;
  uint64_t pos_ = 0;
};

class BitReader {
 public:
  BitReader(const unsigned char* data, uint64_t size, const std::string& where)
      : data_(data), bits_(size * 8), where_(where) {}
  uint32_t bit() {
    if (pos_ == bits_) throw InputError(where_, "the table ends early");
    const uint32_t b = (data_[pos_ / 8] >> (pos_ % 8)) & 1u;
    ++pos_;
    return b;
  }
  uint32_t get(int bits) {
    uint32_t v = 0;
    for (int k = 0; k < bits; ++k) v |= bit() << k;
    return v;
  }
  uint64_t bytes_read() const { return (pos_ + 7) / 8; }

 private:
  const unsigned char* data_;
  uint64_t bits_, pos_ = 0;
  const std::string& where_;
};

void put_u64(std::string& out, size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) out[at + size_t(i)] = char((v >> (8 * i)) & 0xFF);
}
uint64_t get_u64(const std::string& in, size_t at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t(uint8_t(in[at + size_t(i)])) << (8 * i);
  return v;
}

}  // namespace

std::string Solution::serialize() const {
  const Counts c = counts();
  const int longest = std::max(c.longest_win, c.longest_loss);
  int plies_bits = 0;
  while ((1 << plies_bits) <= longest) ++plies_bits;
  // The Rice parameter that makes the gaps shortest.
  std::vector<uint64_t> gaps;
  uint64_t gap = 0;
  for (uint16_t code : entries_) {
    if (code == 0) {
      ++gap;
    } else {
      gaps.push_back(gap);
      gap = 0;
    }
  }
  int best_k = 0;
  uint64_t best_bits = ~uint64_t(0);
  for (int k = 0; k < 24; ++k) {
    uint64_t bits = 0;
    for (uint64_t g : gaps) bits += (g >> k) + 1 + uint64_t(k);
    if (bits < best_bits) best_bits = bits, best_k = k;
  }
  BitWriter w;
  size_t next = 0;
  for (uint16_t code : entries_) {
    if (code == 0) continue;
    const uint64_t g = gaps[next++];
    for (uint64_t q = g >> best_k; q > 0; --q) w.put(1, 1);
    w.put(0, 1);
    w.put(uint32_t(g & ((uint64_t(1) << best_k) - 1)), best_k);
    const Outcome o = Outcome::from_code(code);
    w.put(o.result == Outcome::kLoss ? 1 : 0, 1);
    w.put(o.plies, plies_bits);
  }
  std::string out(kHeaderBytes, '\0');
  std::memcpy(out.data(), kMagic, 4);
  out[4] = char(kFileVersion);
  out[5] = char(max_material_);
  out[6] = char(plies_bits);
  out[7] = char(best_k);
  put_u64(out, 8, entries_.size());
  put_u64(out, 16, gaps.size());
  return out + w.bytes();
}

Solution Solution::deserialize(const std::string& bytes, const std::string& where) {
  if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), kMagic, 4) != 0)
    throw InputError(where, "not a Five Men's Morris table (it starts with PGMT; written by playground morris solve)");
  if (uint8_t(bytes[4]) != kFileVersion)
    throw InputError(
        where, "table version " + std::to_string(uint8_t(bytes[4])) + ", expected " + std::to_string(kFileVersion));
  const int max_material = uint8_t(bytes[5]);
  const int plies_bits = uint8_t(bytes[6]);
  const int k = uint8_t(bytes[7]);
  if (max_material < 6 || max_material > 2 * kPiecesPerSide || plies_bits > 14 || k > 24)
    throw InputError(where, "a corrupt header (material " + std::to_string(max_material) + ", " +
                                std::to_string(plies_bits) + " bits of plies, Rice parameter " + std::to_string(k) +
                                ")");
  const uint64_t count = get_u64(bytes, 8), decided = get_u64(bytes, 16);
  Solution s;
  s.layout(max_material);
  if (count != s.entries_.size() || decided > count)
    throw InputError(where, "the table holds " + std::to_string(count) + " positions; expected " +
                                std::to_string(s.entries_.size()) + " for material up to " +
                                std::to_string(max_material));
  BitReader r(reinterpret_cast<const unsigned char*>(bytes.data() + kHeaderBytes), bytes.size() - kHeaderBytes, where);
  uint64_t index = 0;
  for (uint64_t i = 0; i < decided; ++i) {
    uint64_t gap = 0;
    while (r.bit()) {
      gap += uint64_t(1) << k;
      if (gap > count) throw InputError(where, "a corrupt gap at the " + std::to_string(i + 1) + "th decided position");
    }
    gap += r.get(k);
    index += gap;
    if (index >= count)
      throw InputError(where, "the " + std::to_string(i + 1) + "th decided position is past the table's end");
    const bool loss = r.bit();
    const int plies = int(r.get(plies_bits));
    s.entries_[size_t(index++)] = (loss ? Outcome::loss(plies) : Outcome::win(plies)).code();
  }
  if (r.bytes_read() != bytes.size() - kHeaderBytes)
    throw InputError(where, std::to_string(bytes.size() - kHeaderBytes - r.bytes_read()) +
                                " bytes after the last position: not a table written by playground morris solve");
  return s;
}

}  // namespace pg::morris
