// A quantile of a sample with its distribution-free 95% interval (the order statistics
// whose ranks a binomial(n, q) puts 1.96 standard deviations either side of n·q): for a
// model's latency, whose distribution has a long tail no normal interval would respect.

import { Z95 } from './wilson.js';

export interface QuantileEstimate {
  readonly q: number;
  readonly value: number;
  readonly low: number;
  readonly high: number;
  readonly n: number;
}

/** The q-quantile (nearest rank) of `values` and its 95% interval; null for an empty sample. */
export function quantileInterval(values: readonly number[], q: number): QuantileEstimate | null {
  const n = values.length;
  if (n === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const at = (rank: number) => sorted[Math.min(n, Math.max(1, rank)) - 1]!;
  const spread = Z95 * Math.sqrt(n * q * (1 - q));
  return { q, value: at(Math.ceil(q * n)), low: at(Math.floor(n * q - spread)), high: at(Math.ceil(n * q + spread) + 1), n };
}
