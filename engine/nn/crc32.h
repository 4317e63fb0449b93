// CRC-32 (the IEEE polynomial, as zlib, PNG and Python's zlib.crc32 compute
// it): the checksum of a policy file's weights.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pg::nn {

// `crc` continues a running checksum (0 to start).
uint32_t crc32(const void* data, size_t size, uint32_t crc = 0);
inline uint32_t crc32(std::string_view bytes) { return crc32(bytes.data(), bytes.size()); }

}  // namespace pg::nn
