// A game's counters (counters.ts) as compact text, stored with the game (runs/record.ts):
// the metrics of stored games are then read, not replayed. Each seat lists only the
// counters it cannot leave out, a character for the counter's index and one or two for
// its value, in the characters from '0' up, as the seats' text is (runs/record.ts). Left
// out: zeros; `seats` (1 for every seat); and a counter that equals the one it usually
// equals (IMPLIED: votes asked and votes cast when nobody abstains, the random
// electorate's hits and the observer's on the plain game, …) — then a zero is written.
// About 130 bytes per game of 8 random players, 350 of 8 heuristic ones (their stated
// beliefs are scored in bins): the results file grows 2.5 to 5 times.
//
// Fractional counters (the ideal observer's and the random electorate's expected hits,
// the votes a random electorate would give, squared errors) are kept to 1/420 (exact for
// shares with denominators up to 7: every vote at a table of 8; within 1/840 a seat and
// game otherwise). The text starts with METRICS_VERSION: counters of another version are
// not read, and `sim metrics` replays the game instead.

import { C, COUNTER_COUNT, METRICS_VERSION } from './counters.js';

const OFFSET = 48;
/** Values below this take one character; larger ones two (up to SMALL × 22,000). */
const SMALL = 32768;
export const FRACTION_SCALE = 420;

const FRACTIONAL: ReadonlySet<number> = new Set([C.observerOnWolf, C.chanceOnWolf, C.votesExpected, C.beliefSq, C.observerSq]);
const SCALE = Float64Array.from({ length: COUNTER_COUNT }, (_, j) => (FRACTIONAL.has(j) ? FRACTION_SCALE : 1));

/** [counter, the counter it is taken to equal when not written], resolved in this order. */
const IMPLIED: readonly (readonly [number, number])[] = [
  [C.speeches, C.daysAlive],
  [C.votes, C.speeches],
  [C.voteChances, C.votes],
  [C.voteDecisions, C.voteChances],
  [C.observerExact, C.votes],
  [C.chanceOnWolf, C.observerOnWolf],
  [C.vssFor, C.vssDays],
  [C.answers, C.decisions],
  [C.claimsUnverifiable, C.claims],
];
const IMPLIED_BY = new Int32Array(COUNTER_COUNT).fill(-1);
for (const [j, ref] of IMPLIED) IMPLIED_BY[j] = ref;

/** A counter's stored value: scaled, rounded, clamped. */
function stored(j: number, x: number): number {
  return Math.min(MAX_VALUE, Math.max(0, Math.round(x * SCALE[j]!)));
}

/** Largest storable value (clamped). */
const MAX_VALUE = (0xd7ff - OFFSET - SMALL) * SMALL + SMALL - 1;

/** The seats' counters as text. */
export function packCounters(seats: readonly ArrayLike<number>[]): string {
  const out: number[] = [OFFSET + METRICS_VERSION];
  for (const c of seats) {
    const countAt = out.length;
    out.push(OFFSET);
    let entries = 0;
    for (let j = 0; j < COUNTER_COUNT; j++) {
      if (j === C.seats) continue;
      const v = stored(j, c[j]!);
      const ref = IMPLIED_BY[j]!;
      if (ref >= 0 ? v === stored(ref, c[ref]!) : v === 0) continue;
      out.push(OFFSET + j);
      if (v < SMALL) out.push(OFFSET + v);
      else out.push(OFFSET + SMALL + Math.floor(v / SMALL), OFFSET + (v % SMALL));
      entries++;
    }
    out[countAt] = OFFSET + entries;
  }
  let text = '';
  for (let i = 0; i < out.length; i += 8192) text += String.fromCharCode(...out.slice(i, i + 8192));
  return text;
}

/** A game's counters as read back: per seat, the range [start[s], start[s + 1]) of (counter, value) entries. */
export class SparseCounters {
  readonly start: Int32Array;
  counter: Int32Array;
  value: Float64Array;
  /** Where each counter of the seat being read was put (-1: not written). */
  private readonly seen = new Int32Array(COUNTER_COUNT);

  constructor(readonly players: number) {
    this.start = new Int32Array(players + 1);
    this.counter = new Int32Array(16 * players);
    this.value = new Float64Array(16 * players);
  }

  private grow(): void {
    const counter = new Int32Array(this.counter.length * 2);
    counter.set(this.counter);
    const value = new Float64Array(this.value.length * 2);
    value.set(this.value);
    this.counter = counter;
    this.value = value;
  }

  /**
   * Reads `text` (a game of `players` seats); false when it is of another METRICS_VERSION
   * or malformed (then its entries are not to be used).
   */
  read(text: string): boolean {
    if (text.charCodeAt(0) !== OFFSET + METRICS_VERSION) return false;
    let at = 1;
    let k = 0;
    const seen = this.seen;
    for (let s = 0; s < this.players; s++) {
      this.start[s] = k;
      const entries = text.charCodeAt(at++) - OFFSET;
      if (!(entries >= 0 && entries <= COUNTER_COUNT)) return false;
      // Room for the written entries, `seats`, and every implied counter.
      while (k + entries + 1 + IMPLIED.length > this.counter.length) this.grow();
      seen.fill(-1);
      for (let e = 0; e < entries; e++) {
        const j = text.charCodeAt(at++) - OFFSET;
        if (!(j >= 0 && j < COUNTER_COUNT)) return false;
        let v = text.charCodeAt(at++) - OFFSET;
        if (v >= SMALL) v = (v - SMALL) * SMALL + (text.charCodeAt(at++) - OFFSET);
        if (!(v >= 0)) return false;
        seen[j] = k;
        this.counter[k] = j;
        this.value[k++] = v / SCALE[j]!;
      }
      this.counter[k] = C.seats;
      this.value[k++] = 1;
      for (const [j, ref] of IMPLIED) {
        if (seen[j]! >= 0) continue;
        const r = seen[ref]!;
        if (r < 0) continue;
        seen[j] = k;
        this.counter[k] = j;
        this.value[k++] = this.value[r]!;
      }
    }
    this.start[this.players] = k;
    return at === text.length;
  }

  /** Seat `s`'s counters as a dense array (tests). */
  dense(s: number): Float64Array {
    const out = new Float64Array(COUNTER_COUNT);
    for (let i = this.start[s]!; i < this.start[s + 1]!; i++) out[this.counter[i]!]! += this.value[i]!;
    return out;
  }
}
