// The block (cluster) bootstrap for ratios of totals: Efron's percentile bootstrap that
// resamples whole blocks instead of single observations. A persuasion study's figure is
// a ratio of sums over games (votes moved by the speeches of a game, over its speeches),
// and the speeches of one game are not independent of each other (same deal, same
// players, the same day's votes), so the unit resampled is the game, with all its
// speeches: "bootstrap over games, speeches within them".
//
// With more blocks than `units`, blocks are dealt round the table into that many units
// (block b to unit b mod units): blocks are independent, so any grouping of whole blocks
// is a valid unit, and the cost stays replicates × units per interval.
//
// One set of resamples (unit weights per replicate) serves every interval of an analysis,
// so figures of different agents are computed on the same resampled games.
//
// The same interface as issue 12's block bootstrap of `sim metrics` (BlockBootstrap,
// unitOfBlock, ratio): written for issue 15 before that one landed; the two are to be one.

import { Rng } from '../engine/index.js';

export interface BootstrapOptions {
  /** Bootstrap replicates (default 1000). */
  readonly replicates?: number;
  /** Seed of the resampling (default 'bootstrap'): the same seed, the same intervals. */
  readonly seed?: string;
  /** Coverage of the interval (default 0.95). */
  readonly level?: number;
}

export const DEFAULT_UNITS = 100;
export const DEFAULT_REPLICATES = 1000;

export interface Estimate {
  readonly value: number;
  /** Percentile interval; NaN when no replicate has a defined value. */
  readonly low: number;
  readonly high: number;
}

/** The unit of block `block` when blocks are dealt round the table into `units` units. */
export function unitOfBlock(block: number, units: number): number {
  if (!Number.isInteger(block) || block < 0) throw new RangeError(`a block is a whole number ≥ 0, not ${block}`);
  return block % units;
}

/** The q-quantile of sorted values (linear between order statistics: Hyndman and Fan's type 7). */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export class BlockBootstrap {
  readonly replicates: number;
  readonly level: number;
  /** counts[r × units + u]: how many times unit u is drawn in replicate r. */
  private readonly counts: Uint32Array;

  constructor(
    readonly units: number,
    options: BootstrapOptions = {},
  ) {
    if (!Number.isInteger(units) || units < 1) throw new RangeError(`BlockBootstrap: units is a whole number ≥ 1, not ${units}`);
    this.replicates = options.replicates ?? DEFAULT_REPLICATES;
    this.level = options.level ?? 0.95;
    const rng = new Rng(options.seed ?? 'bootstrap');
    this.counts = new Uint32Array(this.replicates * units);
    for (let r = 0; r < this.replicates; r++) for (let i = 0; i < units; i++) this.counts[r * units + rng.int(units)]!++;
  }

  /** A ratio of two totals given per unit (Σ numerator / Σ denominator), with its percentile interval. */
  ratio(numerator: Float64Array, denominator: Float64Array): Estimate {
    const u = this.units;
    if (numerator.length !== u || denominator.length !== u) throw new RangeError(`${numerator.length} and ${denominator.length} totals for ${u} units`);
    let num = 0;
    let den = 0;
    for (let i = 0; i < u; i++) {
      num += numerator[i]!;
      den += denominator[i]!;
    }
    const value = den === 0 ? NaN : num / den;
    const reps = new Float64Array(this.replicates);
    let defined = 0;
    for (let r = 0; r < this.replicates; r++) {
      let a = 0;
      let b = 0;
      for (let i = 0; i < u; i++) {
        const c = this.counts[r * u + i]!;
        if (c === 0) continue;
        a += c * numerator[i]!;
        b += c * denominator[i]!;
      }
      if (b !== 0) reps[defined++] = a / b;
    }
    const sorted = reps.subarray(0, defined).sort();
    const tail = (1 - this.level) / 2;
    return { value, low: quantile(sorted, tail), high: quantile(sorted, 1 - tail) };
  }
}
