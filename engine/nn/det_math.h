// exp, log, tanh and sigmoid computed from IEEE additions, multiplications and
// divisions only (in double, rounded once to float), so they give the same
// bits natively and in WebAssembly: the C libraries (glibc natively, musl in
// Emscripten) implement expf and tanhf differently. Accurate to within one
// float ulp of the true value.
#pragma once

namespace pg::nn {

double det_exp(double x);
// The natural logarithm of x > 0 (NaN below 0, -infinity at 0, within 2 double ulps elsewhere).
double det_log(double x);
float det_tanh(float x);
float det_sigmoid(float x);

}  // namespace pg::nn
