// The placements of the werewolf cards, and the sets one seat away from each, for the
// observer's worlds under the Harvest witch's potion (observer.ts, computeTurned): every
// placement is paired with each seat the potion may have turned, and the world reads the
// verdict of the set that results (one werewolf more, or one fewer). A posterior pairs a
// few thousand placements with a dozen seats each, but those pairs reach only a few
// thousand distinct sets: each set's verdict is asked of the memo once per posterior and
// kept here, in a cell found by the set's colex rank among the sets of its size over the
// positions. A placement finds the ranks of all its neighbours in one pass over the
// positions, where the memo's own lookup walks each set's bits.

import type { VerdictMemo } from './verdicts.js';

/** A cell whose verdict has not been read this posterior (verdicts are small: verdicts.ts NEVER). */
const UNREAD = -(2 ** 31);

/** Widest binomial table: positions are bits of a 32-bit mask. */
const WIDTH = 33;

/** C(a, b) at a × WIDTH + b (0 when b > a), for a, b ≤ 32. */
const BINOMIALS = (() => {
  const c = new Int32Array(WIDTH * WIDTH);
  for (let a = 0; a < WIDTH; a++) {
    c[a * WIDTH] = 1;
    for (let b = 1; b <= a; b++) c[a * WIDTH + b] = c[(a - 1) * WIDTH + b - 1]! + (b < a ? c[(a - 1) * WIDTH + b]! : 0);
  }
  return c;
})();

const choose = (a: number, b: number): number => (b < WIDTH ? BINOMIALS[a * WIDTH + b]! : 0);

/**
 * The k-subsets of the positions, in the order `forEachPlacement` gives them (the
 * observer's sums are added in that order, so the posterior's bits depend on it), each
 * with the verdicts of its neighbours. Use: `start`, then, for each placement (`mask`),
 * `place` before the first `lastOfFlip`, then `next`.
 */
export class PlacementWalk {
  /** The current placement, as a mask of seats (a thief's spare cards at bits n and n+1). */
  mask = 0;
  private order: readonly number[] = [];
  private k = 0;
  private m = 0;
  /** Each seat's index among the positions. */
  private readonly index = new Int8Array(32);
  /** The current placement as indices among the positions, ascending. */
  private idx = new Int32Array(0);
  /** Per position: the cell of the set the placement becomes with that position flipped. */
  private flip = new Int32Array(0);
  /** Suffix sums of the placement's colex terms, shifted up (a position added below) and down (one removed). */
  private up = new Int32Array(0);
  private down = new Int32Array(0);
  /** Verdicts of the (k + 1)-sets by rank, then of the (k − 1)-sets after them. */
  private cells = new Int32Array(0);
  private larger = 0;

  /** Starts the walk over the k-subsets of `order` (ascending seats): false if there are none. */
  start(order: readonly number[], k: number): boolean {
    const m = order.length;
    this.order = order;
    this.k = k;
    this.m = m;
    if (k < 0 || k > m) return false;
    for (let i = 0; i < m; i++) this.index[order[i]!] = i;
    if (this.idx.length < k) {
      this.idx = new Int32Array(k);
      this.up = new Int32Array(k + 1);
      this.down = new Int32Array(k + 1);
    }
    if (this.flip.length < m) this.flip = new Int32Array(m);
    this.larger = choose(m, k + 1);
    const size = this.larger + (k > 0 ? choose(m, k - 1) : 0);
    if (this.cells.length < size) this.cells = new Int32Array(size);
    this.cells.fill(UNREAD, 0, size);
    for (let i = 0; i < k; i++) this.idx[i] = i;
    this.setMask();
    return true;
  }

  /** Moves to the next placement: false after the last. */
  next(): boolean {
    const { idx, k, m } = this;
    let i = k - 1;
    while (i >= 0 && idx[i] === m - k + i) i--;
    if (i < 0) return false;
    idx[i]!++;
    for (let t = i + 1; t < k; t++) idx[t] = idx[t - 1]! + 1;
    this.setMask();
    return true;
  }

  /** Ranks the current placement's neighbours (colex: a set's rank is the sum of C(e_i, i + 1) over its ascending elements). */
  place(): void {
    const { idx, k, m, up, down, flip } = this;
    up[k] = 0;
    down[k] = 0;
    for (let i = k - 1; i >= 0; i--) {
      up[i] = up[i + 1]! + choose(idx[i]!, i + 2);
      down[i] = down[i + 1]! + choose(idx[i]!, i);
    }
    let below = 0;
    let pre = 0;
    for (let p = 0; p < m; p++) {
      if (below < k && idx[below] === p) {
        // Removed: the elements above move down a place.
        flip[p] = this.larger + pre + down[below + 1]!;
        pre += choose(p, below + 1);
        below++;
      } else flip[p] = pre + choose(p, below + 1) + up[below]!;
    }
  }

  /** The memo's last-failure verdict of `set`: the current placement with seat `seat`'s position flipped (its seats as the memo keys them). */
  lastOfFlip(seat: number, set: number, memo: VerdictMemo): number {
    const at = this.flip[this.index[seat]!]!;
    const kept = this.cells[at]!;
    if (kept !== UNREAD) return kept;
    const v = memo.last(set);
    this.cells[at] = v;
    return v;
  }

  private setMask(): void {
    let mask = 0;
    for (let i = 0; i < this.k; i++) mask |= 1 << this.order[this.idx[i]!]!;
    this.mask = mask;
  }
}
