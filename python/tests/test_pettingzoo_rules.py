"""The rules PettingZoo's AEC checker (pettingzoo.test.api_test) enforces, for every two-player game;
docs/python.md lists them. Where PettingZoo imports, its own checker runs too."""

import json
import re
from collections import defaultdict

import numpy as np
import pytest

import rlplayground
from conftest import TWO_PLAYERS


@pytest.fixture(params=TWO_PLAYERS)
def env(request):
    return rlplayground.make(request.param, render_mode="ansi")


def test_reset_takes_seed_and_options_and_starts_everyone_live(env):
    env.reset(seed=0, options={"options": 1})
    assert env.agents == env.possible_agents == ["player_0", "player_1"]
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    assert isinstance(env.num_agents, int) and env.num_agents == 2 == env.max_num_agents
    assert env.agent_selection in env.agents


def test_last_gives_the_selected_agents_view(env):
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.last()
    assert isinstance(obs, np.ndarray) and obs.shape != (0,) and obs.dtype == np.float32
    assert np.isfinite(obs).all()
    assert reward == 0 and terminated is False and truncated is False
    assert info is env.infos[env.agent_selection]
    assert env.last(observe=False)[0] is None


def test_spaces_are_stable_objects_of_the_right_kinds(env):
    env.reset(seed=0)
    for agent in env.agents:
        assert re.match("[a-z]+_[0-9]+", agent)
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert isinstance(env.observation_space(agent), rlplayground.Box)
        assert isinstance(env.action_space(agent), rlplayground.Discrete)
        assert env.observation_space(agent) == env.observation_space(env.agents[0])
        space = env.observation_space(agent)
        assert space.low.shape == space.shape == space.high.shape and not np.any(space.low > space.high)


def play_like_the_checker(env, seed, max_steps=10_000):
    """The checker's play test: masks from info, the accumulated rewards, the dicts' keys, done agents
    stepped with None and removed, observations in their space."""
    env.reset(seed=seed)
    env.action_space("player_0").seed(seed)
    live, finished, generated = set(env.agents), set(), set()
    accumulated = defaultdict(float)
    for agent in env.agent_iter(max_steps):
        generated.add(agent)
        assert agent not in finished, "agents cannot come back"
        assert isinstance(env.infos[agent], dict)
        obs, reward, terminated, truncated, info = env.last()
        assert isinstance(terminated, bool) and terminated == env.terminations[agent]
        assert isinstance(truncated, bool) and truncated == env.truncations[agent]
        assert info is env.infos[agent]
        float(env.rewards[agent])
        if terminated or truncated:
            action = None
            assert not info["action_mask"].any()
        else:
            mask = info["action_mask"]
            assert mask.dtype == np.bool_ and mask.shape == (env.action_space(agent).n,)
            assert np.flatnonzero(mask).tolist() == env.legal_actions()
            action = env.action_space(agent).sample(mask)
            assert mask[action]
        assert live.issubset(set(env.agents))
        if terminated or truncated:
            live.remove(agent)
            finished.add(agent)
        assert accumulated[agent] == reward, "last() must give the rewards accumulated since the agent last acted"
        accumulated[agent] = 0
        assert env.step(action) is None
        for a, r in env.rewards.items():
            accumulated[a] += r
        assert env.num_agents == len(env.agents)
        for table in (env.rewards, env.terminations, env.truncations, env.infos):
            assert set(table) == set(env.agents)
        assert set(env.agents).issubset(env.possible_agents)
        if not env.agents:
            break
        assert obs in env.observation_space(agent) and obs.dtype == env.observation_space(agent).dtype
    assert not env.agents, "the game did not end"
    assert finished == generated == set(env.possible_agents)


def test_play_follows_the_checkers_rules(env):
    for seed in range(3):
        play_like_the_checker(env, seed)


def test_actions_may_be_numpy_integers(env):
    env.reset(seed=0)
    action = env.legal_actions()[0]
    env.step(np.int32(action))
    env.reset(seed=0)
    env.step(np.int64(action))


def test_returns_match_the_engine_and_are_zero_sum_at_the_end(env):
    env = rlplayground.make(env.game, record=True)  # the trace's returns too
    env.reset(seed=4)
    totals = defaultdict(float)
    rng = np.random.default_rng(4)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert [totals[a] for a in env.possible_agents] == env.returns() == json.loads(env.trace())["returns"]


def test_render_and_close_are_defined(env):
    env.reset(seed=0)
    assert isinstance(env.render(), str) and env.render()
    env.close()


def test_max_episode_steps_truncates_both_agents():
    env = rlplayground.make("mancala", max_episode_steps=3)
    env.reset(seed=0)
    for _ in range(3):
        env.step(env.legal_actions()[0])
    assert all(env.truncations.values()) and not any(env.terminations.values())
    env.step(None)
    env.step(None)
    assert env.agents == []


def test_pettingzoo_checker_passes(env):
    pettingzoo_test = pytest.importorskip("pettingzoo.test")
    pettingzoo_test.api_test(env, num_cycles=100)
