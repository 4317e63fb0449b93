"""Random play through the masks, for every game and a few of their options: never an illegal move, and
the spaces hold what the environment gives."""

import numpy as np
import pytest

import rlplayground
from conftest import GAMES, ONE_PLAYER

# Options that change the action space or the observation's shape.
VARIANTS = [
    ("binary", {"width": 4, "height": 5}),
    ("zuma", {"max_length": 6, "random_lines": True}),
    ("mancala", {"stones_per_pit": 3}),
    ("sokoban", {"collection": "teaching", "index": 2}),
]


def rollout(env, seed, rng):
    """One episode of uniform masked play; the number of steps."""
    steps = 0
    if env.game in ONE_PLAYER:
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            mask = info["action_mask"]
            assert mask.any()
            action = env.action_space.sample(mask=mask)
            assert mask[action] and action in env.action_space
            obs, reward, terminated, truncated, info = env.step(action)
            assert obs in env.observation_space
            done = terminated or truncated
            steps += 1
        return steps
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        assert obs in env.observation_space(agent)
        if terminated or truncated:
            env.step(None)
            continue
        action = env.action_space(agent).sample(mask=info["action_mask"])
        assert info["action_mask"][action]
        env.step(action)
        steps += 1
    return steps


@pytest.mark.parametrize("game,options", [(g, {}) for g in GAMES] + VARIANTS)
def test_masked_random_play_is_always_legal(game, options):
    env = rlplayground.make(game, **options)
    rng = np.random.default_rng(1)
    for seed in range(20):
        if game in ONE_PLAYER:
            env.action_space.seed(seed)
        else:
            for agent in env.possible_agents:
                env.action_space(agent).seed(seed)
        assert rollout(env, seed, rng) > 0


def test_discrete_sample_keeps_to_the_mask_in_bool_and_int8():
    space = rlplayground.Discrete(6, seed=3)
    mask = np.array([False, True, False, False, True, False])
    drawn = {int(space.sample(mask=mask)) for _ in range(200)}
    assert drawn == {1, 4}
    drawn = {int(space.sample(mask=mask.astype(np.int8))) for _ in range(200)}
    assert drawn == {1, 4}
    assert {int(space.sample()) for _ in range(500)} == set(range(6))
    with pytest.raises(ValueError, match="shape"):
        space.sample(mask=np.ones(5, dtype=bool))
    assert 5 in space and 6 not in space and -1 not in space and 2.0 not in space


def test_box_contains_checks_shape_dtype_and_bounds():
    box = rlplayground.Box(0.0, 1.0, shape=(2, 3), dtype=np.float32, seed=1)
    assert box.sample() in box
    assert np.zeros((2, 3), dtype=np.float32) in box
    assert np.zeros((3, 2), dtype=np.float32) not in box
    assert np.full((2, 3), 2.0, dtype=np.float32) not in box
