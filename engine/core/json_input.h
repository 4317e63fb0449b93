// Parsing JSON that comes from outside (files, the page's JavaScript API, URL
// parameters): in time linear in the text and with bounded nesting.
//
// Json::parse into ordered_json looks up every key of an object by a linear
// search of the keys before it: an object of n keys costs n^2/2 string
// comparisons (a 1 MB object of 90,000 keys took 16 s in the page, a few MB
// would freeze it for hours). And a deeply nested value, which the parser
// itself handles, makes later copies, comparisons and dumps recurse once per
// level, past the stack (in the browser: "Maximum call stack size exceeded").
#pragma once

#include <string>
#include <string_view>

#include "engine/core/json.h"

namespace pg {

// Arrays and objects nested deeper than this are refused (our files nest 6 deep).
constexpr int kMaxJsonInputDepth = 64;

// The same value as Json::parse(text) (a key given twice keeps its first place
// and its last value), or InputError(where, "not valid JSON: ...") /
// InputError(where, "nested deeper than 64 levels").
Json parse_json_input(std::string_view text, const std::string& where);

// True if `text` is UTF-8 as JSON requires it (RFC 3629: no overlong forms, no surrogates, nothing past
// U+10FFFF). Text that becomes a JSON string without going through the parser (command-line arguments, files
// the CLI reads into options, Python literals) is checked with it: dumping a string that is not UTF-8 throws.
bool valid_utf8(std::string_view text);

}  // namespace pg
