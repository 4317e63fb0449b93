"""examples/python/train_kalah.py for a few iterations, in one process and in two (torch.distributed, gloo, on
loopback): the policy file it writes is read by the engine and played by Kalah's agent `network` in the
command line (the file given as the policies directory's mancala/network.policy)."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

import rlplayground
from conftest import REPO, playground_path

pytest.importorskip("torch")

SCRIPT = REPO / "examples/python/train_kalah.py"


def run_example(tmp_path, *extra):
    out = tmp_path / "mancala" / "network.policy"
    out.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--iterations", "2", "--games", "16", "--eval-games", "10", "--log-every", "1",
         "--out", str(out), *extra],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["wins"] + summary["draws"] + summary["losses"] == 10
    return out, done.stdout


def check_it_loads_and_plays(path, processes):
    data = path.read_bytes()
    network = rlplayground.load_network(data, str(path))
    assert (network.input_shape, network.output_shape) == ([14], [6])
    header = json.loads(network.header_json)
    assert header["kind"] == "policy-network" and header["observation"]["encoding"] == "mancala-holes-v1"
    assert header["training"]["settings"]["processes"] == processes
    assert header["scores"]["against random"]["games"] == 10
    env = dict(os.environ, PG_POLICY_DIR=str(path.parent.parent))
    done = subprocess.run(
        [playground_path(), "mancala", "play", "--agents", "network,random", "--seed", "5"],
        capture_output=True, text=True, timeout=60, env=env,
    )
    assert done.returncode == 0, done.stderr
    trace = json.loads(done.stdout)
    assert trace["done"] and trace["agents"] == ["network", "random"]
    mine = [s for s in trace["steps"] if s["agent"] == "network"]
    assert mine and all("policy's logits" in s["decision"]["note"] for s in mine)


def test_one_process(tmp_path):
    path, _ = run_example(tmp_path)
    check_it_loads_and_plays(path, 1)


def test_two_processes_on_loopback(tmp_path):
    path, output = run_example(tmp_path, "--processes", "2")
    assert "the 2 processes' networks are identical" in output
    check_it_loads_and_plays(path, 2)
