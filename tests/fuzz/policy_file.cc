// Policy files (engine/nn/policy_file.h, docs/policies.md): every network agent reads them through
// read_policy and builds its Network from them. A file read writes back to bytes that read to the same
// bytes again, and a network it builds runs a forward pass.
#include "engine/nn/policy_file.h"

#include <vector>

#include "engine/core/error.h"
#include "engine/nn/network.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes = pg::fuzz::as_text(data, size);
  try {
    (void)pg::nn::read_policy_header(bytes, "fuzz");
  } catch (const pg::InputError&) {
  }
  try {
    const pg::nn::Policy policy = pg::nn::read_policy(bytes, {.source = "fuzz"});
    const std::string written = pg::nn::write_policy(policy);
    PG_FUZZ_CHECK(pg::nn::write_policy(pg::nn::read_policy(written, {.source = "written"})) == written);
    pg::nn::Network network(policy, "fuzz");
    std::vector<float> input(network.input_shape().numel(), 0.5f);
    (void)network.forward(input);
  } catch (const pg::InputError&) {
  }
  return 0;
}
