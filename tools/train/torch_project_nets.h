// The sources' networks as libtorch modules, named layer by layer as the policy
// files name them (see engine/nn/reference_nets.h for the same architectures
// with random weights on the engine's side).
#pragma once

#include <string>

#include "tools/train/torch.h"

namespace pg::train {

// Sokoban DQN: conv 3x3 pad 1 7->32->64->64 (ReLU), flatten (64 x height x width: 6336 on the project's 9x11
// maps), dense 512 (ReLU), 4 Q-values.
inline torch::nn::Sequential sokoban_project_module(int64_t height = 9, int64_t width = 11) {
  namespace tnn = torch::nn;
  auto conv = [](int64_t in, int64_t out) { return tnn::Conv2d(tnn::Conv2dOptions(in, out, 3).padding(1)); };
  return tnn::Sequential({{"conv1", conv(7, 32)},
                          {"relu1", tnn::ReLU()},
                          {"conv2", conv(32, 64)},
                          {"relu2", tnn::ReLU()},
                          {"conv3", conv(64, 64)},
                          {"relu3", tnn::ReLU()},
                          {"flatten", tnn::Flatten()},
                          {"fc1", tnn::Linear(64 * height * width, 512)},
                          {"relu4", tnn::ReLU()},
                          {"fc2", tnn::Linear(512, 4)}});
}

// Morris final value net, in Keras's order: Dense(relu) then BatchNormalization (eps 1e-3), 16 -> ... -> 1.
inline torch::nn::Sequential morris_project_module() {
  namespace tnn = torch::nn;
  tnn::Sequential net;
  int64_t in = 16;
  int index = 1;
  for (int64_t width : {256, 128, 64, 32}) {
    const std::string n = std::to_string(index++);
    net->push_back("dense" + n, tnn::Linear(in, width));
    net->push_back("relu" + n, tnn::ReLU());
    net->push_back("bn" + n, tnn::BatchNorm1d(tnn::BatchNorm1dOptions(width).eps(1e-3)));
    in = width;
  }
  net->push_back("value", tnn::Linear(32, 1));
  return net;
}

}  // namespace pg::train
