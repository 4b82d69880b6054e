// The public facts' verdict on a set of werewolves, for the observer's worlds under the
// Harvest witch's potion (observer.ts, computeTurned): the moment of the first fact the set
// fails, or of the last one. A game's posterior is asked for at every vote, and between two
// votes the facts only grow at their end (a night, the moments the game went on, a séance),
// so each set's verdict is kept from one posterior to the next and only the new facts are
// read for it. A fact that changed since (a séance naming the ghost rewrites the nights
// before it) or a new game drops every verdict kept: each fact carries a key made of all it
// reads, and the memo holds only for the facts whose keys it was made with.

import { popcount } from './placements.js';

/**
 * Beyond every moment (a game's public events, far fewer): no fact failed. Small enough
 * that every verdict is a small integer, tested with `& 1` and halved with `>> 1`: the
 * same on floats cost the observer's loop most of its time.
 */
export const NEVER = 2 ** 28;

/** A fact's answer for a set of werewolves: fails, holds, or holds only if a heal or a life that may have been spent saved someone. */
export const FAILS = 0;
export const HOLDS = 1;
export const HOLDS_IF_UNSPENT = 2;
export type FactAnswer = typeof FAILS | typeof HOLDS | typeof HOLDS_IF_UNSPENT;

/** A public fact with its moment (a Miracle's turns taken off the set before it is tested). */
export interface TimedFact {
  readonly moment: number;
  readonly turned: number;
  /** All the fact reads, as text: two facts with the same key give the same answers. */
  readonly key: string;
  readonly test: (wolves: number) => FactAnswer;
  /** Set when the fact reads only how many werewolves lie within a mask (the game not yet over at a checkpoint). */
  readonly count?: CountFact;
}

/**
 * A fact that reads only how many of the werewolves lie within `within` (the set with the
 * fact's `turned` taken off): its answer, HOLDS or FAILS, for each number. The observer's
 * walk under the potion reads such facts for all of a placement's neighbours at once
 * (neighbours.ts `flipsPassing`).
 */
export interface CountFact {
  readonly within: number;
  readonly answers: Uint8Array;
}

/** Players up to which the verdicts are kept in an array (2^18 sets: 2 MB, of which a game touches a few sizes' share); above, in maps. */
const TABLE_BITS = 18;

/** Facts a kept verdict may have been read against (the count shares a 31-bit stamp with the game's epoch). */
const MAX_KEPT = 2 ** 12 - 1;
const LAST_EPOCH = 2 ** 19 - 1;

/**
 * The verdicts of one kind (first or last failure) for every set seen: how many facts
 * each was read against, and its value, side by side in one array. A set's cell is its
 * rank among the sets of its size, after the smaller sizes (colex order): the worlds of a
 * posterior test sets of two or three sizes only, so the cells they touch stay close
 * together — indexed by the set itself they spread over megabytes, and the lookups missed
 * the cache. Dropping them all is a new epoch, not a pass over the array.
 */
class Column {
  /** Per cell: the stamp (epoch × 2^12 + facts read) then the value. */
  private readonly cells: Int32Array | null;
  /** C(b, i) at b × width + i, and where each size's cells start. */
  private readonly binomials: Int32Array;
  private readonly starts: Int32Array;
  private readonly width: number;
  private readonly counts = new Map<number, number>();
  private readonly values = new Map<number, number>();
  private epoch = 1;

  constructor(bits: number) {
    const table = bits <= TABLE_BITS;
    this.width = bits + 1;
    this.binomials = new Int32Array(table ? this.width * this.width : 0);
    this.starts = new Int32Array(table ? this.width + 1 : 0);
    this.cells = table ? new Int32Array(2 * 2 ** bits) : null;
    if (!table) return;
    for (let b = 0; b < this.width; b++) {
      this.binomials[b * this.width] = 1;
      for (let i = 1; i <= b; i++) this.binomials[b * this.width + i] = this.binomials[(b - 1) * this.width + i - 1]! + (i < b ? this.binomials[(b - 1) * this.width + i]! : 0);
    }
    for (let i = 0; i < this.width; i++) this.starts[i + 1] = this.starts[i]! + this.binomials[bits * this.width + i]!;
  }

  /** Where the set is kept: its cell (in the array), or the set itself (in the maps). */
  slot(set: number): number {
    if (this.cells === null) return set;
    let rank = 0;
    let size = 0;
    for (let m = set; m !== 0; m &= m - 1) rank += this.binomials[(31 - Math.clz32(m & -m)) * this.width + ++size]!;
    return 2 * (this.starts[size]! + rank);
  }

  /** Facts the value at the slot was read against (0: none kept). */
  count(at: number): number {
    if (this.cells === null) return this.counts.get(at) ?? 0;
    const stamp = this.cells[at]!;
    return stamp >>> 12 === this.epoch ? stamp & MAX_KEPT : 0;
  }

  value(at: number): number {
    return this.cells !== null ? this.cells[at + 1]! : this.values.get(at)!;
  }

  keep(at: number, count: number, value: number): void {
    if (count > MAX_KEPT) return;
    if (this.cells !== null) {
      this.cells[at] = (this.epoch << 12) | count;
      this.cells[at + 1] = value;
    } else {
      this.counts.set(at, count);
      this.values.set(at, value);
    }
  }

  clear(): void {
    if (this.cells !== null && ++this.epoch === LAST_EPOCH) {
      this.cells.fill(0);
      this.epoch = 1;
    }
    // Only when used (a table past TABLE_BITS seats): clearing a Map makes it a new table, even an empty one.
    if (this.counts.size > 0) this.counts.clear();
    if (this.values.size > 0) this.values.clear();
  }
}

/**
 * Verdicts kept across the posteriors of one game. A verdict is 2 × the moment of the
 * failing fact (NEVER: none failed; −NEVER for the last failure), plus 1 if some fact read
 * before reaching it held only through a heal or a life that may have been spent.
 */
export class VerdictMemo {
  private readonly firsts: Column;
  private readonly lasts: Column;
  /** The keys of the facts the kept verdicts were read against. */
  private keys: string[] = [];
  private facts: readonly TimedFact[] = [];
  private dirty = false;

  constructor(players: number) {
    this.firsts = new Column(players);
    this.lasts = new Column(players);
  }

  /** The facts of the posterior to come: verdicts read against facts that changed are dropped. */
  align(facts: readonly TimedFact[]): void {
    let same = this.keys.length <= facts.length;
    for (let i = 0; same && i < this.keys.length; i++) same = this.keys[i] === facts[i]!.key;
    if (!same && this.dirty) {
      this.firsts.clear();
      this.lasts.clear();
      this.dirty = false;
    }
    this.keys = facts.map((f) => f.key);
    this.facts = facts;
  }

  /**
   * The first fact the set fails (its moment, as above). Given `until`, the facts after that
   * moment are not read (a turn's worlds read the cards as dealt only until the turn): if
   * none up to it fails, the verdict is one past it (none failed, or a later failure kept),
   * its spent flag read over those facts at least, and the later facts are left for a call
   * that needs them.
   */
  first(set: number, until = Infinity): number {
    const facts = this.facts;
    const at = this.firsts.slot(set);
    const kept = this.firsts.count(at);
    let spent = 0;
    if (kept > 0) {
      const v = this.firsts.value(at);
      // A set that failed a fact kept fails it still: only one that passed them all reads the new ones.
      if (kept === facts.length || v < 2 * NEVER || facts[kept]!.moment > until) return v;
      spent = v & 1;
    }
    let stop = facts.length;
    if (until !== Infinity) {
      stop = kept;
      while (stop < facts.length && facts[stop]!.moment <= until) stop++;
    }
    const v = firstFailure(facts, set, kept, stop) | spent;
    this.firsts.keep(at, stop, v);
    this.dirty = true;
    return v;
  }

  /** The last fact the set fails (its moment, as above). */
  last(set: number): number {
    const facts = this.facts;
    const at = this.lasts.slot(set);
    const kept = this.lasts.count(at);
    if (kept === facts.length && kept > 0) return this.lasts.value(at);
    let v = lastFailure(facts, set, 0, kept);
    if (v >> 1 === -NEVER && kept > 0) {
      // No new fact fails: the last failure is the one kept, the heals read those after it and the new facts.
      const old = this.lasts.value(at);
      v = old | (v & 1);
    }
    this.lasts.keep(at, facts.length, v);
    this.dirty = true;
    return v;
  }
}

/** A fact's answer for a set (its turned seats taken off): a count read in place, without the test's call. */
function answerOf(f: TimedFact, set: number): FactAnswer {
  const c = f.count;
  return c !== undefined ? (c.answers[popcount(set & c.within)] as FactAnswer) : f.test(set);
}

/** The first of facts[from…stop) the set fails, as a verdict (nothing kept). */
export function firstFailure(facts: readonly TimedFact[], set: number, from = 0, stop = facts.length): number {
  let spent = 0;
  for (let i = from; i < stop; i++) {
    const f = facts[i]!;
    const r = answerOf(f, set & ~f.turned);
    if (r === FAILS) return 2 * f.moment + spent;
    if (r === HOLDS_IF_UNSPENT) spent = 1;
  }
  return 2 * NEVER + spent;
}

/** The last of facts[stop…] the set fails, as a verdict (nothing kept; `xb`: a seat forced into the set). */
export function lastFailure(facts: readonly TimedFact[], set: number, xb: number, stop = 0): number {
  let spent = 0;
  for (let i = facts.length - 1; i >= stop; i--) {
    const f = facts[i]!;
    const r = answerOf(f, (set & ~f.turned) | xb);
    if (r === FAILS) return 2 * f.moment + spent;
    if (r === HOLDS_IF_UNSPENT) spent = 1;
  }
  return -2 * NEVER + spent;
}
