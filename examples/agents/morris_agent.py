#!/usr/bin/env python3
"""A Five Men's Morris player that looks one move ahead, speaking the agent protocol (docs/agent-protocol.md).

    playground morris play --agents 'program:python3 examples/agents/morris_agent.py,bonus' --format text
    playground morris match --first 'program:python3 examples/agents/morris_agent.py' --second random --games 20

It scores each placement or move by the board after it: closing a mill most, then taking the point where the
opponent would close one (a block), then each new two-in-a-mill of mine; each mill the opponent could close next
turn costs. A removal takes the enemy piece in most of the opponent's half-built mills. It answers the best action,
a softmax over the scores, each score as its value and a note; it draws the move as an arrow (a placement or a
removal as a ring), a heat map of the best score per point it can reach, and orange rings (weight -1) on the empty
points where the opponent threatens a mill. Only the standard library: copy it and change `score_move`.

The state's board is 16 characters, points a to p in reading order: "O" seat 0's piece, "X" seat 1's, "." empty.
Actions are `place:e`, `move:a-b` and `remove:k`; drawings name the points "a" to "p".
"""
import json
import math
import sys

POINTS = "abcdefghijklmnop"
MILLS = ["abc", "agn", "cjp", "nop", "def", "dhk", "fim", "klm"]
LINES = "ab bc ag gn cj jp no op de ef dh hk fi im kl lm be gh ij lo".split()
NEIGHBOURS = {p: {q for line in LINES if p in line for q in line if q != p} for p in POINTS}
MILL, BLOCK, TWO, OPEN = 200.0, 100.0, 10.0, -50.0  # what each thing on the board after a move is worth
TEMPERATURE = 50.0


def at(board, point):  # "O", "X" or "."
    return board[ord(point) - ord("a")]


def threats(board, mark):
    """The empty points where `mark` would close a mill, each with the mill's other two points (`mark`'s)."""
    return [(p, mill.replace(p, "")) for mill in MILLS for p in mill
            if at(board, p) == "." and all(at(board, q) == mark for q in mill.replace(p, ""))]


def live_threats(board, mark, in_hand):
    """The threats `mark` can close on its next turn: by placing, by flying, or with a piece from next door."""
    pieces = [p for p in POINTS if at(board, p) == mark]
    flying = in_hand == 0 and len(pieces) == 3
    return {p for p, others in threats(board, mark)
            if in_hand > 0 or any(q not in others and (flying or q in NEIGHBOURS[p]) for q in pieces)}


def score_move(board, source, target, me, them, their_hand):
    """The score of putting my piece on `target` (from `source`, or from my hand: ""), and the main reason."""
    after = "".join(me if p == target else "." if p == source else c for p, c in zip(POINTS, board))
    closes = any(target in mill and all(at(after, q) == me for q in mill) for mill in MILLS)
    blocks = any(p == target for p, _ in threats(board, them))
    twos = len(set(threats(after, me)) - set(threats(board, me)))
    exposed = 0 if closes else len(live_threats(after, them, their_hand))  # a mill's removal can break them
    score = MILL * closes + BLOCK * blocks + TWO * twos + OPEN * exposed
    reason = "mill" if closes else "block" if blocks else "two in a mill" if twos else \
        f"leaves {exposed} threats" if exposed else "quiet"
    return score, reason


def score_removal(board, point, me, them):
    """How much the enemy piece on `point` builds: its two-in-a-mills (BLOCK each), its open mills (TWO each)."""
    mills = [mill for mill in MILLS if point in mill]
    twos = sum(1 for mill in mills if sorted(at(board, q) for q in mill) == sorted([them, them, "."]))
    open_mills = sum(1 for mill in mills if all(at(board, q) != me for q in mill))
    return BLOCK * twos + TWO * open_mills, "breaks a two" if twos else f"in {open_mills} open mills"


def answer(message):
    print(json.dumps(message), flush=True)


def decide(message):
    board, legal = message["state"]["board"], message["legal_actions"]
    me, them = ("O", "X") if message["player"] == 0 else ("X", "O")
    their_hand = message["state"]["in_hand"][1 - message["player"]]
    values, reasons, targets = {}, {}, {}
    for action in legal:  # "place:e" and "remove:k" have no source, "move:a-b" has
        kind, _, where = action.partition(":")
        targets[action] = where.rpartition("-")[::2]  # (source, target)
        values[action], reasons[action] = score_removal(board, where, me, them) if kind == "remove" else \
            score_move(board, *targets[action], me, them, their_hand)
    best = max(legal, key=values.get)
    top = values[best]
    weights = {a: math.exp((v - top) / TEMPERATURE) for a, v in values.items()}
    total = sum(weights.values())
    source, target = targets[best]
    label = {"text": reasons[best][:24], "weight": max(-1.0, min(1.0, top / MILL))}
    heat = {point: max(values[a] / MILL for a in legal if targets[a][1] == point) for _, point in targets.values()}
    drawings = [{"heat": heat}, {"arrow": [source, target], **label} if source else {"mark": target, **label}]
    their_points = sorted({p for p, _ in threats(board, them)})
    drawings += [{"mark": p, "text": "their mill", "weight": -1} for p in their_points]
    return {
        "type": "action",
        "action": best,
        "probabilities": {a: w / total for a, w in weights.items()},
        "values": values,
        "note": f"{best}: {reasons[best]} ({top:+g})",
        "drawings": drawings,
    }


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            if message["game"] != "morris":
                answer({"type": "error", "message": f"I play Five Men's Morris (morris), not {message['game']}"})
                return
            answer({"type": "ready", "name": "one move ahead (Python)"})
        elif message["type"] == "decide":
            try:
                answer(decide(message))
            except Exception as error:  # never lose a game to a bug: say what went wrong, play the first move
                print(f"morris_agent: {error!r}; playing the first legal move", file=sys.stderr)
                answer({"type": "action", "action": message["legal_actions"][0], "note": f"fallback: {error}"})


if __name__ == "__main__":
    main()
