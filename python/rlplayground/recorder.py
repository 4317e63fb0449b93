"""Episodes played by Python agents, recorded with their thinking for the page's Import trace.

A Python agent answers as a program answers in the agent protocol (docs/agent-protocol.md): an action and,
optionally, its probabilities, values, the position's value, a note and drawings. The environment plays the
answer through the engine's own reader of protocol answers, so the trace holds exactly what the command line
records for a program, and a wrong answer is refused with the same message (``reply.probabilities: ...``).
"""

import json
import math

import numpy as np

_ANSWER_FIELDS = ("action", "probabilities", "values", "value", "note", "drawings")


def decide(agent, observation, info):
    """Asks a Python agent for its answer: ``agent.act(observation, info)`` when it has that method, else
    ``agent(observation, info)``."""
    act = getattr(agent, "act", None)
    if callable(act):
        return act(observation, info)
    if callable(agent):
        return agent(observation, info)
    raise TypeError(f"an agent is a callable or has a method act(observation, info); got {type(agent).__name__}")


def _action_name(env, action):
    if isinstance(action, str):
        return action
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"an action is an index of the action space or a legal action's name, got {action!r}")
    return env.action_name(int(action))


def _per_action(env, values, field):
    """{name: number} over the legal actions, from a dict (names or indices as keys) or an array over the
    action space (entries off the legal actions are ignored)."""
    legal = env.legal_actions()
    if isinstance(values, dict):
        return {_action_name(env, k): float(v) for k, v in values.items()}
    array = np.asarray(values, dtype=np.float64)
    if array.shape != (env.num_actions,):
        raise ValueError(f"{field}: expected {env.num_actions} numbers (one per action) or a dict, got shape {array.shape}")
    return {env.action_name(i): float(array[i]) for i in legal}


def _number(value):
    if isinstance(value, (np.generic,)):
        value = value.item()
    return value


def reply_of(env, answer):
    """The agent protocol's reply for an answer: an action (index or name), a dict with the answer's
    fields, or an object with them as attributes (``action`` required)."""
    if isinstance(answer, (int, np.integer, str)) and not isinstance(answer, (bool, np.bool_)):
        answer = {"action": answer}
    elif not isinstance(answer, dict):
        answer = {f: getattr(answer, f) for f in _ANSWER_FIELDS if getattr(answer, f, None) is not None}
    unknown = set(answer) - set(_ANSWER_FIELDS)
    if unknown:
        raise ValueError(f"answer: unknown field(s) {', '.join(sorted(unknown))} (known: {', '.join(_ANSWER_FIELDS)})")
    if answer.get("action") is None:
        raise ValueError("answer.action: missing")
    reply = {"type": "action", "action": _action_name(env, answer["action"])}
    for field in ("probabilities", "values"):
        if answer.get(field) is not None:
            reply[field] = _per_action(env, answer[field], f"answer.{field}")
    if answer.get("probabilities") is not None:
        # Float32 probabilities may sum to 1 only within 1e-7 a term; the protocol asks for 1e-6 in all.
        total = sum(reply["probabilities"].values())
        if total > 0 and math.isfinite(total) and abs(total - 1) <= 1e-4:
            reply["probabilities"] = {k: v / total for k, v in reply["probabilities"].items()}
    if answer.get("value") is not None:
        reply["value"] = float(_number(answer["value"]))
    if answer.get("note") is not None:
        reply["note"] = str(answer["note"])
    if answer.get("drawings") is not None:
        reply["drawings"] = answer["drawings"]
    return reply


def agent_info(env):
    """What a Python agent is given besides the observation."""
    return {
        "action_mask": env.action_mask(),
        "legal_actions": env.legal_actions(),
        "player": env._episode.current_player,
        "env": env,
    }


def play_answer(env, answer, name):
    """Plays an answer (see reply_of) for the player to move, recorded under ``name`` with its decision;
    returns each player's reward of the step."""
    return env._episode.play_reply(json.dumps(reply_of(env, answer)), name)


def _seat_name(seat):
    """A seat's name in the trace: a spec of ours as it is; a Python agent's ``name``, else "python:" and its
    function's or class's name."""
    if isinstance(seat, str):
        return seat
    name = getattr(seat, "name", None)
    if isinstance(name, str) and name:
        return name
    return "python:" + getattr(seat, "__name__", type(seat).__name__)


class Recorder:
    """Plays episodes of a game with Python agents (and agents of ours, by spec) in its seats and gives each
    as the trace the page imports, every Python agent's answer kept as its decision.

        recorder = rlplayground.Recorder("mancala", [my_agent, "greedy:5"])
        text = recorder.play(seed=7)              # the trace's JSON text
        recorder.save("kalah.json", seed=7)       # the same, into a file

    ``seats``: one per player, each a Python agent (a callable ``agent(observation, info)`` or an object with
    ``act(observation, info)``; its ``name`` attribute, if any, names it in the trace) or an agent spec of ours
    ("greedy:5"). The agent's answer: an action (an index of the action space or a legal action's name), or
    a dict (or object) with ``action`` and optionally ``probabilities`` and ``values`` (arrays over the action
    space or {action: number}), ``value``, ``note`` and ``drawings`` (docs/agent-protocol.md).
    ``info`` holds ``action_mask``, ``legal_actions``, ``player`` and ``env`` (for ``env.action_name``).
    The other keywords go to ``rlplayground.make`` (the game's options, ``observation``)."""

    def __init__(self, game, seats, *, max_episode_steps=None, **make_options):
        from . import make

        self.env = make(game, record=True, max_episode_steps=max_episode_steps, **make_options)
        players = self.env._episode.num_players
        seats = list(seats) if isinstance(seats, (list, tuple)) else [seats]
        if len(seats) != players:
            raise ValueError(f"{self.env.game} has {players} player(s): give one seat each, got {len(seats)}")
        self.seats = seats
        self.names = [_seat_name(s) for s in seats]
        self._ours = [self.env.make_agent(s) if isinstance(s, str) else None for s in seats]

    def play(self, seed=None):
        """Plays one episode (from ``seed``: the command line's --seed) and returns its trace's JSON text."""
        env = self.env
        env.reset(seed=seed)
        episode = env._episode
        while not episode.is_terminal and not episode.truncated:
            player = episode.current_player
            if self._ours[player] is not None:
                episode.play_agent(self._ours[player]._agent)
                continue
            observation = episode.observation_now()
            answer = decide(self.seats[player], observation, agent_info(env))
            play_answer(env, answer, self.names[player])
        return env.trace(self.names)

    def save(self, path, seed=None):
        """Plays one episode and writes its trace to ``path``; returns the trace's JSON text."""
        text = self.play(seed)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return text


def step_with(env, agent, name):
    """One step of an environment played by a Python agent, its answer recorded (PlaygroundEnv and
    PlaygroundAECEnv.step_with)."""
    env._check_live()
    answer = decide(agent, env._observation(), agent_info(env))
    return play_answer(env, answer, name or _seat_name(agent))


__all__ = ["Recorder", "reply_of", "step_with"]
