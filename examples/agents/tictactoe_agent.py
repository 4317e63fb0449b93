#!/usr/bin/env python3
"""A tic-tac-toe player with three rules of thumb, speaking the agent protocol (docs/agent-protocol.md).

    playground tictactoe play --agents 'program:python3 examples/agents/tictactoe_agent.py,perfect' --format text
    playground tictactoe match --first 'program:python3 examples/agents/tictactoe_agent.py' --second random --games 20

It scores every empty cell: a cell that completes my line wins, a cell that completes the opponent's line blocks
it, and otherwise the centre beats a corner, which beats an edge. It plays the best cell, answers a softmax over
the scores as its probabilities, each cell's score as its value, and a note saying why; on the board it rings the
cell it plays (with "win", "block", "centre", ...) and draws a heat map of its scores over the empty cells.
Only the standard library: copy it and change `score` (can you teach it forks, and beat `random` every time?).

The state's board is three strings, the top row first, each cell "X", "O" or "." (X moves first). Cells are
named as the moves: column a-c from the left, row 1-3 from the bottom ("a3" is the top-left cell).
"""
import json
import math
import sys

LINES = [[(r, c) for c in range(3)] for r in range(3)] + [[(r, c) for r in range(3)] for c in range(3)] + \
        [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]
SCORES = {"win": 10.0, "block": 6.0, "centre": 3.0, "corner": 2.0, "edge": 1.0}
TEMPERATURE = 1.0


def cell(name):
    """The row (0 the top) and column (0 the left) of the cell named `name`: "a3" is (0, 0), the top left."""
    return 3 - int(name[1]), "abc".index(name[0])


def completes_line(board, row, column, mark):
    """True if `mark` on the empty cell (row, column) makes three in a row."""
    for line in LINES:
        if (row, column) in line and all(board[r][c] == mark for r, c in line if (r, c) != (row, column)):
            return True
    return False


def reason(board, row, column, me, them):
    """Why the cell is worth playing: the first rule of SCORES that it meets."""
    if completes_line(board, row, column, me):
        return "win"
    if completes_line(board, row, column, them):
        return "block"
    if (row, column) == (1, 1):
        return "centre"
    return "corner" if row != 1 and column != 1 else "edge"


def answer(message):
    print(json.dumps(message), flush=True)


def decide(message):
    board = message["state"]["board"]
    me = "X" if message["player"] == 0 else "O"
    them = "O" if me == "X" else "X"
    legal = message["legal_actions"]
    reasons = {name: reason(board, *cell(name), me, them) for name in legal}
    values = {name: SCORES[reasons[name]] for name in legal}
    best = max(legal, key=values.get)
    top = values[best]
    weights = {name: math.exp((v - top) / TEMPERATURE) for name, v in values.items()}
    total = sum(weights.values())
    why = reasons[best]
    ties = sum(v == top for v in values.values()) - 1
    return {
        "type": "action",
        "action": best,
        "probabilities": {name: w / total for name, w in weights.items()},
        "values": values,
        "note": f"{best}: {why}" + (f", tied with {ties} other cells" if ties else ""),
        "drawings": [
            {"heat": {name: v / SCORES["win"] for name, v in values.items()}},
            {"mark": best, "text": why, "weight": top / SCORES["win"]},
        ],
    }


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            if message["game"] != "tictactoe":
                answer({"type": "error", "message": f"I play tic-tac-toe, not {message['game']}"})
                return
            answer({"type": "ready", "name": "win, block, centre (Python)"})
        elif message["type"] == "decide":
            try:
                answer(decide(message))
            except Exception as error:  # never lose a game to a bug: say what went wrong, play the first move
                print(f"tictactoe_agent: {error!r}; playing the first legal move", file=sys.stderr)
                answer({"type": "action", "action": message["legal_actions"][0], "note": f"fallback: {error}"})


if __name__ == "__main__":
    main()
