// The engine's network runtime for Python: a policy file read and built exactly as the page and the command line
// build it (read_policy, then Network with its folds), run forward on a batch of observations one at a time; and
// the policy store's provide_policy_file, the way the page hands an agent a file.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/nn/network.h"
#include "engine/nn/policy_file.h"
#include "python/module_parts.h"

namespace py = pybind11;

namespace pg::python {
namespace {

class PyNetwork {
 public:
  PyNetwork(const py::bytes& bytes, const std::string& source) {
    const std::string text = bytes;
    policy_ = nn::read_policy(text, {.source = source});
    network_ = std::make_unique<nn::Network>(policy_, source);
    header_ = nn::read_policy_header(text, source).dump();
  }

  std::vector<int> input_shape() const { return network_->input_shape().dims; }
  std::vector<int> output_shape() const { return network_->output_shape().dims; }
  const std::string& header_json() const { return header_; }

  // inputs: (N, *input_shape) floats; returns (N, *output_shape), each row one forward pass at batch size 1.
  py::array_t<float> forward(const py::array_t<float, py::array::c_style | py::array::forcecast>& inputs) {
    const size_t in = network_->input_shape().numel();
    const size_t out = network_->output_shape().numel();
    const std::vector<int>& dims = network_->input_shape().dims;
    bool shaped = size_t(inputs.ndim()) == dims.size() + 1;
    for (size_t i = 0; shaped && i < dims.size(); ++i) shaped = inputs.shape(py::ssize_t(i + 1)) == dims[i];
    if (!shaped) throw InputError("inputs", "expected an array of shape (N, " + shape_text(dims) + ")");
    const size_t n = size_t(inputs.shape(0));
    std::vector<py::ssize_t> shape = {py::ssize_t(n)};
    for (int d : network_->output_shape().dims) shape.push_back(d);
    py::array_t<float> result(shape);
    const float* x = inputs.data();
    float* y = result.mutable_data();
    for (size_t k = 0; k < n; ++k) {
      const std::span<const float> o = network_->forward(std::span<const float>(x + k * in, in));
      std::copy(o.begin(), o.end(), y + k * out);
    }
    return result;
  }

 private:
  static std::string shape_text(const std::vector<int>& dims) {
    std::string s;
    for (int d : dims) s += (s.empty() ? "" : ", ") + std::to_string(d);
    return s;
  }

  nn::Policy policy_;
  std::unique_ptr<nn::Network> network_;
  std::string header_;
};

}  // namespace

void bind_networks(py::module_& m) {
  py::class_<PyNetwork>(m, "Network")
      .def(py::init<const py::bytes&, const std::string&>(), py::arg("policy_bytes"), py::arg("source"))
      .def_property_readonly("input_shape", &PyNetwork::input_shape)
      .def_property_readonly("output_shape", &PyNetwork::output_shape)
      .def_property_readonly("header_json", &PyNetwork::header_json)
      .def("forward", &PyNetwork::forward, py::arg("inputs"));
  m.def(
      "provide_policy_file",
      [](const std::string& path, const py::bytes& bytes) { provide_policy_file(path, std::string(bytes)); },
      py::arg("path"), py::arg("bytes"));
}

}  // namespace pg::python
