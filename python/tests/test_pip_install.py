"""`pip install ./python` into a virtual environment that sees Debian's NumPy, offline, as docs/python.md says:
the installed module imports outside the checkout and plays with the shipped policy files."""

import os
import pathlib
import subprocess
import sys

import pytest

import rlplayground
from conftest import REPO


@pytest.mark.skipif(not sys.executable.startswith("/usr/bin/"), reason="the module is built for Debian's python3")
def test_pip_installs_the_module_into_a_virtual_environment(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=120)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PG_BUILD_DIR"] = os.environ.get("PG_BUILD_DIR", str(REPO / "build" / "native"))
    env["PIP_NO_INDEX"] = "1"  # offline: nothing is downloaded
    python = str(venv / "bin" / "python")
    done = subprocess.run([python, "-m", "pip", "install", "--no-build-isolation", "--quiet", str(REPO / "python")],
                          env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    program = ("import rlplayground; env = rlplayground.make('zuma'); env.reset(seed=1); "
               "print(rlplayground.__file__); print(env.make_agent('trained').decide().action)")
    done = subprocess.run([python, "-c", program], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    where, action = done.stdout.split()
    assert pathlib.Path(where).is_relative_to(venv), f"imported from {where}, not the environment"
    assert 0 <= int(action) < rlplayground.make("zuma").num_actions
