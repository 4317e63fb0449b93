// The benchmark kernels under Google Benchmark (native only). Each game's
// fast path comes first; compare items_per_second against it (the ratios are
// printed by bench/run_benchmarks.mjs from the plain harness).
#include <benchmark/benchmark.h>

#include "bench/kernels.h"

namespace {

void run_kernel(benchmark::State& state, const pg::bench::Kernel* kernel) {
  long items = 0;
  uint64_t round = 0;
  for (auto _ : state) {
    const auto run = kernel->run(kernel->batch, ++round);
    benchmark::DoNotOptimize(run.checksum);
    items += run.items;
  }
  state.SetItemsProcessed(items);
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& kernel : pg::bench::kernels())
    benchmark::RegisterBenchmark(kernel.name.c_str(), run_kernel, &kernel)->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
