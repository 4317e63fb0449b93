// libtorch's forward pass at batch size 1 on the sources' nets, single-threaded
// (torch::set_num_threads(1), OpenBLAS and OpenMP limited to one thread), in
// eval mode without autograd: the baseline bench/run_benchmarks.mjs divides
// the engine's figures by. Prints the same JSON as bench/harness_main.cc.
//   bench_torch [--seconds 1]
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tools/train/torch_project_nets.h"

namespace {

// Forward passes per second over about `seconds`.
double forwards_per_second(torch::nn::Sequential& net, const torch::Tensor& input, double seconds) {
  using clock = std::chrono::steady_clock;
  for (int i = 0; i < 20; ++i) net->forward(input);  // warm-up
  long n = 0;
  double checksum = 0;
  const auto start = clock::now();
  double elapsed = 0;
  while (elapsed < seconds) {
    for (int i = 0; i < 10; ++i, ++n) checksum += net->forward(input).index({0, 0}).item<float>();
    elapsed = std::chrono::duration<double>(clock::now() - start).count();
  }
  if (checksum == 42) std::fputs("", stdout);
  return double(n) / elapsed;
}

}  // namespace

int main(int argc, char** argv) {
  // OpenBLAS and OpenMP read their thread counts when loaded: set them and start again.
  if (!std::getenv("OPENBLAS_NUM_THREADS")) {
    setenv("OPENBLAS_NUM_THREADS", "1", 1);
    setenv("OMP_NUM_THREADS", "1", 1);
    setenv("MKL_NUM_THREADS", "1", 1);
    execv("/proc/self/exe", argv);
  }
  double seconds = 1.0;
  if (argc > 2 && std::strcmp(argv[1], "--seconds") == 0) seconds = std::atof(argv[2]);
  torch::set_num_threads(1);
  torch::manual_seed(1);
  torch::NoGradGuard no_grad;
  auto sokoban = pg::train::sokoban_project_module();
  auto morris = pg::train::morris_project_module();
  sokoban->eval();
  morris->eval();
  const double sokoban_rate = forwards_per_second(sokoban, torch::rand({1, 7, 9, 11}), seconds);
  const double morris_rate = forwards_per_second(morris, torch::rand({1, 16}) * 2 - 1, seconds);
  std::printf("[\n");
  std::printf(
      "  {\"kernel\": \"nn_sokoban_forward\", \"unit\": \"forwards\", \"per_second\": %.0f, \"threads\": %d},\n",
      sokoban_rate, torch::get_num_threads());
  std::printf("  {\"kernel\": \"nn_morris_forward\", \"unit\": \"forwards\", \"per_second\": %.0f, \"threads\": %d}\n",
              morris_rate, torch::get_num_threads());
  std::printf("]\n");
  return 0;
}
