#!/usr/bin/env python3
"""A Kalah player that looks one move ahead, speaking the agent protocol (docs/agent-protocol.md).

    playground mancala play --agents 'program:python3 examples/agents/kalah_agent.py,greedy' --format text
    playground mancala match --first 'program:python3 examples/agents/kalah_agent.py' --second random --games 20

For each legal pit it sows the stones as the rules do (standard Kalah: captures, extra turns) and scores the
result: the change in (my store - your store), plus a bonus when the last stone lands in my store and I move
again. It answers the best pit, a softmax over the scores as its probabilities, each pit's score as its value, and
a note saying why; on the board it draws an arrow from the pit it sows to the hole its last stone reaches, and a
heat map of its scores over its pits. Only the standard library: copy it and change `score`.

The state's board lists 14 holes: the first player's pits 0-5 and store 6, then the second player's pits 7-12
and store 13. A move is named by the mover's pit, "1" to "6" from the mover's left. A drawing names a hole by its
owner and pit, "0:1" to "0:6" and "0:store", "1:1" to "1:store" (place_name below).
"""
import json
import math
import sys

EXTRA_TURN_BONUS = 1.5
TEMPERATURE = 1.0


def place_name(hole):
    """A hole's name in drawings: its owner and pit ("0:3"), or its owner's store ("1:store")."""
    owner, index = divmod(hole, 7)
    return f"{owner}:{'store' if index == 6 else index + 1}"


def sow(board, mover, pit):
    """The board after `mover` (0 or 1) sows pit `pit` (0-5), and the hole its last stone reaches."""
    board = list(board)
    first, store, their_store = (0, 6, 13) if mover == 0 else (7, 13, 6)
    hole = first + pit
    stones, board[hole] = board[hole], 0
    while stones:
        hole = (hole + 1) % 14
        if hole == their_store:
            continue
        board[hole] += 1
        stones -= 1
    mine = range(first, first + 6)
    opposite = 12 - hole
    if hole in mine and board[hole] == 1 and board[opposite] > 0:  # a capture
        board[store] += board[opposite] + 1
        board[hole] = board[opposite] = 0
    return board, hole


def score(board, mover, pit):
    """How good sowing `pit` looks to `mover`: the store difference it gains, and a bonus for an extra turn."""
    mine, theirs = (6, 13) if mover == 0 else (13, 6)
    after, last = sow(board, mover, pit)
    gain = (after[mine] - after[theirs]) - (board[mine] - board[theirs])
    again = last == mine
    return gain + (EXTRA_TURN_BONUS if again else 0.0), last


def answer(message):
    print(json.dumps(message), flush=True)


def decide(message):
    board, mover = message["state"]["board"], message["player"]
    first, store = (0, 6) if mover == 0 else (7, 13)
    values, notes, lands = {}, {}, {}
    for name in message["legal_actions"]:
        values[name], lands[name] = score(board, mover, int(name) - 1)
        notes[name] = "ends in my store: I move again" if lands[name] == store else f"gains {values[name]:g}"
    best = max(values, key=values.get)
    top = max(values.values())
    weights = {name: math.exp((v - top) / TEMPERATURE) for name, v in values.items()}
    total = sum(weights.values())
    return {
        "type": "action",
        "action": best,
        "probabilities": {name: w / total for name, w in weights.items()},
        "values": values,
        "note": f"pit {best} {notes[best]}",
        "drawings": [
            {"heat": {place_name(first + int(name) - 1): v for name, v in values.items()}},
            {"arrow": [place_name(first + int(best) - 1), place_name(lands[best])],
             "text": "again" if lands[best] == store else f"{values[best]:+g}"},
        ],
    }


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            if message["game"] != "mancala":
                answer({"type": "error", "message": f"I play Kalah (mancala), not {message['game']}"})
                return
            answer({"type": "ready", "name": "one move ahead (Python)"})
        elif message["type"] == "decide":
            answer(decide(message))


if __name__ == "__main__":
    main()
