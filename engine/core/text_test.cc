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
#else
  // In the page only the key is compiled in: the text is the catalogue's entry for it.
  EXPECT_STREQ(t.c_str(), catalogue_text(text_key("How to play")));
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
  provide_text_catalogue("");
  EXPECT_TRUE(text_catalogue_loaded());
  EXPECT_EQ(t.str(), "");  // absent: empty, never garbage
  const std::string two_lines = "line one\nback\\slash";
  provide_text_catalogue(hex(text_key("a help text")) + "\ta help text\n" + hex(text_key(two_lines)) +
                         "\tline one\\nback\\\\slash\n");
  EXPECT_EQ(t.str(), "a help text");
  EXPECT_STREQ(catalogue_text(text_key(two_lines)), two_lines.c_str());
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
  const std::string x = hex(text_key("x"));
  EXPECT_EQ(refused("12\tx\n"), "text catalogue, line 1: expected 16 hex digits, a tab, the text");
  EXPECT_EQ(refused(x + "\tx\n000000000000000g\tx\n"),
            "text catalogue, line 2: the key '000000000000000g' is not 16 lowercase hex digits");
  EXPECT_EQ(refused(x + " x\n"), "text catalogue, line 1: expected 16 hex digits, a tab, the text");
  EXPECT_EQ(refused(x + "\ty\n"), "text catalogue, line 1: the text does not have this key");
  EXPECT_EQ(refused(x + "\tx\\t\n"), "text catalogue, line 1: a backslash must be followed by n or another backslash");
}

}  // namespace
}  // namespace pg
