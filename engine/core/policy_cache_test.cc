// The cache every game keeps its parsed policies in: stored policies first, files parsed once per bytes.
#include "engine/core/policy_cache.h"

#include <gtest/gtest.h>

#include <string>

namespace pg {
namespace {

struct Parsed {
  std::string text;
  int parse = 0;  // which parse made it
};

// A cache of "test/cache/<name>.txt" files that counts its parses and refuses files that say "bad".
struct Counted {
  int parses = 0;
  PolicyCache<Parsed> cache{[](const std::string& name) { return "test/cache/" + name + ".txt"; },
                            [this](const std::string& bytes, const std::string& path) {
                              if (bytes == "bad") throw InputError(path, "not a policy");
                              return Parsed{bytes, ++parses};
                            }};
};

TEST(PolicyCache, AFileIsParsedOnceForItsBytes) {
  Counted c;
  EXPECT_EQ(c.cache.find("one"), nullptr) << "no file yet";
  provide_policy_file("test/cache/one.txt", "first");
  const auto a = c.cache.find("one");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->text, "first");
  EXPECT_EQ(c.cache.find("one"), a) << "the same parse";
  EXPECT_EQ(c.parses, 1);
  // Other bytes for the same file: parsed again.
  provide_policy_file("test/cache/one.txt", "second");
  const auto b = c.cache.find("one");
  EXPECT_EQ(b->text, "second");
  EXPECT_EQ(c.parses, 2);
  EXPECT_EQ(a->text, "first") << "a policy handed out stays as it was";
}

TEST(PolicyCache, AStoredPolicyComesBeforeTheFile) {
  Counted c;
  provide_policy_file("test/cache/two.txt", "from the file");
  c.cache.store("two", std::make_shared<const Parsed>(Parsed{"stored", 0}));
  EXPECT_EQ(c.cache.find("two")->text, "stored");
  EXPECT_EQ(c.parses, 0);
  c.cache.store("live", std::make_shared<const Parsed>(Parsed{"trained", 0}));
  EXPECT_EQ(c.cache.find("live")->text, "trained") << "a name with no file";
  c.cache.store("two", nullptr);
  EXPECT_EQ(c.cache.find("two")->text, "from the file") << "forgotten: the file again";
}

TEST(PolicyCache, AFileThatDoesNotParseSaysWhereAndStaysRefused) {
  Counted c;
  provide_policy_file("test/cache/three.txt", "bad");
  for (int k = 0; k < 2; ++k) {
    try {
      c.cache.find("three");
      FAIL() << "no error";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("test/cache/three.txt"), std::string::npos) << e.what();
    }
  }
  provide_policy_file("test/cache/three.txt", "good");
  EXPECT_EQ(c.cache.find("three")->text, "good");
}

TEST(PolicyCache, NeedReadsAShippedFile) {
  // A shipped file (the source tree's) is read natively; a name neither stored nor shipped is nullptr. (In the
  // page, need throws "still loading" for a shipped file not fetched yet: tests/browser/policy_loading_test.mjs.)
  PolicyCache<std::string> shipped([](const std::string& name) { return "zuma/" + name + ".rlpg"; },
                                   [](const std::string& bytes, const std::string&) { return bytes; });
  const auto table = shipped.need("q_features");
  ASSERT_TRUE(table);
  EXPECT_EQ(*table, *find_policy_file("zuma/q_features.rlpg"));
  EXPECT_EQ(shipped.need("no_such_table"), nullptr);
}

}  // namespace
}  // namespace pg
