"""The same seed and actions give the command line's trace, byte for byte, for every game: actions given to
step() as `playground GAME replay` records them, our agents' moves (step_agent) as `playground GAME play`."""

import json

import numpy as np
import pytest

import rlplayground
from conftest import GAMES, ONE_PLAYER, run_cli

SEEDS = [3, 11]


def random_episode(env, seed, max_steps):
    """Masked random play from this seed for at most max_steps steps; the action names played."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    names = []
    while len(names) < max_steps:
        if env.game in ONE_PLAYER:
            if env._episode.is_terminal:
                break
        else:
            if env.terminations.get(env.agent_selection, True):
                break
        action = int(rng.choice(env.legal_actions()))
        names.append(env.action_name(action))
        env.step(action)
    return names


def cli_replay(game, seed, names, options=None):
    separator = ";" if any("," in n for n in names) else ","
    args = [game, "replay", "--seed", str(seed), "--actions=" + separator.join(names)]
    if options:
        args += ["--options", json.dumps(options)]
    return run_cli(*args)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_given_actions_give_the_trace_of_cli_replay(game, seed):
    env = rlplayground.make(game, record=True)
    names = random_episode(env, seed, max_steps=200)
    assert names
    trace = env.trace()
    assert trace == cli_replay(game, seed, names)
    assert json.loads(trace)["seed"] == seed


@pytest.mark.parametrize(
    "game,options",
    [("binary", {"width": 4, "height": 5}), ("zuma", {"max_length": 6, "max_steps": 30, "random_lines": True}), ("mancala", {"stones_per_pit": 3})],
)
def test_given_actions_with_options_give_the_trace_of_cli_replay(game, options):
    env = rlplayground.make(game, record=True, **options)
    names = random_episode(env, 5, max_steps=200)
    assert env.trace() == cli_replay(game, 5, names, options)


def test_an_unfinished_episode_gives_the_trace_of_its_steps():
    env = rlplayground.make("mancala", record=True)
    names = random_episode(env, 9, max_steps=4)
    assert len(names) == 4 and json.loads(env.trace())["done"] is False
    assert env.trace() == cli_replay("mancala", 9, names)


@pytest.mark.parametrize("game", GAMES)
def test_our_agents_give_the_trace_of_cli_play(game):
    specs = rlplayground.game_info(game)["default_agents"]
    env = rlplayground.make(game, record=True)
    seats = [env.make_agent(spec) for spec in specs]
    seed = 3
    env.reset(seed=seed)
    if game in ONE_PLAYER:
        done = False
        while not done:
            _, _, terminated, truncated, _ = env.step_agent(seats[0])
            done = terminated or truncated
    else:
        for agent in env.agent_iter():
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
            else:
                env.step_agent(seats[env.possible_agents.index(agent)])
    trace = env.trace(agents=[s.spec for s in seats])
    assert trace == run_cli(game, "play", "--seed", str(seed))
    assert all(step["agent"] in specs for step in json.loads(trace)["steps"])
