"""As the homework's check.py: a game under the grading protocol (50 throws, lines of at most 10), the policy
of ex3.py, and its mean score. Run it here, where zuma.py is the playground's:
    PYTHONPATH=../../../build/native/python /usr/bin/python3 check.py
or beside the course's zuma.py to get the course's engine."""

import os
import time

import ex3
import zuma

example = {
    "chosen_action_prob": {1: 0.6, 2: 0.7, 3: 0.5, 4: 0.9},
    "next_color_dist": {1: 0.1, 2: 0.6, 3: 0.15, 4: 0.15},
    "color_pop_prob": {1: 0.6, 2: 0.7, 3: 0.4, 4: 0.9},
    "color_pop_reward": {"3_pop": {1: 3, 2: 1, 3: 2, 4: 2}, "extra_pop": {1: 1, 2: 2, 3: 3, 4: 1}},
    "color_not_finished_punishment": {1: 2, 2: 3, 3: 5, 4: 1},
    "finished_reward": 150,
    "seed": 42,
}


def main():
    game = zuma.create_zuma_game((50, 10, [1, 2, 3, 3, 3, 4, 2, 1, 2, 3], example, False))
    start = time.time()
    policy = ex3.Policy(game)
    print(f"policy learned in {time.time() - start:.1f} s")
    print("The average score of the policy is:", game.evaluate_policy(policy, 5000))
    print("The policy file size is:", os.path.getsize("zuma_policy.pkl"))


if __name__ == "__main__":
    main()
