#!/usr/bin/env python3
"""Python reference implementation of the Zuma engine.

Written only from the homework's specification of the engine (its "One step, exactly"
and the sections around it).  It exists to produce golden data for the C++ engine
(tests/golden/zuma/make_golden.py) and as a speed baseline:

    python3 tools/zuma_reference.py --bench

Model dicts use int colour keys (1..4).  Dict key order matters: it is the order in
which next_color_dist is walked when a ball is drawn.

Every random draw made by step() (and by ensure_ball() / reset()) is recorded, in
order, in ``self.last_draws`` as ``[kind, value]``:
    ["ball", u]          u = random() used to draw the next ball's colour
    ["throw", u]         u = random() deciding whether the throw goes where aimed
    ["miss", action]     the action picked by choice() among the other actions
    ["pop", u]           u = random() deciding whether a run pops
    ["line_length", L]   reset(new_line=True): L = randint(1, max_length)
    ["line_colour", c]   reset(new_line=True): c = randint(1, 4), one per ball
"""

import argparse
import random
import time

COLOURS = (1, 2, 3, 4)


def find_runs(line):
    """Maximal runs of 3+ equal colours, left to right, as half-open (start, end)."""
    runs = []
    i = 0
    while i < len(line):
        j = i
        while j < len(line) and line[j] == line[i]:
            j += 1
        if j - i >= 3:
            runs.append((i, j))
        i = j
    return runs


class ZumaGame:
    def __init__(self, max_steps, max_length, line, model, seed=None):
        if len(line) > max_length:
            raise ValueError("line is longer than max_length")
        total = 0.0
        for p in model["next_color_dist"].values():
            total += p
        if total != 1.0:
            raise ValueError("next_color_dist does not sum to exactly 1.0: %r" % total)
        self.max_steps = max_steps
        self.max_length = max_length
        self.initial_line = list(line)
        self.model = model
        self.rng = random.Random(model["seed"] if seed is None else seed)
        self.line = list(line)
        self.current_ball = None
        self.steps = 0
        self.done = False
        self.total_reward = 0
        self.last_draws = []
        # Diagnostics of the last step (not part of the golden format; used by
        # make_golden.py to prove what each case exercises).
        self.last_info = {}

    # -- random draws -------------------------------------------------------

    def _draw_ball(self):
        """Step 1 of the spec: walk next_color_dist in key order."""
        u = self.rng.random()
        self.last_draws.append(["ball", u])
        s = 0.0
        for colour, p in self.model["next_color_dist"].items():
            if u < p + s:
                return colour
            s += p
        # Unreachable when the distribution sums to exactly 1.0 (checked at creation).
        raise AssertionError("next_color_dist walk fell through")

    def ensure_ball(self):
        """Draw the current ball if there is none; return it."""
        self.last_draws = []
        if self.current_ball is None:
            self.current_ball = self._draw_ball()
        return self.current_ball

    # -- actions ------------------------------------------------------------

    def legal_actions(self):
        return list(range(-1, len(self.line) + 1))

    def step(self, action):
        if self.done:
            raise RuntimeError("step() on a finished game; call reset()")
        n = len(self.line)
        if not (-1 <= action <= n):
            raise ValueError("action %r outside -1..%d" % (action, n))
        self.last_draws = []
        info = {"aimed": action, "action": action, "pops": [], "fell_off": None,
                "finished": False, "punished_balls": 0}
        self.last_info = info

        # 1. current ball
        if self.current_ball is None:
            self.current_ball = self._draw_ball()
        ball = self.current_ball
        info["ball"] = ball

        # 2. does the throw go where aimed?
        u = self.rng.random()
        self.last_draws.append(["throw", u])
        if not u < self.model["chosen_action_prob"][ball]:
            others = [a for a in range(-1, n + 1) if a != action]
            action = self.rng.choice(others)
            self.last_draws.append(["miss", action])
        info["action"] = action

        # 3. insert and resolve pops
        reward = 0
        if action != -1:
            self.line.insert(action, ball)
            reward += self._resolve_pops(action)
            if len(self.line) > self.max_length:
                fallen = self.line.pop()
                reward -= self.model["color_pop_reward"]["extra_pop"][fallen]
                info["fell_off"] = fallen

        # 4. count the step; game over?
        self.steps += 1
        self.current_ball = None
        if self.steps == self.max_steps or not self.line:
            self.done = True
            if not self.line:
                reward += self.model["finished_reward"]
                info["finished"] = True
            else:
                # one subtraction per remaining ball, left to right (float order matters)
                for colour in self.line:
                    reward -= self.model["color_not_finished_punishment"][colour]
                info["punished_balls"] = len(self.line)

        # 5. next ball, even when the game is over
        self.current_ball = self._draw_ball()

        self.total_reward += reward
        return list(self.line), self.current_ball, reward, self.done

    def _resolve_pops(self, index):
        """Chain rule of step 3.  Returns the pop reward (fall-off not included)."""
        pop_prob = self.model["color_pop_prob"]
        three = self.model["color_pop_reward"]["3_pop"]
        extra = self.model["color_pop_reward"]["extra_pop"]
        reward = 0
        while True:
            pass_reward = 0
            for start, end in find_runs(self.line):
                if start <= index < end:
                    colour = self.line[start]
                    u = self.rng.random()
                    self.last_draws.append(["pop", u])
                    popped = u < pop_prob[colour]
                    self.last_info["pops"].append((colour, end - start, popped))
                    if popped:
                        pass_reward = three[colour] + (end - start - 3) * extra[colour]
                        del self.line[start:end]
                        index = start
                    break  # only the first run containing the index is considered
            reward += pass_reward
            if pass_reward == 0:
                return reward

    def reset(self, new_line=False):
        """Restart the episode.  Does not re-seed and does not clear the current ball."""
        self.last_draws = []
        if new_line:
            length = self.rng.randint(1, self.max_length)
            self.last_draws.append(["line_length", length])
            line = []
            for _ in range(length):
                c = self.rng.randint(1, 4)
                self.last_draws.append(["line_colour", c])
                line.append(c)
            self.line = line
        else:
            self.line = list(self.initial_line)
        self.steps = 0
        self.done = False
        self.total_reward = 0
        self.last_info = {}
        return list(self.line)


# -- the homework's game object ------------------------------------------------

class HomeworkGame:
    """The methods the homework's ex3.py may call on its game, with their names, arguments and return values
    (the homework's text and its ex3.py skeleton), over ZumaGame. rlplayground.zuma.Game is the same
    interface on our C++ engine; python/tests/test_zuma_homework.py holds them to the same scores."""

    def __init__(self, max_steps, max_length, line, model, debug=False):
        self._game = ZumaGame(max_steps, max_length, line, model)
        self._max_steps = max_steps
        self._max_length = max_length
        self._debug = debug

    def get_current_state(self):
        g = self._game
        return list(g.line), g.ensure_ball(), g.steps, g.max_steps

    def submit_next_action(self, chosen_action):
        return self._game.step(chosen_action)

    def reset(self, generate_new_line=False):
        self._game.reset(generate_new_line)

    def play_game(self, policy):
        """A fresh random line (as the homework grades), then the policy's throws until the episode ends."""
        g = self._game
        g.reset(True)
        total = 0
        while not g.done:
            _, _, reward, _ = g.step(policy.choose_next_action((list(g.line), g.ensure_ball())))
            total += reward
        return total

    def evaluate_policy(self, policy, num_games, visualize=False):
        scores = [self.play_game(policy) for _ in range(num_games)]
        if visualize:
            print(scores)
        return sum(scores) / num_games

    def get_current_reward(self):
        return self._game.total_reward


Game = HomeworkGame  # the homework's name for its game class (ex3.py annotates `game: zuma.Game`)


def create_zuma_game(game):
    """The homework's constructor: (max_steps, max_length, line, model, debug)."""
    return HomeworkGame(*game)


# -- the spec's example scenario ---------------------------------------------

def example_model():
    return {
        "chosen_action_prob": {1: 0.6, 2: 0.7, 3: 0.5, 4: 0.9},
        "next_color_dist": {1: 0.1, 2: 0.6, 3: 0.15, 4: 0.15},
        "color_pop_prob": {1: 0.6, 2: 0.7, 3: 0.4, 4: 0.9},
        "color_pop_reward": {"3_pop": {1: 3, 2: 1, 3: 2, 4: 2},
                             "extra_pop": {1: 1, 2: 2, 3: 3, 4: 1}},
        "color_not_finished_punishment": {1: 2, 2: 3, 3: 5, 4: 1},
        "finished_reward": 150,
        "seed": 42,
    }


EXAMPLE_SCENARIO = {
    "max_steps": 20,
    "max_length": 15,
    "line": [1, 2, 3, 3, 3, 4, 2, 1, 2, 3, 4, 4],
}


def bench(seconds=3.0):
    game = ZumaGame(EXAMPLE_SCENARIO["max_steps"], EXAMPLE_SCENARIO["max_length"],
                    EXAMPLE_SCENARIO["line"], example_model())
    agent = random.Random(12345)
    game.ensure_ball()
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(1000):
            if game.done:
                game.reset(False)
            game.step(agent.randint(-1, len(game.line)))
            steps += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    rate = steps / (now - start)
    print("python reference engine: %d random steps/s" % round(rate))
    return rate


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", action="store_true",
                        help="random legal actions on the example scenario for ~3 s")
    args = parser.parse_args()
    if args.bench:
        bench()
    else:
        parser.print_help()


if __name__ == "__main__":
    main()
