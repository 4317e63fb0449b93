"""The Zuma homework's game object on our engine (rlplayground.zuma) against the Python reference of the
course's engine (tools/zuma_reference.py): the same states, throws and rewards for the same seeds and actions,
and the example ex3.py (examples/python/zuma_homework/) learns the same policy and gets the same score on both."""

import importlib.util
import random
import sys

import pytest

from conftest import REPO
from rlplayground import zuma as ours

HOMEWORK = REPO / "examples" / "python" / "zuma_homework"


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reference = load("zuma_reference", REPO / "tools" / "zuma_reference.py")


def model(seed):
    m = reference.example_model()
    m["seed"] = seed
    return m


def load_ex3(zuma_module):
    """The example ex3.py as the homework runs it: its `import zuma` finds the given engine's module."""
    saved = sys.modules.get("zuma")
    sys.modules["zuma"] = zuma_module
    try:
        return load(f"ex3_on_{zuma_module.__name__.replace('.', '_')}", HOMEWORK / "ex3.py")
    finally:
        if saved is None:
            del sys.modules["zuma"]
        else:
            sys.modules["zuma"] = saved


def random_play(module, seed, episodes):
    """Everything the four methods return over random throws, fresh lines every other episode."""
    game = module.create_zuma_game((30, 8, [1, 2, 3, 3, 3, 4, 2, 1], model(seed), False))
    chooser = random.Random(seed)
    seen = []
    for episode in range(episodes):
        game.reset(generate_new_line=episode % 2 == 1)
        done = False
        while not done:
            state = game.get_current_state()
            result = game.submit_next_action(chooser.randint(-1, len(state[0])))
            seen.append((state, result, game.get_current_reward()))
            done = result[3]
    return seen


@pytest.mark.parametrize("seed", [42, 7, 2024, -5])
def test_every_state_throw_and_reward_is_the_references(seed):
    ours_seen = random_play(ours, seed, 40)
    assert ours_seen == random_play(reference, seed, 40)
    assert len(ours_seen) > 400


@pytest.mark.parametrize("seed", [42, 7, 2024])
def test_the_example_policy_learns_and_scores_the_same_on_both_engines(seed, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the policy saves zuma_policy.pkl where it runs
    scores, tables = [], []
    for module in (ours, reference):
        ex3 = load_ex3(module)
        game = module.create_zuma_game((50, 10, [1, 2, 3, 3, 3, 4, 2, 1, 2, 3], model(seed), False))
        policy = ex3.Policy(game, training_episodes=150)
        tables.append(policy.table)
        scores.append(game.evaluate_policy(policy, 300))
    assert tables[0] == tables[1]
    assert scores[0] == scores[1]


def test_the_example_policy_beats_random_throws(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = ours.create_zuma_game((50, 10, [1, 2, 3], model(42), False))

    class RandomThrows:
        chooser = random.Random(0)

        def choose_next_action(self, state):
            return self.chooser.randint(-1, len(state[0]))

    random_score = game.evaluate_policy(RandomThrows(), 1000)
    ex3 = load_ex3(ours)
    policy = ex3.Policy(game)
    loaded = ex3.Policy.__new__(ex3.Policy)
    loaded.load_policy("zuma_policy")  # what save_policy wrote, as the homework's check loads it
    assert loaded.table == policy.table
    assert game.evaluate_policy(policy, 1000) > random_score + 20  # about -17 against -54 here


def test_mistakes_raise_as_the_reference_does():
    game = ours.create_zuma_game((1, 5, [1, 1], model(1), False))
    with pytest.raises(ValueError, match="not an action here"):
        game.submit_next_action(3)
    assert game.submit_next_action(0)[3] is True
    with pytest.raises(RuntimeError, match=r"reset\(\)"):
        game.submit_next_action(0)
    with pytest.raises(ValueError, match="longer than max_length"):
        ours.create_zuma_game((5, 2, [1, 2, 3], model(1), False))
    uneven = model(1)
    uneven["next_color_dist"] = {1: 0.5, 2: 0.4}
    with pytest.raises(ValueError, match="next_color_dist"):
        ours.create_zuma_game((5, 5, [1], uneven, False))
