// The observer's counting helpers (metrics/observer/placements.ts, neighbours.ts) against
// their plain definitions: the walk gives every k-subset of the positions once, and each
// placement's neighbours (one card more or one fewer) their own verdicts, asked of the memo
// once per set whatever the placement that reaches it; the flips read from counts are the
// seats whose flipped set passes every count.
//
// Can fail: tried — a neighbour's colex term off by one place (`j + 1` read as `j` in
// turnsWithin), the removed member's cell not shifted past the larger sets, a flip's count
// moved the wrong way (flipsPassing reading `base - 1` for a seat turned into a werewolf),
// the seats outside a fact's mask not kept: each fails a row below.

import { describe, expect, test } from 'vitest';
import { flipsPassing, PlacementWalk } from '../../metrics/observer/neighbours.js';
import { DoublesSlab, forEachPlacement, popcount } from '../../metrics/observer/placements.js';
import { FAILS, HOLDS, type CountFact, type VerdictMemo } from '../../metrics/observer/verdicts.js';

/** A verdict from a hash of the set (even: a moment; odd: a spent heal on top). */
function verdictOf(set: number): number {
  const h = Math.imul(set ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
  return (h % 40) - 8;
}

/** A stand-in for the memo's `last`: the hash's verdict, each set's asks counted. */
function countingMemo(): { memo: VerdictMemo; asks: Map<number, number> } {
  const asks = new Map<number, number>();
  const last = (set: number) => {
    asks.set(set, (asks.get(set) ?? 0) + 1);
    return verdictOf(set);
  };
  return { memo: { last } as unknown as VerdictMemo, asks };
}

describe('the placement walk', () => {
  test.each([
    { name: '8 seats, 2 werewolves', order: [0, 1, 2, 3, 4, 5, 6, 7], k: 2 },
    { name: '18 seats less the dead, 4 werewolves', order: [0, 2, 3, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17], k: 4 },
    { name: 'a thief: 10 seats and the two spare cards', order: [1, 2, 3, 4, 6, 7, 8, 9, 10, 11], k: 3 },
    { name: 'every card known', order: [0, 1, 2], k: 3 },
    { name: 'no werewolf left to place', order: [0, 1, 2, 3], k: 0 },
  ])('$name: every placement once, each neighbour its own verdict, each set asked once', ({ order, k }) => {
    const expected: number[] = [];
    forEachPlacement(order, k, (m) => expected.push(m));
    const walk = new PlacementWalk();
    const { memo, asks } = countingMemo();
    const seen: number[] = [];
    // The last position stands for a spare card (never turned): the group is the others.
    const group = order.slice(0, -1).reduce((g, s) => g | (1 << s), 0);
    const latest = 12;
    if (walk.start(order, k))
      do {
        const w = walk.mask;
        seen.push(w);
        const flips = walk.turnsWithin(group, latest, w, memo);
        let want = 0;
        let spent = false;
        for (const s of order)
          if ((group & (1 << s)) !== 0 && verdictOf(w ^ (1 << s)) >> 1 <= latest) {
            want |= 1 << s;
            if ((verdictOf(w ^ (1 << s)) & 1) !== 0) spent = true;
          }
        expect(flips, `placement ${w.toString(2)}`).toBe(want);
        expect(walk.spent).toBe(spent);
      } while (walk.next());
    expect(seen.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    for (const [set, n] of asks) expect(n, `set ${set.toString(2)}`).toBe(1);
  });
});

describe('the flips read from counts', () => {
  /** A count fact from a hash: holds for the numbers whose hash bit is set. */
  function countFact(within: number, salt: number): CountFact {
    const answers = new Uint8Array(popcount(within) + 1);
    for (let c = 0; c < answers.length; c++) answers[c] = (Math.imul(c + 1, 0x9e3779b1 ^ salt) >>> 29) % 4 !== 0 ? HOLDS : FAILS;
    return { within, answers };
  }

  test.each([
    { name: 'the living at two checkpoints (nested)', masks: [0b111111111111111110, 0b111111011111011110] },
    { name: 'one checkpoint of every seat', masks: [0x3ffff] },
    { name: 'three checkpoints, a Miracle’s turned seat taken off', masks: [0x3fffe, 0x3effe, 0x2effe & ~(1 << 7)] },
    { name: 'no fact after the night: every seat of the group flips', masks: [] },
  ])('$name: a seat flips iff his set passes every fact, over thousands of placements', ({ masks }) => {
    let h = 7;
    for (let round = 0; round < 3000; round++) {
      h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) + round;
      const facts = masks.map((m, i) => countFact(m, h + i));
      const dealt = (h >>> 3) & 0x3ffff & Math.imul(h, 0x45d9f3b);
      const group = Math.imul(h, 0x27d4eb2d) & 0x3ffff;
      let want = 0;
      for (let s = 0; s < 18; s++) {
        const set = dealt ^ (1 << s);
        if ((group & (1 << s)) !== 0 && facts.every((f) => f.answers[popcount(set & f.within)] === HOLDS)) want |= 1 << s;
      }
      expect(flipsPassing(group, dealt, facts), `dealt ${dealt.toString(2)}, group ${group.toString(2)}`).toBe(want);
    }
  });
});

// The observer's per-seat numbers cut from a buffer (placements.ts DoublesSlab). Can fail:
// tried — the buffer's cursor not moved past a view (every view the same numbers), no new
// buffer started when one is full (a view past its end: RangeError).
describe('the doubles cut from a buffer', () => {
  test.each([4, 8, 9, 12, 18, 31])('%i seats: thousands of views, each zeros of its own', (n) => {
    const slab = new DoublesSlab();
    const views: Float64Array[] = [];
    // Enough to fill several 64 KiB buffers at every size.
    for (let i = 0; i < 3000; i++) {
      const v = slab.take(n);
      expect(v.length).toBe(n);
      expect(v.every((x) => x === 0)).toBe(true);
      v.fill(i + 0.5);
      views.push(v);
    }
    views.forEach((v, i) => expect(v.every((x) => x === i + 0.5), `view ${i}`).toBe(true));
  });
});
