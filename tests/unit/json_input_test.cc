// parse_json_input: the same values as Json::parse, in linear time, with
// bounded nesting and InputErrors naming the input.
#include "engine/core/json_input.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/session.h"
#include "engine/games/zuma/python_literal.h"
#include "engine/games/zuma/q_policy.h"

namespace pg {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void expect_same_as_nlohmann(const std::string& text) {
  const Json expected = Json::parse(text);
  const Json got = parse_json_input(text, "test");
  EXPECT_EQ(got, expected) << text.substr(0, 200);
  EXPECT_EQ(got.dump(), expected.dump()) << "key order";
}

TEST(JsonInput, GivesTheSameValuesAsJsonParse) {
  for (const char* text :
       {"0", "-7", "18446744073709551615", "1.5e300", "true", "null", "\"a\\u00e9\\ud83d\\ude00\"", "[]", "{}",
        "[1, [2, [3, {}]], {\"a\": []}]", "{\"z\": 1, \"a\": {\"y\": [true, false, null], \"b\": \"x\"}, \"m\": -0.0}",
        " \n {\"key\" : [ 1 , 2 ] } \t", "{\"dup\": 1, \"other\": 2, \"dup\": {\"x\": 3}}"})
    expect_same_as_nlohmann(text);
  // Whole files: a scenario, a policy table, golden episodes, and a trace the session writes.
  expect_same_as_nlohmann(read_file(std::string(PG_SOURCE_DIR) + "/assets/zuma/grading.json"));
  expect_same_as_nlohmann(read_file(std::string(PG_SOURCE_DIR) + "/policies/mancala/theta_td0.json"));
  expect_same_as_nlohmann(zuma::q_policies().find(zuma::kShippedPolicy)->to_json().dump());  // Zuma's table as JSON
  expect_same_as_nlohmann(read_file(std::string(PG_SOURCE_DIR) + "/tests/golden/zuma/episodes.json"));
  Session s;
  for (int i = 0; i < 20; ++i) s.step();
  expect_same_as_nlohmann(s.trace().dump(2));
}

TEST(JsonInput, AKeyGivenTwiceKeepsItsFirstPlaceAndItsLastValue) {
  const Json j = parse_json_input(R"({"a": 1, "b": 2, "a": [3]})", "test");
  EXPECT_EQ(j.dump(), R"({"a":[3],"b":2})");
}

TEST(JsonInput, InvalidTextIsAnInputErrorNamingTheInput) {
  for (const char* text : {"", "{", "[1,]", "{\"a\" 1}", "nul", "[1] x", "\"\\x\"", "{\"a\":1}}"}) {
    try {
      parse_json_input(text, "trace");
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_EQ(e.where(), "trace");
      EXPECT_EQ(e.problem().rfind("not valid JSON: [json.exception.parse_error", 0), 0u) << e.what();
    }
  }
}

// Strings that reach JSON without its parser (CLI arguments, Python literals) are checked with valid_utf8:
// nlohmann's dump throws on anything else (found by fuzzing the CLI: tests/fuzz/regressions/cli_args/).
TEST(JsonInput, ValidUtf8IsStrict) {
  EXPECT_TRUE(valid_utf8(""));
  EXPECT_TRUE(valid_utf8("plain ASCII"));
  EXPECT_TRUE(valid_utf8("\xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2 \xf4\x8f\xbf\xbf"));  // é € 🎲 U+10FFFF
  // A stray continuation byte, a bare lead byte, overlong forms, a surrogate, past U+10FFFF, a cut sequence.
  const std::vector<std::string> bad = {"\xff",
                                        "\x80",
                                        "\xc3",
                                        "\xc0\x80",
                                        "\xc1\xbf",
                                        "\xe0\x80\x80",
                                        "\xed\xa0\x80",
                                        "\xf0\x80\x80\x80",
                                        "\xf4\x90\x80\x80",
                                        "\xf5\x80\x80\x80",
                                        "a\xe2\x82"};
  for (size_t i = 0; i < bad.size(); ++i) {
    EXPECT_FALSE(valid_utf8(bad[i])) << "case " << i;
    EXPECT_THROW(Json(bad[i]).dump(), Json::type_error) << "case " << i;  // what the check spares the callers
  }
}

TEST(JsonInput, NestingIsBoundedWithoutRecursion) {
  auto nested = [](int depth) { return std::string(size_t(depth), '[') + std::string(size_t(depth), ']'); };
  EXPECT_EQ(parse_json_input(nested(kMaxJsonInputDepth), "x").dump(), nested(kMaxJsonInputDepth));
  for (int depth : {kMaxJsonInputDepth + 1, 1000000}) {
    try {
      parse_json_input(nested(depth), "options");
      ADD_FAILURE() << "accepted depth " << depth;
    } catch (const InputError& e) {
      EXPECT_STREQ(e.what(), "options: nested deeper than 64 levels");
    }
  }
  std::string objects;
  for (int i = 0; i <= kMaxJsonInputDepth; ++i) objects += "{\"a\":";
  objects += "1" + std::string(size_t(kMaxJsonInputDepth) + 1, '}');
  EXPECT_THROW(parse_json_input(objects, "x"), InputError);
}

// Json::parse takes minutes here (n^2/2 key comparisons): linear time takes a fraction of a second.
TEST(JsonInput, AnObjectWithManyKeysParsesInLinearTime) {
  const int n = 100000;
  std::string text = "{";
  for (int i = 0; i < n; ++i) text += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":" + std::to_string(i);
  text += "}";
  const auto start = std::chrono::steady_clock::now();
  const Json j = parse_json_input(text, "x");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(j.size(), size_t(n));
  EXPECT_EQ(j.begin().key(), "k0");
  EXPECT_EQ(j["k99999"], n - 1);
  EXPECT_LT(seconds, 10.0);
}

// The scenario editor's Python dict literals likewise (their reader checks each key through a hash set).
TEST(JsonInput, APythonDictWithManyKeysParsesInLinearTime) {
  const int n = 100000;
  std::string text = "{";
  for (int i = 0; i < n; ++i) text += "'k" + std::to_string(i) + "': " + std::to_string(i) + ", ";
  text += "}";
  const auto start = std::chrono::steady_clock::now();
  const Json j = zuma::parse_python_literal(text);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(j.size(), size_t(n));
  EXPECT_EQ(j.begin().key(), "k0");
  EXPECT_LT(seconds, 10.0);
  EXPECT_THROW(zuma::parse_python_literal("{'a': 1, 'b': 2, 'a': 3}"), InputError);
  EXPECT_EQ(zuma::parse_json_or_python("{'b': 1, 'a': [2, 3]}").dump(), R"({"b":1,"a":[2,3]})");
}

}  // namespace
}  // namespace pg
