#include "tools/train/dqn.h"

#include <algorithm>
#include <cmath>

#include "engine/core/error.h"
#include "tools/train/torch_export.h"
#include "tools/train/torch_project_nets.h"

namespace pg::train {

// --- the environment over a game ------------------------------------------

GameEnvironment::GameEnvironment(std::shared_ptr<const Game> game, std::vector<std::string> action_names)
    : game_(std::move(game)), names_(std::move(action_names)) {
  if (game_->num_players() != 1)
    throw InputError("dqn", "game '" + game_->name() + "' has " + std::to_string(game_->num_players()) +
                                " players; the DQN trainer plays one-player games");
  for (size_t i = 0; i < names_.size(); ++i) index_of_[names_[i]] = int(i);
  reset(0);
  tensor_ = state_->observation_tensor();
  if (tensor_.shape.empty()) throw InputError("dqn", "game '" + game_->name() + "' gives no observation tensor");
}

void GameEnvironment::reset(uint64_t seed) {
  state_ = game_->initial_state(seed);
  map_legal();
}

void GameEnvironment::map_legal() {
  action_of_.assign(names_.size(), kTerminalPlayer);
  state_->legal_actions(legal_);
  for (Action a : legal_) {
    const auto it = index_of_.find(state_->action_name(a));
    if (it == index_of_.end())
      throw InputError("dqn", "the legal action '" + state_->action_name(a) + "' is not one of the outputs");
    action_of_[size_t(it->second)] = a;
  }
}

void GameEnvironment::legal(std::span<uint8_t> out) const {
  std::fill(out.begin(), out.end(), uint8_t(0));
  for (size_t i = 0; i < action_of_.size(); ++i) out[i] = action_of_[i] != kTerminalPlayer ? 1 : 0;
}

double GameEnvironment::step(int action) {
  const double r = state_->apply(action_of_[size_t(action)])[0];
  map_legal();
  return r;
}

// --- settings ------------------------------------------------------------------

Json DqnSettings::to_json() const {
  return {{"net", net},
          {"hidden", hidden},
          {"steps", steps},
          {"episodes", episodes},
          {"episode_steps", episode_steps},
          {"gamma", gamma},
          {"lr", lr},
          {"batch", batch},
          {"replay", replay},
          {"learn_start", learn_start},
          {"train_every", train_every},
          {"target_every", target_every},
          {"target_count", target_count},
          {"tau", tau},
          {"epsilon_start", epsilon_start},
          {"epsilon_end", epsilon_end},
          {"epsilon_steps", epsilon_steps},
          {"epsilon_decay", epsilon_decay},
          {"distinct_samples", distinct_samples},
          {"best_window", best_window},
          {"loss", loss},
          {"double_dqn", double_dqn},
          {"reward_scale", reward_scale},
          {"grad_clip", grad_clip},
          {"seed", seed}};
}

DqnSettings DqnSettings::from_json(const Json& j, const DqnSettings& d) {
  if (!j.is_object()) throw InputError("dqn settings", "expected a JSON object");
  const Json known = d.to_json();
  for (const auto& [key, value] : j.items())
    if (!known.contains(key)) throw InputError("dqn settings." + key, "unknown setting");
  auto number = [&](const char* key, double lo, double hi, double fallback) {
    if (!j.contains(key)) return fallback;
    if (!j[key].is_number() || !(j[key].get<double>() >= lo && j[key].get<double>() <= hi))
      throw InputError(std::string("dqn settings.") + key,
                       "expected a number from " + Json(lo).dump() + " to " + Json(hi).dump());
    return j[key].get<double>();
  };
  auto integer = [&](const char* key, int64_t lo, int64_t hi, int64_t fallback) {
    if (!j.contains(key)) return fallback;
    if (!j[key].is_number_integer() || j[key].get<int64_t>() < lo || j[key].get<int64_t>() > hi)
      throw InputError(std::string("dqn settings.") + key,
                       "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
    return j[key].get<int64_t>();
  };
  auto choice = [&](const char* key, std::initializer_list<const char*> allowed, const std::string& fallback) {
    if (!j.contains(key)) return fallback;
    std::string names;
    for (const char* a : allowed) {
      if (j[key].is_string() && j[key].get<std::string>() == a) return std::string(a);
      names += (names.empty() ? "\"" : " or \"") + std::string(a) + "\"";
    }
    throw InputError(std::string("dqn settings.") + key, "expected " + names);
  };
  auto boolean = [&](const char* key, bool fallback) {
    if (!j.contains(key)) return fallback;
    if (!j[key].is_boolean()) throw InputError(std::string("dqn settings.") + key, "expected true or false");
    return j[key].get<bool>();
  };
  DqnSettings s = d;
  s.net = choice("net", {"mlp", "sokoban-seed"}, d.net);
  if (j.contains("hidden")) {
    if (!j["hidden"].is_array() || j["hidden"].size() > 8)
      throw InputError("dqn settings.hidden", "expected a list of at most 8 layer sizes");
    s.hidden.clear();
    for (const Json& h : j["hidden"]) {
      if (!h.is_number_integer() || h.get<int64_t>() < 1 || h.get<int64_t>() > 4096)
        throw InputError("dqn settings.hidden", "expected layer sizes from 1 to 4096");
      s.hidden.push_back(h.get<int>());
    }
  }
  s.steps = integer("steps", 1, int64_t(1) << 40, d.steps);
  s.episodes = integer("episodes", 0, int64_t(1) << 40, d.episodes);
  s.episode_steps = integer("episode_steps", 0, int64_t(1) << 40, d.episode_steps);
  s.gamma = number("gamma", 0, 1, d.gamma);
  s.lr = number("lr", 1e-9, 1, d.lr);
  s.batch = int(integer("batch", 1, 1 << 16, d.batch));
  s.replay = integer("replay", 1, int64_t(1) << 30, d.replay);
  s.learn_start = integer("learn_start", 0, int64_t(1) << 40, d.learn_start);
  s.train_every = int(integer("train_every", 1, 1 << 20, d.train_every));
  s.target_every = integer("target_every", 1, int64_t(1) << 40, d.target_every);
  s.target_count = choice("target_count", {"steps", "updates"}, d.target_count);
  s.tau = number("tau", 0, 1, d.tau);
  s.epsilon_start = number("epsilon_start", 0, 1, d.epsilon_start);
  s.epsilon_end = number("epsilon_end", 0, 1, d.epsilon_end);
  s.epsilon_steps = integer("epsilon_steps", 0, int64_t(1) << 40, d.epsilon_steps);
  s.epsilon_decay = number("epsilon_decay", 0, 1, d.epsilon_decay);
  s.distinct_samples = boolean("distinct_samples", d.distinct_samples);
  s.best_window = int(integer("best_window", 0, 1 << 20, d.best_window));
  s.loss = choice("loss", {"huber", "mse"}, d.loss);
  s.double_dqn = boolean("double_dqn", d.double_dqn);
  s.reward_scale = number("reward_scale", 1e-6, 1e6, d.reward_scale);
  s.grad_clip = number("grad_clip", 0, 1e9, d.grad_clip);
  s.seed = uint64_t(integer("seed", 0, int64_t(1) << 53, int64_t(d.seed)));
  return s;
}

// --- the network --------------------------------------------------------------------

torch::nn::Sequential make_mlp(int64_t inputs, const std::vector<int>& hidden, int64_t outputs) {
  torch::nn::Sequential net;
  net->push_back("flatten", torch::nn::Flatten());
  int64_t width = inputs;
  for (size_t i = 0; i < hidden.size(); ++i) {
    net->push_back("dense" + std::to_string(i + 1), torch::nn::Linear(width, hidden[i]));
    net->push_back("relu" + std::to_string(i + 1), torch::nn::ReLU());
    width = hidden[i];
  }
  net->push_back("out", torch::nn::Linear(width, outputs));
  return net;
}

torch::nn::Sequential make_q_network(const DqnSettings& settings, const std::vector<int>& shape, int64_t outputs) {
  if (settings.net == "sokoban-seed") {
    if (shape.size() != 3 || shape[0] != 7 || outputs != 4)
      throw InputError("dqn settings.net",
                       "the Sokoban project's network reads a [7, height, width] observation and "
                       "gives 4 Q-values; this game gives " +
                           nn::Shape(shape).str() + " and " + std::to_string(outputs) + " outputs");
    return sokoban_project_module(shape[1], shape[2]);
  }
  int64_t inputs = 1;
  for (int d : shape) inputs *= d;
  return make_mlp(inputs, settings.hidden, outputs);
}

namespace {

torch::nn::Sequential copy_of(const torch::nn::Sequential& net) {
  return torch::nn::Sequential(std::dynamic_pointer_cast<torch::nn::SequentialImpl>(net->clone()));
}

// Q-values of illegal outputs pushed far down (finite, so 0 * it stays 0).
torch::Tensor masked(const torch::Tensor& q, const torch::Tensor& legal) { return q + (1 - legal) * -1e9f; }

}  // namespace

// --- the trainer --------------------------------------------------------------------

DqnTrainer::DqnTrainer(Environment& env, const DqnSettings& settings)
    : env_(env), settings_(settings), rng_(mix_seed(settings.seed, 0x0d91)) {
  torch::set_num_threads(1);
  torch::manual_seed(settings_.seed);
  std::vector<int> shape = env_.observation_shape();
  obs_size_ = 1;
  for (int d : shape) obs_size_ *= d;
  num_actions_ = env_.num_actions();
  online_ = make_q_network(settings_, shape, num_actions_);
  target_ = copy_of(online_);
  optimizer_ = std::make_unique<torch::optim::Adam>(online_->parameters(), torch::optim::AdamOptions(settings_.lr));
  const size_t cap = size_t(std::min(settings_.replay, settings_.steps));
  obs_.resize(cap * size_t(obs_size_));
  next_obs_.resize(cap * size_t(obs_size_));
  reward_.resize(cap);
  action_.resize(cap);
  done_.resize(cap);
  next_legal_.resize(cap * size_t(num_actions_));
  cur_obs_.resize(size_t(obs_size_));
  cur_legal_.resize(size_t(num_actions_));
  env_.reset(mix_seed(settings_.seed, uint64_t(episodes_)));
  env_.observe(cur_obs_);
  env_.legal(cur_legal_);
}

int DqnTrainer::greedy(std::span<const float> obs, std::span<const uint8_t> legal) {
  torch::NoGradGuard no_grad;
  std::vector<int64_t> shape = {1};
  for (int d : env_.observation_shape()) shape.push_back(d);
  const torch::Tensor x = torch::from_blob(const_cast<float*>(obs.data()), shape, torch::kFloat);
  const torch::Tensor q = online_->forward(x);
  const float* qp = q.data_ptr<float>();
  int best = -1;
  for (int i = 0; i < num_actions_; ++i)
    if (legal[size_t(i)] && (best < 0 || qp[i] > qp[best])) best = i;
  return best;
}

double DqnTrainer::epsilon() const {
  if (settings_.epsilon_decay > 0)
    return std::max(settings_.epsilon_end,
                    settings_.epsilon_start * std::pow(settings_.epsilon_decay, double(updates_)));
  const double frac =
      settings_.epsilon_steps > 0 ? std::min(1.0, double(step_) / double(settings_.epsilon_steps)) : 1.0;
  return settings_.epsilon_start + (settings_.epsilon_end - settings_.epsilon_start) * frac;
}

void DqnTrainer::finish_episode() {
  ++episodes_;
  if (recent_.size() < 100)
    recent_.push_back(episode_return_);
  else
    recent_[size_t(episodes_ % 100)] = episode_return_;
  block_.push_back(episode_return_);
  if (block_.size() == 100) {
    double sum = 0;
    for (double v : block_) sum += v;
    curve_.push_back(sum / 100);
    block_.clear();
  }
  if (settings_.best_window > 0) {
    if (window_.size() < size_t(settings_.best_window))
      window_.push_back(episode_return_);
    else
      window_[size_t((episodes_ - 1) % settings_.best_window)] = episode_return_;
    double sum = 0;
    for (double v : window_) sum += v;
    const double mean = sum / double(window_.size());
    if (!best_ || mean > best_mean_) {
      best_ = copy_of(online_);
      best_mean_ = mean;
      best_episode_ = episodes_;
    }
  }
  episode_return_ = 0;
  episode_step_ = 0;
}

void DqnTrainer::act_and_store() {
  const double epsilon = this->epsilon();
  int action = -1;
  if (rng_.uniform() < epsilon) {
    int count = 0;
    for (uint8_t l : cur_legal_) count += l;
    int k = int(rng_.below(uint32_t(count)));
    for (int i = 0; i < num_actions_; ++i)
      if (cur_legal_[size_t(i)] && k-- == 0) action = i;
  } else {
    action = greedy(cur_obs_, cur_legal_);
  }
  const double r = env_.step(action);
  episode_return_ += r;
  ++episode_step_;
  const bool done = env_.done();
  // A cut episode is not over: its last transition keeps its next state and is bootstrapped.
  const bool cut = !done && settings_.episode_steps > 0 && episode_step_ >= settings_.episode_steps;
  const size_t slot = size_t(next_);
  std::copy(cur_obs_.begin(), cur_obs_.end(), obs_.begin() + std::ptrdiff_t(slot * size_t(obs_size_)));
  action_[slot] = action;
  reward_[slot] = float(r * settings_.reward_scale);
  done_[slot] = done ? 1 : 0;
  if (done) {
    finish_episode();
    // The next observation of a finished episode is never used (done): zeros.
    std::fill(next_obs_.begin() + std::ptrdiff_t(slot * size_t(obs_size_)),
              next_obs_.begin() + std::ptrdiff_t((slot + 1) * size_t(obs_size_)), 0.0f);
    std::fill(next_legal_.begin() + std::ptrdiff_t(slot * size_t(num_actions_)),
              next_legal_.begin() + std::ptrdiff_t((slot + 1) * size_t(num_actions_)), uint8_t(0));
    env_.reset(mix_seed(settings_.seed, uint64_t(episodes_)));
  }
  env_.observe(cur_obs_);
  env_.legal(cur_legal_);
  if (!done) {
    std::copy(cur_obs_.begin(), cur_obs_.end(), next_obs_.begin() + std::ptrdiff_t(slot * size_t(obs_size_)));
    std::copy(cur_legal_.begin(), cur_legal_.end(), next_legal_.begin() + std::ptrdiff_t(slot * size_t(num_actions_)));
  }
  if (cut) {
    finish_episode();
    env_.reset(mix_seed(settings_.seed, uint64_t(episodes_)));
    env_.observe(cur_obs_);
    env_.legal(cur_legal_);
  }
  next_ = (next_ + 1) % int64_t(reward_.size());
  size_ = std::min(size_ + 1, int64_t(reward_.size()));
  ++step_;
}

double DqnTrainer::update() {
  const int64_t b = settings_.batch;
  const size_t rows = static_cast<size_t>(b);
  std::vector<float> obs(rows * size_t(obs_size_)), next(rows * size_t(obs_size_)), reward(rows), done(rows),
      legal(rows * size_t(num_actions_));
  std::vector<int64_t> action(rows);
  std::vector<size_t> picked;
  for (int64_t i = 0; i < b; ++i) {
    size_t k = rng_.below(uint32_t(size_));
    if (settings_.distinct_samples && b <= size_) {
      while (std::find(picked.begin(), picked.end(), k) != picked.end()) k = rng_.below(uint32_t(size_));
      picked.push_back(k);
    }
    const size_t o = size_t(obs_size_), n = size_t(num_actions_), row = size_t(i);
    std::copy_n(obs_.begin() + std::ptrdiff_t(k * o), o, obs.begin() + std::ptrdiff_t(row * o));
    std::copy_n(next_obs_.begin() + std::ptrdiff_t(k * o), o, next.begin() + std::ptrdiff_t(row * o));
    for (size_t a = 0; a < n; ++a) legal[row * n + a] = float(next_legal_[k * n + a]);
    reward[row] = reward_[k];
    done[row] = float(done_[k]);
    action[row] = action_[k];
  }
  std::vector<int64_t> shape = {b};
  for (int d : env_.observation_shape()) shape.push_back(d);
  const torch::Tensor x = torch::from_blob(obs.data(), shape, torch::kFloat);
  const torch::Tensor x2 = torch::from_blob(next.data(), shape, torch::kFloat);
  const torch::Tensor l2 = torch::from_blob(legal.data(), {b, num_actions_}, torch::kFloat);
  const torch::Tensor r = torch::from_blob(reward.data(), {b}, torch::kFloat);
  const torch::Tensor d = torch::from_blob(done.data(), {b}, torch::kFloat);
  const torch::Tensor a = torch::from_blob(action.data(), {b, 1}, torch::kLong);

  torch::Tensor y;
  {
    torch::NoGradGuard no_grad;
    const torch::Tensor q_target = target_->forward(x2);
    torch::Tensor next_value;
    if (settings_.double_dqn) {
      const torch::Tensor pick = masked(online_->forward(x2), l2).argmax(1, true);
      next_value = q_target.gather(1, pick).squeeze(1);
    } else {
      next_value = std::get<0>(masked(q_target, l2).max(1));
    }
    y = r + float(settings_.gamma) * (1 - d) * next_value;
  }
  const torch::Tensor q = online_->forward(x).gather(1, a).squeeze(1);
  const torch::Tensor loss =
      settings_.loss == "mse" ? torch::mse_loss(q, y) : torch::smooth_l1_loss(q, y);  // Huber, delta 1
  optimizer_->zero_grad();
  loss.backward();
  if (settings_.grad_clip > 0) torch::nn::utils::clip_grad_norm_(online_->parameters(), settings_.grad_clip);
  optimizer_->step();
  ++updates_;
  return double(loss.item<float>());
}

void DqnTrainer::sync_target(double tau) {
  torch::NoGradGuard no_grad;
  auto to = target_->parameters();
  auto from = online_->parameters();
  for (size_t i = 0; i < to.size(); ++i) {
    if (tau >= 1)
      to[i].copy_(from[i]);
    else
      to[i].mul_(1 - tau).add_(from[i], tau);
  }
}

void DqnTrainer::train(int64_t steps, const std::function<void(const DqnProgress&)>& progress, int64_t report_every) {
  const int64_t end = std::min(settings_.steps, step_ + steps);
  while (step_ < end && !finished()) {
    act_and_store();
    if (step_ >= settings_.learn_start && size_ >= settings_.batch && step_ % settings_.train_every == 0) {
      loss_sum_ += update();
      ++loss_count_;
      if (settings_.tau > 0) sync_target(settings_.tau);
      if (settings_.tau == 0 && settings_.target_count == "updates" && updates_ % settings_.target_every == 0)
        sync_target(1);
    }
    if (settings_.tau == 0 && settings_.target_count == "steps" && step_ % settings_.target_every == 0) sync_target(1);
    if (progress && (step_ % report_every == 0 || step_ == end)) {
      progress(this->progress());
      loss_sum_ = 0;
      loss_count_ = 0;
    }
  }
}

DqnProgress DqnTrainer::progress() const {
  DqnProgress p;
  p.step = step_;
  p.episodes = episodes_;
  p.epsilon = epsilon();
  double sum = 0;
  for (double v : recent_) sum += v;
  p.running_return = recent_.empty() ? 0 : sum / double(recent_.size());
  p.loss = loss_count_ ? loss_sum_ / double(loss_count_) : 0;
  return p;
}

void DqnTrainer::save_checkpoint(const std::string& path) {
  torch::serialize::OutputArchive archive;
  torch::serialize::OutputArchive online, target, optimizer;
  online_->save(online);
  target_->save(target);
  optimizer_->save(optimizer);
  archive.write("online", online);
  archive.write("target", target);
  archive.write("optimizer", optimizer);
  archive.write("counters", torch::tensor({step_, episodes_, updates_}, torch::kLong));
  if (best_) {
    torch::serialize::OutputArchive best;
    best_->save(best);
    archive.write("best", best);
    archive.write("best_mean", torch::tensor({best_mean_}, torch::kDouble));
    archive.write("best_episode", torch::tensor({best_episode_}, torch::kLong));
  }
  archive.save_to(path);
}

namespace {

std::string shape_text(const torch::Tensor& t) {
  std::string text;
  for (int64_t d : t.sizes()) text += (text.empty() ? "" : "x") + std::to_string(d);
  return "[" + text + "]";
}

// Every parameter of `module` (and of its submodules, which Module::save nests as sub-archives) is in the
// archive with the same shape; else throws InputError naming the parameter and both shapes.
void check_checkpoint_shapes(torch::serialize::InputArchive& archive, torch::nn::Module& module,
                             const std::string& which, const std::string& where) {
  for (const auto& p : module.named_parameters(/*recurse=*/false)) {
    torch::Tensor stored;
    if (!archive.try_read(p.key(), stored))
      throw InputError(where, "does not fit these settings: " + which + " has no " + p.key());
    if (stored.sizes() != p.value().sizes())
      throw InputError(where, "does not fit these settings: " + which + "'s " + p.key() + " is " + shape_text(stored) +
                                  ", these settings make " + shape_text(p.value()));
  }
  for (const auto& child : module.named_children()) {
    torch::serialize::InputArchive part;
    if (!archive.try_read(child.key(), part))
      throw InputError(where, "does not fit these settings: " + which + " has no layer " + child.key());
    check_checkpoint_shapes(part, *child.value(), which + " layer " + child.key(), where);
  }
}

}  // namespace

void DqnTrainer::load_checkpoint(const std::string& path) {
  torch::serialize::InputArchive archive;
  try {
    archive.load_from(path);
  } catch (const c10::Error& e) {
    throw InputError("checkpoint '" + path + "'", "cannot be read (missing, truncated or not a checkpoint)");
  }
  // torch's Module::load replaces each parameter with the stored tensor whatever its shape, so a checkpoint
  // of other settings (layer sizes, observation) would silently change the network: compare the shapes first.
  const std::string where = "checkpoint '" + path + "'";
  try {
    torch::serialize::InputArchive online, target, optimizer;
    archive.read("online", online);
    archive.read("target", target);
    archive.read("optimizer", optimizer);
    check_checkpoint_shapes(online, *online_, "the network", where);
    check_checkpoint_shapes(target, *target_, "the target network", where);
    online_->load(online);
    target_->load(target);
    optimizer_->load(optimizer);
    torch::Tensor counters;
    archive.read("counters", counters);
    if (counters.numel() != 3) throw InputError("checkpoint '" + path + "'", "its counters are damaged");
    step_ = counters[0].item<int64_t>();
    episodes_ = counters[1].item<int64_t>();
    updates_ = counters[2].item<int64_t>();
    torch::serialize::InputArchive best;
    if (archive.try_read("best", best)) {
      best_ = copy_of(online_);
      best_->load(best);
      torch::Tensor mean, episode;
      archive.read("best_mean", mean);
      archive.read("best_episode", episode);
      best_mean_ = mean.item<double>();
      best_episode_ = episode.item<int64_t>();
    }
  } catch (const c10::Error& e) {
    const std::string what = e.what_without_backtrace();
    throw InputError(where, "does not fit these settings: " + what.substr(0, what.find('\n')));
  }
  rng_ = Rng(mix_seed(settings_.seed, 0x0d91, uint64_t(step_)));
  env_.reset(mix_seed(settings_.seed, uint64_t(episodes_)));
  env_.observe(cur_obs_);
  env_.legal(cur_legal_);
  episode_return_ = 0;
}

nn::Policy DqnTrainer::export_policy(const std::string& game, Json training, Json scores, nn::DType storage,
                                     bool best) const {
  if (best && !best_) throw InputError("dqn export", "no best weights kept (best_window is 0 or no episode ended)");
  const torch::nn::Sequential& net = best ? best_ : online_;
  // (No dropout or batch norm: training and eval modes compute the same.)
  const std::vector<int> shape = env_.observation_shape();
  nn::Policy policy = train::export_policy(net, {.game = game,
                                                 .kind = "q-network",
                                                 .observation = {env_.encoding(), nn::Shape(shape)},
                                                 .actions = env_.action_names(),
                                                 .storage = storage,
                                                 .training = std::move(training),
                                                 .scores = std::move(scores)});
  // The Q-values were learned on rewards * reward_scale: divide the last layer by it.
  std::string last;
  for (const auto& child : net->named_children())
    if (!child.value()->parameters().empty()) last = child.key();
  for (nn::Tensor& t : policy.tensors) {
    if (t.name != last + ".weight" && t.name != last + ".bias") continue;
    std::vector<float> v = t.floats();
    for (float& x : v) x = float(double(x) / settings_.reward_scale);
    t = nn::Tensor::from_floats(t.name, t.shape, v, t.dtype);
  }
  return policy;
}

}  // namespace pg::train
