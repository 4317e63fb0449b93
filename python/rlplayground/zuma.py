"""The Zuma homework's game object on our engine: the methods its ex3.py may call, with the homework's names,
arguments and return values, on the course's random stream (Python's MT19937, seeded once from the model's
"seed"). A policy written for the homework runs against it unchanged:

    from rlplayground import zuma
    game = zuma.create_zuma_game((50, 10, [1, 2, 3, 3], model, False))   # (max_steps, max_length, line, model, debug)
    policy = ex3.Policy(game)          # learns with the four methods below
    print(game.evaluate_policy(policy, 1000))

The methods (docs/python.md, "The Zuma homework's own interface"):
    line, ball, steps, max_steps = game.get_current_state()
    line, next_ball, reward, done = game.submit_next_action(action)   # -1 skips, i throws before index i
    game.reset(generate_new_line=False)                               # True: a fresh random line
    total = game.play_game(policy)                                    # one episode of policy.choose_next_action
"""

import json

from . import _engine


def _model_json(model):
    """The homework's model dict as the engine reads it (colour keys become the strings "1".."4", in order)."""
    try:
        return json.loads(json.dumps(model))
    except (TypeError, ValueError) as e:
        raise ValueError(f"model: a value JSON cannot hold ({e})") from None


class Game:
    """A Zuma game as the homework's ``zuma.Game``: ``max_steps`` throws at most, a line of at most
    ``max_length`` balls, starting from ``line``, under ``model`` (the homework's dict; its "seed" seeds the
    random stream once). ``debug`` is accepted; the step-by-step draws are shown by the playground's step log
    (``playground zuma replay`` and the page), not printed here."""

    def __init__(self, max_steps, max_length, line, model, debug=False):
        scenario = {"max_steps": max_steps, "max_length": max_length, "line": list(line), "model": _model_json(model)}
        self._engine = _engine.ZumaHomework(json.dumps(scenario))
        self._max_steps = max_steps
        self._max_length = max_length
        self._debug = bool(debug)

    def get_current_state(self):
        """(line, ball, steps, max_steps): the line as a list of colours 1..4, the ball to throw (drawn now if
        there is none yet), the throws made in this episode and the episode's limit."""
        e = self._engine
        return e.line, e.ball, e.steps, self._max_steps

    def submit_next_action(self, chosen_action):
        """Throws the ball at ``chosen_action`` (-1 skips it; i throws it before index i of the line; it may go
        elsewhere, as the model says): (line, next ball, reward of this throw, done). RuntimeError once the
        episode is over (reset() starts another)."""
        return self._engine.submit(int(chosen_action))

    def reset(self, generate_new_line=False):
        """Starts the episode again: from the first line, or from a fresh random line (randint(1, max_length)
        balls of randint(1, 4)) with ``generate_new_line``. The random stream goes on (it is not re-seeded) and
        the ball in hand stays."""
        self._engine.reset(bool(generate_new_line))

    def play_game(self, policy):
        """One episode with the policy: reset to a fresh random line (as the homework grades), then
        ``policy.choose_next_action((line, ball))`` for every throw until the episode ends; its total reward."""
        self.reset(True)
        e = self._engine
        total = 0
        while not e.done:
            _, _, reward, _ = e.submit(int(policy.choose_next_action((e.line, e.ball))))
            total += reward
        return total

    def evaluate_policy(self, policy, num_games, visualize=False):
        """The mean of play_game over ``num_games`` episodes (``visualize`` prints each episode's total)."""
        scores = []
        for _ in range(num_games):
            scores.append(self.play_game(policy))
            if visualize:
                print(f"episode {len(scores)}: {scores[-1]}")
        return sum(scores) / num_games

    def get_current_reward(self):
        """The total reward of the episode so far."""
        return self._engine.total


def create_zuma_game(game):
    """The homework's constructor: ``game`` is (max_steps, max_length, line, model, debug)."""
    return Game(*game)
