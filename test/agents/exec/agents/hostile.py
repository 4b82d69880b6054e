#!/usr/bin/env python3
"""Hostile process agents for the tests (test/agents/exec/hostile.test.ts), one per mode (argv[1];
any further argument is ignored: a tag that names the process in the process list):

garbage  answers every decision with a line that is not JSON (it answers nothing)
noanswer answers every decision with a reply of the right id that holds no answer
illegal  answers every decision with an answer of the right kind that the engine refuses
silent   greets, reads every message, answers no decision
exit     greets, exits at its first decision
flood    greets, writes 10 MB on stdout at its first decision
deaf     greets without reading, starts a child (`sleep`), and never reads stdin again
plain    plays well: uniformly among the legal answers, one generator per (game, seat)
         seeded with the seat's seed (as examples/agents/random_bot.py does)
dup      plays as plain, and writes every reply twice (the same line, the same id)
chatty   plays as plain, and writes a line that is not JSON before every reply
evilname greets with a name holding ESC/OSC terminal sequences, BEL and U+202E, then
         plays the first legal answer
noclaims plays as plain, but says its speeches as {"kind": "speech"}: no claims list
flaky    plays as plain, but answers one decision in five (drawn from the seat's generator)
         with an answer the engine refuses: the fallback moves for it (failure policies)

Each writes a line on stderr first: it must go to the run's log, never to the terminal.
"""

import json
import random
import subprocess
import sys
import time

mode = sys.argv[1]
sys.stderr.write(f"hostile agent ({mode}) starting\n")
sys.stderr.flush()


def say(o):
    sys.stdout.write(json.dumps(o) + "\n")
    sys.stdout.flush()


if mode == "deaf":
    say({"id": 0, "protocol": 1, "name": "deaf"})
    subprocess.Popen(["sleep", "600"])
    while True:
        time.sleep(60)


def uniform(rng, d, legal):
    if legal:
        return rng.choice(legal)
    if d["kind"] == "speech":
        return {"kind": "speech", "claims": []}
    return {"kind": "scapegoat", "voters": [s for s in d["candidates"] if rng.random() < 0.5]}


seats = {}
for line in sys.stdin:
    msg = json.loads(line)
    t = msg["type"]
    if t == "hello":
        name = "\x1b[31mRED\x1b]0;pwned\x07\u202eevil" if mode == "evilname" else mode
        say({"id": msg["id"], "protocol": 1, "name": name})
    elif t == "quit":
        break
    elif t == "game":
        seats[(msg["game"], msg["seat"])] = random.Random(msg["seed"])
    elif t == "end":
        seats.pop((msg["game"], msg["seat"]), None)
    elif t == "decide" and mode == "flaky" and seats[(msg["game"], msg["seat"])].random() < 0.2:
        say({"id": msg["id"], "answer": {"kind": msg["decision"]["kind"], "target": -1}})
    elif t == "decide" and mode in ("plain", "dup", "chatty", "noclaims", "flaky"):
        reply = {"id": msg["id"], "answer": uniform(seats[(msg["game"], msg["seat"])], msg["decision"], msg.get("legal"))}
        if mode == "noclaims" and msg["decision"]["kind"] == "speech":
            reply["answer"] = {"kind": "speech"}
        if mode == "chatty":
            sys.stdout.write("thinking about it\n")
        say(reply)
        if mode == "dup":
            say(reply)
    elif t == "decide":
        if mode == "garbage":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
        elif mode == "noanswer":
            say({"id": msg["id"], "text": "this is not an answer"})
        elif mode == "illegal":
            kind = msg["decision"]["kind"]
            say({"id": msg["id"], "answer": {"kind": kind, "target": -1, "claims": [{"type": "bogus"}], "take": 7, "peek": "x"}})
        elif mode == "exit":
            sys.exit(3)
        elif mode == "flood":
            sys.stdout.write("x" * (10 * 1024 * 1024))
            sys.stdout.flush()
        elif mode == "evilname":
            d, legal = msg["decision"], msg.get("legal")
            if legal:
                answer = legal[0]
            elif d["kind"] == "speech":
                answer = {"kind": "speech", "claims": []}
            else:
                answer = {"kind": "scapegoat", "voters": []}
            say({"id": msg["id"], "answer": answer})
        # silent: no answer
