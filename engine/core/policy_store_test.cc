// The policy store: files by their path under policies/, read from the source
// tree natively, handed over by the page's loader (and here by the tests).
#include "engine/core/policy_store.h"

#include <gtest/gtest.h>

#include <string>

namespace pg {
namespace {

TEST(PolicyStore, ProvidedFilesAreFoundByteForByte) {
  std::string bytes("RLPG\0\xff\x80 binary", 15);
  provide_policy_file("test/provided.bin", bytes);
  const auto found = find_policy_file("test/provided.bin");
  ASSERT_TRUE(found);
  EXPECT_EQ(*found, bytes);
  provide_policy_file("test/provided.bin", "replaced");
  EXPECT_EQ(*find_policy_file("test/provided.bin"), "replaced");
}

TEST(PolicyStore, ReadsTheShippedFilesFromTheSourceTree) {
  // The manifest CMake generates lists every game's files with their sizes.
  const auto zuma = shipped_policy_paths("zuma/");
  ASSERT_FALSE(zuma.empty());
  EXPECT_TRUE(is_shipped_policy("zuma/q_features.rlpg"));
  EXPECT_FALSE(is_shipped_policy("zuma/q_features.json"));
  for (const auto& f : shipped_policy_files()) {
    const auto bytes = find_policy_file(f.path);
    ASSERT_TRUE(bytes) << f.path;
    EXPECT_EQ(bytes->size(), f.bytes) << f.path;
  }
}

TEST(PolicyStore, AMissingFileIsNamed) {
  EXPECT_EQ(find_policy_file("zuma/no_such_table.rlpg"), nullptr);
  EXPECT_EQ(find_policy_file("../README.md"), nullptr);  // only under policies/
  try {
    require_policy_file("zuma/no_such_table.rlpg");
    FAIL() << "no error";
  } catch (const PolicyUnavailable& e) {
    EXPECT_FALSE(e.loading());
    EXPECT_NE(std::string(e.what()).find("not found: "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("zuma/no_such_table.rlpg"), std::string::npos) << e.what();
  }
}

TEST(PolicyStore, AFailedFileSaysWhy) {
  policy_file_failed("test/failed.rlpg", "HTTP 404");
  try {
    require_policy_file("test/failed.rlpg");
    FAIL() << "no error";
  } catch (const PolicyUnavailable& e) {
    EXPECT_EQ(std::string(e.what()), "policy test/failed.rlpg could not be loaded: HTTP 404");
  }
  provide_policy_file("test/failed.rlpg", "now here");
  EXPECT_EQ(*require_policy_file("test/failed.rlpg"), "now here");
}

}  // namespace
}  // namespace pg
