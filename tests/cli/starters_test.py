"""The starter agents of examples/agents/ play as the agent protocol asks: run by tests/cli/cli_test.sh as
    python3 tests/cli/starters_test.py path/to/playground
(the standard library only; numpy_agent.py runs under /usr/bin/python3, where scripts/setup.sh installs NumPy).
Each starter plays a short match (or eval) without forfeits, its trace shows its drawings and a distribution over
more than one move, it refuses another game, and numpy_agent.py says so when NumPy is missing.
Prints "ok   NAME" or "FAIL NAME: ..." per check; exits 1 if any failed.
"""
import json
import os
import subprocess
import sys

PG = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PYTHON = sys.executable  # the Python running this test: the standard library is all the starters need
NUMPY_PYTHON = "/usr/bin/python3"  # Debian's, with python3-numpy
failed = False

# (file, game, the Python that runs it, options for every command, one player?)
STARTERS = [
    ("tictactoe_agent.py", "tictactoe", PYTHON, [], False),
    ("morris_agent.py", "morris", PYTHON, [], False),
    ("binary_agent.py", "binary", PYTHON, ["--width", "4", "--height", "4"], False),
    ("zuma_agent.py", "zuma", PYTHON, [], True),
    ("sokoban_agent.py", "sokoban", PYTHON, [], True),
    ("numpy_agent.py", "sokoban", NUMPY_PYTHON, [], True),
]
# A few quick levels: the project's two maps for eval, a two-box teaching level for the trace.
EVAL_OPTIONS = {"sokoban": ["--collection", "seed"]}
PLAY_OPTIONS = {"sokoban": ["--collection", "teaching", "--index", "4"]}


def check(name, expected, actual, holds=None):
    """ok when `holds(expected, actual)` (default: equal); else says what was compared."""
    global failed
    good = holds(expected, actual) if holds else expected == actual
    if good:
        print(f"ok   {name}")
    else:
        print(f"FAIL {name}: expected {expected!r}, got {actual!r}")
        failed = True
    return good


def run(*words):
    """(exit status, stdout, stderr) of the playground run from the source tree (the agents' paths are relative)."""
    try:
        done = subprocess.run([PG, *words], cwd=ROOT, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after 60 s"
    return done.returncode, done.stdout, done.stderr


def test_games(file, game, python, options, alone):
    agent = f"program:{python} examples/agents/{file}"
    if alone:
        name = f"{file}: {game} eval --episodes 2: exit 0, no episode fails"
        code, out, err = run(game, "eval", "--agent", agent, "--episodes", "2", *options, *EVAL_OPTIONS.get(game, []))
    else:
        name = f"{file}: {game} match against random, 3 games: exit 0, no forfeits"
        code, out, err = run(game, "match", "--first", agent, "--second", "random", "--games", "3", *options)
    if not check(name, (0, False), (code, "forfeited" in out or "declined" in err)):
        print(out + err[-2000:])

    agents = agent if alone else f"{agent},random"
    code, out, err = run(game, "play", "--agents", agents, "--seed", "3", *options, *PLAY_OPTIONS.get(game, []))
    if not check(f"{file}: {game} play prints its trace: exit 0", 0, code):
        print(err[-2000:])
        return
    try:
        steps = [s for s in json.loads(out)["steps"] if s["agent"] == agent]
    except (ValueError, KeyError, TypeError) as error:
        check(f"{file}: {game} play prints a JSON trace", "a trace", f"{error!r} in {out[:200]!r}")
        return
    decisions = [s.get("decision", {}) for s in steps]
    # A starter answers its first legal move with a note "fallback: ..." when its own code raises.
    check(f"{file}: the trace has the program's decisions, each with its note (none a fallback)", (True, True),
          (len(steps) > 0, all(d.get("note") and not d["note"].startswith("fallback") for d in decisions)))
    choices = [d for d in decisions if len(d.get("distribution", [])) > 1]
    spread = [sum(1 for entry in d["distribution"] if entry["p"] > 0) for d in choices]
    check(f"{file}: where it has a choice, its distribution puts probability on more than one move",
          (True, True), (len(choices) > 0, all(n > 1 for n in spread)))
    drawn = [len(d.get("drawings", [])) for d in decisions]
    check(f"{file}: every decision in the trace carries drawings (a playground older than drawings drops them)",
          (True, True), (len(drawn) > 0, all(n > 0 for n in drawn)))


def test_refusals():
    for file, _, python, _, _ in STARTERS:
        code, _, err = run("mancala", "play", "--agents", f"program:{python} examples/agents/{file},random")
        check(f"{file} refuses to play Kalah with an error answer to start", (1, "the agent reports an error: I play"),
              (code, err), lambda e, a: a[0] == e[0] and e[1] in a[1])
    # python3 -S leaves out the site directories, where Debian's NumPy is.
    code, _, err = run("sokoban", "play", "--agents", f"program:{NUMPY_PYTHON} -S examples/agents/numpy_agent.py")
    check("numpy_agent.py without NumPy (python3 -S) refuses to start, saying so", (1, "NumPy is missing"),
          (code, err), lambda e, a: a[0] == e[0] and e[1] in a[1])


def main():
    for starter in STARTERS:
        test_games(*starter)
    test_refusals()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
