// The heuristic agent's speed shortcuts give exactly what the long way gives: the
// village's view shared by the seats of a game is the one each seat would compute alone
// (and a seat whose own would differ keeps its own), a bystander's own view taken from
// the bystanders' shared one is the one it would compute alone, and the lynch target's
// closure-free choice is argmaxShared's. (Whole games, old build against new:
// scripts/same-games.ts.)

import { describe, expect, it } from 'vitest';
import { HeuristicAgent } from '../../../agents/heuristic/agent.js';
import { DEFAULT_KNOBS } from '../../../agents/heuristic/knobs.js';
import { argmaxShared, argmaxSharedOf } from '../../../agents/heuristic/pick.js';
import { SharedRecords } from '../../../agents/heuristic/shared.js';
import { View, viewAlone, viewOf } from '../../../agents/heuristic/view.js';
import { playSync } from '../../../agents/play.js';
import { parseSeating, seatAgents } from '../../../agents/registry.js';
import type { DecisionContext } from '../../../agents/types.js';
import type { Decision } from '../../../engine/index.js';
import { ALL, only, type Event, type EventBody } from '../../../engine/index.js';
import { DEFAULT_OPTIONS, Game, Rng, gameSeed, resolveSetup, type Observation, type Role, type SetupRequest } from '../../../engine/index.js';

/** A view's numbers as text, -0 told apart: equal texts are equal views, bit for bit. */
const bits = (v: View) => [...Array.from(v.p), ...Array.from(v.cred), v.prior].map((x) => (Object.is(x, -0) ? '-0' : String(x))).join();

/**
 * Tables whose seats know private things (Cupid's lovers, a thief's cards, the witch's
 * victim under non-wolves, a Little Girl, a Piper), with trust knobs that differ.
 */
const TABLES: [SetupRequest, string[]][] = [
  [{ preset: 'standard', players: 8 }, ['heuristic', '1=heuristic:trust=0.3', '2=heuristic:trust=0.3,fakeClaim=1']],
  [{ preset: 'thiercelieux', roles: 'werewolf=3,seer,witch,hunter,cupid,guard,thief,little-girl,elder,idiot,scapegoat,piper,villager=2' }, ['heuristic']],
  [{ preset: 'classic', players: 12 }, ['heuristic:fakeClaim=1', 'seer=heuristic:seerReveal=2']],
  [{ preset: 'classic', players: 12, rules: ['packTargets=non-wolves'] }, ['heuristic:fakeClaim=1', 'seer=heuristic:seerReveal=2']],
];

/**
 * Plays 40 games of each table and shows `check` every heuristic seat after each of its
 * decisions. `check` counts what it finds rather than asserting: the driver would take a
 * failed assertion for the agent's error.
 */
function afterEveryDecision(seed: string, check: (a: HeuristicAgent) => void): void {
  for (const [req, agents] of TABLES) {
    const setup = resolveSetup(req);
    const seating = parseSeating(agents);
    if (!setup.ok || !seating.ok) throw new Error(`bad table: ${JSON.stringify(req)}`);
    for (let i = 0; i < 40; i++) {
      const g = new Game(setup.value, gameSeed(seed, i));
      const seated = seatAgents(seating.value, g.state.seats.map((s) => s.dealt)).agents;
      const checked = seated.map((a) =>
        a instanceof HeuristicAgent
          ? {
              name: a.name,
              decide: (ctx: DecisionContext) => {
                const answer = a.decide(ctx);
                check(a);
                return answer;
              },
            }
          : a,
      );
      const played = playSync(g, checked);
      expect(played.invalid.every((k) => k === 0)).toBe(true);
    }
  }
}

describe('heuristic speed shortcuts', () => {
  it("the shared village view is, bit for bit, the one each seat would compute from its own beliefs", () => {
    let compared = 0;
    let shared = 0;
    let differ = 0;
    afterEveryDecision('shortcuts', (a) => {
      if (bits(a.village()) !== bits(viewOf(a.b, false, new View(a.b.n)))) differ++;
      compared++;
      if (!a.b.knowsPiper) shared++;
    });
    expect(differ).toBe(0);
    expect(compared).toBeGreaterThan(1000);
    expect(shared).toBeGreaterThan(1000);
  });

  it("a bystander's own view, taken from the bystanders' shared one, is bit for bit the one it would compute alone", () => {
    let bystanders = 0;
    let others = 0;
    let differ = 0;
    afterEveryDecision('bystanders', (a) => {
      if (bits(a.mine()) !== bits(viewAlone(a.b, true, new View(a.b.n)))) differ++;
      if (a.b.bystander()) bystanders++;
      else others++;
    });
    expect(differ).toBe(0);
    expect(bystanders).toBeGreaterThan(1000);
    expect(others).toBeGreaterThan(1000);
  });

  it('a seat a claimant reported a werewolf is no bystander, and its view is still the one it computes alone', () => {
    // Seat 3 claims the Seer and reports seat 5, a villager, a werewolf: seat 5 knows that is a lie.
    const deck: Role[] = ['werewolf', 'werewolf', 'seer', 'villager', 'villager', 'villager', 'villager', 'villager'];
    const pub = (e: EventBody): Event => ({ ...e, vis: ALL }) as Event;
    const events = (seat: number): Event[] => [
      pub({ type: 'start', players: 8, deck }),
      { type: 'deal', seat, role: 'villager', vis: only(seat) } as Event,
      pub({ type: 'night', night: 1 }),
      pub({ type: 'day', day: 1 }),
      pub({ type: 'speech', seat: 3, claims: [{ type: 'role', role: 'seer' }, { type: 'seen', target: 5, result: 'werewolf' }] }),
    ];
    const vote = (seat: number): Decision => ({ kind: 'vote', id: 0, seat, targets: [0, 1, 2, 3], mayPass: true, round: 1, weight: 1 });
    const named = new HeuristicAgent('heuristic', DEFAULT_KNOBS, 5);
    const other = new HeuristicAgent('heuristic', DEFAULT_KNOBS, 6);
    const observation = (seat: number): Observation => ({ seat, players: 8, options: DEFAULT_OPTIONS, deck, events: events(seat) });
    named.decide({ decision: vote(5), rng: new Rng('n'), observe: () => observation(5) });
    other.decide({ decision: vote(6), rng: new Rng('o'), observe: () => observation(6) });
    expect(named.b.bystander()).toBe(false);
    expect(other.b.bystander()).toBe(true);
    expect(bits(named.mine())).toBe(bits(viewAlone(named.b, true, new View(8))));
    expect(bits(other.mine())).toBe(bits(viewAlone(other.b, true, new View(8))));
    // The lie is seen through: the claimant is believed by the other bystander only.
    expect(named.mine().cred[3]).toBe(0);
    expect(other.mine().cred[3]).toBeGreaterThan(0);
  });

  it("a seat that knows a Pied Piper's card keeps a village view of its own", () => {
    // Seat 2 claims to be the Piper. The Seer (7) saw his card; a villager (5) did not.
    const deck: Role[] = ['werewolf', 'werewolf', 'piper', 'villager', 'villager', 'villager', 'villager', 'seer'];
    const pub = (e: EventBody): Event => ({ ...e, vis: ALL }) as Event;
    const [start, night, day, claim] = [
      pub({ type: 'start', players: 8, deck }),
      pub({ type: 'night', night: 1 }),
      pub({ type: 'day', day: 1 }),
      pub({ type: 'speech', seat: 2, claims: [{ type: 'role', role: 'piper' }] }),
    ];
    const observation = (seat: number, role: Role, ...own: Event[]): Observation => ({
      seat,
      players: 8,
      options: DEFAULT_OPTIONS,
      deck,
      events: [start!, { type: 'deal', seat, role, vis: only(seat) } as Event, night!, ...own, day!, claim!],
    });
    const seerObs = observation(7, 'seer', { type: 'seer', seat: 7, target: 2, result: 'piper', vis: only(7) } as Event);
    const villagerObs = observation(5, 'villager');
    const vote = (seat: number): Decision => ({ kind: 'vote', id: 0, seat, targets: [0, 1, 2, 3], mayPass: true, round: 1, weight: 1 });
    const shared = new SharedRecords();
    const seer = new HeuristicAgent('heuristic', DEFAULT_KNOBS, 7, shared);
    const villager = new HeuristicAgent('heuristic', DEFAULT_KNOBS, 5, shared);
    seer.decide({ decision: vote(7), rng: new Rng('s'), observe: () => seerObs });
    villager.decide({ decision: vote(5), rng: new Rng('v'), observe: () => villagerObs });
    expect(seer.b.knowsPiper).toBe(true);
    expect(seer.village().p[2]).toBe(1);
    expect(villager.b.knowsPiper).toBe(false);
    expect(villager.village().p[2]).toBeLessThan(0.5);
  });

  it('argmaxSharedOf chooses what argmaxShared chooses, ties included', () => {
    const rng = new Rng('argmax');
    let ties = 0;
    for (let k = 0; k < 2000; k++) {
      const n = 1 + rng.int(12);
      const cands = Array.from({ length: n }, (_, i) => i).filter(() => rng.int(4) > 0);
      // Few distinct values, so that ties (within the tolerance) are common.
      const scores = new Float64Array(12).map(() => rng.int(3) / 2 + (rng.int(2) === 0 ? 0 : 1e-12));
      const salt = rng.int(2 ** 31);
      const a = argmaxShared(cands, (s) => scores[s]!, salt);
      expect(argmaxSharedOf(cands, scores, salt)).toBe(a);
      if (cands.filter((s) => Math.abs(scores[s]! - scores[a]!) < 1e-9).length > 1) ties++;
    }
    expect(ties).toBeGreaterThan(500);
  });
});
