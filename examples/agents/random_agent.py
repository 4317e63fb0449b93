#!/usr/bin/env python3
"""A random agent for any game of the playground, speaking the agent protocol (docs/agent-protocol.md).

Run it against a built-in agent:
    playground mancala play --agents 'program:python3 examples/agents/random_agent.py,greedy' --format text

It reads one JSON object per line on stdin and answers each with one on stdout. Anything else it has to say
goes to stderr, which the playground shows when something goes wrong.
"""
import json
import random
import sys


def answer(message):
    print(json.dumps(message), flush=True)


def main():
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            if message["protocol"] != 1:
                answer({"type": "error", "message": f"I speak protocol 1, not {message['protocol']}"})
                return
            print(f"playing {message['title']} as seat {message['seat']}", file=sys.stderr)
            answer({"type": "ready", "name": "random (Python)"})
        elif message["type"] == "decide":
            legal = message["legal_actions"]
            uniform = 1.0 / len(legal)
            answer({
                "type": "action",
                "action": rng.choice(legal),
                "probabilities": {action: uniform for action in legal},
                "note": f"uniform over {len(legal)} legal actions",
            })


if __name__ == "__main__":
    main()
