// rlplayground._engine.ZumaHomework: the Zuma engine (engine/games/zuma/engine.h) as the homework's game object
// holds it: one generator seeded once from the model's seed, the ball drawn when first needed, reset without
// re-seeding. rlplayground/zuma.py gives it the homework's method names.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/json.h"
#include "engine/games/zuma/engine.h"
#include "engine/games/zuma/scenario.h"
#include "python/module_parts.h"

namespace py = pybind11;

namespace pg::python {
namespace {

class ZumaHomework {
 public:
  // scenario_json: {"max_steps", "max_length", "line", "model"} as scenario.h reads it.
  explicit ZumaHomework(const std::string& scenario_json)
      : scenario_(zuma::scenario_from_json(parse_scenario(scenario_json))),
        engine_(scenario_, zuma::PythonRandom::abs_seed(scenario_.model.seed)) {}

  std::vector<int> line() const { return engine_.line().colours(); }
  int ball() { return engine_.ensure_ball(); }
  int steps() const { return engine_.steps(); }
  bool done() const { return engine_.done(); }
  double total() const { return engine_.total_reward(); }
  int max_steps() const { return scenario_.max_steps; }
  int max_length() const { return scenario_.max_length; }

  ZumaHomework(const ZumaHomework&) = delete;
  ZumaHomework& operator=(const ZumaHomework&) = delete;

  // One throw, as the homework's submit_next_action returns it: (line, next ball, reward, done). The game
  // must not be over and the action in -1..n.
  py::tuple submit(int action) {
    if (engine_.done()) throw std::runtime_error("the game is over: call reset() to play another");
    if (!engine_.is_legal(action))
      throw InputError("action " + std::to_string(action), "not an action here: -1 skips the ball, 0 to " +
                                                               std::to_string(engine_.line().size) +
                                                               " throw it before that index of the line");
    const double reward = engine_.submit(action);
    return py::make_tuple(line(), engine_.ball(), reward, engine_.done());
  }

  void reset(bool new_line) { engine_.reset(new_line); }

 private:
  static Json parse_scenario(const std::string& text) {
    Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object()) throw InputError("game", "expected (max_steps, max_length, line, model)");
    return j;
  }

  zuma::Scenario scenario_;  // the engine points into it: declared first, never moved
  zuma::ZumaEngine engine_;
};

}  // namespace

void bind_zuma_homework(py::module_& m) {
  py::class_<ZumaHomework>(m, "ZumaHomework")
      .def(py::init<const std::string&>(), py::arg("scenario_json"))
      .def_property_readonly("line", &ZumaHomework::line)
      .def_property_readonly("ball", &ZumaHomework::ball)
      .def_property_readonly("steps", &ZumaHomework::steps)
      .def_property_readonly("done", &ZumaHomework::done)
      .def_property_readonly("total", &ZumaHomework::total)
      .def_property_readonly("max_steps", &ZumaHomework::max_steps)
      .def_property_readonly("max_length", &ZumaHomework::max_length)
      .def("submit", &ZumaHomework::submit, py::arg("action"))
      .def("reset", &ZumaHomework::reset, py::arg("new_line"));
}

}  // namespace pg::python
