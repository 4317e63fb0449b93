"""A test agent: plays the first legal action and says in its note where the playground said the decision falls
(the decide message's step and episode). It stops with exit status 7 at the first decision of a second episode,
so a match shows that `episode` counts its games."""
import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready"}), flush=True)
        continue
    if message["episode"] == 1:
        sys.exit(7)
    note = f"step {message['step']} episode {message['episode']}"
    print(json.dumps({"type": "action", "action": message["legal_actions"][0], "note": note}), flush=True)
