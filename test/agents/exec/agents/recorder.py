#!/usr/bin/env python3
"""A process agent for the leak test (test/agents/llm/prompt.test.ts): writes every line the host
sends it to the file named by its first argument, and answers like examples/agents/random_bot.py."""

import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "examples", "agents"))
from random_bot import answer  # noqa: E402

seats = {}
with open(sys.argv[1], "a") as record:
    for line in sys.stdin:
        record.write(line)
        msg = json.loads(line)
        t = msg["type"]
        if t == "hello":
            print(json.dumps({"id": msg["id"], "protocol": 1, "name": "recorder"}), flush=True)
        elif t == "game":
            seats[(msg["game"], msg["seat"])] = random.Random(msg["seed"])
        elif t == "decide":
            rng = seats[(msg["game"], msg["seat"])]
            print(json.dumps({"id": msg["id"], "answer": answer(rng, msg["decision"], msg.get("legal"))}), flush=True)
        elif t == "quit":
            break
