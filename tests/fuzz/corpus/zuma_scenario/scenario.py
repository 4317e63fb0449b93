(20, 15, [1, 2, 3, 3, 3, 4], {'chosen_action_prob': {1: 0.6, 2: 0.7, 3: 0.5, 4: 0.9},
 'next_color_dist': {1: 0.25, 2: 0.25, 3: 0.25, 4: 0.25}, 'color_pop_prob': {1: 0.6, 2: 0.7, 3: 0.4, 4: 0.9},
 'color_pop_reward': {'3_pop': {1: 3, 2: 1, 3: 2, 4: 2}, 'extra_pop': {1: 1, 2: 2, 3: 3, 4: 1}},
 'color_not_finished_punishment': {1: 2, 2: 3, 3: 5, 4: 1}, 'finished_reward': 150, 'seed': 42, 'flag': True, 'x': None})
