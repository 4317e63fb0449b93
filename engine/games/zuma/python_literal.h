// Reads a Python literal (dicts, lists, tuples, numbers, strings, True, False,
// None, # comments) into JSON, so students can paste the homework's model
// dict as written: {'chosen_action_prob': {1: 0.6, ...}, ...}. Dict keys
// become strings ("1"); key order is kept.
#pragma once

#include <string_view>

#include "engine/core/json.h"

namespace pg::zuma {

// Throws InputError naming the line and column of the first problem.
Json parse_python_literal(std::string_view text);

// JSON if the text parses as JSON, else a Python literal; errors from the
// Python reading are reported (they are the more helpful ones for a paste
// that is not JSON).
Json parse_json_or_python(std::string_view text);

}  // namespace pg::zuma
