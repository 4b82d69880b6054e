// Two builds timed in alternating pairs (scripts/time-against.ts): each round times one
// build and then the other, in turn first, and the figure is the median of the pairs'
// ratios with its distribution-free 95% interval. On this shared machine a build's speed
// moves by a fifth from hour to hour and by several percent from one second to the next;
// a pair's two runs, tens of milliseconds apart, see nearly the same machine, so their
// ratio keeps little of that drift, and the median keeps little of a pair a burst of
// other work fell on.

import { quantileInterval, type QuantileEstimate } from '../../stats/quantile.js';

export interface PairedRounds {
  /** Each round's time of this build and of the other (the same units; round i is a pair). */
  readonly mine: readonly number[];
  readonly other: readonly number[];
}

export interface PairedRatio {
  /** The median of the rounds' ratios, this build's time over the other's (below 1: this build is faster), with its 95% interval. */
  readonly ratio: QuantileEstimate;
  /** The median time of a round of each (what a round took, not the comparison). */
  readonly mine: number;
  readonly other: number;
}

/** Which build runs first in round `round`: each in turn, so neither always meets the machine as the other left it. */
export function mineFirst(round: number): boolean {
  return round % 2 === 0;
}

export function pairedRatio(rounds: PairedRounds): PairedRatio {
  const { mine, other } = rounds;
  if (mine.length !== other.length) throw new RangeError(`${mine.length} rounds of this build against ${other.length} of the other: they come in pairs`);
  if (mine.length === 0) throw new RangeError('no rounds timed');
  for (const t of [...mine, ...other]) if (!(t > 0) || !Number.isFinite(t)) throw new RangeError(`a round's time must be positive and finite, not ${t}`);
  const ratios = mine.map((t, i) => t / other[i]!);
  return { ratio: quantileInterval(ratios, 0.5)!, mine: quantileInterval(mine, 0.5)!.value, other: quantileInterval(other, 0.5)!.value };
}

/** One process's figure (its rounds' `pairedRatio`), as a timing process reports it. */
export interface ProcessRatio {
  readonly ratio: number;
  readonly low: number;
  readonly high: number;
  readonly mine: number;
  readonly other: number;
}

/**
 * The figure of several processes: the median of their ratios and their range. A process's
 * interval says how its rounds scatter, not how the JIT compiled the builds in it, which
 * moves a ratio by a percent or two from process to process: the range across processes
 * is the uncertainty to print (for five, the range holds the median with probability
 * 1 − 2/2^5 ≈ 0.94).
 */
export function acrossProcesses(each: readonly ProcessRatio[]): { ratio: number; low: number; high: number } {
  if (each.length === 0) throw new RangeError('no processes timed');
  const r = each.map((p) => p.ratio).sort((x, y) => x - y);
  const mid = r.length >> 1;
  return { ratio: r.length % 2 === 1 ? r[mid]! : (r[mid - 1]! + r[mid]!) / 2, low: r[0]!, high: r[r.length - 1]! };
}
