// rlplayground._engine.VectorEpisodes: N games of one kind stepped per call in C++, each with State::apply
// (nothing recorded), writing NumPy arrays that live as long as the object and are overwritten by each call.
//
// A step plays one action in every game, for the player to move there. A game that ends in the step
// (terminated, or truncated at the step limit) starts its next episode within the same step: the arrays then
// hold the new episode's first observation and mask, and final_observations holds the last one of the
// episode that ended (Gymnasium's same-step autoreset). Episodes are numbered in the order they start,
// games in index order within a call: after reset(S), episode k has seed S + k, so game i starts with S + i.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "python/module_parts.h"

namespace py = pybind11;

namespace pg::python {
namespace {

class VectorEpisodes {
 public:
  VectorEpisodes(const std::string& game, const std::string& options_json, int num_games, const std::string& encoding,
                 int64_t step_limit)
      : game_(make_game(game, parse_options(options_json))),
        range_(game_->action_range()),
        num_games_(num_games),
        num_players_(game_->num_players()),
        step_limit_(step_limit) {
    if (num_games < 1) throw InputError("num_envs", "must be at least 1, got " + std::to_string(num_games));
    if (step_limit < 0) throw InputError("max_episode_steps", "must be positive");
    const auto first = game_->initial_state(0);
    encoding_ = Encoding(*first, encoding.empty() ? default_encoding_of(*first) : encoding, game_->name());
    std::vector<py::ssize_t> shape{num_games};
    shape.insert(shape.end(), encoding_.shape().begin(), encoding_.shape().end());
    const py::ssize_t n = num_games;
    observations_ = py::array_t<float>(shape);
    final_observations_ = py::array_t<float>(shape);
    rewards_ = py::array_t<double>(n);
    player_rewards_ = py::array_t<double>({n, py::ssize_t(num_players_)});
    terminations_ = py::array_t<bool>(n);
    truncations_ = py::array_t<bool>(n);
    masks_ = py::array_t<bool>({n, py::ssize_t(range_.count)});
    to_play_ = py::array_t<int32_t>(n);
    movers_ = py::array_t<int32_t>(n);
    episode_seeds_ = py::array_t<uint64_t>(n);
    episode_lengths_ = py::array_t<int64_t>(n);
    for (auto* a : {&observations_, &final_observations_}) std::fill_n(a->mutable_data(), a->size(), 0.0f);
    for (auto* a : {&rewards_, &player_rewards_}) std::fill_n(a->mutable_data(), a->size(), 0.0);
    for (auto* a : {&terminations_, &truncations_, &masks_}) std::fill_n(a->mutable_data(), a->size(), false);
    for (auto* a : {&to_play_, &movers_}) std::fill_n(a->mutable_data(), a->size(), 0);
    std::fill_n(episode_seeds_.mutable_data(), n, 0);
    std::fill_n(episode_lengths_.mutable_data(), n, 0);
    states_.resize(size_t(num_games));
    legal_.resize(size_t(num_games));
  }

  // Every game starts a new episode: game i with seed + i.
  void reset(uint64_t seed) {
    if (seed > kMaxSeed - uint64_t(num_games_))
      throw InputError("seed", "must be from 0 to 2^53-1 minus the number of games, got " + std::to_string(seed));
    next_seed_ = seed;
    std::fill_n(terminations_.mutable_data(), num_games_, false);
    std::fill_n(truncations_.mutable_data(), num_games_, false);
    std::fill_n(rewards_.mutable_data(), num_games_, 0.0);
    std::fill_n(player_rewards_.mutable_data(), player_rewards_.size(), 0.0);
    std::fill_n(movers_.mutable_data(), num_games_, 0);
    for (int i = 0; i < num_games_; ++i) start(i);
    started_ = true;
  }

  // One action per game (indices of the action space, in a NumPy integer array or a list). Every action is
  // checked before any is played: an illegal one raises InputError naming the game and its legal actions,
  // and leaves every game as it was.
  void step(const py::array& actions_in) {
    if (!started_) throw std::runtime_error("call reset() before stepping the environments");
    if (actions_in.dtype().kind() != 'i' && actions_in.dtype().kind() != 'u')
      throw py::type_error("actions are integers, one per game; got an array of " +
                           std::string(py::str(actions_in.dtype())));
    const auto actions = py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(actions_in);
    if (!actions || actions.ndim() != 1 || actions.shape(0) != num_games_)
      throw InputError("actions", "expected one action per game, " + std::to_string(num_games_) + " of them");
    const int64_t* index = actions.data();
    for (int i = 0; i < num_games_; ++i) check_legal(i, index[i]);
    Arrays out = arrays();
    {
      py::gil_scoped_release release;
      for (int i = 0; i < num_games_; ++i) step_game(i, range_.first + Action(index[i]), out);
    }
  }

  // A position's legal action names are the engine's: a test's single environment plays the same ones.
  std::string action_name(int game, int64_t index) const {
    check_game(game);
    return states_[size_t(game)]->action_name(range_.first + Action(index));
  }
  std::string state_json(int game) const {
    check_game(game);
    return states_[size_t(game)]->to_json().dump();
  }

  int num_games() const { return num_games_; }
  int num_players() const { return num_players_; }
  int action_count() const { return range_.count; }
  std::string encoding() const { return encoding_.name(); }
  std::vector<int> observation_shape() const { return encoding_.shape(); }

  py::array_t<float> observations_, final_observations_;
  py::array_t<double> rewards_, player_rewards_;
  py::array_t<bool> terminations_, truncations_, masks_;
  py::array_t<int32_t> to_play_, movers_;
  py::array_t<uint64_t> episode_seeds_;
  py::array_t<int64_t> episode_lengths_;

 private:
  // The arrays' data, taken while holding the GIL, written without it.
  struct Arrays {
    float* observations;
    float* final_observations;
    double* rewards;
    double* player_rewards;
    bool* terminations;
    bool* truncations;
    bool* masks;
    int32_t* to_play;
    int32_t* movers;
    uint64_t* episode_seeds;
    int64_t* episode_lengths;
  };
  Arrays arrays() {
    return {observations_.mutable_data(),   final_observations_.mutable_data(),
            rewards_.mutable_data(),        player_rewards_.mutable_data(),
            terminations_.mutable_data(),   truncations_.mutable_data(),
            masks_.mutable_data(),          to_play_.mutable_data(),
            movers_.mutable_data(),         episode_seeds_.mutable_data(),
            episode_lengths_.mutable_data()};
  }

  void check_game(int game) const {
    if (!started_) throw std::runtime_error("call reset() before asking for a game's position");
    if (game < 0 || game >= num_games_)
      throw InputError("game " + std::to_string(game), "outside 0 to " + std::to_string(num_games_ - 1));
  }

  void check_legal(int i, int64_t index) const {
    const auto where = [&] { return "actions[" + std::to_string(i) + "] = " + std::to_string(index); };
    if (index < 0 || index >= range_.count)
      throw InputError(
          where(), "outside the action space of " + game_->name() + " (0 to " + std::to_string(range_.count - 1) + ")");
    const std::vector<Action>& legal = legal_[size_t(i)];
    const Action action = range_.first + Action(index);
    if (std::binary_search(legal.begin(), legal.end(), action)) return;
    std::string names;
    for (Action a : legal)
      names += (names.empty() ? "" : ", ") + std::to_string(a - range_.first) + " ('" +
               states_[size_t(i)]->action_name(a) + "')";
    throw InputError(where(), "not legal in game " + std::to_string(i) + " (legal: " + names + ")");
  }

  // Game i starts the next episode: its state, observation, mask and player to move.
  void start(int i) { start(i, arrays()); }
  void start(int i, const Arrays& out) {
    const uint64_t seed = next_seed_++;
    // The next few episodes' starts made ready together (Zuma's generators are seeded at once).
    if (seed >= prepared_until_ || seed < prepared_from_) {
      game_->prepare_initial_states(seed, kPreparedEpisodes);
      prepared_from_ = seed;
      prepared_until_ = seed + kPreparedEpisodes;
    }
    states_[size_t(i)] = game_->initial_state(seed);
    out.episode_seeds[i] = seed;
    out.episode_lengths[i] = 0;
    observe(i, out);
  }

  void observe(int i, const Arrays& out) {
    const State& state = *states_[size_t(i)];
    encoding_.write(state, out.observations + size_t(i) * encoding_.size());
    std::vector<Action>& legal = legal_[size_t(i)];
    state.legal_actions(legal);
    bool* mask = out.masks + size_t(i) * size_t(range_.count);
    std::fill_n(mask, range_.count, false);
    for (Action a : legal) mask[a - range_.first] = true;
    out.to_play[i] = state.current_player();
  }

  void step_game(int i, Action action, const Arrays& out) {
    State& state = *states_[size_t(i)];
    const int mover = state.current_player();
    const Rewards r = state.apply(action);
    out.movers[i] = mover;
    out.rewards[i] = r[mover];
    for (int p = 0; p < num_players_; ++p) out.player_rewards[size_t(i) * size_t(num_players_) + size_t(p)] = r[p];
    const int64_t length = ++out.episode_lengths[i];
    const bool terminated = state.is_terminal();
    const bool truncated = !terminated && step_limit_ > 0 && length >= step_limit_;
    out.terminations[i] = terminated;
    out.truncations[i] = truncated;
    if (terminated || truncated) {
      encoding_.write(state, out.final_observations + size_t(i) * encoding_.size());
      start(i, out);
    } else {
      observe(i, out);
    }
  }

  std::shared_ptr<const Game> game_;
  ActionRange range_;
  int num_games_;
  int num_players_;
  int64_t step_limit_;
  Encoding encoding_;
  std::vector<std::unique_ptr<State>> states_;
  std::vector<std::vector<Action>> legal_;  // each game's, reused from step to step
  uint64_t next_seed_ = 0;
  static constexpr int kPreparedEpisodes = 8;
  uint64_t prepared_from_ = 0, prepared_until_ = 0;  // the seeds last made ready
  bool started_ = false;
};

}  // namespace

void bind_vector_env(py::module_& m) {
  py::class_<VectorEpisodes>(m, "VectorEpisodes")
      .def(py::init<const std::string&, const std::string&, int, const std::string&, int64_t>(), py::arg("game"),
           py::arg("options_json"), py::arg("num_games"), py::arg("encoding"), py::arg("step_limit"))
      .def("reset", &VectorEpisodes::reset, py::arg("seed"))
      .def("step", &VectorEpisodes::step, py::arg("actions"))
      .def("action_name", &VectorEpisodes::action_name, py::arg("game"), py::arg("index"))
      .def("state_json", &VectorEpisodes::state_json, py::arg("game"))
      .def_property_readonly("num_games", &VectorEpisodes::num_games)
      .def_property_readonly("num_players", &VectorEpisodes::num_players)
      .def_property_readonly("action_count", &VectorEpisodes::action_count)
      .def_property_readonly("encoding", &VectorEpisodes::encoding)
      .def_property_readonly("observation_shape", &VectorEpisodes::observation_shape)
      .def_readonly("observations", &VectorEpisodes::observations_)
      .def_readonly("final_observations", &VectorEpisodes::final_observations_)
      .def_readonly("rewards", &VectorEpisodes::rewards_)
      .def_readonly("player_rewards", &VectorEpisodes::player_rewards_)
      .def_readonly("terminations", &VectorEpisodes::terminations_)
      .def_readonly("truncations", &VectorEpisodes::truncations_)
      .def_readonly("masks", &VectorEpisodes::masks_)
      .def_readonly("to_play", &VectorEpisodes::to_play_)
      .def_readonly("movers", &VectorEpisodes::movers_)
      .def_readonly("episode_seeds", &VectorEpisodes::episode_seeds_)
      .def_readonly("episode_lengths", &VectorEpisodes::episode_lengths_);
}

}  // namespace pg::python
