// A plain timing harness over the benchmark kernels, the same code natively
// and in WebAssembly (node): each kernel runs in batches for about a second;
// the output is one JSON object per kernel with its ratio against the
// kernel's baseline (its game's own fast path) measured in this same process.
// `--only PREFIX` runs the kernels whose names start with it.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "bench/kernels.h"
#include "engine/core/policy_store.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// Under node there is no page to fetch the shipped policy files (natively the engine reads them from the
// source tree): read them with node's fs into the heap. Returns the length, or -1 if the file is missing.
EM_JS(int, pg_read_file_under_node, (const char* path, char** out), {
  let bytes;
  try {
    bytes = require('fs').readFileSync(UTF8ToString(path));
  } catch (e) {
    return -1;
  }
  const ptr = _malloc(Math.max(1, bytes.length));
  HEAPU8.set(bytes, ptr);
  HEAP32[out >> 2] = ptr;
  return bytes.length;
});

static void provide_shipped_policies() {
  for (const auto& file : pg::shipped_policy_files()) {
    const std::string path = std::string(PG_SOURCE_POLICY_DIR) + "/" + std::string(file.path);
    char* bytes = nullptr;
    const int length = pg_read_file_under_node(path.c_str(), &bytes);
    if (length < 0) {
      std::fprintf(stderr, "bench_wasm: cannot read %s\n", path.c_str());
      std::exit(1);
    }
    pg::provide_policy_file(std::string(file.path), std::string(bytes, size_t(length)));
    std::free(bytes);
  }
}
#endif

int main(int argc, char** argv) {
#ifdef __EMSCRIPTEN__
  provide_shipped_policies();
#endif
  double seconds = 1.0;
  std::string only;  // --only PREFIX: the kernels whose name starts with it
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--seconds") == 0) seconds = std::atof(argv[i + 1]);
    if (std::strcmp(argv[i], "--only") == 0) only = argv[i + 1];
  }
  using clock = std::chrono::steady_clock;
  std::map<std::string, double> rates;
  std::map<std::string, uint64_t> references;
  std::printf("[\n");
  std::vector<pg::bench::Kernel> all;
  for (const auto& kernel : pg::bench::kernels())
    if (kernel.name.compare(0, only.size(), only) == 0) all.push_back(kernel);
  for (size_t k = 0; k < all.size(); ++k) {
    const auto& kernel = all[k];
    kernel.run(kernel.batch / 10 + 1, 1);  // warm-up
    long items = 0;
    uint64_t checksum = 0;
    const auto start = clock::now();
    double elapsed = 0;
    for (uint64_t round = 1; elapsed < seconds; ++round) {
      const auto run = kernel.run(kernel.batch, round);
      items += run.items;
      checksum ^= run.checksum;
      elapsed = std::chrono::duration<double>(clock::now() - start).count();
    }
    const double rate = double(items) / elapsed;
    // One fixed run whose checksum must be the same natively and in
    // WebAssembly, and the same as the baseline's when it plays its games.
    const uint64_t reference = kernel.run(100, 12345).checksum;
    rates[kernel.name] = rate;
    references[kernel.name] = reference;
    const double baseline_rate = rates.count(kernel.baseline) ? rates[kernel.baseline] : rate;
    const bool same_games = !kernel.same_games_as.empty() && references.count(kernel.same_games_as) &&
                            references[kernel.same_games_as] == reference;
    std::printf(
        "  {\"kernel\": \"%s\", \"unit\": \"%s\", \"per_second\": %.0f, \"baseline\": \"%s\", "
        "\"vs_baseline\": %.3f, \"reference_checksum\": %llu, \"same_games_as\": \"%s\", "
        "\"same_games\": %s}%s\n",
        kernel.name.c_str(), kernel.unit.c_str(), rate, kernel.baseline.c_str(), rate / baseline_rate,
        static_cast<unsigned long long>(reference), kernel.same_games_as.c_str(), same_games ? "true" : "false",
        k + 1 < all.size() ? "," : "");
    if (checksum == 42) std::fputs("", stdout);  // keeps the timed work observable
  }
  std::printf("]\n");
  return 0;
}
