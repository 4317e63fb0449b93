"""The rules Gymnasium's checker (gymnasium.utils.env_checker.check_env) enforces, for every one-player game;
docs/python.md lists them. Where Gymnasium imports, its own checker runs too."""

import copy
import inspect

import numpy as np
import pytest

import rlplayground
from conftest import ONE_PLAYER, random_masked_action


def same(a, b):
    """Gymnasium's data_equivalence: same types, and for arrays the same shape, dtype and values."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return a.shape == b.shape and a.dtype == b.dtype and np.allclose(a, b, atol=1e-5)
    return a == b


@pytest.fixture(params=ONE_PLAYER)
def env(request):
    return rlplayground.make(request.param, render_mode="ansi")


def test_spaces_are_a_discrete_action_space_and_a_box(env):
    assert isinstance(env.action_space, rlplayground.Discrete)
    assert env.action_space.n == env.num_actions and env.action_space.shape == ()
    assert isinstance(env.observation_space, rlplayground.Box)
    assert env.observation_space.dtype == np.float32
    assert env.observation_space.low.shape == env.observation_space.shape == env.observation_space.high.shape
    assert not np.any(env.observation_space.low > env.observation_space.high)


def test_reset_takes_seed_and_options_and_returns_observation_and_info(env):
    parameters = inspect.signature(env.reset).parameters
    assert parameters["seed"].default is None and parameters["options"].default is None
    result = env.reset()
    assert isinstance(result, tuple) and len(result) == 2
    obs, info = result
    assert obs in env.observation_space and isinstance(info, dict)
    env.reset(options={})
    assert not callable(getattr(env, "seed", None))  # the checker warns about a seed() method


def test_reset_with_a_seed_seeds_the_generator_and_repeats_the_episode(env):
    obs_1, _ = env.reset(seed=123)
    assert env.unwrapped._np_random is not None
    rng_123 = copy.deepcopy(env.unwrapped._np_random)
    obs_2, _ = env.reset(seed=123)
    assert same(obs_1, obs_2)
    assert env.unwrapped._np_random.bit_generator.state == rng_123.bit_generator.state
    env.reset(seed=456)
    assert env.unwrapped._np_random.bit_generator.state != rng_123.bit_generator.state
    # Without a seed, the next episode's seed comes from the generator: after a seed, a sequence that repeats.
    def next_seeds():
        env.reset(seed=7)
        seeds = []
        for _ in range(3):
            env.reset()
            seeds.append(env.episode_seed)
        return seeds

    assert next_seeds() == next_seeds()
    assert len(set(next_seeds() + [7])) == 4


def test_step_returns_the_five_values_of_the_convention(env):
    obs, info = env.reset(seed=3)
    mask = info["action_mask"]
    assert isinstance(mask, np.ndarray) and mask.dtype == np.bool_ and mask.shape == (env.action_space.n,)
    result = env.step(random_masked_action(np.random.default_rng(0), mask))
    assert isinstance(result, tuple) and len(result) == 5
    obs, reward, terminated, truncated, info = result
    assert isinstance(obs, np.ndarray) and obs.dtype == env.observation_space.dtype and obs in env.observation_space
    assert isinstance(reward, float) and np.isfinite(reward)
    assert isinstance(terminated, bool) and isinstance(truncated, bool)
    assert isinstance(info, dict) and info["action_mask"].shape == mask.shape


def test_step_is_deterministic_given_the_seeds(env):
    results = []
    for _ in range(2):
        env.reset(seed=123)
        env.action_space.seed(123)
        steps = []
        mask = env.action_mask()
        for _ in range(5):
            step = env.step(env.action_space.sample(mask=mask))
            steps.append(step)
            mask = step[4]["action_mask"]
            if step[2] or step[3]:
                break
        results.append(steps)
    assert same(results[0], results[1])


def test_render_in_ansi_gives_text_and_the_modes_are_declared(env):
    assert "ansi" in env.metadata["render_modes"] and env.metadata["render_fps"] > 0
    env.reset(seed=1)
    assert isinstance(env.render(), str) and env.render()
    silent = rlplayground.make(env.game)
    silent.reset(seed=1)
    with pytest.warns(UserWarning):
        assert silent.render() is None
    env.close()
    env.close()  # closing twice is allowed


def test_the_mask_is_exactly_the_legal_actions_until_the_end(env):
    rng = np.random.default_rng(5)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            mask = info["action_mask"]
            assert np.flatnonzero(mask).tolist() == env.legal_actions()
            obs, reward, terminated, truncated, info = env.step(random_masked_action(rng, mask))
            assert obs in env.observation_space
        assert not info["action_mask"].any()  # nothing is legal once the episode is over


def test_max_episode_steps_truncates():
    env = rlplayground.make(ONE_PLAYER[0], max_episode_steps=2)
    _, info = env.reset(seed=1)
    _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not terminated and not truncated
    _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert truncated and not terminated
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


@pytest.mark.skipif(not rlplayground.gymnasium_available(), reason="Gymnasium is not installed here")
def test_gymnasium_checker_passes(env):
    from gymnasium.utils.env_checker import check_env

    check_env(env, skip_render_check=False)
