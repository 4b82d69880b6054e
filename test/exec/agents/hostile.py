#!/usr/bin/env python3
"""Hostile process agents for the tests (test/exec/hostile.test.ts), one per mode:

garbage  answers every decision with a line that is not JSON
illegal  answers every decision with an answer of the right kind that the engine refuses
silent   greets, reads every message, answers no decision
exit     greets, exits at its first decision
flood    greets, writes 10 MB on stdout at its first decision
deaf     greets without reading, starts a child (`sleep`), and never reads stdin again
evilname greets with a name holding ESC/OSC terminal sequences, BEL and U+202E, then
         plays the first legal answer

Each writes a line on stderr first: it must go to the run's log, never to the terminal.
"""

import json
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

for line in sys.stdin:
    msg = json.loads(line)
    t = msg["type"]
    if t == "hello":
        name = "\x1b[31mRED\x1b]0;pwned\x07\u202eevil" if mode == "evilname" else mode
        say({"id": msg["id"], "protocol": 1, "name": name})
    elif t == "quit":
        break
    elif t == "decide":
        if mode == "garbage":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
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
