// The observer's verdict memo (metrics/observer/verdicts.ts) against the verdicts read
// afresh: over a game's growing list of facts, with a fact rewritten midway (a séance
// naming the ghost rewrites the nights before it), a new game, and tables of both kinds
// (cells ranked by set up to 18 players, maps above). The facts here are arbitrary
// functions of the set, so every path of the memo is driven, not only the ones real
// games reach.
//
// Can fail: tried — `last` keeping the old failure when a new fact fails (its `v >> 1 ===
// -NEVER` test dropped), `first` reading on from a set that had failed already, `align`
// ignoring a changed key, the colex rank off by one size (`size++` after the lookup),
// `first(set, until)` keeping its verdict as read against every fact, or not reading a fact
// at `until` itself, and a count fact read at its count plus one: each fails a row below.

import { describe, expect, test } from 'vitest';
import { check as must } from '../helpers/check.js';
import { FAILS, HOLDS, HOLDS_IF_UNSPENT, lastFailure, NEVER, VerdictMemo, type FactAnswer, type TimedFact } from '../../metrics/observer/verdicts.js';
import { forEachPlacement, popcount, positionsOf } from '../../metrics/observer/placements.js';

/** A fact answering from a hash of the set and its salt: fails for about 1 set in `rarity`. */
function fact(moment: number, salt: number, rarity: number, turned = 0): TimedFact {
  const test = (w: number) => {
    let h = Math.imul(w ^ salt, 0x9e3779b1) >>> 0;
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> 0;
    const r = h % rarity;
    return r === 0 ? FAILS : r === 1 ? HOLDS_IF_UNSPENT : HOLDS;
  };
  return { moment, turned, key: `f${moment}/${salt}/${rarity}/${turned}`, test };
}

/** A fact reading only how many of the set lie within `within` (a checkpoint's count), holding for the counts the salt picks. */
function countFact(moment: number, salt: number, within: number): TimedFact {
  const answers = new Uint8Array(popcount(within) + 1);
  for (let c = 0; c < answers.length; c++) answers[c] = (Math.imul(c + 3, 0x9e3779b1 ^ salt) >>> 28) % 3 === 0 ? FAILS : HOLDS;
  return { moment, turned: 0, key: `c${moment}/${salt}/${within}`, test: (w) => answers[popcount(w & within)] as FactAnswer, count: { within, answers } };
}

function firstAfresh(facts: readonly TimedFact[], set: number): number {
  let spent = 0;
  for (const f of facts) {
    const r = f.test(set & ~f.turned);
    if (r === FAILS) return 2 * f.moment + spent;
    if (r === HOLDS_IF_UNSPENT) spent = 1;
  }
  return 2 * NEVER + spent;
}

/** The sets of 2 to 4 of the first `players` seats (those a posterior's worlds ask about). */
function setsOf(players: number): number[] {
  const seats = positionsOf(2 ** players - 1);
  const out: number[] = [];
  for (const k of [2, 3, 4]) forEachPlacement(seats, k, (m) => out.push(m));
  return out;
}

describe('the verdict memo gives the verdicts read afresh', () => {
  test.each([
    { players: 8, rarity: 3 },
    { players: 12, rarity: 7 },
    { players: 18, rarity: 5 },
    { players: 20, rarity: 4 },
  ])('$players players, a fact fails 1 set in $rarity', ({ players, rarity }) => {
    const memo = new VerdictMemo(players);
    const sets = setsOf(players).filter((_, i) => i % 3 === 0);
    let facts: TimedFact[] = [];
    const check = () => {
      memo.align(facts);
      // Some sets read only up to a moment first (a shown seat's turn), then to the end.
      const until = facts[Math.floor(facts.length / 2)]!.moment;
      const upTo = facts.filter((f) => f.moment <= until);
      for (const set of sets) {
        if (set % 2 === 0) {
          // A failure up to `until` as read afresh; else a verdict past it, its spent flag read over those facts at least.
          const v = memo.first(set, until);
          const want = firstAfresh(upTo, set);
          if (want < 2 * NEVER) must(v === want, () => `set ${set} until ${until}: ${v}, read afresh ${want}`);
          else must(v >> 1 > until && (v & 1) >= (want & 1), () => `set ${set} until ${until}: ${v}, read afresh ${want}`);
        }
        const first = memo.first(set);
        const last = memo.last(set);
        must(first === firstAfresh(facts, set), () => `set ${set}: first ${first}, read afresh ${firstAfresh(facts, set)}`);
        must(last === lastFailure(facts, set, 0), () => `set ${set}: last ${last}, read afresh ${lastFailure(facts, set, 0)}`);
      }
    };
    // A game: facts appended at each posterior, one with a Miracle's turn.
    for (let day = 1; day <= 6; day++) {
      facts = [...facts, fact(10 * day, day, rarity), fact(10 * day + 3, 100 + day, rarity * 2, day === 4 ? 0b110 : 0), countFact(10 * day + 5, day, (2 ** players - 1) & ~(1 << day))];
      check();
    }
    // A fact before the last ones rewritten: what was kept for it is dropped.
    facts = facts.map((f, i) => (i === 2 ? fact(f.moment, 999, rarity) : f));
    check();
    // A new game: fewer facts, other keys.
    facts = [fact(5, 7, rarity)];
    check();
    facts = [...facts, fact(9, 8, rarity)];
    check();
  });

  test('verdicts are small integers: the spent flag is bit 0, the moment the rest', () => {
    const memo = new VerdictMemo(8);
    const facts: TimedFact[] = [
      fact(4, 1, 1_000_000),
      { moment: 6, turned: 0, key: 'spend', test: () => HOLDS_IF_UNSPENT },
      { moment: 9, turned: 0, key: 'no', test: () => FAILS },
    ];
    memo.align(facts);
    expect(memo.first(0b11)).toBe(2 * 9 + 1);
    expect(memo.last(0b11)).toBe(2 * 9);
    expect(lastFailure(facts.slice(0, 2), 0b11, 0)).toBe(-2 * NEVER + 1);
  });
});
