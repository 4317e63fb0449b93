#!/usr/bin/env bash
# Installs everything the playground needs on Debian 12, idempotently:
# Debian packages, SDL2 and Dear ImGui sources (from Debian's source packages),
# SDL2 built for WebAssembly (cached), and the npm packages for browser tests.
# Quick when nothing is missing.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TP="$ROOT/third_party"
SDL2_VERSION=2.26.5
IMGUI_VERSION=1.86

log() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[setup] error:\033[0m %s\n' "$*" >&2; exit 1; }

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

# --- Debian packages -------------------------------------------------------
PACKAGES=(build-essential cmake ninja-build pkg-config xz-utils ca-certificates
  emscripten libsdl2-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev
  clang-format chromium nodejs npm python3 python3-numpy gzip
  libtorch-dev libopenblas0
  clang libclang-rt-14-dev
  nginx-light libnginx-mod-http-brotli-static
  node-terser esbuild
  pybind11-dev python3-pybind11 python3-dev python3-pytest python3-venv
  python3-torch python3-onnx)
# libtorch-dev: PyTorch 1.13's C++ API (CPU) for the native training tools and the parity tests (154 packages,
# 123 MB to download, 496 MB installed, under 2 minutes). libopenblas0 is the BLAS libtorch recommends; without it
# libtorch falls back to the reference BLAS and its dense and conv layers run 2-10x slower.
# clang and libclang-rt-14-dev: the fuzz build (libFuzzer and clang's sanitizer runtimes; scripts/fuzz.sh).
# nginx-light (with gzip_static) and libnginx-mod-http-brotli-static: the hosting test serves the hosted folder
# (scripts/build_site.sh) through a real static server, as a course would (tests/browser/hosting_test.mjs); the
# test starts its own nginx on a loopback port, the system's nginx service is never started (below).
# node-terser: minifies the page's JavaScript, each module's glue and index.html's script (scripts/minify_js.mjs).
# esbuild: bundles the page's ES modules (web/page/) into index.html's one script (scripts/bundle_js.mjs).
# pybind11-dev, python3-pybind11 and python3-dev: the engine's Python module (python/) for Debian's /usr/bin/python3;
# python3-pytest runs its tests (python/tests/); python3-venv makes the environment `pip install ./python` installs into.
# python3-numpy: the NumPy starter agent (examples/agents/numpy_agent.py) runs under Debian's /usr/bin/python3, whatever
# other python3 comes first on the PATH.
# python3-torch and python3-onnx: exporting PyTorch and ONNX networks to policy files and the training example (python/, examples/python/).
missing=()
for p in "${PACKAGES[@]}"; do
  # nodejs/npm may come from elsewhere (nodesource); accept any working binary.
  case "$p" in
    nodejs) command -v node >/dev/null && continue ;;
    npm) command -v npm >/dev/null && continue ;;
    python3) command -v python3 >/dev/null && continue ;;
  esac
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing Debian packages: ${missing[*]}"
  $SUDO apt-get update -qq
  # No package's service is started by its installation (nginx's would take port 80): policy-rc.d answering
  # 101 ("action forbidden") tells invoke-rc.d and deb-systemd-invoke not to. Put in place for the install only,
  # and removed only if this script put it there.
  policy_rc=/usr/sbin/policy-rc.d
  own_policy_rc=0
  if [ ! -e "$policy_rc" ]; then
    printf '#!/bin/sh\n# Written by scripts/setup.sh for its apt-get install: no service starts.\nexit 101\n' |
      $SUDO tee "$policy_rc" >/dev/null
    $SUDO chmod 755 "$policy_rc"
    own_policy_rc=1
  fi
  install_status=0
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" ||
    install_status=$?
  if [ "$own_policy_rc" = 1 ]; then $SUDO rm -f "$policy_rc"; fi
  [ "$install_status" = 0 ] || die "apt-get install failed (exit $install_status): ${missing[*]}"
else
  log "Debian packages: all present"
fi

# playwright-core (the browser tests) needs Node.js 20 or newer.
node_major=$(node -e 'console.log(process.versions.node.split(".")[0])')
[ "$node_major" -ge 20 ] || die "Node.js $(node --version) is too old for playwright-core 1.64 (it needs 20 or newer)"

# --- Third-party sources from Debian source packages -------------------------
mkdir -p "$TP/src"
need_source() { [ ! -f "$TP/src/$1/.unpacked" ]; }
if need_source "SDL2-$SDL2_VERSION" || need_source "imgui-$IMGUI_VERSION"; then
  if ! apt-get indextargets --format '$(CREATED_BY)' 2>/dev/null | grep -q '^Sources$'; then
    log "adding a deb-src entry"
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      # Same URIs/Suites/Components/Signed-By as the binary entries, with Types: deb-src.
      sed -e 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
        $SUDO tee /etc/apt/sources.list.d/debian-src.sources >/dev/null
    elif grep -q '^deb ' /etc/apt/sources.list 2>/dev/null; then
      # The one-line format: the same lines as deb-src.
      grep '^deb ' /etc/apt/sources.list | sed -e 's/^deb /deb-src /' |
        $SUDO tee /etc/apt/sources.list.d/debian-src.list >/dev/null
    else
      die "no Debian package source found to derive a deb-src entry from (/etc/apt/sources.list.d/debian.sources)"
    fi
    $SUDO apt-get update -qq
  fi
  (
    cd "$TP/src"
    for pkg in libsdl2 imgui; do
      if ! ls ${pkg}_*.orig.tar.* >/dev/null 2>&1; then
        log "downloading source package $pkg"
        apt-get source --download-only -qq "$pkg"
      fi
    done
    tar_sdl=$(ls libsdl2_${SDL2_VERSION}*.orig.tar.* 2>/dev/null | head -1) ||
      true
    [ -n "$tar_sdl" ] || die "libsdl2 source is not version $SDL2_VERSION: $(ls libsdl2_*.orig.tar.* 2>/dev/null)"
    tar_imgui=$(ls imgui_${IMGUI_VERSION}*.orig.tar.* 2>/dev/null | head -1) || true
    [ -n "$tar_imgui" ] || die "imgui source is not version $IMGUI_VERSION: $(ls imgui_*.orig.tar.* 2>/dev/null)"
    rm -rf "SDL2-$SDL2_VERSION" "imgui-$IMGUI_VERSION"
    tar xf "$tar_sdl"
    mkdir -p "imgui-$IMGUI_VERSION"
    tar xf "$tar_imgui" -C "imgui-$IMGUI_VERSION" --strip-components=1
    [ -f "SDL2-$SDL2_VERSION/CMakeLists.txt" ] || die "unexpected layout of the SDL2 source"
    [ -f "imgui-$IMGUI_VERSION/imgui.cpp" ] || die "unexpected layout of the imgui source"
    [ -f "imgui-$IMGUI_VERSION/backends/imgui_impl_sdl.cpp" ] || die "imgui source lacks the SDL2 backend"
    touch "SDL2-$SDL2_VERSION/.unpacked" "imgui-$IMGUI_VERSION/.unpacked"
  )
else
  log "SDL2 $SDL2_VERSION and Dear ImGui $IMGUI_VERSION sources: present"
fi

# A directory with only nlohmann's headers, so Emscripten never sees /usr/include.
if [ ! -f "$TP/include/nlohmann/json.hpp" ]; then
  mkdir -p "$TP/include"
  cp -r /usr/include/nlohmann "$TP/include/"
fi

# --- SDL2 for WebAssembly (built once per machine) ---------------------------
# Kept in a per-user cache keyed by the SDL2 and Emscripten versions, so that
# fresh clones (and CI) link it without rebuilding; third_party/sdl2-wasm
# points there.
export NODE_PATH=/usr/share/nodejs
EM_VERSION=$(dpkg-query -W -f='${Version}' emscripten 2>/dev/null | tr -c 'A-Za-z0-9.\n' '_')
CACHE="${PG_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rl-playground}"
# The page uses SDL2 for its window, WebGL context, input and timers only: the other subsystems are left
# out, SDL_LEAN_AND_MEAN drops the software blitters (the page never blits a surface: it draws with WebGL),
# only Emscripten's own video driver is built (not the dummy and offscreen ones, which a browser never uses),
# and the library is optimised for size. The flavour is part of the cache key, so a change here builds anew.
SDL_FLAVOUR=video-emscripten-lean-minsize
SDL_OPTIONS=(-DCMAKE_BUILD_TYPE=MinSizeRel -DSDL_AUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_SENSOR=OFF
  -DSDL_POWER=OFF -DSDL_HIDAPI=OFF -DSDL_RENDER=OFF -DSDL_LOCALE=OFF -DSDL_FILESYSTEM=OFF -DSDL_LOADSO=OFF
  -DSDL_DUMMYVIDEO=OFF -DSDL_OFFSCREEN=OFF -DCMAKE_C_FLAGS=-DSDL_LEAN_AND_MEAN=1)
SDL_PREFIX="$CACHE/sdl2-$SDL2_VERSION-emscripten-$EM_VERSION-$SDL_FLAVOUR"
mkdir -p "$CACHE"
if [ -d "$TP/sdl2-wasm" ] && [ ! -L "$TP/sdl2-wasm" ]; then  # an older checkout's in-tree build
  if [ -f "$TP/sdl2-wasm/lib/libSDL2.a" ] && [ ! -f "$SDL_PREFIX/lib/libSDL2.a" ]; then
    mv "$TP/sdl2-wasm" "$SDL_PREFIX"
  else
    rm -rf "$TP/sdl2-wasm"
  fi
fi
ln -sfn "$SDL_PREFIX" "$TP/sdl2-wasm"
if [ ! -f "$SDL_PREFIX/lib/libSDL2.a" ]; then
  log "building SDL2 $SDL2_VERSION for WebAssembly (a few minutes, once)"
  rm -rf "$TP/build-sdl2-wasm" "$SDL_PREFIX"
  emcmake cmake -S "$TP/src/SDL2-$SDL2_VERSION" -B "$TP/build-sdl2-wasm" -G Ninja \
    "${SDL_OPTIONS[@]}" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF \
    -DCMAKE_INSTALL_PREFIX="$SDL_PREFIX" >"$TP/sdl2-wasm-configure.log" 2>&1 ||
    die "SDL2 configure failed, see $TP/sdl2-wasm-configure.log"
  cmake --build "$TP/build-sdl2-wasm" >"$TP/sdl2-wasm-build.log" 2>&1 ||
    die "SDL2 build failed, see $TP/sdl2-wasm-build.log"
  cmake --install "$TP/build-sdl2-wasm" >/dev/null
  rm -rf "$TP/build-sdl2-wasm"
  [ -f "$SDL_PREFIX/lib/libSDL2.a" ] || die "SDL2 for WebAssembly did not produce libSDL2.a"
else
  log "SDL2 for WebAssembly: cached"
fi

# --- npm packages for the browser tests --------------------------------------
# playwright-core drives Debian's chromium; axe-core checks the page's accessibility.
if [ ! -d "$ROOT/tests/browser/node_modules/playwright-core" ] || [ ! -d "$ROOT/tests/browser/node_modules/axe-core" ]; then
  log "installing playwright-core and axe-core (uses Debian's chromium, downloads no browser)"
  (cd "$ROOT/tests/browser" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
else
  log "npm packages: present"
fi

log "set-up complete"
