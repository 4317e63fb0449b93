#include "engine/core/error.h"

namespace pg {

void throw_in_file(const std::string& path, const InputError& e) {
  if (path.empty()) throw e;
  throw InputError(e.where().empty() ? path : path + ", " + e.where(), e.problem());
}

}  // namespace pg
