// rlplayground._engine: the engine's generic interface for Python (the environments in rlplayground/ are
// written over it). Everything goes through the registry, Game, State, Episode and the agents, as the CLI
// uses them, so a Python episode records the trace the CLI would. Bad input raises InputError, a ValueError
// whose message is the engine's (it names the option, agent or action that is wrong).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/agent.h"
#include "engine/core/agent_protocol.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "python/module_parts.h"

namespace py = pybind11;

namespace pg::python {

Json parse_options(const std::string& options_json) {
  Json options = Json::parse(options_json, nullptr, /*allow_exceptions=*/false);
  if (!options.is_object()) throw InputError("options", "expected keyword arguments that JSON can hold");
  return options;
}

std::vector<std::pair<std::string, std::vector<int>>> encodings_of(const State& state) {
  std::vector<std::pair<std::string, std::vector<int>>> out;
  out.emplace_back(kFeatures, std::vector<int>{int(state.observation().size())});
  const State::ObservationTensor tensor = state.observation_tensor();
  if (!tensor.encoding.empty()) out.emplace_back(tensor.encoding, tensor.shape);
  for (const State::ObservationTensor& source : state.source_encodings())
    out.emplace_back(source.encoding, source.shape);
  return out;
}

std::string default_encoding_of(const State& state) {
  const State::ObservationTensor tensor = state.observation_tensor();
  return tensor.encoding.empty() ? std::string(kFeatures) : tensor.encoding;
}

Encoding::Encoding(const State& state, const std::string& name, const std::string& game_name) : name_(name) {
  const auto encodings = encodings_of(state);
  const size_t sources = state.source_encodings().size();
  std::string known;
  for (size_t i = 0; i < encodings.size(); ++i) {
    const auto& [encoding, shape] = encodings[i];
    known += (known.empty() ? "" : ", ") + encoding;
    if (encoding != name) continue;
    shape_ = shape;
    size_ = 1;
    for (int d : shape) size_ *= size_t(d);
    if (i == 0) {
      kind_ = Kind::kFeatureVector;
    } else if (i + sources >= encodings.size()) {
      kind_ = Kind::kSource;
      source_index_ = i + sources - encodings.size();
    }
    return;
  }
  throw InputError("observation '" + name + "'", "not an encoding of " + game_name + " (known: " + known + ")");
}

void Encoding::write(const State& state, float* out) const {
  switch (kind_) {
    case Kind::kNetwork: state.fill_observation(std::span<float>(out, size_)); return;
    case Kind::kSource: state.fill_source_encoding(source_index_, std::span<float>(out, size_)); return;
    case Kind::kFeatureVector: break;
  }
  const std::vector<float> values = state.observation();
  if (values.size() != size_) throw std::logic_error("a state's feature vector changed its size");
  std::copy(values.begin(), values.end(), out);
}

namespace {

py::dict game_info(const std::string& name) {
  const GameEntry& entry = find_game(name);
  const auto game = entry.create(Json::object());
  py::list options;
  for (const OptionInfo& o : entry.options)
    options.append(py::dict(py::arg("name") = o.name, py::arg("default") = o.default_value.dump(),
                            py::arg("help") = o.help.str()));
  py::list agents;
  agents.append(py::dict(py::arg("spec") = "random", py::arg("help") = "uniform over the legal actions"));
  for (const AgentInfo& a : game->agents())
    agents.append(py::dict(py::arg("spec") = a.spec, py::arg("help") = a.help.str()));
  return py::dict(py::arg("name") = entry.name, py::arg("title") = entry.title, py::arg("blurb") = entry.blurb.str(),
                  py::arg("rules") = entry.rules.str(), py::arg("num_players") = game->num_players(),
                  py::arg("options") = options, py::arg("agents") = agents,
                  py::arg("default_agents") = game->default_agents(), py::arg("default_seed") = game->default_seed());
}

class PyAgent;

// One game with its options and the episode being played: what an environment steps. Recording keeps every
// step as the trace does (Episode: the state, the chance draws, the events), which costs tens of microseconds
// a step; without it a step is State::apply on one state, the engine's hot path, which allocates nothing.
class PyEpisode {
 public:
  PyEpisode(const std::string& game, const std::string& options_json, uint64_t seed, bool record)
      : game_(make_game(game, parse_options(options_json))), range_(game_->action_range()), record_(record) {
    if (range_.count <= 0) throw std::logic_error(game + " declares no actions");
    reset(seed);
    started_ = false;  // the environment's own reset() starts the first episode
    encoding_ = Encoding(state(), default_encoding_of(state()), game_->name());
    action_mask_key_ = py::str("action_mask");
    numpy_bool_ = py::module_::import("numpy").attr("bool_");
  }

  void reset(uint64_t seed) {
    if (seed > kMaxSeed) throw InputError("seed", "must be from 0 to 2^53-1, got " + std::to_string(seed));
    seed_ = seed;
    if (record_)
      episode_ = std::make_unique<Episode>(game_, seed);
    else
      state_ = game_->initial_state(seed);
    steps_ = 0;
    returns_.assign(size_t(game_->num_players()), 0.0);
    started_ = true;
    truncated_ = false;
    state().legal_actions(legal_);
  }

  // The encoding step() and observation_now() write; the episode's length at which it is truncated (0: never).
  void set_encoding(const std::string& name) { encoding_ = Encoding(state(), name, game_->name()); }
  void set_step_limit(int64_t steps) { step_limit_ = steps; }

  std::string name() const { return game_->name(); }
  std::string title() const { return game_->title(); }
  std::string options_json() const { return game_->options().dump(); }
  int num_players() const { return game_->num_players(); }
  int current_player() const { return state().current_player(); }
  bool is_terminal() const { return state().is_terminal(); }
  bool truncated() const { return truncated_; }
  bool started() const { return started_; }
  bool recording() const { return record_; }
  uint64_t seed() const { return seed_; }
  size_t length() const { return steps_; }
  int action_count() const { return range_.count; }
  int action_first() const { return range_.first; }

  // The action space's index of an engine action, and back.
  int index_of(Action action) const {
    const int index = action - range_.first;
    if (index < 0 || index >= range_.count)
      throw std::logic_error(game_->name() + ": action " + std::to_string(action) + " is outside its action range");
    return index;
  }
  Action action_of(int64_t index) const {
    if (index < 0 || index >= range_.count)
      throw InputError("action " + std::to_string(index), "outside the action space of " + game_->name() + " (0 to " +
                                                              std::to_string(range_.count - 1) + ")");
    return range_.first + Action(index);
  }

  std::vector<int> legal_indices() const {
    std::vector<int> out;
    for (Action a : legal_) out.push_back(index_of(a));
    return out;
  }

  py::array_t<bool> action_mask() const {
    py::array_t<bool> mask(range_.count);
    bool* data = mask.mutable_data();
    std::fill(data, data + range_.count, false);
    for (Action a : legal_) data[a - range_.first] = true;
    return mask;
  }

  // The name the CLI and traces use for the action at this index ("3", "place:a", "U"); legal or not where
  // the game can name it, so an error message can say what was tried.
  std::string action_name(int64_t index) const { return state().action_name(action_of(index)); }
  // The index of the legal action with this name (InputError naming the legal ones otherwise).
  int index_of_name(const std::string& name) const { return index_of(state().parse_action(name)); }

  std::vector<std::pair<std::string, std::vector<int>>> encodings() const { return encodings_of(state()); }
  // The encoding observed unless told (the network's tensor, else "features"); whether the game has a network
  // tensor at all, for the exporter.
  std::string default_encoding() const { return default_encoding_of(state()); }
  bool has_network_encoding() const { return !state().observation_tensor().encoding.empty(); }

  py::array_t<float> observation(const std::string& encoding) const {
    return observation_in(encoding == encoding_.name() ? encoding_ : Encoding(state(), encoding, game_->name()));
  }
  py::array_t<float> observation_now() const { return observation_in(encoding_); }

  // An action given from Python as the action space's index: an integer (NumPy's too), not a bool.
  int64_t index_from(py::handle action) const {
    if (PyBool_Check(action.ptr()) || py::isinstance(action, numpy_bool_)) throw_not_an_integer(action);
    PyObject* index = PyNumber_Index(action.ptr());
    if (!index) {
      PyErr_Clear();
      throw_not_an_integer(action);
    }
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(index, &overflow);
    Py_DECREF(index);
    if (overflow)
      throw InputError(
          "action " + std::string(py::str(action)),
          "outside the action space of " + game_->name() + " (0 to " + std::to_string(range_.count - 1) + ")");
    return value;
  }

  // Plays the action at this index for the player to move (recorded, when recording, as the CLI's replay
  // records a given action); the rewards of the step, one per player. An illegal action raises InputError
  // naming the legal ones.
  std::vector<double> play(py::handle action) {
    const Rewards r = play_index(index_from(action));
    return {r.values.begin(), r.values.begin() + game_->num_players()};
  }

  // A two-player environment's step in one call: (rewards, terminated, truncated, the player to move or -1
  // once the episode is over, that player's action mask or None), what the AEC environment's tables take.
  py::tuple play_turn(py::handle action) {
    const Rewards r = play_index(index_from(action));
    const int players = game_->num_players();
    py::tuple rewards(players);
    for (int p = 0; p < players; ++p) rewards[size_t(p)] = py::float_(r.values[size_t(p)]);
    const bool terminated = state().is_terminal();
    const bool over = terminated || truncated_;
    return py::make_tuple(std::move(rewards), terminated, truncated_, over ? -1 : state().current_player(),
                          over ? py::object(py::none()) : py::object(action_mask()));
  }

  // A one-player environment's step in one call: (observation, reward, terminated, truncated, info) with the
  // action mask in info, as Gymnasium's step returns them.
  py::tuple step(py::handle action) {
    if (!started_) throw std::runtime_error("call reset() before stepping the environment");
    if (truncated_ || state().is_terminal())
      throw std::runtime_error("the episode is over: call reset() to start another");
    const Rewards r = play_index(index_from(action));
    py::dict info;
    info[action_mask_key_] = action_mask();
    return py::make_tuple(observation_now(), r[0], state().is_terminal(), truncated_, std::move(info));
  }

  std::vector<double> play_agent(PyAgent& agent);

  // Plays a Python agent's answer, given as the agent protocol's reply ({"type": "action", "action": name,
  // "probabilities", "values", "value", "note", "drawings"}, docs/agent-protocol.md), checked as a program's
  // answer is (InputError under "reply." naming the field), and records it under `agent` with its decision.
  std::vector<double> play_reply(const std::string& reply_json, const std::string& agent) {
    if (!started_) throw std::runtime_error("call reset() before stepping the environment");
    if (truncated_ || state().is_terminal())
      throw InputError("reply", "the episode is over: call reset() to start another");
    const Json reply = Json::parse(reply_json, nullptr, /*allow_exceptions=*/false);
    if (reply.is_discarded()) throw InputError("reply", "not JSON");
    Decision d = agent_protocol::decision_from_reply(reply, state());
    const Action chosen = d.chosen;
    const Rewards r = apply(chosen, agent, std::move(d));
    return {r.values.begin(), r.values.begin() + game_->num_players()};
  }
  py::dict decide(PyAgent& agent) const;

  std::string text() const { return state().to_text(); }
  std::string state_json() const { return state().to_json().dump(); }
  std::vector<double> returns() const { return returns_; }
  // Exactly what `playground GAME replay` (or `play`, given its seats) prints for this episode.
  std::string trace(const std::vector<std::string>& agents) const {
    if (!record_)
      throw std::runtime_error(
          "this environment does not record its episodes (recording is off by default: it "
          "costs tens of microseconds a step); make it with rlplayground.make(\"" +
          game_->name() + "\", record=True) to get traces");
    return episode_->to_trace(agents).dump(2) + "\n";
  }

  const std::shared_ptr<const Game>& game() const { return game_; }
  const State& state() const { return record_ ? episode_->state() : *state_; }
  // The random stream an agent decides with at this step, as the CLI's play and the page give it.
  Rng decision_rng_now() const { return pg::decision_rng(seed_, steps_); }

  // Applies a legal engine action (recorded, when recording, under this agent's spec and decision).
  Rewards apply(Action action, const std::string& agent, std::optional<Decision> decision) {
    Rewards r;
    if (record_) {
      const std::vector<double>& rewards = episode_->play(action, agent, std::move(decision)).transition.rewards;
      std::copy(rewards.begin(), rewards.end(), r.values.begin());
    } else {
      r = state_->apply(action);
    }
    for (size_t p = 0; p < returns_.size(); ++p) returns_[p] += r.values[p];
    ++steps_;
    state().legal_actions(legal_);
    truncated_ = step_limit_ > 0 && !state().is_terminal() && int64_t(steps_) >= step_limit_;
    return r;
  }

 private:
  [[noreturn]] void throw_not_an_integer(py::handle action) const {
    throw py::type_error("an action is an integer from 0 to " + std::to_string(range_.count - 1) + ", got " +
                         std::string(py::str(action.get_type().attr("__name__"))) + " " +
                         std::string(py::repr(action)));
  }

  Rewards play_index(int64_t index) {
    if (state().is_terminal()) throw InputError("action", "the episode is over: call reset() to start another");
    const Action action = action_of(index);
    if (!std::binary_search(legal_.begin(), legal_.end(), action)) {
      const State& s = state();
      std::string legal;
      for (Action a : legal_)
        legal += (legal.empty() ? "" : ", ") + std::to_string(index_of(a)) + " ('" + s.action_name(a) + "')";
      throw InputError("action " + std::to_string(index) + " ('" + s.action_name(action) + "')",
                       "not legal here (legal: " + legal + ")");
    }
    return apply(action, "replay", std::nullopt);
  }

  py::array_t<float> observation_in(const Encoding& encoding) const {
    std::vector<py::ssize_t> shape(encoding.shape().begin(), encoding.shape().end());
    py::array_t<float> out(shape);
    encoding.write(state(), out.mutable_data());
    return out;
  }

  std::shared_ptr<const Game> game_;
  ActionRange range_;
  bool record_ = false;
  std::unique_ptr<Episode> episode_;  // when recording
  std::unique_ptr<State> state_;      // when not
  uint64_t seed_ = 0;
  size_t steps_ = 0;
  std::vector<double> returns_;
  std::vector<Action> legal_;  // the current state's, reused from step to step
  bool started_ = false;
  bool truncated_ = false;
  int64_t step_limit_ = 0;
  Encoding encoding_{};
  py::str action_mask_key_;
  py::object numpy_bool_;
};

// An agent of the game (a spec as the CLI's --agents takes it), deciding for an episode of that game.
class PyAgent {
 public:
  PyAgent(const PyEpisode& episode, const std::string& spec) : game_(episode.game()), agent_(make_agent(*game_, spec)) {
    if (agent_->is_human())
      throw InputError("agent '" + spec + "'", "the page's human player; from Python, choose the action yourself");
  }
  std::string spec() const { return agent_->spec(); }
  Agent& agent() { return *agent_; }
  const Game& game() const { return *game_; }

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<Agent> agent_;
};

void check_same_game(const PyAgent& agent, const Game& game) {
  if (&agent.game() != &game)
    throw InputError("agent '" + agent.spec() + "'",
                     "made for another environment: make it with this env's make_agent");
}

// The C++ loop alone, the yardstick of the Python boundary's cost: uniformly random legal actions, played with
// State::apply, episode k starting from seed + k, for `steps` steps. With an encoding it also does what an
// environment's step does besides: the observation and the action mask of every position, written into
// buffers. `keep_actions` returns the actions played (as indices of the action space), so that an environment
// stepped from Python can play the same episodes.
py::dict random_rollouts(const std::string& game_name, const std::string& options_json, uint64_t seed, int64_t steps,
                         const std::string& encoding_name, bool keep_actions) {
  if (steps < 1) throw InputError("steps", "must be at least 1");
  const std::shared_ptr<const Game> game = make_game(game_name, parse_options(options_json));
  const ActionRange range = game->action_range();
  uint64_t episodes = 0;
  std::unique_ptr<State> state = game->initial_state(seed);
  const bool observe = !encoding_name.empty();
  const Encoding encoding = observe ? Encoding(*state, encoding_name, game->name()) : Encoding();
  std::vector<float> observation(encoding.size());
  std::vector<uint8_t> mask(size_t(range.count));
  std::vector<Action> legal;
  std::vector<int32_t> actions;
  if (keep_actions) actions.reserve(size_t(steps));
  Rng rng(seed);
  double seconds = 0;
  {
    py::gil_scoped_release release;
    const auto start = std::chrono::steady_clock::now();
    state->legal_actions(legal);
    for (int64_t i = 0; i < steps; ++i) {
      const Action action = legal[rng.below(uint32_t(legal.size()))];
      if (keep_actions) actions.push_back(int32_t(action - range.first));
      state->apply(action);
      if (state->is_terminal()) {
        if (observe) encoding.write(*state, observation.data());  // the last observation of the episode
        state = game->initial_state(seed + ++episodes);
      }
      state->legal_actions(legal);
      if (observe) {
        encoding.write(*state, observation.data());
        std::fill(mask.begin(), mask.end(), uint8_t(0));
        for (Action a : legal) mask[size_t(a - range.first)] = 1;
      }
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  py::dict out(py::arg("seconds") = seconds, py::arg("steps") = steps, py::arg("episodes") = episodes);
  if (keep_actions) out["actions"] = py::array_t<int32_t>(py::ssize_t(actions.size()), actions.data());
  return out;
}

// The agent's decision in the episode's current position, from the episode's decision stream (as the CLI's
// play and the page give it).
Decision decide_at(const PyEpisode& episode, Agent& agent) {
  if (episode.is_terminal()) throw InputError("agent", "the episode is over: call reset() to start another");
  Rng rng = episode.decision_rng_now();
  return agent.decide(episode.state(), rng);
}

// A trace read as the page's Import trace reads it (Episode::from_trace: every action replayed, every recorded
// state and decision checked), written back by the engine: {"trace": text, "agents", "length", "returns", "done"}.
py::dict read_trace(const std::string& text) {
  const Json trace = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (trace.is_discarded()) throw InputError("trace", "not JSON");
  std::vector<std::string> agents;
  const Episode episode = Episode::from_trace(trace, &agents);
  return py::dict(py::arg("trace") = episode.to_trace(agents).dump(2) + "\n", py::arg("agents") = agents,
                  py::arg("length") = episode.length(), py::arg("returns") = episode.returns(episode.length()),
                  py::arg("done") = episode.state_at(episode.length()).is_terminal());
}

}  // namespace

std::vector<double> PyEpisode::play_agent(PyAgent& agent) {
  check_same_game(agent, *game_);
  Decision d = decide_at(*this, agent.agent());
  if (d.declined) throw InputError("agent '" + agent.spec() + "'", "declined to move: " + d.note);
  const Action chosen = d.chosen;
  const Rewards r = apply(chosen, agent.spec(), std::move(d));
  return {r.values.begin(), r.values.begin() + game_->num_players()};
}

py::dict PyEpisode::decide(PyAgent& agent) const {
  check_same_game(agent, *game_);
  const Decision d = decide_at(*this, agent.agent());
  py::dict out(py::arg("spec") = agent.spec(), py::arg("declined") = d.declined, py::arg("note") = d.note);
  if (d.declined) return out;
  py::array_t<double> probabilities(action_count());
  std::fill(probabilities.mutable_data(), probabilities.mutable_data() + action_count(), 0.0);
  for (size_t i = 0; i < d.actions.size(); ++i)
    probabilities.mutable_data()[index_of(d.actions[i])] = d.probabilities[i];
  out["action"] = index_of(d.chosen);
  out["probabilities"] = probabilities;
  if (!d.scores.empty()) {
    py::array_t<double> scores(action_count());
    std::fill(scores.mutable_data(), scores.mutable_data() + action_count(), std::nan(""));
    for (size_t i = 0; i < d.actions.size(); ++i) scores.mutable_data()[index_of(d.actions[i])] = d.scores[i];
    out["scores"] = scores;
  }
  if (d.value) out["value"] = *d.value;
  return out;
}

}  // namespace pg::python

PYBIND11_MODULE(_engine, m) {
  using namespace pg;
  using namespace pg::python;
  m.doc() = "The RL Playground engine (use the rlplayground package, not this module)";
  static py::exception<InputError> input_error(m, "InputError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      PyErr_SetString(input_error.ptr(), e.what());
    }
  });

  m.def("games", [] {
    std::vector<std::string> names;
    for (const GameEntry& entry : game_registry()) names.push_back(entry.name);
    return names;
  });
  m.def("game_info", &game_info, py::arg("name"));
  m.attr("max_seed") = py::int_(kMaxSeed);
  m.def("random_rollouts", &random_rollouts, py::arg("game"), py::arg("options_json"), py::arg("seed"),
        py::arg("steps"), py::arg("encoding"), py::arg("keep_actions"));

  py::class_<PyEpisode>(m, "Episode")
      .def(py::init<const std::string&, const std::string&, uint64_t, bool>(), py::arg("game"), py::arg("options_json"),
           py::arg("seed"), py::arg("record"))
      .def("reset", &PyEpisode::reset, py::arg("seed"))
      .def("set_encoding", &PyEpisode::set_encoding, py::arg("name"))
      .def("set_step_limit", &PyEpisode::set_step_limit, py::arg("steps"))
      .def_property_readonly("truncated", &PyEpisode::truncated)
      .def_property_readonly("started", &PyEpisode::started)
      .def_property_readonly("recording", &PyEpisode::recording)
      .def_property_readonly("name", &PyEpisode::name)
      .def_property_readonly("title", &PyEpisode::title)
      .def_property_readonly("options_json", &PyEpisode::options_json)
      .def_property_readonly("num_players", &PyEpisode::num_players)
      .def_property_readonly("current_player", &PyEpisode::current_player)
      .def_property_readonly("is_terminal", &PyEpisode::is_terminal)
      .def_property_readonly("seed", &PyEpisode::seed)
      .def_property_readonly("length", &PyEpisode::length)
      .def_property_readonly("action_count", &PyEpisode::action_count)
      .def_property_readonly("action_first", &PyEpisode::action_first)
      .def("legal_indices", &PyEpisode::legal_indices)
      .def("action_mask", &PyEpisode::action_mask)
      .def("action_name", &PyEpisode::action_name, py::arg("index"))
      .def("index_of_name", &PyEpisode::index_of_name, py::arg("name"))
      .def("encodings", &PyEpisode::encodings)
      .def_property_readonly("default_encoding", &PyEpisode::default_encoding)
      .def_property_readonly("has_network_encoding", &PyEpisode::has_network_encoding)
      .def("observation", &PyEpisode::observation, py::arg("encoding"))
      .def("play", &PyEpisode::play, py::arg("index"))
      .def("play_turn", &PyEpisode::play_turn, py::arg("index"))
      .def("step", &PyEpisode::step, py::arg("action"))
      .def("observation_now", &PyEpisode::observation_now)
      .def("play_agent", &PyEpisode::play_agent, py::arg("agent"))
      .def("play_reply", &PyEpisode::play_reply, py::arg("reply_json"), py::arg("agent"))
      .def("decide", &PyEpisode::decide, py::arg("agent"))
      .def("text", &PyEpisode::text)
      .def("state_json", &PyEpisode::state_json)
      .def("returns", &PyEpisode::returns)
      .def("trace", &PyEpisode::trace, py::arg("agents"));

  py::class_<PyAgent>(m, "Agent")
      .def(py::init<const PyEpisode&, const std::string&>(), py::arg("episode"), py::arg("spec"))
      .def_property_readonly("spec", &PyAgent::spec);

  m.def("read_trace", &read_trace, py::arg("text"));

  bind_vector_env(m);
  bind_networks(m);
  bind_zuma_homework(m);
}
