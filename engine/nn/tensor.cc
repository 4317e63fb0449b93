#include "engine/nn/tensor.h"

#include <cassert>

#include "engine/core/error.h"
#include "engine/nn/bit_cast.h"
#include "engine/nn/float16.h"

namespace pg::nn {

namespace {

// Little-endian loads and stores, independent of the host's byte order.
uint64_t load_le(const uint8_t* p, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v |= uint64_t(p[i]) << (8 * i);
  return v;
}
void store_le(uint8_t* p, uint64_t v, size_t n) {
  for (size_t i = 0; i < n; ++i) p[i] = uint8_t(v >> (8 * i));
}

}  // namespace

const char* dtype_name(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return "float32";
    case DType::kFloat16: return "float16";
    case DType::kInt32: return "int32";
    case DType::kInt64: return "int64";
    case DType::kUint8: return "uint8";
  }
  return "?";
}

DType dtype_from_name(const std::string& name, const std::string& where) {
  for (DType d : {DType::kFloat32, DType::kFloat16, DType::kInt32, DType::kInt64, DType::kUint8})
    if (name == dtype_name(d)) return d;
  throw InputError(where, "unknown dtype '" + name + "' (float32, float16, int32, int64 or uint8)");
}

size_t dtype_size(DType dtype) {
  switch (dtype) {
    case DType::kFloat32: return 4;
    case DType::kFloat16: return 2;
    case DType::kInt32: return 4;
    case DType::kInt64: return 8;
    case DType::kUint8: return 1;
  }
  return 0;
}

Tensor Tensor::from_floats(std::string name, Shape shape, std::span<const float> values, DType storage) {
  assert(is_float(storage) && values.size() == shape.numel());
  Tensor t{std::move(name), storage, std::move(shape), {}};
  const size_t size = dtype_size(storage);
  t.bytes.resize(values.size() * size);
  for (size_t i = 0; i < values.size(); ++i) {
    const uint64_t bits =
        storage == DType::kFloat32 ? bit_cast<uint32_t>(values[i]) : uint64_t(float_to_half(values[i]));
    store_le(&t.bytes[i * size], bits, size);
  }
  return t;
}

Tensor Tensor::from_ints(std::string name, DType dtype, Shape shape, std::span<const int64_t> values) {
  assert(!is_float(dtype) && values.size() == shape.numel());
  Tensor t{std::move(name), dtype, std::move(shape), {}};
  const size_t size = dtype_size(dtype);
  t.bytes.resize(values.size() * size);
  for (size_t i = 0; i < values.size(); ++i) store_le(&t.bytes[i * size], uint64_t(values[i]), size);
  return t;
}

std::vector<float> Tensor::floats() const {
  assert(is_float(dtype));
  const size_t size = dtype_size(dtype);
  std::vector<float> out(bytes.size() / size);
  for (size_t i = 0; i < out.size(); ++i) {
    const uint64_t bits = load_le(&bytes[i * size], size);
    out[i] = dtype == DType::kFloat32 ? bit_cast<float>(uint32_t(bits)) : half_to_float(uint16_t(bits));
  }
  return out;
}

std::vector<int64_t> Tensor::ints() const {
  assert(!is_float(dtype));
  const size_t size = dtype_size(dtype);
  std::vector<int64_t> out(bytes.size() / size);
  for (size_t i = 0; i < out.size(); ++i) {
    const uint64_t bits = load_le(&bytes[i * size], size);
    switch (dtype) {
      case DType::kInt32: out[i] = int32_t(uint32_t(bits)); break;
      case DType::kUint8: out[i] = int64_t(bits); break;
      default: out[i] = int64_t(bits); break;
    }
  }
  return out;
}

}  // namespace pg::nn
