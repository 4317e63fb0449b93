"""make_vec: N games stepped per call in C++. Every episode a vector environment plays is the episode a single
environment plays from the same seed and actions (observations, masks, rewards, ends), games that end restart
in the same step with the next seeds, and bad actions are refused before any game moves."""

import json

import numpy as np
import pytest

import rlplayground
from conftest import GAMES, ONE_PLAYER, random_masked_action

NUM_ENVS = 3
SEED = 20


def play_vector(game, steps, **options):
    """Masked random play; every finished episode as (seed, [(action, obs_after, mask_after, player_rewards,
    terminated, truncated)]), the observation of the ending step being final_observation."""
    vec = rlplayground.make_vec(game, NUM_ENVS, **options)
    obs, infos = vec.reset(seed=SEED)
    rng = np.random.default_rng(SEED)
    running = [(int(infos["episode_seed"][i]), obs[i].copy(), infos["action_mask"][i].copy(), []) for i in range(NUM_ENVS)]
    finished = []
    for _ in range(steps):
        actions = [random_masked_action(rng, infos["action_mask"][i]) for i in range(NUM_ENVS)]
        obs, rewards, terminations, truncations, infos = vec.step(actions)
        for i in range(NUM_ENVS):
            seed, first_obs, first_mask, steps_so_far = running[i]
            ended = bool(terminations[i] or truncations[i])
            assert rewards[i] == infos["player_rewards"][i][infos["mover"][i]]
            after = infos["final_observation"][i] if ended else obs[i]
            mask = None if ended else infos["action_mask"][i].copy()
            steps_so_far.append(
                (actions[i], after.copy(), mask, infos["player_rewards"][i].copy(), bool(terminations[i]), bool(truncations[i]))
            )
            if ended:
                finished.append((seed, first_obs, first_mask, steps_so_far))
                running[i] = (int(infos["episode_seed"][i]), obs[i].copy(), infos["action_mask"][i].copy(), [])
                assert infos["episode_length"][i] == 0
    return vec, finished


def replay_single(game, seed, first_obs, first_mask, steps, **options):
    env = rlplayground.make(game, **options)
    if game in ONE_PLAYER:
        obs, info = env.reset(seed=seed)
        assert np.array_equal(obs, first_obs) and np.array_equal(info["action_mask"], first_mask)
        for action, after, mask, player_rewards, terminated, truncated in steps:
            obs, reward, term, trunc, info = env.step(action)
            assert np.array_equal(obs, after)
            assert reward == player_rewards[0] and (term, trunc) == (terminated, truncated)
            if mask is not None:
                assert np.array_equal(info["action_mask"], mask)
    else:
        env.reset(seed=seed)
        assert np.array_equal(env.observe(env.agent_selection), first_obs)
        assert np.array_equal(env.infos[env.agent_selection]["action_mask"], first_mask)
        for action, after, mask, player_rewards, terminated, truncated in steps:
            env.step(action)
            assert [env.rewards[a] for a in env.possible_agents] == list(player_rewards)
            assert np.array_equal(env.observe(env.agent_selection), after)
            assert env.terminations[env.agent_selection] == terminated
            assert env.truncations[env.agent_selection] == truncated
            if mask is not None:
                assert np.array_equal(env.infos[env.agent_selection]["action_mask"], mask)


@pytest.mark.parametrize("game", GAMES)
def test_each_episode_is_the_single_environments_episode(game):
    options = {"max_episode_steps": 40} if game == "sokoban" else {}  # Sokoban's random walks end late
    vec, finished = play_vector(game, 120, **options)
    assert finished, "no episode ended: play longer"
    for seed, first_obs, first_mask, steps in finished:
        replay_single(game, seed, first_obs, first_mask, steps, **options)


def test_episodes_take_the_next_seeds_in_the_order_they_start():
    vec = rlplayground.make_vec("tictactoe", 4)
    _, infos = vec.reset(seed=100)
    assert list(infos["episode_seed"]) == [100, 101, 102, 103]
    rng = np.random.default_rng(0)
    started = [100, 101, 102, 103]
    for _ in range(30):
        _, _, terminations, truncations, infos = vec.step([random_masked_action(rng, m) for m in infos["action_mask"]])
        for i in np.flatnonzero(terminations | truncations):
            started.append(int(infos["episode_seed"][i]))
    assert started == list(range(100, 100 + len(started))) and len(started) > 8


def test_the_same_seed_and_actions_give_the_same_arrays():
    def run():
        vec = rlplayground.make_vec("zuma", 5)
        obs, infos = vec.reset(seed=3)
        rng = np.random.default_rng(3)
        out = []
        for _ in range(50):
            obs, rewards, term, trunc, infos = vec.step([random_masked_action(rng, m) for m in infos["action_mask"]])
            out.append((obs.copy(), rewards.copy(), term.copy()))
        return out

    for (a, b, c), (x, y, z) in zip(run(), run()):
        assert np.array_equal(a, x) and np.array_equal(b, y) and np.array_equal(c, z)


def test_a_bad_action_is_refused_before_any_game_moves():
    vec = rlplayground.make_vec("tictactoe", 3)
    vec.reset(seed=0)
    vec.step([4, 4, 4])
    before = [vec.state_json(i) for i in range(3)]
    with pytest.raises(ValueError, match=r"actions\[2\] = 4: not legal in game 2 \(legal: 0 \('a3'\)"):
        vec.step([0, 1, 4])
    with pytest.raises(ValueError, match=r"actions\[0\] = 9: outside the action space of tictactoe \(0 to 8\)"):
        vec.step([9, 0, 0])
    with pytest.raises(ValueError, match="one action per game, 3 of them"):
        vec.step([0, 1])
    with pytest.raises(TypeError, match="integers"):
        vec.step([0.0, 1.0, 2.0])
    assert [vec.state_json(i) for i in range(3)] == before
    with pytest.raises(RuntimeError, match=r"reset\(\)"):
        rlplayground.make_vec("mancala", 2).step([0, 0])


def test_max_episode_steps_truncates_and_restarts():
    vec = rlplayground.make_vec("mancala", 2, max_episode_steps=3)
    _, infos = vec.reset(seed=0)
    rng = np.random.default_rng(0)
    for step in range(1, 4):
        _, _, term, trunc, infos = vec.step([random_masked_action(rng, m) for m in infos["action_mask"]])
    assert list(trunc) == [True, True] and not term.any()
    assert list(infos["episode_seed"]) == [2, 3] and list(infos["episode_length"]) == [0, 0]


def test_spaces_and_encodings():
    vec = rlplayground.make_vec("zuma", 2, max_length=6, random_lines=True)
    assert vec.observation_encoding == "zuma-rows-v1"
    assert vec.single_observation_space.shape == (8, 4) and vec.observation_space.shape == (2, 8, 4)
    assert vec.single_action_space.n == 8
    assert rlplayground.make_vec("zuma", 2, observation="features").observation_encoding == "features"
    with pytest.raises(ValueError, match="known: features"):
        rlplayground.make_vec("mancala", 2, observation="pixels")
    with pytest.raises(ValueError, match="num_envs"):
        rlplayground.make_vec("mancala", 0)
    with pytest.raises(RuntimeError, match=r"reset\(\)"):
        vec.state_json(0)
    vec.reset(seed=1)
    assert vec.state_json(1)["max_length"] == 6 and len(vec.state_json(1)["line"]) <= 6
