// Supervised training of a value network: regression from positions
// (observation tensors) to values, native only (libtorch). The positions are
// shuffled with the seed and split into training and validation sets; Adam
// minimises the loss (mean squared or mean absolute error) on mini-batches;
// after each epoch the validation loss is measured, the best weights (with
// batch-norm statistics) kept, and training stops when it has not improved for
// `patience` epochs (early stopping). The net is an MLP of `hidden` widths, or
// the one `make_net` builds (e.g. the Morris project's architecture with batch norm). The result
// exports to the policy format as kind "value-network".
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/nn/policy_file.h"
#include "tools/train/torch.h"

namespace pg::train {

struct ValueFitSettings {
  std::vector<int> hidden = {64, 64};
  double lr = 1e-3;
  int batch = 64;
  int max_epochs = 200;
  int patience = 10;                 // epochs without a better validation loss before stopping
  double validation_fraction = 0.2;  // of the positions, held out
  uint64_t seed = 1;
  std::string loss = "mse";  // "mse" or "mae" (the Morris project's)
  // Builds the net (called after torch's seed is set); empty: an MLP of `hidden` widths, one output.
  std::function<torch::nn::Sequential()> make_net;
  std::string net_name;  // what make_net builds, for to_json

  Json to_json() const;
};

struct ValueFitEpoch {
  int epoch = 0;
  double train_mse = 0;
  double train_loss = 0;  // the loss minimised (MSE or MAE), over the epoch's batches
  double validation_mse = 0;
  double validation_mae = 0;
};

struct ValueFitResult {
  torch::nn::Sequential net{nullptr};  // the best epoch's weights, in eval mode
  int epochs = 0;                      // epochs run
  int best_epoch = 0;
  double train_mse = 0, train_mae = 0;  // of the best weights
  double validation_mse = 0, validation_mae = 0;
  int64_t train_size = 0, validation_size = 0;
  std::vector<ValueFitEpoch> history;

  Json to_json() const;  // the figures, for a policy file's "scores"
};

// `positions` is [N, observation shape...] (float), `values` is [N]. Throws
// InputError if the sizes disagree, fewer than 2 positions are given or the loss is unknown.
ValueFitResult fit_values(const torch::Tensor& positions, const torch::Tensor& values, const ValueFitSettings& settings,
                          const std::function<void(const ValueFitEpoch&)>& progress = {});

// The policy file (kind "value-network", one output).
nn::Policy export_value_policy(const ValueFitResult& result, const std::string& game,
                               const nn::Observation& observation, Json training, Json scores);

}  // namespace pg::train
