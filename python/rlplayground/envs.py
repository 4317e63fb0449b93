"""The games as environments: one player (Zuma, Sokoban) the Gymnasium way, two players (Kalah, Morris,
the Binary Game, tic-tac-toe) the PettingZoo AEC way. Both step the engine's own episode, so ``trace()`` is
the trace the command line writes for the same seed and actions (docs/python.md)."""

import json
import operator
import warnings

import numpy as np

from . import _engine
from .spaces import Box, Discrete

try:  # optional: where Gymnasium imports, the one-player environment is a gymnasium.Env
    import gymnasium as _gymnasium

    _EnvBase = _gymnasium.Env
except ImportError:
    _gymnasium = None
    _EnvBase = object

try:  # optional: where PettingZoo imports, the two-player environment is a pettingzoo.AECEnv
    import pettingzoo as _pettingzoo

    _AECBase = _pettingzoo.AECEnv
except ImportError:
    _pettingzoo = None
    _AECBase = object

RENDER_MODES = ["ansi"]

InputError = _engine.InputError


def _seed_sequence_rng(seed):
    """The generator Gymnasium's seeding gives for this seed (PCG64 over a SeedSequence)."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))



def checked_options_json(max_episode_steps, options):
    """The game's options as JSON for the engine, after checking max_episode_steps; ValueError names the problem."""
    if max_episode_steps is not None and (not isinstance(max_episode_steps, int) or max_episode_steps < 1):
        raise ValueError(f"max_episode_steps must be a positive integer or None, got {max_episode_steps!r}")
    try:
        return json.dumps(options)
    except (TypeError, ValueError) as e:
        raise ValueError(f"options: a value JSON cannot hold ({e})") from None

class Decision:
    """What an agent of ours would play here: ``action`` (an index of the action space), ``probabilities``
    over the action space, ``scores`` (NaN off the legal actions) and ``value`` when the agent has them,
    and its ``note``."""

    def __init__(self, raw):
        self.spec = raw["spec"]
        self.declined = raw["declined"]
        self.note = raw["note"]
        self.action = raw.get("action")
        self.probabilities = raw.get("probabilities")
        self.scores = raw.get("scores")
        self.value = raw.get("value")

    def __repr__(self):
        if self.declined:
            return f"Decision({self.spec!r} declined: {self.note})"
        return f"Decision({self.spec!r} plays {self.action}, value={self.value})"


class Agent:
    """An agent of the game, as the command line's ``--agents`` names it ("greedy:5", "random", "dqn"),
    made by ``env.make_agent(spec)``. It decides for the environment that made it."""

    def __init__(self, env, spec):
        self._env = env
        self._agent = _engine.Agent(env._episode, spec)

    @property
    def spec(self):
        return self._agent.spec

    def decide(self):
        """The agent's decision in the environment's current position (the same every time: the episode's
        seed and step fix the agent's random draws, as in the command line and the page)."""
        self._env._check_live()
        return Decision(self._env._episode.decide(self._agent))

    def __repr__(self):
        return f"Agent({self.spec!r})"


class _Playground:
    """What both kinds of environment share: the engine's episode, the spaces, agents, rendering, traces."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}
    spec = None  # Gymnasium's registration record: these environments are made by rlplayground.make

    def __init__(self, game, render_mode=None, observation=None, max_episode_steps=None, record=False, **options):
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} is not offered (offered: None, 'ansi')")
        options_json = checked_options_json(max_episode_steps, options)
        self._info = _engine.game_info(game)
        self._episode = _engine.Episode(game, options_json, self._info["default_seed"], bool(record))
        self.render_mode = render_mode
        self.max_episode_steps = max_episode_steps
        self.game = self._info["name"]
        self.metadata = {**self.metadata, "name": f"rlplayground_{self.game}"}  # PettingZoo's str(env)
        self.title = self._episode.title
        self.options = json.loads(self._episode.options_json)
        self.observation_encodings = {name: tuple(shape) for name, shape in self._episode.encodings()}
        # The tensor policy files are read against (None where the game has none); the other encodings are the
        # feature vector and the inputs of the game's source document.
        self.network_encoding = self._episode.default_encoding if self._episode.has_network_encoding else None
        if observation is None:  # the network's encoding where the game has one
            observation = self._episode.default_encoding
        if observation not in self.observation_encodings:
            raise ValueError(
                f"observation {observation!r} is not an encoding of {self.game} "
                f"(known: {', '.join(self.observation_encodings)})"
            )
        self.observation_encoding = observation
        self._episode.set_encoding(observation)
        self._episode.set_step_limit(max_episode_steps or 0)
        self.record = bool(record)
        self.num_actions = self._episode.action_count
        self._np_random = None
        self._needs_reset = True

    # --- helpers for both kinds --------------------------------------------------------------------------

    def _new_space(self):
        shape = self.observation_encodings[self.observation_encoding]
        return Box(-np.inf, np.inf, shape=shape, dtype=np.float32)

    def _start(self, seed):
        """A new episode: with this seed, else the next seed of the environment's generator."""
        if seed is not None:
            if not isinstance(seed, (int, np.integer)) or not 0 <= seed <= _engine.max_seed:
                raise ValueError(f"seed must be an integer from 0 to 2^53-1, got {seed!r}")
            self._np_random = _seed_sequence_rng(int(seed))
            episode_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random = _seed_sequence_rng(None)
            episode_seed = int(self._np_random.integers(0, _engine.max_seed + 1))
        self._episode.reset(episode_seed)
        self._needs_reset = False

    def _check_live(self):
        if self._needs_reset:
            raise RuntimeError("call reset() before stepping the environment")
        if self._episode.is_terminal or self._episode.truncated:
            raise RuntimeError("the episode is over: call reset() to start another")

    def _action_index(self, action):
        if isinstance(action, (bool, np.bool_)):
            raise TypeError(f"an action is an integer from 0 to {self.num_actions - 1}, got {action!r}")
        try:
            return operator.index(action)
        except TypeError:
            raise TypeError(
                f"an action is an integer from 0 to {self.num_actions - 1}, got {type(action).__name__} {action!r}"
            ) from None

    def _observation(self):
        return self._episode.observation_now()

    # --- the public extras -----------------------------------------------------------------------------

    @property
    def np_random(self):
        """The generator that draws the next episode's seed when reset() is given none."""
        if self._np_random is None:
            self._np_random = _seed_sequence_rng(None)
        return self._np_random

    @property
    def episode_seed(self):
        """The seed of the current episode (the command line's --seed)."""
        return self._episode.seed

    def action_name(self, action):
        """The action's name as the command line and traces write it ("3", "place:a", "U")."""
        return self._episode.action_name(self._action_index(action))

    def action_index(self, name):
        """The index of the legal action with this name; ValueError naming the legal ones otherwise."""
        return self._episode.index_of_name(str(name))

    def legal_actions(self):
        """The legal actions' indices, in increasing order."""
        return self._episode.legal_indices()

    def action_mask(self):
        """True at each legal action's index."""
        return self._episode.action_mask()

    def make_agent(self, spec):
        """An agent of ours for this environment ("random", or one of ``agent_specs``; policy files as the
        command line reads them). ValueError naming the agents offered when the spec is unknown."""
        return Agent(self, spec)

    @property
    def agent_specs(self):
        """The agents this game offers: [{"spec", "help"}], "random" first."""
        return list(self._info["agents"])

    def returns(self):
        """Each player's sum of rewards over the episode so far, as the trace's "returns"."""
        return list(self._episode.returns())

    def state_json(self):
        """The position as the engine's JSON (the trace's "state")."""
        return json.loads(self._episode.state_json())

    def trace(self, agents=None):
        """The episode as the engine's trace JSON text, byte for byte what ``playground GAME replay --seed S
        --actions ...`` prints for the same actions (steps given to step() are recorded as "replay"; steps
        taken with step_agent() hold the agent's spec and decision, as ``playground GAME play`` records
        them). ``agents``: the seats' specs, written as the trace's "agents" (``play`` writes them).
        Only an environment made with ``record=True`` has traces; RuntimeError otherwise."""
        return self._episode.trace(list(agents or []))

    def render(self):
        """The position as text, in render_mode "ansi"."""
        if self.render_mode is None:
            warnings.warn("render() was called with render_mode None: make the environment with render_mode='ansi'")
            return None
        return self._episode.text()

    def close(self):
        pass


class PlaygroundEnv(_Playground, _EnvBase):
    """A one-player game (Zuma, Sokoban) as a Gymnasium environment."""

    def __init__(self, game, **kwargs):
        _Playground.__init__(self, game, **kwargs)
        self.action_space = Discrete(self.num_actions)
        self.observation_space = self._new_space()

    def reset(self, *, seed=None, options=None):
        """A new episode: (observation, info). ``seed`` fixes the episode (the command line's --seed);
        without one, the next seed is drawn from the environment's generator. ``options`` is accepted and
        unused: the game's options are given to make()."""
        if options is not None and not isinstance(options, dict):
            raise TypeError(f"options must be a dict or None, got {type(options).__name__}")
        self._start(seed)
        return self._observation(), self._info_dict()

    def step(self, action):
        """Plays the action (an index of action_space): (observation, reward, terminated, truncated, info).
        One call into the engine, which checks the action and the moment and raises as docs/python.md says."""
        return self._episode.step(action)

    def step_agent(self, agent):
        """Lets an agent of ours (make_agent) play the move, its decision kept in the trace; returns as step."""
        self._check_live()
        rewards = self._episode.play_agent(agent._agent)
        return self._after_step(rewards)

    def step_with(self, agent, name=None):
        """Lets a Python agent play the move, its answer (probabilities, values, value, note, drawings) kept as
        its decision in the trace under ``name`` (rlplayground.Recorder describes agents and answers);
        returns as step."""
        from .recorder import step_with

        return self._after_step(step_with(self, agent, name))

    def _after_step(self, rewards):
        return (
            self._observation(),
            float(rewards[0]),
            self._episode.is_terminal,
            self._episode.truncated,
            self._info_dict(),
        )

    def _info_dict(self):
        return {"action_mask": self._episode.action_mask()}

    @property
    def unwrapped(self):
        return self

    def __repr__(self):
        return f"<PlaygroundEnv {self.game}>"


class PlaygroundAECEnv(_Playground, _AECBase):
    """A two-player game (Kalah, Morris, the Binary Game, tic-tac-toe) as a PettingZoo AEC environment."""

    def __init__(self, game, **kwargs):
        _Playground.__init__(self, game, **kwargs)
        self.possible_agents = [f"player_{p}" for p in range(self._episode.num_players)]
        self.observation_spaces = {a: self._new_space() for a in self.possible_agents}
        self.action_spaces = {a: Discrete(self.num_actions) for a in self.possible_agents}
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None
        # The action mask of an agent not to move: all False, shared and read-only.
        self._no_moves = np.zeros(self.num_actions, dtype=bool)
        self._no_moves.flags.writeable = False

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def reset(self, seed=None, options=None):
        """A new episode. ``seed`` fixes it (the command line's --seed); without one, the next seed is drawn
        from the environment's generator. ``options`` is accepted and unused: the game's options go to make()."""
        if options is not None and not isinstance(options, dict):
            raise TypeError(f"options must be a dict or None, got {type(options).__name__}")
        self._start(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        _, _, to_move, mask = self._status()
        if to_move >= 0:
            for a, info in self.infos.items():
                info["action_mask"] = mask if a == self.possible_agents[to_move] else self._no_moves
            self.agent_selection = self.possible_agents[to_move]
        else:  # a game over before its first move
            self._select_after_end(None)

    def observe(self, agent):
        """The position in the chosen encoding. The engine encodes it from the point of view of the player
        to move (at the end, as the game's final position), whichever agent asks."""
        return self._observation()

    def last(self, observe=True):
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter=2**63):
        """The agents to act in turn, until none is left (or max_iter), as PettingZoo's."""
        count = 0
        while self.agents and count < max_iter:
            yield self.agent_selection
            count += 1

    def step(self, action):
        """Plays the action (an index of action_space) for agent_selection; an agent whose episode is over is
        stepped with None, which removes it from ``agents``."""
        if self._needs_reset:
            raise RuntimeError("call reset() before stepping the environment")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent}'s episode is over: step it with None, not {action!r}")
            self._remove_done(agent)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for an agent whose episode is over")
        self._after_turn(agent, self._episode.play_turn(action))

    def step_agent(self, agent):
        """Lets an agent of ours (make_agent) play agent_selection's move, its decision kept in the trace."""
        self._check_live()
        self._after_turn(self.agent_selection, (self._episode.play_agent(agent._agent), *self._status()))

    def step_with(self, agent, name=None):
        """Lets a Python agent play agent_selection's move, its answer (probabilities, values, value, note,
        drawings) kept as its decision in the trace under ``name`` (rlplayground.Recorder describes agents
        and answers)."""
        from .recorder import step_with

        self._after_turn(self.agent_selection, (step_with(self, agent, name), *self._status()))

    def _status(self):
        """(terminated, truncated, the player to move or -1 once over, its action mask or None), as play_turn
        gives them after its step."""
        episode = self._episode
        terminated, truncated = episode.is_terminal, episode.truncated
        over = terminated or truncated
        return terminated, truncated, -1 if over else episode.current_player, None if over else episode.action_mask()

    # The step's path is written for speed (the per-step cost over the C++ loop is a goal of bench/python_bench.py):
    # one call into the engine per step (play_turn), the tables updated in place.
    def _after_turn(self, mover, turn):
        step_rewards, terminated, truncated, to_move, mask = turn
        rewards, cumulative = self.rewards, self._cumulative_rewards
        cumulative[mover] = 0.0
        for a, reward in zip(self.possible_agents, step_rewards):
            rewards[a] = reward
            cumulative[a] += reward
        if to_move >= 0:
            selected = self.possible_agents[to_move]
            no_moves = self._no_moves
            for a, info in self.infos.items():
                info["action_mask"] = mask if a == selected else no_moves
            self.agent_selection = selected
            return
        if terminated:
            self.terminations = {a: True for a in self.agents}
        elif truncated:
            self.truncations = {a: True for a in self.agents}
        self._select_after_end(mover)

    def _select_after_end(self, mover):
        """The episode is over: no agent has moves, and each is stepped once with None, the one after the last
        mover first."""
        for info in self.infos.values():
            info["action_mask"] = self._no_moves
        start = (self.possible_agents.index(mover) + 1) if mover is not None else 0
        order = self.possible_agents[start:] + self.possible_agents[:start]
        self.agent_selection = next(a for a in order if a in self.agents)

    def _remove_done(self, agent):
        for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            del table[agent]
        self.agents.remove(agent)
        self.rewards = {a: 0.0 for a in self.agents}
        if self.agents:
            self.agent_selection = self.agents[0]

    @property
    def unwrapped(self):
        return self

    def __repr__(self):
        return f"<PlaygroundAECEnv {self.game}>"
