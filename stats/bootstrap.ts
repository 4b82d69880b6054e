// The block bootstrap (Efron's percentile bootstrap, resampling blocks instead of single
// observations) for statistics of sums: a metric pooled over games is a function of a few
// totals (votes on werewolves, votes cast, …), and games that share a deal are not
// independent — the pairings of a tournament play the same deals (common random
// numbers) — so the unit resampled is the deal: all games of one seed index together.
//
// Deals are independent of each other, so any grouping of whole deals is a valid block
// too: with more deals than `units` (default 100), deals are dealt into that many units
// round the table (deal d to unit d mod 100), which needs no count of the deals in
// advance. The interval then rests on 100 resampled units (the variance of a ratio of
// sums is then estimated within about 14%, its interval's width within about 7%), and
// the cost stays replicates × units per total whatever the number of games (a report of
// 100,000 games must not be slowed by its intervals).
//
// Every interval of one analysis uses the same resamples (one set of unit weights per
// replicate), so intervals of different metrics and agents are computed on the same
// resampled deals, as paired comparisons need.

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

/** An interval needs observations in at least this many resampled units: resampling one gives every replicate the same value. */
export const MIN_UNITS = 2;
export const DEFAULT_REPLICATES = 1000;

export interface Estimate {
  readonly value: number;
  /** Percentile interval; NaN when no replicate has a defined value. */
  readonly low: number;
  readonly high: number;
}

/** The unit of deal `block` when deals are dealt round the table into `units` units. */
export function unitOfBlock(block: number, units: number): number {
  if (!Number.isInteger(block) || block < 0) throw new RangeError(`a deal's block is a whole number, not ${block}`);
  return block % units;
}

/** Resamples of an analysis's units, shared by all its intervals. */
export class BlockBootstrap {
  readonly replicates: number;
  readonly level: number;
  /** weights[r × units + u]: how many times unit u is drawn in replicate r. */
  private readonly weights: Float64Array;

  constructor(
    /** Resampled units (each one deal or more, whole). */
    readonly units: number,
    options: BootstrapOptions = {},
  ) {
    if (!Number.isInteger(units) || units < 1) throw new RangeError(`BlockBootstrap: units must be a whole number above 0, got ${units}`);
    this.replicates = options.replicates ?? DEFAULT_REPLICATES;
    this.level = options.level ?? 0.95;
    const rng = new Rng(options.seed ?? 'bootstrap');
    this.weights = new Float64Array(this.replicates * units);
    for (let r = 0; r < this.replicates; r++) {
      const row = r * units;
      for (let i = 0; i < units; i++) this.weights[row + rng.int(units)]!++;
    }
  }

  /**
   * Totals summed over every unit, then over each replicate's resample. `unitTotals` holds
   * k totals per unit, unit after unit (`unitTotals[u × k + j]`: total j of unit u). The
   * result holds 1 + replicates rows of k sums: row 0 the whole sample, row 1 + r replicate r.
   */
  resampledSums(unitTotals: Float64Array, k: number): Float64Array {
    const u = this.units;
    if (unitTotals.length !== u * k) throw new RangeError(`${unitTotals.length} totals for ${u} units of ${k}`);
    const out = new Float64Array((1 + this.replicates) * k);
    for (let i = 0; i < u; i++) for (let j = 0; j < k; j++) out[j]! += unitTotals[i * k + j]!;
    const w = this.weights;
    for (let r = 0; r < this.replicates; r++) {
      const row = (1 + r) * k;
      const wr = r * u;
      for (let i = 0; i < u; i++) {
        const x = w[wr + i]!;
        if (x === 0) continue;
        const base = i * k;
        for (let j = 0; j < k; j++) out[row + j]! += x * unitTotals[base + j]!;
      }
    }
    return out;
  }

  /** The estimate and percentile interval of a statistic whose value on row 0 and on each replicate is given. */
  interval(value: number, replicateValues: Float64Array): Estimate {
    let defined = 0;
    const sample = new Float64Array(replicateValues.length);
    for (const x of replicateValues) if (!Number.isNaN(x)) sample[defined++] = x;
    const [low, high] = percentiles(sample.subarray(0, defined), this.level);
    return { value, low, high };
  }

  /** A statistic of totals (given per unit, unit after unit, k per unit), with its interval. */
  estimate(unitTotals: Float64Array, k: number, f: (sums: Float64Array) => number): Estimate {
    const sums = this.resampledSums(unitTotals, k);
    const reps = new Float64Array(this.replicates);
    for (let r = 0; r < this.replicates; r++) reps[r] = f(sums.subarray((1 + r) * k, (2 + r) * k));
    return this.interval(f(sums.subarray(0, k)), reps);
  }

  /**
   * A ratio of two totals, each given per unit, with its interval; no interval (NaN) when
   * a single unit has a denominator: resampling it gives every replicate the same value.
   */
  ratio(numerator: Float64Array, denominator: Float64Array): Estimate {
    const u = this.units;
    const t = new Float64Array(2 * u);
    let spread = 0;
    for (let i = 0; i < u; i++) {
      t[2 * i] = numerator[i]!;
      t[2 * i + 1] = denominator[i]!;
      if (denominator[i]! !== 0) spread++;
    }
    const e = this.estimate(t, 2, (s) => (s[1]! === 0 ? NaN : s[0]! / s[1]!));
    return spread >= MIN_UNITS ? e : { value: e.value, low: NaN, high: NaN };
  }
}

/** The central `level` interval of a sample (sorted in place): its (1−level)/2 and (1+level)/2 quantiles. */
export function percentiles(sample: Float64Array, level: number): [number, number] {
  if (sample.length === 0) return [NaN, NaN];
  sample.sort();
  const q = (p: number) => {
    // Linear interpolation between order statistics (type 7, R's default).
    const h = (sample.length - 1) * p;
    const lo = Math.floor(h);
    const hi = Math.min(sample.length - 1, lo + 1);
    return sample[lo]! + (h - lo) * (sample[hi]! - sample[lo]!);
  };
  return [q((1 - level) / 2), q((1 + level) / 2)];
}
