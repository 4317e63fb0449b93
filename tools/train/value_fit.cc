#include "tools/train/value_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/core/error.h"
#include "engine/core/rng.h"
#include "tools/train/dqn.h"
#include "tools/train/torch_export.h"

namespace pg::train {

Json ValueFitSettings::to_json() const {
  return {{"hidden", hidden},
          {"lr", lr},
          {"batch", batch},
          {"max_epochs", max_epochs},
          {"patience", patience},
          {"validation_fraction", validation_fraction},
          {"seed", seed},
          {"loss", loss},
          {"net", make_net ? net_name : "mlp"}};
}

Json ValueFitResult::to_json() const {
  return {{"epochs", epochs},
          {"best_epoch", best_epoch},
          {"train_size", train_size},
          {"validation_size", validation_size},
          {"train_mse", train_mse},
          {"train_mae", train_mae},
          {"validation_mse", validation_mse},
          {"validation_mae", validation_mae}};
}

namespace {

// MSE and MAE of the net on (x, y), in eval mode (batch norm with its running statistics).
std::pair<double, double> measure(torch::nn::Sequential& net, const torch::Tensor& x, const torch::Tensor& y) {
  torch::NoGradGuard no_grad;
  const bool training = net->is_training();
  net->eval();
  const torch::Tensor err = net->forward(x).squeeze(1) - y;
  net->train(training);
  return {err.pow(2).mean().item<double>(), err.abs().mean().item<double>()};
}

// The parameters and the buffers (batch norm's running statistics): what the best epoch keeps.
std::vector<torch::Tensor> state_tensors(torch::nn::Sequential& net) {
  std::vector<torch::Tensor> all = net->parameters();
  for (const auto& b : net->buffers()) all.push_back(b);
  return all;
}

}  // namespace

ValueFitResult fit_values(const torch::Tensor& positions, const torch::Tensor& values, const ValueFitSettings& s,
                          const std::function<void(const ValueFitEpoch&)>& progress) {
  const int64_t n = positions.size(0);
  if (values.dim() != 1 || values.size(0) != n)
    throw InputError("value fit", "expected one value per position (" + std::to_string(n) + ")");
  if (n < 2) throw InputError("value fit", "expected at least 2 positions");
  if (s.loss != "mse" && s.loss != "mae") throw InputError("value fit", "unknown loss '" + s.loss + "' (mse or mae)");
  const bool mae = s.loss == "mae";
  torch::set_num_threads(1);
  torch::manual_seed(s.seed);

  // Shuffle with the seed (Fisher-Yates on pg::Rng), then split.
  std::vector<int64_t> order(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) order[size_t(i)] = i;
  Rng rng(mix_seed(s.seed, 0x7a1e));
  for (size_t i = order.size() - 1; i > 0; --i) std::swap(order[i], order[rng.below(uint32_t(i + 1))]);
  const int64_t n_val = std::clamp<int64_t>(int64_t(std::llround(double(n) * s.validation_fraction)), 1, n - 1);
  const torch::Tensor idx = torch::tensor(order, torch::kLong);
  const torch::Tensor x = positions.to(torch::kFloat).index_select(0, idx);
  const torch::Tensor y = values.to(torch::kFloat).index_select(0, idx);
  const torch::Tensor x_val = x.slice(0, 0, n_val), y_val = y.slice(0, 0, n_val);
  const torch::Tensor x_train = x.slice(0, n_val), y_train = y.slice(0, n_val);
  const int64_t n_train = n - n_val;

  int64_t inputs = 1;
  for (int64_t d = 1; d < positions.dim(); ++d) inputs *= positions.size(d);
  ValueFitResult result;
  result.net = s.make_net ? s.make_net() : make_mlp(inputs, s.hidden, 1);
  result.net->train();
  result.train_size = n_train;
  result.validation_size = n_val;
  torch::optim::Adam adam(result.net->parameters(), torch::optim::AdamOptions(s.lr));

  double best = std::numeric_limits<double>::infinity();
  std::vector<torch::Tensor> best_weights;
  std::vector<int64_t> perm(static_cast<size_t>(n_train));
  for (int epoch = 1; epoch <= s.max_epochs; ++epoch) {
    for (int64_t i = 0; i < n_train; ++i) perm[size_t(i)] = i;
    for (size_t i = perm.size() - 1; i > 0; --i) std::swap(perm[i], perm[rng.below(uint32_t(i + 1))]);
    const torch::Tensor p = torch::tensor(perm, torch::kLong);
    double sum = 0;
    for (int64_t start = 0; start < n_train; start += s.batch) {
      const torch::Tensor batch = p.slice(0, start, std::min(n_train, start + s.batch));
      const torch::Tensor pred = result.net->forward(x_train.index_select(0, batch)).squeeze(1);
      const torch::Tensor target = y_train.index_select(0, batch);
      const torch::Tensor loss = mae ? torch::l1_loss(pred, target) : torch::mse_loss(pred, target);
      adam.zero_grad();
      loss.backward();
      adam.step();
      sum += loss.item<double>() * double(batch.size(0));
    }
    ValueFitEpoch e;
    e.epoch = epoch;
    e.train_loss = sum / double(n_train);
    e.train_mse = mae ? measure(result.net, x_train, y_train).first : e.train_loss;
    std::tie(e.validation_mse, e.validation_mae) = measure(result.net, x_val, y_val);
    const double validation_loss = mae ? e.validation_mae : e.validation_mse;
    result.history.push_back(e);
    result.epochs = epoch;
    if (progress) progress(e);
    if (validation_loss < best) {
      best = validation_loss;
      result.best_epoch = epoch;
      best_weights.clear();
      for (const auto& w : state_tensors(result.net)) best_weights.push_back(w.detach().clone());
    } else if (epoch - result.best_epoch >= s.patience) {
      break;
    }
  }
  // Back to the best epoch's weights.
  {
    torch::NoGradGuard no_grad;
    auto params = state_tensors(result.net);
    for (size_t i = 0; i < params.size(); ++i) params[i].copy_(best_weights[i]);
  }
  result.net->eval();
  std::tie(result.train_mse, result.train_mae) = measure(result.net, x_train, y_train);
  std::tie(result.validation_mse, result.validation_mae) = measure(result.net, x_val, y_val);
  return result;
}

nn::Policy export_value_policy(const ValueFitResult& result, const std::string& game,
                               const nn::Observation& observation, Json training, Json scores) {
  return export_policy(result.net, {.game = game,
                                    .kind = "value-network",
                                    .observation = observation,
                                    .actions = {},
                                    .training = std::move(training),
                                    .scores = std::move(scores)});
}

}  // namespace pg::train
