#!/usr/bin/env bash
# The engine's decisions must not depend on the C library's transcendental functions: glibc (native) and
# musl (Emscripten, the page) may round them differently in the last bit, and a page's game would then part
# from the native one. Decision code uses pg::nn::det_exp / det_log / det_tanh / det_sigmoid
# (engine/nn/det_math.h) instead; sqrt, fabs, floor, round and the like are exact in IEEE and allowed.
# The files allowed below call libm only for what no game's play depends on (each says why).
#   libm_check.sh SOURCE_DIR
set -u
root=${1:?usage: libm_check.sh SOURCE_DIR}
allowed=(
  engine/nn/det_math.cc                  # the deterministic functions themselves (no libm inside)
  engine/games/binary/fit.cc             # the fit command's reported log-likelihood (native only, printed)
  engine/games/morris/stage_simulation.cc  # building the stage tables (native, `morris tables`); the page reads the file
  engine/games/mancala/ntuple_bootstrap.cc  # Kalah's n-tuple training targets (native, `train-ntuple`); the page reads the file
)
pattern='(std::|[^a-zA-Z0-9_:.>])(exp|exp2|expm1|log|log2|log10|log1p|pow|tanh|sinh|cosh|sin|cos|tan|asin|acos|atan|atan2|cbrt|hypot|erf|erfc|lgamma|tgamma)f?\('
cd "$root" || exit 1
# Every line of the engine (tests aside) with its comment cut off, then the calls.
found=$(grep -rn --include='*.cc' --include='*.h' '' engine | grep -v '_test\.cc:' \
  | sed -E 's#//.*$##' | grep -E "^[^:]+:[0-9]+:.*$pattern" || true)
for f in "${allowed[@]}"; do found=$(printf '%s\n' "$found" | grep -v "^$f:" || true); done
found=$(printf '%s\n' "$found" | sed '/^$/d')
if [ -n "$found" ]; then
  echo "FAIL: the C library's transcendental functions in the engine (use engine/nn/det_math.h):"
  printf '%s\n' "$found"
  exit 1
fi
echo "ok: no libm transcendental function in the engine's decision code"
