#!/usr/bin/env python3
"""A random Werewolf agent speaking the process protocol (docs/protocol.md, version 1).

Run it as a seat:  sim --agents 'werewolves=exec:python3 examples/agents/random_bot.py'

It answers every decision with a uniform choice among the legal answers the host lists
(`legal`), says nothing in the day talk, and names a uniform subset for the scapegoat.
Each (game, seat) has its own generator seeded with the seat's seed, so the same run
plays the same games again, however many games the host has in flight. Standard
library only. Debug output goes to stderr (the run's log), never to stdout.
"""

import json
import random
import sys

PROTOCOL = 1


def answer(rng, decision, legal):
    kind = decision["kind"]
    if legal:
        return rng.choice(legal)
    if kind == "speech":
        return {"kind": "speech", "claims": []}
    if kind == "scapegoat":
        return {"kind": "scapegoat", "voters": [s for s in decision["candidates"] if rng.random() < 0.5]}
    raise ValueError("no legal answers listed for " + kind)


def main():
    seats = {}  # (game, seat) -> random.Random
    out = sys.stdout
    for line in sys.stdin:
        msg = json.loads(line)
        t = msg["type"]
        if t == "decide":
            key = (msg["game"], msg["seat"])
            rng = seats[key]
            reply = {"id": msg["id"], "answer": answer(rng, msg["decision"], msg.get("legal"))}
            out.write(json.dumps(reply, separators=(",", ":")) + "\n")
            out.flush()
        elif t == "game":
            seats[(msg["game"], msg["seat"])] = random.Random(msg["seed"])
        elif t == "end":
            seats.pop((msg["game"], msg["seat"]), None)
        elif t == "hello":
            out.write(json.dumps({"id": msg["id"], "protocol": PROTOCOL, "name": "random_bot", "options": {}}) + "\n")
            out.flush()
        elif t == "quit":
            break


if __name__ == "__main__":
    main()
