"""An example policy for the Zuma homework, written as its ex3.py asks: a Policy class built from the game,
learning only through the game's get_current_state, submit_next_action and reset (model-free), with
choose_next_action, save_policy and load_policy. It runs unchanged against the course's zuma.py and against
the playground's (zuma.py beside it).

What it learns: the mean reward of a throw by the ball's colour and the run the ball would make where it is
aimed (1, 2, 3 or 4+ balls of its colour; 0 for skipping), by trying throws and averaging what they earned.
It then throws where that mean is highest, at the leftmost such gap."""

import pickle
import random

import zuma

id = ["000000000"]

TRAINING_EPISODES = 300
EXPLORATION = 0.3


def run_made(line, ball, gap):
    """How many balls of the ball's colour touch, counting it, when it is thrown into this gap (capped at 4)."""
    left = gap
    while left > 0 and line[left - 1] == ball:
        left -= 1
    right = gap
    while right < len(line) and line[right] == ball:
        right += 1
    return min(4, right - left + 1)


class Policy:
    """This class is a Policy for a Zuma game."""

    def __init__(self, game: zuma.Game, training_episodes=TRAINING_EPISODES):
        self.game = game
        self.max_steps = game.get_current_state()[3]
        # (ball, run) -> [sum of rewards, throws]. Exploration draws from its own generator: the game's
        # random stream stays the game's, whichever engine runs it.
        self.table = {}
        self.explore = random.Random(2025)
        for _ in range(training_episodes):
            self.learn_one_episode()
        self.save_policy("zuma_policy")

    def learn_one_episode(self):
        self.game.reset(True)
        done = False
        while not done:
            line, ball, _, _ = self.game.get_current_state()
            if self.explore.random() < EXPLORATION:
                action = self.explore.randint(-1, len(line))
            else:
                action = self.choose_next_action((line, ball))
            key = (ball, 0 if action == -1 else run_made(line, ball, action))
            _, _, reward, done = self.game.submit_next_action(action)
            total = self.table.setdefault(key, [0.0, 0])
            total[0] += reward
            total[1] += 1

    def mean(self, key):
        total, count = self.table.get(key, (0.0, 0))
        return total / count if count else 0.0

    def choose_next_action(self, state):
        """Choose next action for Zuma given the current state of the game.
        state is a tuple of (line, ball_to_throw)
        """
        line, ball = state
        best_action, best_value = -1, self.mean((ball, 0))
        for gap in range(len(line) + 1):
            value = self.mean((ball, run_made(line, ball, gap)))
            if value > best_value:
                best_action, best_value = gap, value
        return best_action

    def save_policy(self, file):
        with open(file + ".pkl", "wb") as f:
            pickle.dump({"max_steps": self.max_steps, "table": self.table}, f)

    def load_policy(self, file):
        with open(file + ".pkl", "rb") as f:
            saved = pickle.load(f)
        self.max_steps = saved["max_steps"]
        self.table = saved["table"]
