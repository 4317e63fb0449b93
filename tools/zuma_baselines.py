#!/usr/bin/env python3
"""The grading protocol's baselines on the Python reference engine.

Plays the homework's grading loop the homework's way: one game object
(max_steps 50, max_length 10, the seed's model), `reset(new_line=True)` before
each episode, one random stream throughout. It is an independent check of the
figures `playground zuma eval` prints (which seeds episode i with S+i instead):

    python3 tools/zuma_baselines.py --agent greedy --episodes 20000
    python3 tools/zuma_baselines.py --agent greedy:leftmost --episodes 20000
    python3 tools/zuma_baselines.py --agent random --episodes 20000
"""

import argparse
import math
import os
import random
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zuma_reference  # noqa: E402


def longest_run_gaps(line, ball):
    """The gaps where the ball makes the longest run of its colour ([0] if it matches nothing)."""
    gaps, best_run = [], 0
    for gap in range(len(line) + 1):
        left = 0
        while gap - left - 1 >= 0 and line[gap - left - 1] == ball:
            left += 1
        right = 0
        while gap + right < len(line) and line[gap + right] == ball:
            right += 1
        run = left + right + 1
        if run > best_run:
            gaps, best_run = [], run
        if run == best_run:
            gaps.append(gap)
    return gaps if best_run > 1 else [0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", choices=["greedy", "greedy:leftmost", "random"], default="greedy")
    parser.add_argument("--episodes", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=42, help="the game's random.seed")
    args = parser.parse_args()

    model = zuma_reference.example_model()
    model["seed"] = args.seed
    line = zuma_reference.EXAMPLE_SCENARIO["line"][:10]
    game = zuma_reference.ZumaGame(50, 10, line, model)
    chooser = random.Random(args.seed + 1)
    total = total_sq = 0.0
    for _ in range(args.episodes):
        game.reset(new_line=True)
        game.ensure_ball()
        while not game.done:
            if args.agent.startswith("greedy"):
                gaps = longest_run_gaps(game.line, game.current_ball)
                action = gaps[0] if args.agent == "greedy:leftmost" else chooser.choice(gaps)
            else:
                action = chooser.randint(-1, len(game.line))
            game.step(action)
        total += game.total_reward
        total_sq += game.total_reward ** 2
    n = args.episodes
    mean = total / n
    sd = math.sqrt(max(0.0, (total_sq - n * mean * mean) / (n - 1)))
    half = 1.96 * sd / math.sqrt(n)
    print(f"{args.agent}: mean return {mean:.2f} (95% interval {mean - half:.2f} to {mean + half:.2f}), "
          f"{n} episodes, one stream from random.seed({args.seed})")


if __name__ == "__main__":
    main()
