#!/usr/bin/env python3
"""A small rule-based Werewolf agent speaking the process protocol (docs/protocol.md, v1).

Run it as a seat:  sim --agents 'village=exec:python3 examples/agents/heuristic_bot.py'

What it does, from its own observation only:
- it reads the day talk's claims: a player who claims the Seer and reports "seen P
  werewolf" makes P suspect (and "not-werewolf" clears P) while that claimant is the only
  living Seer claimant; each "suspect P" claim adds a little suspicion; a death shows a
  card, and a dead werewolf's accusers gain trust;
- as the Seer it looks at players it knows nothing about, and from its second day on
  claims the Seer and reports everything it saw;
- as a villager it votes for the living player it suspects most (a seen werewolf first);
- as a werewolf it never names a packmate: the pack goes for a Seer claimant, else the
  player the village trusts most; by day it suspects and votes for the non-wolf the
  table suspects most, and never claims a role;
- the Witch saves the pack's victim once and poisons a seen werewolf;
- the Guard protects a Seer claimant (never itself twice in a row: the engine's list says
  what is legal);
- everything else is a uniform choice among the legal answers.
Each (game, seat) has its own state and its own generator seeded with the seat's seed.
Standard library only.
"""

import json
import random
import sys

PROTOCOL = 1


class Seat:
    def __init__(self, msg):
        self.seat = msg["seat"]
        self.players = msg["players"]
        self.rng = random.Random(msg["seed"])
        self.role = None
        self.pack = set()
        self.dead = {}  # seat -> role shown at death
        self.seen = {}  # my own seer results: seat -> result
        self.seer_claims = {}  # claimant -> {target: result}
        self.suspicion = [0.0] * self.players

    def alive(self, s):
        return s not in self.dead

    def read(self, events):
        for e in events:
            t = e["type"]
            if t == "deal" and e["seat"] == self.seat:
                self.role = e["role"]
            elif t == "role-change" and e["seat"] == self.seat:
                self.role = e["role"]
            elif t == "thief-swap" and e["seat"] == self.seat and e.get("took"):
                self.role = e["took"]
            elif t == "pack":
                self.pack = set(e["wolves"])
            elif t == "seer" and e["seat"] == self.seat:
                self.seen[e["target"]] = e["result"]
            elif t == "death":
                self.dead[e["seat"]] = e["role"]
                if e["role"] == "werewolf":
                    # whoever reported this werewolf told the truth
                    for claimant, results in self.seer_claims.items():
                        if results.get(e["seat"]) == "werewolf":
                            self.suspicion[claimant] -= 3
            elif t == "speech":
                self.hear(e["seat"], e.get("claims", []))

    def hear(self, speaker, claims):
        for c in claims:
            kind = c.get("type")
            if kind == "role" and c.get("role") == "seer":
                self.seer_claims.setdefault(speaker, {})
            elif kind == "seen":
                self.seer_claims.setdefault(speaker, {})[c["target"]] = c["result"]
            elif kind == "suspect":
                self.suspicion[c["target"]] += 0.5

    def seer_says(self):
        """The reports of the only living Seer claimant (none when several claim it)."""
        living = [s for s in self.seer_claims if self.alive(s) and s != self.seat]
        return self.seer_claims[living[0]] if len(living) == 1 else {}

    def score(self, s):
        if self.seen.get(s) == "werewolf":
            return 100.0
        if s in self.seen:
            return -100.0
        says = self.seer_says()
        bonus = 10.0 if says.get(s) == "werewolf" else -10.0 if s in says else 0.0
        return self.suspicion[s] + bonus

    def wolf(self):
        return self.role == "werewolf" or self.seat in self.pack

    def most(self, targets, key):
        if not targets:
            return None
        best = max(key(t) for t in targets)
        return self.rng.choice([t for t in targets if key(t) == best])


def decide(st, d, legal):
    kind = d["kind"]
    if kind == "speech":
        return speak(st, d)
    if kind in ("vote", "election", "sacrifice") and d["targets"]:
        if kind == "election":
            return {"kind": kind, "target": st.rng.choice(d["targets"])}
        if st.wolf():
            others = [t for t in d["targets"] if t not in st.pack] or d["targets"]
            return {"kind": kind, "target": st.most(others, st.score)}
        return {"kind": kind, "target": st.most(d["targets"], st.score)}
    if kind == "pack":
        targets = [t for t in d["targets"] if t not in st.pack] or d["targets"]
        claimants = [t for t in targets if t in st.seer_claims]
        if claimants:
            return {"kind": "pack", "target": st.rng.choice(claimants)}
        return {"kind": "pack", "target": st.most(targets, lambda t: -st.score(t))}
    if kind == "seer" and d["targets"]:
        unknown = [t for t in d["targets"] if t not in st.seen] or d["targets"]
        return {"kind": "seer", "target": st.rng.choice(unknown)}
    if kind == "witch":
        heal = d["canHeal"] and d["victim"] is not None
        wolves = [t for t in d["poisonTargets"] if st.score(t) >= 10]
        poison = wolves[0] if wolves and (not heal or d["potionsTonight"] == 2) else None
        return {"kind": "witch", "heal": heal, "poison": poison}
    if kind == "guard" and d["targets"]:
        claimants = [t for t in d["targets"] if t in st.seer_claims and t != st.seat]
        return {"kind": "guard", "target": st.rng.choice(claimants or d["targets"])}
    if legal:
        return st.rng.choice(legal)
    if kind == "scapegoat":
        return {"kind": "scapegoat", "voters": []}
    raise ValueError("cannot answer " + kind)


def speak(st, d):
    claims = []
    living = [s for s in range(st.players) if st.alive(s) and s != st.seat]
    if st.wolf():
        suspects = [s for s in living if s not in st.pack]
        if suspects:
            claims.append({"type": "suspect", "target": st.most(suspects, st.score)})
    elif st.role == "seer" and d["day"] >= 2 and st.seen:
        claims.append({"type": "role", "role": "seer"})
        for target, result in sorted(st.seen.items())[:10]:
            claims.append({"type": "seen", "target": target, "result": result})
    else:
        suspect = st.most(living, st.score)
        if suspect is not None and st.score(suspect) > 0:
            claims.append({"type": "suspect", "target": suspect})
    return {"kind": "speech", "claims": claims}


def main():
    seats = {}
    out = sys.stdout
    for line in sys.stdin:
        msg = json.loads(line)
        t = msg["type"]
        if t == "decide":
            st = seats[(msg["game"], msg["seat"])]
            st.read(msg["events"])
            a = decide(st, msg["decision"], msg.get("legal"))
            out.write(json.dumps({"id": msg["id"], "answer": a}, separators=(",", ":")) + "\n")
            out.flush()
        elif t == "game":
            seats[(msg["game"], msg["seat"])] = Seat(msg)
        elif t == "end":
            seats.pop((msg["game"], msg["seat"]), None)
        elif t == "hello":
            out.write(json.dumps({"id": msg["id"], "protocol": PROTOCOL, "name": "heuristic_bot", "options": {}}) + "\n")
            out.flush()
        elif t == "quit":
            break


if __name__ == "__main__":
    main()
