// The placements of the werewolf cards, and the sets one seat away from each, for the
// observer's worlds under the Harvest witch's potion (observer.ts, computeTurned): every
// placement is paired with each seat the potion may have turned, and the world reads the
// verdict of the set that results (one werewolf more, or one fewer). A posterior pairs a
// few thousand placements with a dozen seats each, but those pairs reach only a few
// thousand distinct sets: each set's verdict is asked of the memo once per posterior and
// kept here, in a cell found by the set's colex rank among the sets of its size over the
// positions. A placement finds the ranks of all its neighbours in one pass over the
// positions, where the memo's own lookup walks each set's bits.

import { choose, popcount } from './placements.js';
import { HOLDS, type CountFact, type VerdictMemo } from './verdicts.js';

/** A cell whose verdict has not been read this posterior (verdicts are small: verdicts.ts NEVER). */
const UNREAD = -(2 ** 31);

/**
 * The k-subsets of the positions, one after the other, each with the verdicts of its
 * neighbours. Use: `start`, then for each placement (`mask`) `turnsWithin` as needed, then
 * `next`.
 */
export class PlacementWalk {
  /** The current placement, as a mask of seats (a thief's spare cards at bits n and n+1). */
  mask = 0;
  /** Whether a neighbour `turnsWithin` last kept needed a heal or a life that may have been spent. */
  spent = false;
  private order: readonly number[] = [];
  private k = 0;
  private m = 0;
  /** The current placement as indices among the positions, ascending. */
  private idx = new Int32Array(0);
  /** Per gap j of the placement (j of its positions below): the rank of the set with a position there added, but that position's own term. */
  private gap = new Int32Array(0);
  /** Per member j of the placement: the cell of the set without it. */
  private without = new Int32Array(0);
  private ranked = false;
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
    if (this.idx.length < k + 1) {
      this.idx = new Int32Array(k + 1);
      this.gap = new Int32Array(k + 1);
      this.without = new Int32Array(k + 1);
    }
    this.larger = choose(m, k + 1);
    const size = this.larger + (k > 0 ? choose(m, k - 1) : 0);
    if (this.cells.length < size) this.cells = new Int32Array(size);
    this.cells.fill(UNREAD, 0, size);
    for (let i = 0; i < k; i++) this.idx[i] = i;
    this.moved();
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
    this.moved();
    return true;
  }

  /**
   * The seats of `group` (positions, not in the placement or in it) whose card flipped makes
   * a set whose last-failure verdict (`memo.last`) is at most `latest`, as a mask; `spent`
   * says whether one of them needed a spent heal. `dealt`: the placement's werewolves as
   * the memo keys them.
   */
  turnsWithin(group: number, latest: number, dealt: number, memo: VerdictMemo): number {
    if (!this.ranked) this.rank();
    const { order, idx, k, m, gap, without, cells } = this;
    let flips = 0;
    let spent = false;
    let j = 0;
    for (let p = 0; p < m; p++) {
      const member = j < k && idx[j] === p;
      const b = 1 << order[p]!;
      if ((group & b) !== 0) {
        const at = member ? without[j]! : gap[j]! + choose(p, j + 1);
        let v = cells[at]!;
        if (v === UNREAD) {
          v = memo.last(dealt ^ b);
          cells[at] = v;
        }
        if (v >> 1 <= latest) {
          flips |= b;
          if ((v & 1) !== 0) spent = true;
        }
      }
      if (member) j++;
    }
    this.spent = spent;
    return flips;
  }

  /**
   * Ranks the current placement's neighbours. Colex: a set's rank is the sum of C(e_i, i + 1)
   * over its ascending elements e_i. A position added in gap j keeps the terms of the j
   * below and shifts those above up a place; a member j removed shifts those above down.
   */
  private rank(): void {
    const { idx, k, gap, without } = this;
    let up = 0;
    let down = 0;
    // Suffix sums first (gap and without hold them), then the prefix added on the way up.
    for (let i = k - 1; i >= 0; i--) {
      without[i] = down;
      up += choose(idx[i]!, i + 2);
      down += choose(idx[i]!, i);
      gap[i] = up;
    }
    gap[k] = 0;
    let pre = 0;
    for (let j = 0; j <= k; j++) {
      gap[j]! += pre;
      if (j < k) {
        without[j] = this.larger + pre + without[j]!;
        pre += choose(idx[j]!, j + 1);
      }
    }
    this.ranked = true;
  }

  private moved(): void {
    let mask = 0;
    for (let i = 0; i < this.k; i++) mask |= 1 << this.order[this.idx[i]!]!;
    this.mask = mask;
    this.ranked = false;
  }
}

/**
 * The seats of `group` whose card flipped leaves the werewolves `dealt` passing every fact
 * of `counts` (each reads only how many lie within its mask), as a mask. A seat outside a
 * fact's mask leaves its count as it is; one inside moves it by one, up if he turns into
 * a werewolf (not dealt one), down if he turns out of one. Every seat of the group is
 * answered with a few operations a fact, where turnsWithin looks up each seat's set.
 */
export function flipsPassing(group: number, dealt: number, counts: readonly CountFact[]): number {
  let gained = group & ~dealt;
  let lost = group & dealt;
  for (let i = 0; i < counts.length && (gained | lost) !== 0; i++) {
    const { within, answers } = counts[i]!;
    const base = popcount(dealt & within);
    // (a count off the table's ends is impossible: no seat inside is dealt one, or every one is)
    const outside = answers[base] === HOLDS ? ~within : 0;
    gained &= outside | (answers[base + 1] === HOLDS ? within : 0);
    lost &= outside | (answers[base - 1] === HOLDS ? within : 0);
  }
  return gained | lost;
}
