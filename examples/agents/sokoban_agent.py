#!/usr/bin/env python3
"""A greedy Sokoban player, speaking the agent protocol (docs/agent-protocol.md).

    playground sokoban play --agents 'program:python3 examples/agents/sokoban_agent.py' --collection teaching --index 1
    playground sokoban eval --agent 'program:python3 examples/agents/sokoban_agent.py' --collection teaching

Each move U, D, L, R is scored by the position it leads to: PUSH times the boxes' distance (each box's walk to its
nearest target), plus the player's walk to the nearest push that shortens it without stranding a box in a corner
off target (a dead box), plus penalties for dead boxes and for positions seen before this episode. It answers the
best move, a softmax over the scores, the scores as values and a note; it draws an arrow from the box it heads for
to that box's nearest target, rings ("dead", weight -1) on dead boxes and a heat map of its scores next to the
player. Greedy, it walks into dead ends a search would see: change `cost`, or plan further. The state's rows draw
the map ("#" a wall); squares are [row, column] from 0,0 at the top left, "row,column" in drawings.
"""
import json
import math
import sys
from collections import deque

MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
PUSH, DEAD, SEEN, FAR = 100.0, 1000.0, 20.0, 99  # the weights of the cost; FAR: no target reachable
TEMPERATURE = 2.0
level, seen = {}, {}  # the floor, targets and distances to them; how often each (player, boxes) was seen


def add(square, step):
    return square[0] + step[0], square[1] + step[1]


def bfs(starts, is_open):
    """The number of steps from the nearest start to every square reachable through squares that are `is_open`."""
    dist, queue = {s: 0 for s in starts}, deque(starts)
    while queue:
        square = queue.popleft()
        for nxt in (add(square, step) for step in MOVES.values()):
            if nxt not in dist and is_open(nxt):
                dist[nxt] = dist[square] + 1
                queue.append(nxt)
    return dist


def dead(box):  # a box off target with a wall above or below it and a wall left or right of it
    up, down, left, right = (add(box, step) not in level["floor"] for step in MOVES.values())
    return box not in level["targets"] and (up or down) and (left or right)


def cost(player, boxes):
    """PUSH x the boxes' distance, + the walk to the nearest push that shortens it and leaves no dead box (a push
    that lengthens it costs PUSH more), + DEAD per dead box; and the box that push moves (None if none can move)."""
    reach = bfs([player], lambda s: s in level["floor"] and s not in boxes)
    to_target = level["to_target"]
    walk, aim = 0.0, None  # the walk to the push it aims for, and the box that push moves
    for box in boxes:
        for step in MOVES.values():
            stand, to = add(box, (-step[0], -step[1])), add(box, step)
            if stand in reach and to in level["floor"] and to not in boxes and not dead(to):
                extra = reach[stand] + (PUSH if to_target.get(to, FAR) >= to_target.get(box, FAR) else 0)
                if aim is None or extra < walk:
                    walk, aim = extra, box
    return PUSH * sum(to_target.get(b, FAR) for b in boxes) + walk + DEAD * sum(map(dead, boxes)), aim


def step(player, boxes, move):
    """The player and boxes after `move`: a push moves the box ahead; a wall or a blocked box stops the player."""
    ahead = add(player, MOVES[move])
    beyond = add(ahead, MOVES[move])
    if ahead not in level["floor"] or ahead in boxes and (beyond not in level["floor"] or beyond in boxes):
        return player, boxes
    return ahead, (boxes - {ahead} | {beyond}) if ahead in boxes else boxes


def answer(message):
    print(json.dumps(message), flush=True)


def decide(message):
    state = message["state"]
    if state["steps"] == 0 or not level:  # a new episode: read the level
        targets = [tuple(t) for t in state["targets"]]
        floor = {(r, c) for r, row in enumerate(state["rows"]) for c, ch in enumerate(row) if ch != "#"}
        level.update(floor=floor, targets=set(targets), to_target=bfs(targets, floor.__contains__))
        seen.clear()
    player, boxes = tuple(state["player"]), frozenset(tuple(b) for b in state["boxes"])
    seen[player, boxes] = seen.get((player, boxes), 0) + 1
    values, aims = {}, {}
    for move in message["legal_actions"]:
        after = step(player, boxes, move)
        score, aims[move] = cost(*after)
        values[move] = -(score + SEEN * seen.get(after, 0))
    best = max(values, key=values.get)
    top, spread = values[best], max(1.0, values[best] - min(values.values()))
    weights = {m: math.exp(max(-700.0, (v - top) / TEMPERATURE)) for m, v in values.items()}
    total = sum(weights.values())
    name = lambda square: f"{square[0]},{square[1]}"
    drawings = [{"heat": {name(add(player, MOVES[m])): (v - top) / spread + 0.5 for m, v in values.items()}}]
    drawings += [{"mark": name(b), "text": "dead", "weight": -1} for b in sorted(boxes) if dead(b)]
    box = add(player, MOVES[best]) if add(player, MOVES[best]) in boxes else aims[best]
    note = f"{best}: cost {-top:g}"
    if box is not None and box not in level["targets"]:
        from_box = bfs([box], level["floor"].__contains__)
        target = min(level["targets"], key=lambda t: (from_box.get(t, FAR), t))
        drawings.append({"arrow": [name(box), name(target)], "text": f"{from_box.get(target, FAR)} to go"})
        note += f"; heading for the box at {name(box)}, to {name(target)}"
    return {"type": "action", "action": best, "probabilities": {m: w / total for m, w in weights.items()},
            "values": values, "value": top, "note": note, "drawings": drawings}


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            if message["game"] != "sokoban":
                answer({"type": "error", "message": f"I play Sokoban, not {message['game']}"})
                return
            answer({"type": "ready", "name": "greedy pusher (Python)"})
        elif message["type"] == "decide":
            try:
                answer(decide(message))
            except Exception as error:  # never lose an episode to a bug: say what went wrong, play the first move
                print(f"sokoban_agent: {error!r}; playing the first legal move", file=sys.stderr)
                answer({"type": "action", "action": message["legal_actions"][0], "note": f"fallback: {error}"})


if __name__ == "__main__":
    main()
