// libtorch's C++ API, for every file here that uses it. ATen's IValue comes first: with it only forward-declared,
// clang (14) in C++20 instantiates std::vector<IValue>'s constexpr members inside torch/torch.h and fails; GCC
// accepts either order.
#pragma once

#include <ATen/core/ivalue.h>
#include <torch/torch.h>
