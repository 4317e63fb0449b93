"""Many games of one kind stepped per call in C++ (``rlplayground.make_vec``), in the manner of Gymnasium's
vector environments, for one-player and two-player games alike (docs/python.md, "Many games at once")."""

import json

import numpy as np

from . import _engine
from .envs import _seed_sequence_rng, checked_options_json
from .spaces import Box, Discrete


class VectorEnv:
    """``num_envs`` games stepped together. ``reset(seed=S)`` starts game i with seed S + i; later episodes
    take the next seeds in the order they start. ``step(actions)`` plays one action in each game, for its
    player to move, and returns ``(observations, rewards, terminations, truncations, infos)``: NumPy arrays
    with one row per game.

    - A game that ends in a step starts its next episode in the same step (same-step autoreset): its row of
      ``observations`` and ``infos["action_mask"]`` is already the new episode's first position;
      ``infos["final_observation"]`` holds the last observation of the episode that ended (valid in the rows
      where ``terminations | truncations``).
    - ``rewards[i]`` is the reward of the player who moved in game i (``infos["mover"]``);
      ``infos["player_rewards"]`` has every player's, shape ``(num_envs, num_players)``.
    - ``infos["to_play"]``: the player to move in each row of ``observations`` (observations are encoded from
      that player's point of view). ``infos["episode_seed"]``, ``infos["episode_length"]``: the seed of the
      episode each row belongs to and the steps played in it.

    The arrays are the environment's own and are overwritten by the next ``reset`` or ``step``: copy what you
    keep (``obs.copy()``)."""

    metadata = {"autoreset_mode": "same-step"}

    def __init__(self, game, num_envs, observation=None, max_episode_steps=None, **options):
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}")
        options_json = checked_options_json(max_episode_steps, options)
        self.game = _engine.game_info(game)["name"]
        self.num_envs = num_envs
        self._games = _engine.VectorEpisodes(game, options_json, num_envs, observation or "", max_episode_steps or 0)
        self.num_players = self._games.num_players
        self.num_actions = self._games.action_count
        self.observation_encoding = self._games.encoding
        shape = tuple(self._games.observation_shape)
        self.single_observation_space = Box(-np.inf, np.inf, shape=shape, dtype=np.float32)
        self.single_action_space = Discrete(self.num_actions)
        self.observation_space = Box(-np.inf, np.inf, shape=(num_envs, *shape), dtype=np.float32)
        g = self._games
        self._infos = {
            "action_mask": g.masks,
            "to_play": g.to_play,
            "mover": g.movers,
            "player_rewards": g.player_rewards,
            "final_observation": g.final_observations,
            "episode_seed": g.episode_seeds,
            "episode_length": g.episode_lengths,
        }
        self._step_result = (g.observations, g.rewards, g.terminations, g.truncations, self._infos)
        self._np_random = None

    def reset(self, *, seed=None, options=None):
        """Every game starts a new episode: game i with seed + i (without a seed, the first seed is drawn from
        the environment's generator, which a seeded reset seeds). Returns ``(observations, infos)``."""
        if options is not None and not isinstance(options, dict):
            raise TypeError(f"options must be a dict or None, got {type(options).__name__}")
        if seed is not None:
            if not isinstance(seed, (int, np.integer)):
                raise ValueError(f"seed must be an integer, got {seed!r}")
            self._np_random = _seed_sequence_rng(int(seed))
            first = int(seed)
        else:
            if self._np_random is None:
                self._np_random = _seed_sequence_rng(None)
            first = int(self._np_random.integers(0, _engine.max_seed - self.num_envs))
        if first < 0:
            raise ValueError(f"seed must be from 0 to 2^53-1 minus num_envs, got {first}")
        self._games.reset(first)
        return self._step_result[0], self._infos

    def step(self, actions):
        """One action per game (indices of the action space): ``(observations, rewards, terminations,
        truncations, infos)``. Every action is checked first: an illegal one raises ValueError naming the
        game and its legal actions, and no game moves."""
        self._games.step(np.asarray(actions))
        return self._step_result

    def action_name(self, game, action):
        """The name of action index ``action`` in game ``game``'s position ("3", "place:a", "U")."""
        return self._games.action_name(int(game), int(action))

    def state_json(self, game):
        """Game ``game``'s position as the engine's JSON."""
        return json.loads(self._games.state_json(int(game)))

    def close(self):
        pass

    def __repr__(self):
        return f"<VectorEnv {self.game} x{self.num_envs}>"
