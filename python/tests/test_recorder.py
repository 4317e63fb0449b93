"""Python agents recorded with their thinking: for every game, the trace a Recorder writes is read back by the
engine's trace reader (the page's Import trace, through the module and through `playground GAME replay
--trace`) with every decision field as the agent gave it."""

import json

import numpy as np
import pytest

import rlplayground
from conftest import GAMES, run_cli

# A place of each game's board, as drawings name them (docs/agent-protocol.md).
PLACES = {"tictactoe": "b2", "mancala": "0:1", "morris": "a", "binary": "0,0", "sokoban": "1,1", "zuma": "0"}


class Thinker:
    """Softmax of a fixed preference over the legal actions, drawn from its own generator; it says all of it."""

    name = "python:thinker"

    def __init__(self, game, seed):
        self.rng = np.random.default_rng(seed)
        self.place = PLACES[game]
        self.answers = []

    def act(self, observation, info):
        legal = info["legal_actions"]
        values = np.full(len(info["action_mask"]), np.nan)
        values[legal] = np.linspace(-1, 1, len(legal))
        p = np.zeros(len(values))
        p[legal] = np.exp(values[legal]) / np.exp(values[legal]).sum()
        action = int(self.rng.choice(len(p), p=p))
        answer = {
            "action": action,
            "probabilities": p,
            "values": values,
            "value": float(np.dot(p[legal], values[legal])),
            "note": f"step {len(self.answers)}",
            "drawings": [{"mark": self.place, "text": "look", "weight": 0.5}, {"heat": {self.place: 1.0}}],
        }
        env = info["env"]
        self.answers.append((answer, {env.action_name(i): (p[i], values[i]) for i in legal}))
        return answer


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_trace_is_read_back_with_its_decisions(game, tmp_path):
    players = rlplayground.game_info(game)["num_players"]
    thinker = Thinker(game, 5)
    seats = [thinker] if players == 1 else [thinker, "random"]
    recorder = rlplayground.Recorder(game, seats, max_episode_steps=40)
    text = recorder.save(tmp_path / "trace.json", seed=9)
    read = rlplayground.read_trace(text)
    assert read["trace"] == text  # read and written back by the engine: nothing lost or changed
    assert (tmp_path / "trace.json").read_text() == text
    cli = run_cli(game, "replay", "--trace", str(tmp_path / "trace.json"))
    assert cli == text
    trace = json.loads(text)
    assert trace["agents"][0] == "python:thinker"
    mine = [s for s in trace["steps"] if s["agent"] == "python:thinker"]
    assert len(mine) == len(thinker.answers) > 0
    for step, (answer, per_action) in zip(mine, thinker.answers):
        d = step["decision"]
        assert d["chosen"] == step["action"]
        assert {e["action"] for e in d["distribution"]} == set(per_action)
        for e in d["distribution"]:
            p, v = per_action[e["action"]]
            assert e["p"] == pytest.approx(p, abs=1e-12)
            assert e["score"] == pytest.approx(v, abs=1e-12)
        assert d["value"] == pytest.approx(answer["value"], abs=1e-12)
        assert d["note"] == answer["note"]
        assert d["drawings"] == answer["drawings"]


def test_answers_by_name_by_index_and_as_objects():
    env = rlplayground.make("tictactoe", record=True)
    env.reset(seed=1)
    env.step_with(lambda obs, info: "b2", name="by-name")
    first = env.action_name(0)
    env.step_with(lambda obs, info: 0)  # a bare index; named after the function
    decision = env.make_agent("perfect").decide()
    env.step_with(lambda obs, info: decision, name="our-decision")  # an object with the answer's attributes
    trace = json.loads(env.trace())
    assert [s["action"] for s in trace["steps"]] == ["b2", first, env.action_name(decision.action)]
    assert [s["agent"] for s in trace["steps"]] == ["by-name", "python:<lambda>", "our-decision"]
    # Without probabilities, all of them on the action played.
    assert {e["action"]: e["p"] for e in trace["steps"][0]["decision"]["distribution"] if e["p"]} == {"b2": 1.0}
    last = trace["steps"][2]["decision"]
    assert last["value"] == pytest.approx(decision.value)
    assert sum(e["p"] for e in last["distribution"]) == pytest.approx(1.0)
    assert rlplayground.read_trace(env.trace())["length"] == 3


def test_a_bad_answer_is_refused_as_a_programs_is_and_nothing_is_played():
    env = rlplayground.make("mancala", record=True)
    env.reset(seed=2)
    with pytest.raises(ValueError, match="reply.probabilities"):
        env.step_with(lambda obs, info: {"action": 0, "probabilities": np.full(6, 0.5)})
    with pytest.raises(ValueError, match=r"reply.drawings\[0\].mark: 'z9' is not a place"):
        env.step_with(lambda obs, info: {"action": 0, "drawings": [{"mark": "z9"}]})
    with pytest.raises(ValueError, match="unknown field"):
        env.step_with(lambda obs, info: {"action": 0, "confidence": 1})
    assert json.loads(env.trace())["steps"] == []
    with pytest.raises(ValueError, match="trace.steps"):
        rlplayground.read_trace(json.dumps({**json.loads(env.trace()), "steps": [{"action": "9"}]}))
