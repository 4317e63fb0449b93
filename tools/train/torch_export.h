// From libtorch modules to policy files (native only; the engine itself
// never sees torch). The trainers build their networks as a
// torch::nn::Sequential of the modules below, train them, and export:
//
//   auto net = torch::nn::Sequential({{"conv1", torch::nn::Conv2d(...)}, {"relu1", torch::nn::ReLU()}, ...});
//   ... train ...
//   net->eval();
//   std::string bytes = pg::nn::write_policy(pg::train::export_policy(net, {...}));
//
// Supported modules: Linear; Conv2d (square kernel, stride 1, zero padding,
// no dilation or groups); BatchNorm1d / BatchNorm2d (their running
// statistics, as in eval mode); ReLU, LeakyReLU, Tanh, Sigmoid, Softmax (over
// a flat input); Flatten (from dimension 1); AdaptiveAvgPool2d(1) and
// AdaptiveMaxPool2d(1) (global pooling); Identity and Dropout (left out: they
// do nothing at inference). Anything else is refused with its name.
// Layers take the Sequential's child names; a purely numeric name ("0", "1")
// gets its type in front ("dense0", "relu1").
#pragma once

#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/nn/policy_file.h"
#include "tools/train/torch.h"

namespace pg::train {

// The `{}`s let callers name only the fields they set ({.game = "sokoban", ...}).
struct ExportOptions {
  std::string game{};
  std::string kind = "q-network";
  nn::Observation observation{};       // the shape without the batch dimension
  std::vector<std::string> actions{};  // in output order
  nn::DType storage = nn::DType::kFloat32;
  Json training = Json::object();  // {"command", "settings"}
  Json scores = Json::object();
};

// Throws InputError naming an unsupported module or setting.
nn::Policy export_policy(const torch::nn::Sequential& net, const ExportOptions& options);

}  // namespace pg::train
