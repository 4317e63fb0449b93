// rlplayground._engine: the engine's generic interface for Python (the environments in rlplayground/ are
// written over it). Everything goes through the registry, Game, State, Episode and the agents, as the CLI
// uses them, so a Python episode records the trace the CLI would. Bad input raises InputError, a ValueError
// whose message is the engine's (it names the option, agent or action that is wrong).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"
#include "engine/core/registry.h"

namespace py = pybind11;

namespace pg::python {
namespace {

// The encoding every game has: State::observation(), a flat vector from the mover's point of view.
constexpr const char* kFeatures = "features";

Json parse_options(const std::string& options_json) {
  Json options = Json::parse(options_json, nullptr, /*allow_exceptions=*/false);
  if (!options.is_object()) throw InputError("options", "expected keyword arguments that JSON can hold");
  return options;
}

// The encodings a state offers: "features" always, and the network's tensor where the game has one.
std::vector<std::pair<std::string, std::vector<int>>> encodings_of(const State& state) {
  std::vector<std::pair<std::string, std::vector<int>>> out;
  out.emplace_back(kFeatures, std::vector<int>{int(state.observation().size())});
  const State::ObservationTensor tensor = state.observation_tensor();
  if (!tensor.encoding.empty()) out.emplace_back(tensor.encoding, tensor.shape);
  return out;
}

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

// One game with its options and the episode being played: what an environment steps.
class PyEpisode {
 public:
  PyEpisode(const std::string& game, const std::string& options_json, uint64_t seed)
      : game_(make_game(game, parse_options(options_json))) {
    reset(seed);
    const ActionRange range = game_->action_range();
    if (range.count <= 0) throw std::logic_error(game + " declares no actions");
  }

  void reset(uint64_t seed) {
    if (seed > kMaxSeed) throw InputError("seed", "must be from 0 to 2^53-1, got " + std::to_string(seed));
    episode_ = std::make_unique<Episode>(game_, seed);
  }

  std::string name() const { return game_->name(); }
  std::string title() const { return game_->title(); }
  std::string options_json() const { return game_->options().dump(); }
  int num_players() const { return game_->num_players(); }
  int current_player() const { return state().current_player(); }
  bool is_terminal() const { return state().is_terminal(); }
  uint64_t seed() const { return episode_->seed(); }
  size_t length() const { return episode_->length(); }
  int action_count() const { return game_->action_range().count; }
  int action_first() const { return game_->action_range().first; }

  // The action space's index of an engine action, and back.
  int index_of(Action action) const {
    const ActionRange range = game_->action_range();
    const int index = action - range.first;
    if (index < 0 || index >= range.count)
      throw std::logic_error(game_->name() + ": action " + std::to_string(action) + " is outside its action range");
    return index;
  }
  Action action_of(int index) const {
    const ActionRange range = game_->action_range();
    if (index < 0 || index >= range.count)
      throw InputError("action " + std::to_string(index), "outside the action space of " + game_->name() + " (0 to " +
                                                              std::to_string(range.count - 1) + ")");
    return range.first + index;
  }

  std::vector<int> legal_indices() const {
    std::vector<int> out;
    for (Action a : state().legal_actions()) out.push_back(index_of(a));
    return out;
  }

  py::array_t<bool> action_mask() const {
    py::array_t<bool> mask(action_count());
    bool* data = mask.mutable_data();
    std::fill(data, data + action_count(), false);
    for (Action a : state().legal_actions()) data[index_of(a)] = true;
    return mask;
  }

  // The name the CLI and traces use for the action at this index ("3", "place:a", "U"); legal or not where
  // the game can name it, so an error message can say what was tried.
  std::string action_name(int index) const { return state().action_name(action_of(index)); }
  // The index of the legal action with this name (InputError naming the legal ones otherwise).
  int index_of_name(const std::string& name) const { return index_of(state().parse_action(name)); }

  std::vector<std::pair<std::string, std::vector<int>>> encodings() const { return encodings_of(state()); }

  py::array_t<float> observation(const std::string& encoding) const {
    const State& s = state();
    if (encoding == kFeatures) {
      const std::vector<float> values = s.observation();
      py::array_t<float> out(py::ssize_t(values.size()));
      std::copy(values.begin(), values.end(), out.mutable_data());
      return out;
    }
    const State::ObservationTensor tensor = s.observation_tensor();
    if (tensor.encoding.empty() || tensor.encoding != encoding) {
      std::string known;
      for (const auto& [name, shape] : encodings_of(s)) known += (known.empty() ? "" : ", ") + name;
      throw InputError("observation '" + encoding + "'",
                       "not an encoding of " + game_->name() + " (known: " + known + ")");
    }
    std::vector<py::ssize_t> shape(tensor.shape.begin(), tensor.shape.end());
    py::array_t<float> out(shape);
    s.fill_observation(std::span<float>(out.mutable_data(), tensor.size()));
    return out;
  }

  // Plays the action at this index for the player to move, recorded as the CLI's replay records a given
  // action; the rewards of the step, one per player. An illegal action raises InputError naming the legal ones.
  std::vector<double> play(int index) {
    const State& s = state();
    if (s.is_terminal()) throw InputError("action", "the episode is over: call reset() to start another");
    const Action action = action_of(index);
    if (!s.is_legal(action)) {
      std::string legal;
      for (Action a : s.legal_actions())
        legal += (legal.empty() ? "" : ", ") + std::to_string(index_of(a)) + " ('" + s.action_name(a) + "')";
      throw InputError("action " + std::to_string(index) + " ('" + s.action_name(action) + "')",
                       "not legal here (legal: " + legal + ")");
    }
    return episode_->play(action, "replay").transition.rewards;
  }

  std::vector<double> play_agent(PyAgent& agent);
  py::dict decide(PyAgent& agent) const;

  std::string text() const { return state().to_text(); }
  std::string state_json() const { return state().to_json().dump(); }
  std::vector<double> returns() const { return episode_->returns(episode_->length()); }
  // Exactly what `playground GAME replay` (or `play`, given its seats) prints for this episode.
  std::string trace(const std::vector<std::string>& agents) const { return episode_->to_trace(agents).dump(2) + "\n"; }

  const std::shared_ptr<const Game>& game() const { return game_; }

 private:
  const State& state() const { return episode_->state(); }

  std::shared_ptr<const Game> game_;
  std::unique_ptr<Episode> episode_;
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

// The agent's decision at the cursor, from the episode's decision stream (as the CLI's play and the page).
Decision decide_at(const Episode& episode, Agent& agent) {
  if (episode.state().is_terminal()) throw InputError("agent", "the episode is over: call reset() to start another");
  Rng rng = episode.decision_rng(episode.cursor());
  return agent.decide(episode.state(), rng);
}

}  // namespace

std::vector<double> PyEpisode::play_agent(PyAgent& agent) {
  check_same_game(agent, *game_);
  const Decision d = decide_at(*episode_, agent.agent());
  if (d.declined) throw InputError("agent '" + agent.spec() + "'", "declined to move: " + d.note);
  return episode_->play(d.chosen, agent.spec(), d).transition.rewards;
}

py::dict PyEpisode::decide(PyAgent& agent) const {
  check_same_game(agent, *game_);
  const Decision d = decide_at(*episode_, agent.agent());
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

  py::class_<PyEpisode>(m, "Episode")
      .def(py::init<const std::string&, const std::string&, uint64_t>(), py::arg("game"), py::arg("options_json"),
           py::arg("seed"))
      .def("reset", &PyEpisode::reset, py::arg("seed"))
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
      .def("observation", &PyEpisode::observation, py::arg("encoding"))
      .def("play", &PyEpisode::play, py::arg("index"))
      .def("play_agent", &PyEpisode::play_agent, py::arg("agent"))
      .def("decide", &PyEpisode::decide, py::arg("agent"))
      .def("text", &PyEpisode::text)
      .def("state_json", &PyEpisode::state_json)
      .def("returns", &PyEpisode::returns)
      .def("trace", &PyEpisode::trace, py::arg("agents"));

  py::class_<PyAgent>(m, "Agent")
      .def(py::init<const PyEpisode&, const std::string&>(), py::arg("episode"), py::arg("spec"))
      .def_property_readonly("spec", &PyAgent::spec);
}
