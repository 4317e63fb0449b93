"""RL Playground's games in Python: the same engine as the page and the command line.

    import rlplayground
    rlplayground.games()                      # ['mancala', 'zuma', 'binary', ...]
    env = rlplayground.make("zuma")           # one player: Gymnasium-style (reset, step)
    env = rlplayground.make("mancala", stones_per_pit=3)   # two players: PettingZoo AEC-style

See docs/python.md.
"""

import json

from . import _engine
from .envs import Agent, Decision, InputError, PlaygroundAECEnv, PlaygroundEnv
from .export import ExportError, convert_onnx, export_torch, load_network
from .recorder import Recorder
from .spaces import Box, Discrete, gymnasium_available
from .vector import VectorEnv

__all__ = [
    "Agent",
    "Box",
    "Decision",
    "Discrete",
    "ExportError",
    "InputError",
    "PlaygroundAECEnv",
    "PlaygroundEnv",
    "Recorder",
    "VectorEnv",
    "agents",
    "convert_onnx",
    "export_torch",
    "game_info",
    "games",
    "gymnasium_available",
    "load_network",
    "provide_policy_file",
    "read_trace",
    "make",
    "make_vec",
    "random_rollouts",
]


def games():
    """The games' names, in the registry's order."""
    return list(_engine.games())


def game_info(game):
    """A game's name, title, blurb, rules, num_players, options [{name, default (JSON text), help}],
    agents [{spec, help}], default_agents and default_seed. ValueError naming the games for an unknown one."""
    return _engine.game_info(game)


def agents(game):
    """The agent specs a game offers ("random" first), as the command line's --agents takes them."""
    return [a["spec"] for a in _engine.game_info(game)["agents"]]


def make(game, *, render_mode=None, observation=None, max_episode_steps=None, record=False, **options):
    """The game as an environment: PlaygroundEnv (Gymnasium-style) for a one-player game, PlaygroundAECEnv
    (PettingZoo AEC-style) for a two-player game.

    game: a name of games(); options: the game's options (game_info(game)["options"]), as keyword arguments;
    render_mode: None or "ansi"; observation: an encoding name ("features", or the game's network encoding
    such as "zuma-rows-v1"; the default is the network's where the game has one); max_episode_steps: an
    episode stopped after this many steps is truncated (the games' own limits end them: terminated);
    record: keep every step as the trace does, for env.trace() (off by default: it costs tens of microseconds
    a step, where a step without it costs about one).
    Raises ValueError (InputError) naming the game, option or encoding that is wrong."""
    info = _engine.game_info(game)
    kind = PlaygroundEnv if info["num_players"] == 1 else PlaygroundAECEnv
    return kind(
        game,
        render_mode=render_mode,
        observation=observation,
        max_episode_steps=max_episode_steps,
        record=record,
        **options,
    )


def make_vec(game, num_envs, *, observation=None, max_episode_steps=None, **options):
    """``num_envs`` games of one kind stepped per call in C++: a VectorEnv (same-step autoreset; for a
    two-player game each step plays the move of each game's player to move). Options as for make()."""
    return VectorEnv(game, num_envs, observation=observation, max_episode_steps=max_episode_steps, **options)


def random_rollouts(game, steps, *, seed=0, observation=None, keep_actions=False, **options):
    """The C++ loop alone, the yardstick of the benchmark: ``steps`` uniformly random legal moves played with
    the engine's hot path, episode k from seed + k; with ``observation`` (an encoding name) each position's
    observation and action mask are also written, as an environment's step writes them. Returns {"seconds",
    "steps", "episodes"} and, with keep_actions, "actions" (the indices played, to replay from Python)."""
    return _engine.random_rollouts(game, json.dumps(options), int(seed), int(steps), observation or "", keep_actions)


def read_trace(text):
    """Reads a trace as the page's Import trace does (every action replayed, every recorded state and
    decision checked; ValueError naming the field or step that is wrong) and returns {"trace": the engine's
    JSON text of it, "agents", "length", "returns", "done"}."""
    return _engine.read_trace(text)


def provide_policy_file(path, data):
    """Hands the engine a policy file's bytes under its path in policies/ ("mancala/network.policy"), as the
    page's providePolicyFile does: the agents that read that path (Kalah's "network") then play it."""
    _engine.provide_policy_file(str(path), bytes(data))
