#!/usr/bin/env python3
"""Regenerates the Zuma golden data read by the C++ tests.

Run from anywhere (Python 3 stdlib only):

    python3 tests/golden/zuma/make_golden.py

It writes, next to this file:
  python_random.json  -- raw CPython `random` streams (random, getrandbits, _randbelow,
                         choice, randint interleaved) for several seeds, to pin the
                         MT19937 port.
  episodes.json       -- scripted episodes of the reference engine
                         (tools/zuma_reference.py), with every random draw of every step.

The output is deterministic: running it twice leaves both files byte-identical.
Agent actions come from a per-case random.Random (never from the game's RNG) plus
deliberate scripted actions; each case asserts that it really exercises the rule its
"what" names, so the golden data provably covers those rules.

Format of episodes.json: {"cases": [case, ...], "invalid_scenarios": [...]}; a case is
  {"name", "what", "scenario": {"max_steps", "max_length", "line", "model"}, "ops": [...]}
with model colour keys as strings "1".."4" (key order kept; it is the walk order of
next_color_dist) and ops:
  {"op": "start", "ball": c, "draws": [["ball", u]]}   creation + ensure_ball()
  {"op": "start", "ball": null, "draws": []}           creation only (ball drawn lazily
                                                       by the first step)
  {"op": "step", "action": a, "line": [...], "ball": c, "reward": r, "done": b,
   "steps": s, "total": t, "draws": [[kind, value], ...]}
  {"op": "reset", "new_line": b, "line": [...], "ball": c_or_null, "draws": [...]}
Draw kinds: "ball" (u), "throw" (u), "miss" (resulting action), "pop" (u),
"line_length" (L), "line_colour" (c).
"""

import copy
import json
import os
import random
import sys

sys.dont_write_bytecode = True  # keep tools/ free of __pycache__
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "tools"))

import zuma_reference as zr  # noqa: E402

# ---------------------------------------------------------------------------
# python_random.json
# ---------------------------------------------------------------------------

SEEDS = [0, 1, 42, 7, 123456789, 2**32 + 5, 2**53 - 1, -42]
RANDBELOW_NS = [1, 2, 3, 5, 7, 10, 11, 12, 13, 100, 1000, 2**31 - 1, 2**32 - 1]
CHOICE_SEQS = [[-1, 0, 1, 3, 4], [7], [-1, 0], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
               [-1, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10]]
RANDINT_ARGS = [(1, 4), (1, 15), (1, 10), (-1, 12), (0, 0), (5, 5), (1, 2**31), (-3, 3)]
CALLS_PER_STREAM = 60


def random_stream(seed):
    rng = random.Random(seed)
    calls = []
    for i in range(CALLS_PER_STREAM):
        kind = i % 5
        j = i // 5 + seed % 7  # vary parameters per stream and per round
        if kind == 0:
            calls.append({"op": "random", "result": rng.random()})
        elif kind == 1:
            k = 1 + (j * 7 + i) % 32
            if i % 20 == 1:
                k = 32
            calls.append({"op": "getrandbits", "k": k, "result": rng.getrandbits(k)})
        elif kind == 2:
            n = RANDBELOW_NS[j % len(RANDBELOW_NS)]
            calls.append({"op": "randbelow", "n": n, "result": rng._randbelow(n)})
        elif kind == 3:
            seq = CHOICE_SEQS[j % len(CHOICE_SEQS)]
            calls.append({"op": "choice", "seq": list(seq), "result": rng.choice(seq)})
        else:
            a, b = RANDINT_ARGS[j % len(RANDINT_ARGS)]
            calls.append({"op": "randint", "a": a, "b": b, "result": rng.randint(a, b)})
    return {"seed": seed, "calls": calls}


def make_python_random():
    assert random.Random(42).random() == 0.6394267984578837
    streams = [random_stream(s) for s in SEEDS]
    # Python seeds with abs(seed).
    r1, r2 = random.Random(-42), random.Random(42)
    assert [r1.random() for _ in range(5)] == [r2.random() for _ in range(5)]
    ops = {c["op"] for s in streams for c in s["calls"]}
    assert ops == {"random", "getrandbits", "randbelow", "choice", "randint"}
    return {"python": sys.version, "streams": streams}


# ---------------------------------------------------------------------------
# episodes.json
# ---------------------------------------------------------------------------

def model_to_json(model):
    """Int colour keys -> string keys, key order kept."""
    def colours(d):
        return {str(k): v for k, v in d.items()}
    out = {}
    for key, value in model.items():
        if key == "color_pop_reward":
            out[key] = {k: colours(v) for k, v in value.items()}
        elif isinstance(value, dict):
            out[key] = colours(value)
        else:
            out[key] = value
    return out


def make_model(chosen=None, dist=None, pop=None, three=None, extra=None,
               punish=None, finished=150, seed=42):
    m = zr.example_model()
    if chosen is not None:
        m["chosen_action_prob"] = chosen
    if dist is not None:
        m["next_color_dist"] = dist
    if pop is not None:
        m["color_pop_prob"] = pop
    if three is not None:
        m["color_pop_reward"]["3_pop"] = three
    if extra is not None:
        m["color_pop_reward"]["extra_pop"] = extra
    if punish is not None:
        m["color_not_finished_punishment"] = punish
    m["finished_reward"] = finished
    m["seed"] = seed
    return m


def all_colours(p):
    return {1: p, 2: p, 3: p, 4: p}


ONLY_3 = {3: 1.0, 1: 0.0, 2: 0.0, 4: 0.0}  # every ball is green


# -- agent policies (use the per-case agent RNG, never the game's) ----------

def random_policy(game, agent):
    return agent.randint(-1, len(game.line))


def aim(line, ball):
    """An insertion index that makes a run of 3+ of `ball`, or None."""
    for i in range(len(line) + 1):
        left = line[max(0, i - 2):i]
        right = line[i:i + 2]
        same = 1
        for c in reversed(left):
            if c != ball:
                break
            same += 1
        for c in right:
            if c != ball:
                break
            same += 1
        if same >= 3:
            return i
    return None


def greedy_policy(game, agent):
    i = aim(game.line, game.current_ball)
    return random_policy(game, agent) if i is None else i


def skip_mostly_policy(game, agent):
    return -1 if agent.random() < 0.7 else random_policy(game, agent)


def half_skip_policy(game, agent):
    return -1 if agent.random() < 0.5 else random_policy(game, agent)


def scripted(actions, then):
    """Play `actions` first (one per call), then fall back to `then`."""
    queue = list(actions)

    def policy(game, agent):
        return queue.pop(0) if queue else then(game, agent)
    return policy


# -- case runner -----------------------------------------------------------

class Case:
    def __init__(self, name, what, max_steps, max_length, line, model, agent_seed):
        self.name = name
        self.what = what
        self.scenario = {"max_steps": max_steps, "max_length": max_length,
                         "line": list(line), "model": model_to_json(model)}
        self.game = zr.ZumaGame(max_steps, max_length, line, model)
        self.agent = random.Random(agent_seed)
        self.ops = []
        self.records = []  # {op, info, line_before} per step, for assertions

    def start(self, ensure_ball=True):
        assert not self.ops
        if ensure_ball:
            ball = self.game.ensure_ball()
            draws = copy.deepcopy(self.game.last_draws)
        else:
            ball, draws = None, []
        self.ops.append({"op": "start", "ball": ball, "draws": draws})
        return self

    def step(self, policy):
        g = self.game
        line_before = list(g.line)
        action = policy(g, self.agent)
        line, next_ball, reward, done = g.step(action)
        op = {"op": "step", "action": action, "line": line, "ball": next_ball,
              "reward": reward, "done": done, "steps": g.steps, "total": g.total_reward,
              "draws": copy.deepcopy(g.last_draws)}
        self.ops.append(op)
        self.records.append({"op": op, "info": copy.deepcopy(g.last_info),
                             "line_before": line_before})
        return self

    def steps(self, n, policy):
        for _ in range(n):
            if self.game.done:
                break
            self.step(policy)
        return self

    def play(self, policy):
        while not self.game.done:
            self.step(policy)
        return self

    def reset(self, new_line):
        line = self.game.reset(new_line)
        self.ops.append({"op": "reset", "new_line": new_line, "line": line,
                         "ball": self.game.current_ball,
                         "draws": copy.deepcopy(self.game.last_draws)})
        return self

    def to_json(self):
        return {"name": self.name, "what": self.what, "scenario": self.scenario,
                "ops": self.ops}


def pops_done(rec):
    return [p for p in rec["info"]["pops"] if p[2]]


def has_run(line):
    return bool(zr.find_runs(line))


# -- the cases -------------------------------------------------------------

def case_example_random():
    c = Case("example_seed42_random",
             "spec example scenario (seed 42) played 20 steps with random legal actions",
             20, 15, zr.EXAMPLE_SCENARIO["line"], zr.example_model(), agent_seed=1)
    c.start().play(random_policy)
    assert len(c.records) == 20 and c.game.done and c.game.steps == 20
    return c


def case_example_greedy():
    c = Case("example_seed42_greedy",
             "spec example scenario (seed 42) played 20 steps aiming at pairs (other script)",
             20, 15, zr.EXAMPLE_SCENARIO["line"], zr.example_model(), agent_seed=2)
    c.start().play(greedy_policy)
    assert len(c.records) == 20 and c.game.done
    assert any(pops_done(r) for r in c.records), "greedy script should pop something"
    return c


def case_chain_two():
    model = make_model(chosen=all_colours(1.0), dist=ONLY_3, pop=all_colours(1.0), seed=3)
    c = Case("chain_two_pops",
             "chain reaction of 2 pops (green 3, then blue run of 4 with extra_pop)",
             10, 12, [4, 2, 2, 3, 3, 2, 2, 1, 1], model, agent_seed=3)
    c.start().step(scripted([3], random_policy))
    c.steps(6, random_policy)
    first = c.records[0]
    assert len(pops_done(first)) == 2 and [p[1] for p in pops_done(first)] == [3, 4]
    assert first["op"]["line"] == [4, 1, 1]
    assert first["op"]["reward"] == 2 + (1 + 1 * 2)
    return c


def case_chain_three():
    model = make_model(chosen=all_colours(1.0), dist=ONLY_3, pop=all_colours(1.0), seed=4)
    c = Case("chain_three_pops",
             "chain reaction of 3 pops (green, blue, red) leaving [4,4]",
             10, 12, [4, 1, 1, 2, 2, 3, 3, 2, 1, 4], model, agent_seed=4)
    c.start().step(scripted([5], random_policy))
    c.steps(6, random_policy)
    first = c.records[0]
    assert len(pops_done(first)) == 3 and first["op"]["line"] == [4, 4]
    assert sum(1 for d in first["op"]["draws"] if d[0] == "pop") == 3
    return c


def case_zero_reward_stops():
    model = make_model(chosen=all_colours(1.0), dist=ONLY_3, pop=all_colours(1.0),
                       three={1: 3, 2: 1, 3: 0, 4: 2}, extra={1: 1, 2: 2, 3: 0, 4: 1}, seed=5)
    c = Case("zero_reward_pop_stops_chain",
             "a pop worth 0 removes its run but stops the chain; the blue 3-run left behind "
             "does not pop on later non-touching throws",
             8, 12, [1, 2, 2, 3, 3, 2, 1], model, agent_seed=5)
    c.start().step(scripted([3], random_policy))
    c.step(scripted([0], random_policy))
    c.steps(5, random_policy)
    first, second = c.records[0], c.records[1]
    assert len(first["info"]["pops"]) == 1 and len(pops_done(first)) == 1
    assert first["op"]["reward"] == 0 and first["op"]["line"] == [1, 2, 2, 2, 1]
    assert has_run(first["op"]["line"])
    assert second["info"]["pops"] == [] and has_run(second["op"]["line"])
    return c


def case_negative_reward_continues():
    model = make_model(chosen=all_colours(1.0), dist=ONLY_3, pop=all_colours(1.0),
                       three={1: 3, 2: 1, 3: -1, 4: 2}, extra={1: 1, 2: 2, 3: 0, 4: 1}, seed=6)
    c = Case("negative_pop_reward_continues_chain",
             "a pop with negative (non-zero) reward still continues the chain",
             8, 12, [1, 2, 2, 3, 3, 2, 1], model, agent_seed=6)
    c.start().step(scripted([3], random_policy))
    c.steps(5, random_policy)
    first = c.records[0]
    assert len(pops_done(first)) == 2 and first["op"]["reward"] == -1 + 1
    assert first["op"]["line"] == [1, 1]
    return c


def case_run_not_containing_index():
    model = make_model(chosen=all_colours(1.0), dist=ONLY_3, pop=all_colours(1.0), seed=8)
    c = Case("run_not_containing_index_never_pops",
             "initial 3+ runs (even one adjacent to the popped run's start) never pop unless "
             "they contain the current index; only the first containing run is tried",
             10, 14, [2, 2, 2, 3, 3, 1, 1, 4, 4, 4, 1], model, agent_seed=8)
    c.start()
    c.step(scripted([3], random_policy))   # pops green; index 3 is just past [2,2,2]
    c.step(scripted([4], random_policy))   # green between 1s: no run, no pop draw
    c.steps(6, random_policy)
    first, second = c.records[0], c.records[1]
    assert len(first["info"]["pops"]) == 1 and len(pops_done(first)) == 1
    assert first["op"]["line"] == [2, 2, 2, 1, 1, 4, 4, 4, 1]
    assert second["info"]["pops"] == []
    assert [d[0] for d in second["op"]["draws"]] == ["throw", "ball"]
    assert zr.find_runs(second["op"]["line"]) == [(0, 3), (6, 9)]
    return c


def case_failed_throws():
    model = make_model(chosen=all_colours(0.2), seed=7)
    c = Case("failed_throws_and_misses",
             "chosen_action_prob 0.2: misses via choice() over the other actions, including "
             "inserts that become skips and skips that become inserts",
             40, 5, [1, 2, 3], model, agent_seed=9)
    c.start().play(scripted([-1, -1, -1, -1], half_skip_policy))
    infos = [r["info"] for r in c.records]
    assert any(i["aimed"] != -1 and i["action"] == -1 for i in infos)
    assert any(i["aimed"] == -1 and i["action"] != -1 for i in infos)
    assert any(i["aimed"] == i["action"] for i in infos)
    assert any(i["aimed"] != i["action"] and i["action"] >= 0 and i["aimed"] >= 0 for i in infos)
    for r in c.records:
        misses = [d for d in r["op"]["draws"] if d[0] == "miss"]
        assert (r["info"]["aimed"] != r["info"]["action"]) == bool(misses)
        assert not misses or misses[0][1] == r["info"]["action"]
    return c


def case_fall_off():
    model = make_model(chosen=all_colours(0.9), pop=all_colours(0.5), seed=11)
    c = Case("fall_off_end",
             "line longer than max_length after the chain: the last ball falls off, "
             "reward -= extra_pop[its colour] (including the appended ball itself)",
             15, 6, [1, 2, 3, 4, 1, 2], model, agent_seed=11)
    c.start().step(scripted([6], random_policy))
    c.play(scripted([0, 2], random_policy))
    falls = [r for r in c.records if r["info"]["fell_off"] is not None]
    assert len(falls) >= 3
    assert any(r["info"]["action"] == len(r["line_before"]) for r in falls), "appended ball falls"
    assert any(r["info"]["action"] < len(r["line_before"]) for r in falls), "old last ball falls"
    for r in c.records:
        assert len(r["op"]["line"]) <= 6
    return c


def case_finished_reward():
    model = make_model(chosen=all_colours(1.0), dist=ONLY_3, pop=all_colours(1.0),
                       finished=150, seed=12)
    c = Case("finished_reward_line_cleared",
             "a 3-pop chain empties the line: game over with +finished_reward; then "
             "reset(false) and the same again, then reset(true) and play on",
             10, 10, [1, 1, 2, 2, 3, 3, 2, 1], model, agent_seed=12)
    c.start().step(scripted([4], random_policy))
    c.reset(False).step(scripted([5], random_policy))
    c.reset(True).play(greedy_policy)
    for r in c.records[:2]:
        assert r["op"]["done"] and r["op"]["line"] == [] and r["info"]["finished"]
        assert len(pops_done(r)) == 3
        assert r["op"]["reward"] == 2 + 1 + 3 + 150 and r["op"]["steps"] == 1
    return c


def case_punishment():
    model = make_model(chosen=all_colours(1.0), seed=13)
    c = Case("leftover_punishment_at_max_steps",
             "steps reaches max_steps with balls left: -= punishment[colour] per ball; "
             "twice (reset(false) in between)",
             6, 12, [1, 2, 3, 4, 3, 2, 1], model, agent_seed=13)
    c.start().play(skip_mostly_policy).reset(False).play(random_policy)
    ends = [r for r in c.records if r["op"]["done"]]
    assert len(ends) == 2
    for r in ends:
        assert r["op"]["steps"] == 6 and r["op"]["line"] and r["info"]["punished_balls"] > 0
    return c


def case_resets():
    c = Case("resets_multi_episode",
             "reset(false)/reset(true) after and during episodes: no re-seed, ball kept, "
             "reset(false) after reset(true) restores the creation line",
             8, 15, zr.EXAMPLE_SCENARIO["line"], zr.example_model(), agent_seed=14)
    c.start()
    c.play(random_policy).reset(False)
    c.steps(5, greedy_policy).reset(False)           # mid-episode reset
    c.play(random_policy).reset(True)
    c.play(greedy_policy).reset(True)
    c.steps(3, random_policy).reset(False)
    c.play(random_policy)
    resets = [o for o in c.ops if o["op"] == "reset"]
    assert [o["new_line"] for o in resets] == [False, False, True, True, False]
    assert resets[-1]["line"] == zr.EXAMPLE_SCENARIO["line"]
    prev = None
    for o in c.ops:
        if o["op"] == "reset":
            assert o["ball"] == prev["ball"] and o["ball"] is not None
        prev = o
    for o in resets:
        assert [d[0] for d in o["draws"]][:1] == (["line_length"] if o["new_line"] else [])
    return c


def case_lazy_ball():
    c = Case("lazy_ball_after_new_line_reset",
             "no ensure_ball(): reset(true) draws the line before any ball, and the first "
             "step draws the ball itself (\"ball\" draw before \"throw\")",
             12, 10, [1, 2, 3, 4], zr.example_model() | {"seed": 99}, agent_seed=15)
    c.start(ensure_ball=False).reset(True)
    c.play(random_policy)
    assert c.ops[1]["ball"] is None
    first = c.records[0]
    assert [d[0] for d in first["op"]["draws"]][:2] == ["ball", "throw"]
    return c


def case_grading():
    c = Case("grading_protocol",
             "homework grading loop: max_steps 50, max_length 10, 3 episodes each from "
             "reset(true)",
             50, 10, [1, 2, 3, 4, 1, 2, 3, 4], zr.example_model() | {"seed": 2024}, agent_seed=16)
    c.start()
    for _ in range(3):
        c.reset(True).play(greedy_policy)
    dones = [r for r in c.records if r["op"]["done"]]
    assert len(dones) == 3
    assert sum(1 for o in c.ops if o["op"] == "reset" and o["new_line"]) == 3
    assert any(r["info"]["fell_off"] for r in c.records)
    return c


def case_key_order_and_floats():
    # Non-sorted key order everywhere, and float rewards (accumulation order matters).
    model = {
        "chosen_action_prob": {4: 0.75, 3: 0.8, 2: 0.85, 1: 0.7},
        "next_color_dist": {4: 0.1, 3: 0.2, 2: 0.3, 1: 0.4},
        "color_pop_prob": {2: 0.8, 1: 0.7, 4: 0.9, 3: 0.6},
        "color_pop_reward": {"3_pop": {3: 1.1, 1: 2.2, 4: 0.3, 2: 0.7},
                             "extra_pop": {2: 0.1, 4: 0.2, 1: 0.3, 3: 0.4}},
        "color_not_finished_punishment": {1: 0.1, 2: 0.2, 3: 0.3, 4: 0.7},
        "finished_reward": 10.5,
        "seed": 77,
    }
    c = Case("key_order_and_float_rewards",
             "next_color_dist walked in its (non-sorted) key order; float rewards summed in "
             "spec order (pops, fall-off, per-ball punishment)",
             30, 8, [4, 4, 1, 2, 2, 3, 1], model, agent_seed=17)
    c.start().play(greedy_policy)
    balls = []
    for o in c.ops:
        for d in o["draws"]:
            if d[0] == "ball":
                balls.append(d[1])
    sorted_dist = dict(sorted(model["next_color_dist"].items()))

    def walk(u, dist):
        s = 0.0
        for k, p in dist.items():
            if u < p + s:
                return k
            s += p
    assert any(walk(u, model["next_color_dist"]) != walk(u, sorted_dist) for u in balls)
    assert any(isinstance(r["op"]["reward"], float) and r["op"]["reward"] != 0
               and pops_done(r) for r in c.records)
    assert c.records[-1]["info"]["punished_balls"] >= 2
    assert any(r["info"]["fell_off"] for r in c.records)
    return c


def case_pop_fails():
    model = make_model(chosen=all_colours(1.0), dist={3: 0.5, 1: 0.25, 4: 0.25, 2: 0.0},
                       pop={1: 0.5, 2: 0.0, 3: 1.0, 4: 0.5}, seed=18)
    c = Case("pop_chance_fails",
             "a pop draw that fails stops the pass (here the 2nd pass of a chain); a failed "
             "3+ run stays and can pop later when extended to 4+",
             30, 14, [4, 2, 2, 3, 3, 2, 1, 1, 4, 4], model, agent_seed=19)
    c.start()
    assert c.game.current_ball == 3
    c.step(scripted([3], greedy_policy))
    c.play(greedy_policy)
    first = c.records[0]
    assert [p[2] for p in first["info"]["pops"]] == [True, False]
    assert first["op"]["line"] == [4, 2, 2, 2, 1, 1, 4, 4]
    fails = [p for r in c.records for p in r["info"]["pops"] if not p[2] and p[0] != 2]
    assert len(fails) >= 2
    assert any(p[1] >= 4 and p[2] for r in c.records for p in r["info"]["pops"])
    return c


CASES = [
    case_example_random, case_example_greedy, case_chain_two, case_chain_three,
    case_zero_reward_stops, case_negative_reward_continues, case_run_not_containing_index,
    case_failed_throws, case_fall_off, case_finished_reward, case_punishment, case_resets,
    case_lazy_ball, case_grading, case_key_order_and_floats, case_pop_fails,
]


def invalid_scenarios():
    """Scenarios whose creation must fail (ValueError in the reference)."""
    out = []

    def add(name, what, max_steps, max_length, line, model):
        try:
            zr.ZumaGame(max_steps, max_length, line, model)
        except ValueError:
            pass
        else:
            raise AssertionError(name + " should be rejected")
        out.append({"name": name, "what": what,
                    "scenario": {"max_steps": max_steps, "max_length": max_length,
                                 "line": list(line), "model": model_to_json(model)}})
    add("line_longer_than_max_length", "len(line) > max_length at creation",
        20, 5, [1, 2, 3, 4, 1, 2], zr.example_model())
    add("dist_sum_not_exactly_one",
        "next_color_dist {1:0.4,2:0.3,3:0.2,4:0.1} sums to 0.9999999999999999 left to right "
        "(the same values in order 0.1,0.2,0.3,0.4 are valid: see key_order_and_float_rewards)",
        20, 15, [1, 2, 3], make_model(dist={1: 0.4, 2: 0.3, 3: 0.2, 4: 0.1}))
    add("dist_sum_too_small", "next_color_dist summing to 0.9",
        20, 15, [1, 2, 3], make_model(dist={1: 0.1, 2: 0.5, 3: 0.15, 4: 0.15}))
    return out


def make_episodes():
    cases = [f() for f in CASES]
    names = [c.name for c in cases]
    assert len(set(names)) == len(names)
    # Global coverage: misses to skip, failed pops, fall-offs, finishes, punishments.
    recs = [r for c in cases for r in c.records]
    assert any(r["info"]["finished"] for r in recs)
    assert any(r["info"]["punished_balls"] for r in recs)
    assert any(r["info"]["fell_off"] for r in recs)
    assert any(p[1] >= 4 and p[2] for r in recs for p in r["info"]["pops"])
    return {"cases": [c.to_json() for c in cases], "invalid_scenarios": invalid_scenarios()}


def write_json(name, data):
    path = os.path.join(HERE, name)
    text = json.dumps(data, indent=1, sort_keys=False) + "\n"
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("wrote %s (%d bytes)" % (path, len(text)))


def main():
    write_json("python_random.json", make_python_random())
    write_json("episodes.json", make_episodes())


if __name__ == "__main__":
    main()
