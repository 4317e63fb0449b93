// The JSON type used everywhere: nlohmann's ordered_json, because some file
// formats (Zuma's model) depend on key order.
#pragma once

#include <nlohmann/json.hpp>

namespace pg {
using Json = nlohmann::ordered_json;
}  // namespace pg
