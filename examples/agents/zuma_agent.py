#!/usr/bin/env python3
"""A Zuma player that aims for the biggest pop, speaking the agent protocol (docs/agent-protocol.md).

    playground zuma play --agents 'program:python3 examples/agents/zuma_agent.py' --format text
    playground zuma eval --agent 'program:python3 examples/agents/zuma_agent.py' --episodes 20

For each gap it inserts the frog's ball as the rules do and follows the chain reaction as if every run of three or
more popped and the throw hit (in the game a throw may miss and a run may fail to pop: docs/games/zuma.md). It
prefers the gap that pops the most balls, else one that makes a pair of the ball's colour; a ball that matches
nothing scores below skipping (-1), and more so when the row is full and a ball would fall off its end. It answers
the best action, a softmax over the scores as its probabilities, each score as its value and a note; it rings the
gap it throws at ("pops 3", "pair", ...), rings the balls it expects to pop, and draws a heat map of its scores
over the gaps. Only the standard library: copy it and change `score` (the model in `start`'s options gives each
colour's hit and pop chances and rewards).

The state's line lists the row's colours (1 red, 2 blue, 3 green, 4 yellow) from the front; "ball" is the colour
in the frog's mouth. Action "g" inserts before ball g ("n" behind the last of n balls), "-1" skips. Drawings name
the gaps "0" to "n" and the balls "b0" to "b(n-1)".
"""
import json
import math
import sys

PAIR, ALONE, FALLS = 0.5, -0.5, -1.0  # the score of a pair made, a lone ball, a ball pushed off the end
TEMPERATURE = 0.5


def throw(line, ball, gap):
    """Inserts `ball` before ball `gap` and pops runs of 3+ holding the place tested, as the chain rule does.
    Returns the length of the run the ball makes and the indices (in `line`) of the balls that pop."""
    row = [(colour, index) for index, colour in enumerate(line)]
    row.insert(gap, (ball, None))
    made, popped, here = None, [], gap
    while here < len(row):
        start, end = here, here + 1
        while start > 0 and row[start - 1][0] == row[here][0]:
            start -= 1
        while end < len(row) and row[end][0] == row[here][0]:
            end += 1
        made = end - start if made is None else made
        if end - start < 3:
            break
        popped += [index for _, index in row[start:end] if index is not None]
        del row[start:end]
        here = start  # the two sides close up: test the place where the run was
    return made, sorted(popped)


def score(line, ball, gap, max_length):
    """The number of balls that pop (the thrown one included), or PAIR, or ALONE (+ FALLS if one falls off)."""
    made, popped = throw(line, ball, gap)
    if popped:
        return len(popped) + 1.0, f"pops {len(popped) + 1}", popped
    falls = FALLS if len(line) + 1 > max_length else 0.0
    return (PAIR if made == 2 else ALONE) + falls, "pair" if made == 2 else "alone", []


def answer(message):
    print(json.dumps(message), flush=True)


def decide(message):
    state, legal = message["state"], message["legal_actions"]
    line, ball = state["line"], state["ball"]
    values, reasons, pops = {}, {}, {}
    for action in legal:
        if action == "-1":
            values[action], reasons[action], pops[action] = 0.0, "skip", []
        else:
            values[action], reasons[action], pops[action] = score(line, ball, int(action), state["max_length"])
    best = max(legal, key=values.get)
    top = values[best]
    weights = {a: math.exp((v - top) / TEMPERATURE) for a, v in values.items()}
    total = sum(weights.values())
    drawings = [{"heat": {a: v for a, v in values.items() if a != "-1"}}]
    if best != "-1":
        drawings.append({"mark": best, "text": reasons[best], "weight": max(-1.0, min(1.0, top / 5))})
    drawings += [{"mark": f"b{i}", "text": "pops", "weight": 1.0} for i in pops[best][:62]]
    return {
        "type": "action",
        "action": best,
        "probabilities": {a: w / total for a, w in weights.items()},
        "values": values,
        "note": f"gap {best}: {reasons[best]}" if best != "-1" else "skip: no gap is worth a ball",
        "drawings": drawings,
    }


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            if message["game"] != "zuma":
                answer({"type": "error", "message": f"I play Zuma, not {message['game']}"})
                return
            answer({"type": "ready", "name": "biggest pop (Python)"})
        elif message["type"] == "decide":
            try:
                answer(decide(message))
            except Exception as error:  # never lose an episode to a bug: say what went wrong, play the first move
                print(f"zuma_agent: {error!r}; playing the first legal move", file=sys.stderr)
                answer({"type": "action", "action": message["legal_actions"][0], "note": f"fallback: {error}"})


if __name__ == "__main__":
    main()
