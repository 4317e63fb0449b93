#include "engine/core/text.h"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/core/error.h"

namespace pg {
namespace {

std::string hex(uint64_t key) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(key));
  return buf;
}

TEST(TextCatalogue, KeysAreFnv1a64) {
  // The published FNV-1a 64 test vectors; scripts/extract_texts.mjs computes the same.
  EXPECT_EQ(text_key(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(text_key("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(text_key("foobar"), 0x85944171f73967e8ull);
  static_assert(text_key("a") == 0xaf63dc4c8601ec8cull, "computed at compile time");
}

TEST(TextCatalogue, WrittenTextsAreThemselves) {
  const Text t = PG_TEXT(
      "How to "
      "play");
#ifndef __EMSCRIPTEN__
  EXPECT_EQ(t.str(), "How to play");
  EXPECT_STREQ(t.c_str(), "How to play");
#endif
  const Text built = std::string("built ") + "at run time";
  EXPECT_EQ(built.str(), "built at run time");
  std::ostringstream out;
  out << built;
  EXPECT_EQ(out.str(), "built at run time");
  EXPECT_EQ(std::string("[") + built, "[built at run time");
}

TEST(TextCatalogue, CataloguedTextsComeFromTheCatalogue) {
  const Text t = Text::catalogued(text_key("a help text"));
  provide_text_catalogue("{}");
  EXPECT_TRUE(text_catalogue_loaded());
  EXPECT_EQ(t.str(), "");  // absent: empty, never garbage
  provide_text_catalogue("{\"" + hex(text_key("a help text")) + "\": \"a help text\"}");
  EXPECT_EQ(t.str(), "a help text");
  EXPECT_STREQ(catalogue_text(text_key("a help text")), "a help text");
  EXPECT_STREQ(catalogue_text(text_key("another")), "");
}

TEST(TextCatalogue, BadCataloguesAreRefusedNamingTheProblem) {
  auto refused = [](const std::string& json) -> std::string {
    try {
      provide_text_catalogue(json);
    } catch (const InputError& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_NE(refused("{").find("text catalogue: not valid JSON"), std::string::npos);
  EXPECT_NE(refused("[]").find("expected an object"), std::string::npos);
  EXPECT_NE(refused("{\"12\": \"x\"}").find("key '12': expected 16 hex digits"), std::string::npos);
  EXPECT_NE(refused("{\"000000000000000g\": \"x\"}").find("lowercase hex"), std::string::npos);
  EXPECT_NE(refused("{\"" + hex(text_key("x")) + "\": 3}").find("expected a string"), std::string::npos);
  EXPECT_NE(refused("{\"" + hex(text_key("x")) + "\": \"y\"}").find("does not have this key"), std::string::npos);
}

}  // namespace
}  // namespace pg
