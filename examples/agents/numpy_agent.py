#!/usr/bin/env python3
"""A greedy Sokoban player that reads the network's input with NumPy (docs/agent-protocol.md).

    playground sokoban play --agents 'program:/usr/bin/python3 examples/agents/numpy_agent.py' --collection teaching
    playground sokoban eval --agent 'program:/usr/bin/python3 examples/agents/numpy_agent.py' --collection teaching

It needs NumPy (Debian: `sudo apt install python3-numpy`, which scripts/setup.sh installs): run it with
/usr/bin/python3 when another python3 (pyenv, a virtual environment) comes first on the PATH. Without NumPy it
refuses to start and says why. It reads `tensor`: 7 planes of rows x columns, plane k marking the squares of tile k
(0 floor, 1 wall, 2 box, 3 target, 4 player, 5 box on target, 6 player on target). It grows a distance map from the
targets a whole frontier at a time, and scores each move U, D, L, R by where it leads: PUSH times the boxes' summed
distance, plus the walk to the nearest push that brings a box nearer, plus penalties for boxes in corners off target
and for positions seen before. It answers the best move, a softmax over the scores, the scores as values and a
note; it draws the distance map as heat (1 on a target, -1 the farthest) and an arrow for the push it heads for.
Change `cost`, or feed the same tensor to a network of yours.
"""
import json
import sys

try:
    import numpy as np
except ImportError:
    np = None

MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
PUSH, DEAD, SEEN, FAR = 100.0, 1000.0, 20.0, 99.0  # the weights of the cost; FAR: no target reachable
TEMPERATURE = 2.0
seen = {}  # how often each (player, boxes) was seen this episode


def neighbours(grid, outside):
    """Each square's neighbour above, below, left and right, as four arrays (`outside` beyond the edges)."""
    padded = np.pad(grid, 1, constant_values=outside)
    return padded[:-2, 1:-1], padded[2:, 1:-1], padded[1:-1, :-2], padded[1:-1, 2:]


def distance_map(sources, passable):
    """Steps from the nearest source square to every square reachable through `passable` ones (FAR elsewhere)."""
    dist, frontier, steps = np.where(sources, 0.0, FAR), sources, 0
    while frontier.any():
        up, down, left, right = neighbours(frontier, False)
        steps, frontier = steps + 1, (up | down | left | right) & passable & (dist == FAR)
        dist[frontier] = steps
    return dist


def cost(player, boxes, floor, to_target, dead):
    """PUSH x the boxes' distance + the walk to the nearest push that brings a box nearer (a push that does not
    costs PUSH more) + DEAD per dead box; and that push as (box, move), or None."""
    free, start = floor.copy(), np.zeros_like(floor)
    for box in boxes:
        free[box] = False
    start[player] = True
    walk, best, aim = distance_map(start, free), 0.0, None
    for box in boxes:
        for move, (dr, dc) in MOVES.items():
            stand, to = (box[0] - dr, box[1] - dc), (box[0] + dr, box[1] + dc)
            if walk[stand] < FAR and free[to] and not dead[to]:
                extra = walk[stand] + (PUSH if to_target[to] >= to_target[box] else 0.0)
                if aim is None or extra < best:
                    best, aim = extra, (box, move)
    return float(PUSH * sum(to_target[b] for b in boxes) + best + DEAD * sum(dead[b] for b in boxes)), aim


def answer(message):
    print(json.dumps(message), flush=True)


def decide(message):
    planes = np.asarray(message["tensor"]["values"]).reshape(message["tensor"]["shape"]) > 0.5
    floor, targets = ~planes[1], planes[3] | planes[5] | planes[6]
    boxes = frozenset(map(tuple, np.argwhere(planes[2] | planes[5]).tolist()))
    player = tuple(np.argwhere(planes[4] | planes[6])[0].tolist())
    to_target = distance_map(targets, floor)
    up, down, left, right = neighbours(planes[1], True)
    dead = ~targets & (up | down) & (left | right)  # a corner off target: a box there never moves again
    if message["state"]["steps"] == 0:
        seen.clear()
    seen[player, boxes] = seen.get((player, boxes), 0) + 1
    values, aims = {}, {}
    for move in message["legal_actions"]:
        dr, dc = MOVES[move]
        ahead, beyond = (player[0] + dr, player[1] + dc), (player[0] + 2 * dr, player[1] + 2 * dc)
        after = (ahead, boxes) if floor[ahead] and ahead not in boxes else (player, boxes)
        if ahead in boxes and floor[beyond] and beyond not in boxes:  # a push
            after = (ahead, boxes - {ahead} | {beyond})
        score, aims[move] = cost(*after, floor, to_target, dead)
        aims[move] = (ahead, move) if after[1] != boxes else aims[move]
        values[move] = -(score + SEEN * seen.get(after, 0))
    best = max(values, key=values.get)
    scores = np.array(list(values.values()))
    weights = np.exp(np.maximum((scores - scores.max()) / TEMPERATURE, -700.0))
    near = to_target < FAR  # the squares from which a box could reach a target, other boxes aside
    heat = 1.0 - 2.0 * to_target / max(1.0, float(to_target[near].max()))
    drawings = [{"heat": {f"{r},{c}": float(heat[r, c]) for r, c in np.argwhere(near).tolist()}}]
    note = f"{best}: box distance {sum(to_target[b] for b in boxes):g}"
    if aims[best]:
        (r, c), (dr, dc) = aims[best][0], MOVES[aims[best][1]]
        drawings.append({"arrow": [f"{r},{c}", f"{r + dr},{c + dc}"], "text": "push", "weight": 1.0})
        note += f"; heading for the push {aims[best][1]} of the box at {r},{c}"
    probabilities = dict(zip(values, (weights / weights.sum()).tolist()))
    return {"type": "action", "action": best, "probabilities": probabilities, "values": values,
            "value": values[best], "note": note, "drawings": drawings}


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            problem = "" if message["game"] == "sokoban" else f"I play Sokoban, not {message['game']}"
            if np is None:
                problem = "NumPy is missing: install it (Debian: apt install python3-numpy) and run me with " \
                          "/usr/bin/python3"
            if problem:
                print(f"numpy_agent: {problem}", file=sys.stderr)
                answer({"type": "error", "message": problem})
                sys.exit(1)
            answer({"type": "ready", "name": "NumPy distances (Python)"})
        elif message["type"] == "decide":
            try:
                answer(decide(message))
            except Exception as error:  # never lose an episode to a bug: say what went wrong, play the first move
                print(f"numpy_agent: {error!r}; playing the first legal move", file=sys.stderr)
                answer({"type": "action", "action": message["legal_actions"][0], "note": f"fallback: {error}"})


if __name__ == "__main__":
    main()
