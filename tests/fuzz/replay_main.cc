// A fuzz target's inputs replayed through its entry point without libFuzzer: the committed corpus and the
// regression inputs (tests/fuzz/corpus/<target>/, tests/fuzz/regressions/<target>/), under the native debug
// build's sanitizers, as ctest's fuzz_replay.<target>. Finding new inputs is libFuzzer's job (scripts/fuzz.sh).
// Arguments: files or folders (each folder's files, in name order). A crash or a sanitizer report fails the run.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::vector<std::filesystem::path> inputs_under(const std::filesystem::path& root) {
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_regular_file(root)) files.push_back(root);
  if (std::filesystem::is_directory(root))
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root))
      if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    for (const auto& file : inputs_under(argv[i])) {
      std::ifstream in(file, std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      // A copy of its own, as libFuzzer gives: ASan then catches a read past the input's end.
      std::vector<uint8_t> data(bytes.begin(), bytes.end());
      LLVMFuzzerTestOneInput(data.data(), data.size());
      ++replayed;
    }
  }
  std::printf("%zu inputs replayed\n", replayed);
  if (replayed == 0) {
    std::fprintf(stderr, "no inputs found under the paths given\n");
    return 1;
  }
  return 0;
}
