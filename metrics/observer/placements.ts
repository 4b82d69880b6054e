// The counting the public-facts observer does (observer.ts): seats as bits, the subsets of a set
// of seats, binomials, and a circle's living neighbours.

import { neighboursWhere } from '../../engine/index.js';

/** A seat as a bit. */
export const bit = (s: number) => 1 << s;

/** Set bits of a 32-bit mask. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** Widest binomial table: positions are bits of a 32-bit mask. */
const WIDTH = 33;

/** C(a, b) at a × WIDTH + b (0 when b > a), for a, b ≤ 32: Pascal's triangle, exact. */
const BINOMIALS = (() => {
  const c = new Int32Array(WIDTH * WIDTH);
  for (let a = 0; a < WIDTH; a++) {
    c[a * WIDTH] = 1;
    for (let b = 1; b <= a; b++) c[a * WIDTH + b] = c[(a - 1) * WIDTH + b - 1]! + (b < a ? c[(a - 1) * WIDTH + b]! : 0);
  }
  return c;
})();

/** C(a, b) from the table, for 0 ≤ a ≤ 32 and b ≥ 0 (the colex ranks' terms: neighbours.ts). */
export const choose = (a: number, b: number): number => (b < WIDTH ? BINOMIALS[a * WIDTH + b]! : 0);

export function positionsOf(mask: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < 32; s++) if ((mask & bit(s)) !== 0) out.push(s);
  return out;
}

/** Each seat's living neighbours (engine's circle: the nearest living seat on each side), as masks. */
export function neighbourMasks(players: number, living: number): Int32Array {
  const out = new Int32Array(players);
  const alive = (i: number) => (living & bit(i)) !== 0;
  for (let s = 0; s < players; s++) for (const t of neighboursWhere(players, alive, s)) out[s]! |= bit(t);
  return out;
}

export function nearestLeft(players: number, living: number, seat: number): number {
  for (let k = 1; k < players; k++) {
    const i = (seat + k) % players;
    if ((living & bit(i)) !== 0) return i;
  }
  return -1;
}

/** Calls `f` with every k-subset of `seats` as a mask. */
export function forEachPlacement(seats: readonly number[], k: number, f: (mask: number) => void): void {
  if (k < 0 || k > seats.length) return;
  const go = (from: number, left: number, mask: number): void => {
    if (left === 0) return f(mask);
    for (let i = from; i <= seats.length - left; i++) go(i + 1, left - 1, mask | bit(seats[i]!));
  };
  go(0, k, 0);
}

/** Bytes of a DoublesSlab's buffer. */
const SLAB_BYTES = 1 << 16;

/**
 * Float64Arrays of a few seats cut from one buffer: past 8 numbers a Float64Array of its own
 * is made outside the heap (measured alone, ~1.2 µs for 12 numbers, ~3.3 µs for 18), a view
 * of a buffer is not (~50 ns). Each view is zeros of its own and keeps its buffer alive while
 * it lives: the buffer is only cut forward, a new one started when it is full. One per
 * observer, for its posteriors and their sums.
 */
export class DoublesSlab {
  private buffer = new ArrayBuffer(SLAB_BYTES);
  private used = 0;

  /** A Float64Array of `n` zeros (up to 8, one of its own: those live in the heap, cheaply). */
  take(n: number): Float64Array {
    const bytes = 8 * n;
    if (n <= 8 || bytes > SLAB_BYTES / 8) return new Float64Array(n);
    if (this.used + bytes > SLAB_BYTES) {
      this.buffer = new ArrayBuffer(SLAB_BYTES);
      this.used = 0;
    }
    const out = new Float64Array(this.buffer, this.used, n);
    this.used += bytes;
    return out;
  }
}
