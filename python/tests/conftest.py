"""Shared by the tests: the games, the command line (PG_PLAYGROUND, set by ctest; else the release build's)."""

import os
import pathlib
import subprocess

import numpy as np
import pytest

import rlplayground

REPO = pathlib.Path(__file__).resolve().parents[2]
GAMES = rlplayground.games()
ONE_PLAYER = [g for g in GAMES if rlplayground.game_info(g)["num_players"] == 1]
TWO_PLAYERS = [g for g in GAMES if rlplayground.game_info(g)["num_players"] == 2]


def playground_path():
    path = os.environ.get("PG_PLAYGROUND") or str(REPO / "build/native/bin/playground")
    if not os.access(path, os.X_OK):
        pytest.fail(f"the command line is not built at {path}: bash scripts/build.sh native-checks")
    return path


def run_cli(*args):
    """The command line's standard output; its standard error in the failure when it fails."""
    done = subprocess.run([playground_path(), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"playground {' '.join(args)} failed ({done.returncode}): {done.stderr}"
    return done.stdout


def random_masked_action(rng, mask):
    """A uniform draw among the legal actions of the mask."""
    return int(rng.choice(np.flatnonzero(mask)))
