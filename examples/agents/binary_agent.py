#!/usr/bin/env python3
"""A Binary Game player that counts the replies to each move, speaking the agent protocol (docs/agent-protocol.md).

    playground binary play --agents 'program:python3 examples/agents/binary_agent.py,random' --width 4 --height 4
    playground binary match --first 'program:python3 examples/agents/binary_agent.py' --second patterns --games 20

The player who cannot move loses. For each legal move it writes the digit and lists the opponent's replies with
the rules below (`is_legal`): a move that leaves none wins; a move after which some reply leaves me none loses
(looked at when there are at most LOOK_AHEAD replies); among the others it prefers the move that leaves more
replies, a rule of thumb that beat preferring fewer against `random` in our runs on 5x5 and 6x6, though far from
always (on 4x4 the second player won every game, whatever either played). It answers the best move, a softmax over
the scores, the scores as values and a note; it draws a heat map of the probability on each point and rings the
point it writes. Only the standard library: copy it and change `score` (the mirror strategy of
docs/games/binary.md wins every even board as the second player). The state's grid lists the rows from the top,
each point "0", "1" or "." (empty); a move "x,y,d" writes d in column x, row y; drawings name points "x,y".
"""
import json
import math
import sys

WIN = 100.0
LOOK_AHEAD = 40  # look at every reply when there are at most this many (it costs replies x replies x board)
TEMPERATURE = 2.0


def is_legal(grid, x, y, d):
    """The rules: an empty point; then no three equal digits in a row in its row or column, and neither line holds
    more than half its length (rounded up) of digit d."""
    if grid[y][x] != ".":
        return False
    width, height = len(grid[0]), len(grid)
    row = [grid[y][i] if i != x else d for i in range(width)]
    column = [grid[j][x] if j != y else d for j in range(height)]
    for line, here in ((row, x), (column, y)):
        if line.count(d) > (len(line) + 1) // 2:
            return False
        for start in range(here - 2, here + 1):
            if start >= 0 and start + 3 <= len(line) and line[start:start + 3] == [d, d, d]:
                return False
    return True


def legal_moves(grid):
    """Every legal move (x, y, d), one at a time."""
    width, height = len(grid[0]), len(grid)
    return ((x, y, d) for y in range(height) for x in range(width) for d in "01" if is_legal(grid, x, y, d))


def score(grid, x, y, d):
    """WIN if the opponent has no reply after I write d at (x, y), -WIN if one of its replies leaves me no move,
    else the number of its replies."""
    after = [list(row) for row in grid]
    after[y][x] = d
    replies = list(legal_moves(after))
    if not replies:
        return WIN
    if len(replies) <= LOOK_AHEAD:
        for rx, ry, rd in replies:
            after[ry][rx] = rd
            if next(legal_moves(after), None) is None:
                return -WIN
            after[ry][rx] = "."
    return float(len(replies))


def answer(message):
    print(json.dumps(message), flush=True)


def decide(message):
    grid, legal = message["state"]["grid"], message["legal_actions"]
    values = {}
    for action in legal:
        x, y, d = action.split(",")
        values[action] = score(grid, int(x), int(y), d)
    best = max(legal, key=values.get)
    top = values[best]
    weights = {a: math.exp((v - top) / TEMPERATURE) for a, v in values.items()}
    total = sum(weights.values())
    probabilities = {a: w / total for a, w in weights.items()}
    heat = {}
    for action, p in probabilities.items():
        point = action.rsplit(",", 1)[0]
        heat[point] = heat.get(point, 0.0) + p
    x, y, d = best.split(",")
    if abs(top) == WIN:
        said, label = ("leaves no reply: I win", "wins") if top > 0 else ("loses, as every move does", "loses")
    else:
        said, label = f"leaves {top:g} replies", f"{top:g} replies"
    return {
        "type": "action",
        "action": best,
        "probabilities": probabilities,
        "values": values,
        "note": f"{best}: writing {d} at ({x}, {y}) {said}",
        "drawings": [
            {"heat": heat},
            {"mark": f"{x},{y}", "text": f"{d}: {label}", "weight": top / WIN if abs(top) == WIN else 0.5},
        ],
    }


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            if message["game"] != "binary":
                answer({"type": "error", "message": f"I play the Binary Game (binary), not {message['game']}"})
                return
            answer({"type": "ready", "name": "one move ahead (Python)"})
        elif message["type"] == "decide":
            try:
                answer(decide(message))
            except Exception as error:  # never lose a game to a bug: say what went wrong, play the first move
                print(f"binary_agent: {error!r}; playing the first legal move", file=sys.stderr)
                answer({"type": "action", "action": message["legal_actions"][0], "note": f"fallback: {error}"})


if __name__ == "__main__":
    main()
