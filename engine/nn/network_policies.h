// Policy files (RLPGPOLICY) by their path under policies/, parsed once for the
// bytes the store holds (PolicyCache): every agent seated on one file shares
// its parsed weights, and the page keeps what it parsed to check a file on
// arrival. A file is checked as a file when parsed (read_policy: lengths,
// header, its game is its folder, checksum) and against what an agent needs
// (kind, encoding, observation shape) when the agent takes it.
#pragma once

#include <memory>
#include <string>

#include "engine/core/policy_cache.h"
#include "engine/nn/policy_file.h"

namespace pg::nn {

PolicyCache<Policy>& network_policies();

// The parsed file at `path` checked against `expect` (check_expectation,
// naming expect.source). Throws PolicyUnavailable while the file is not there
// (in the page: still loading), InputError when the file or the expectation
// refuses it.
std::shared_ptr<const Policy> require_network_policy(const std::string& path, const PolicyExpectation& expect);

}  // namespace pg::nn
