// std::bit_cast, which Emscripten 3.1.6's libc++ lacks.
#pragma once

#include <cstring>
#include <type_traits>

namespace pg::nn {

template <typename To, typename From>
To bit_cast(const From& from) {
  static_assert(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<From> && std::is_trivially_copyable_v<To>);
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

}  // namespace pg::nn
