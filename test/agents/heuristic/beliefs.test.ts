// Belief updates from hand-made observations: what a seat learns from its own events and
// from the public ones, and what it refuses to read.

import { describe, expect, it } from 'vitest';
import { HeuristicAgent } from '../../../agents/heuristic/agent.js';
import { Beliefs, ForeignInformationError } from '../../../agents/heuristic/beliefs.js';
import { DEFAULT_KNOBS } from '../../../agents/heuristic/knobs.js';
import { SharedRecords } from '../../../agents/heuristic/shared.js';
import { View, viewOf } from '../../../agents/heuristic/view.js';
import type { Claim } from '../../../engine/index.js';
import type { Decision } from '../../../engine/index.js';
import { ALL, only, type Event, type EventBody } from '../../../engine/index.js';
import type { Observation } from '../../../engine/index.js';
import { DEFAULT_OPTIONS } from '../../../engine/index.js';
import { Rng } from '../../../engine/index.js';
import type { Role } from '../../../engine/index.js';

const N = 8;
const DECK: Role[] = ['werewolf', 'werewolf', 'villager', 'villager', 'villager', 'villager', 'villager', 'seer'];

/** A growing observation of `seat` (events must be visible to it unless a test says otherwise), and its game's shared records. */
class Script {
  readonly events: Event[] = [];
  readonly obs: Observation;
  readonly shared = new SharedRecords();
  constructor(readonly seat: number, role: Role) {
    this.obs = { seat, players: N, options: DEFAULT_OPTIONS, deck: DECK, events: this.events };
    this.add({ type: 'start', players: N, deck: DECK });
    this.add({ type: 'deal', seat, role }, only(seat));
  }
  add(e: EventBody, vis = ALL): this {
    this.events.push({ ...e, vis } as Event);
    return this;
  }
  say(seat: number, ...claims: Claim[]): this {
    return this.add({ type: 'speech', seat, claims });
  }
  votes(pairs: [number, number][]): this {
    return this.add({ type: 'votes', round: 1, votes: pairs.map(([voter, target]) => ({ voter, target, weight: 1 })) });
  }
  beliefs(): Beliefs {
    const b = new Beliefs(this.obs, DEFAULT_KNOBS, this.shared);
    b.update(this.obs);
    return b;
  }
}

const view = (b: Beliefs, priv = true) => viewOf(b, priv, new View(N));

describe('heuristic beliefs', () => {
  it("a seer's own result is certain knowledge, and nobody else's", () => {
    const seer = new Script(7, 'seer').add({ type: 'night', night: 1 }).add({ type: 'seer', seat: 7, target: 2, result: 'werewolf' }, only(7));
    const b = seer.beliefs();
    expect(b.known[2]).toBe(1);
    expect(b.myResults).toEqual([{ target: 2, result: 'werewolf' }]);
    expect(view(b).p[2]).toBe(1);
    // The village's view (public facts only) does not know it.
    expect(b.pub[2]).toBe(0);
    expect(view(b, false).p[2]).toBeLessThan(0.5);
  });

  it('wolves know the pack and that everyone else is not a werewolf', () => {
    const wolf = new Script(0, 'werewolf').add({ type: 'night', night: 1 }).add({ type: 'pack', wolves: [0, 3] }, 1 | (1 << 3));
    const b = wolf.beliefs();
    expect(Array.from(b.known)).toEqual([1, -1, -1, 1, -1, -1, -1, -1]);
    expect(b.ally(3)).toBe(true);
    expect(b.ally(4)).toBe(false);
  });

  it('a revealed werewolf clears those who voted him out and raises who voted with him', () => {
    const s = new Script(4, 'villager')
      .add({ type: 'day', day: 1 })
      // 1, 2, 5 vote out seat 0; 0 and 3 vote against 6.
      .votes([[1, 0], [2, 0], [5, 0], [0, 6], [3, 6]])
      .add({ type: 'death', seat: 0, role: 'werewolf', cause: 'vote' });
    const b = s.beliefs();
    expect(b.pub[0]).toBe(1);
    expect(b.deadWolves).toBe(1);
    expect(b.llr[1]).toBeLessThan(0);
    expect(b.llr[3]).toBeGreaterThan(0); // voted with the werewolf
    expect(b.llr[6]).toBeLessThan(0); // the werewolf voted against him: likely a villager
    const p = view(b).p;
    expect(p[3]).toBeGreaterThan(p[1]!);
    expect(p[3]).toBeGreaterThan(p[2]!);
  });

  it('a Seer claim is believed, and a report the cards contradict makes the claimant a liar', () => {
    const s = new Script(4, 'villager').add({ type: 'day', day: 1 }).say(1, { type: 'role', role: 'seer' }, { type: 'seen', target: 2, result: 'werewolf' });
    let b = s.beliefs();
    const v = view(b);
    expect(v.cred[1]).toBeCloseTo(DEFAULT_KNOBS.trust);
    expect(v.p[2]).toBeGreaterThan(0.75);
    expect(v.p[1]).toBeLessThan(v.prior);
    // Seat 2 is voted out and turns out a villager: the claim was false.
    s.add({ type: 'death', seat: 2, role: 'villager', cause: 'vote' });
    b = s.beliefs();
    expect(b.informed[0]!.liar).toBe(true);
    expect(view(b).p[1]).toBeGreaterThanOrEqual(0.9);
  });

  it("a Seer proven by her card makes her reports public knowledge and her rival a liar", () => {
    const s = new Script(4, 'villager')
      .add({ type: 'day', day: 1 })
      .say(1, { type: 'role', role: 'seer' }, { type: 'seen', target: 2, result: 'werewolf' })
      .say(3, { type: 'role', role: 'seer' }, { type: 'seen', target: 1, result: 'werewolf' })
      .add({ type: 'death', seat: 1, role: 'seer', cause: 'night' });
    const b = s.beliefs();
    expect(b.pub[2]).toBe(1);
    expect(b.informed.find((c) => c.seat === 3)!.liar).toBe(true);
    expect(view(b).p[3]).toBeGreaterThanOrEqual(0.9);
  });

  it('rival claimants share belief, the first favoured, and the one who claimed after being named least', () => {
    const s = new Script(4, 'villager')
      .add({ type: 'day', day: 1 })
      .say(1, { type: 'role', role: 'seer' }, { type: 'seen', target: 2, result: 'werewolf' })
      .say(2, { type: 'role', role: 'seer' }, { type: 'seen', target: 1, result: 'werewolf' });
    const v = view(s.beliefs());
    expect(v.cred[1]).toBeGreaterThan(v.cred[2]!);
    expect(v.p[2]).toBeGreaterThan(v.p[1]!);
  });

  it('refuses an event its seat may not see', () => {
    const s = new Script(4, 'villager').add({ type: 'deal', seat: 5, role: 'werewolf' }, only(5));
    expect(() => s.beliefs()).toThrow(ForeignInformationError);
    // And so does the agent, whatever it is asked.
    const agent = new HeuristicAgent('heuristic', DEFAULT_KNOBS, 4, s.shared);
    const d: Decision = { kind: 'vote', id: 0, seat: 4, targets: [0, 1], mayPass: true, round: 1, weight: 1 };
    expect(() => agent.decide({ decision: d, rng: new Rng('x'), observe: () => s.obs })).toThrow(/seat 4 was given a 'deal' event it may not see/);
  });

  it('never reads ahead of its own observation through the shared public record', () => {
    // Seat 4 reads the whole day; seat 5 is then given an earlier observation of the same game.
    const a = new Script(4, 'villager').add({ type: 'day', day: 1 });
    const start = a.events[0]!;
    a.add({ type: 'death', seat: 2, role: 'werewolf', cause: 'vote' });
    const full = a.beliefs();
    expect(full.alive[2]).toBe(0);
    const early: Observation = { seat: 5, players: N, options: DEFAULT_OPTIONS, deck: DECK, events: [start, { type: 'deal', seat: 5, role: 'villager', vis: only(5) }] };
    const b = new Beliefs(early, DEFAULT_KNOBS, a.shared);
    b.update(early);
    expect(b.alive[2]).toBe(1);
    expect(b.deadWolves).toBe(0);
  });

  it('never mixes another observation into its own, even one that starts like it', () => {
    const a = new Script(4, 'villager').add({ type: 'day', day: 1 });
    const [start, , day] = a.events;
    a.say(1, { type: 'role', role: 'seer' }, { type: 'seen', target: 2, result: 'werewolf' });
    // Seat 5 is handed the same start and day but a different statement (a broken harness).
    const other: Event[] = [start!, { type: 'deal', seat: 5, role: 'villager', vis: only(5) }, day!, { type: 'speech', seat: 3, claims: [{ type: 'role', role: 'seer' }], vis: ALL }];
    const obs5: Observation = { seat: 5, players: N, options: DEFAULT_OPTIONS, deck: DECK, events: other };
    const first = a.beliefs();
    const second = new Beliefs(obs5, DEFAULT_KNOBS, a.shared);
    second.update(obs5);
    expect(second.informed.map((c) => c.seat)).toEqual([3]);
    // And seat 4's record is untouched by it.
    first.update(a.obs);
    expect(first.informed.map((c) => c.seat)).toEqual([1]);
  });
});
