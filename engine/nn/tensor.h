// A named array of numbers as a policy file stores it: its element type, its
// shape and its bytes (little-endian). Layers refer to their weights by these
// names; a Q-table is one such array. Floats may be stored as float16 and
// are converted to float32 when read.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/nn/shape.h"

namespace pg::nn {

enum class DType { kFloat32, kFloat16, kInt32, kInt64, kUint8 };

// "float32", "float16", "int32", "int64", "uint8" (the file's names).
const char* dtype_name(DType dtype);
// Throws InputError(where, ...) for an unknown name.
DType dtype_from_name(const std::string& name, const std::string& where);
size_t dtype_size(DType dtype);
inline bool is_float(DType dtype) { return dtype == DType::kFloat32 || dtype == DType::kFloat16; }

struct Tensor {
  std::string name;
  DType dtype = DType::kFloat32;
  Shape shape;
  std::vector<uint8_t> bytes;  // shape.numel() * dtype_size(dtype) bytes, little-endian

  // Float data, stored as `storage` (float32, or float16 rounded to nearest even).
  static Tensor from_floats(std::string name, Shape shape, std::span<const float> values,
                            DType storage = DType::kFloat32);
  static Tensor from_ints(std::string name, DType dtype, Shape shape, std::span<const int64_t> values);

  // The values as float32 (float tensors only).
  std::vector<float> floats() const;
  // The values as int64 (integer tensors only).
  std::vector<int64_t> ints() const;
};

}  // namespace pg::nn
