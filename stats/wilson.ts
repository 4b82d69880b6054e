// Interval estimates for win rates. The Wilson score interval (Wilson 1927) keeps its
// coverage near 95% at small counts and at rates near 0 or 1, where the normal
// approximation p ± z·√(p(1−p)/n) collapses to a zero-width interval.

/** The 97.5% quantile of the standard normal: a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** Wilson score interval for `k` successes in `n` trials (n > 0). */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (!(n > 0)) throw new RangeError(`wilson: n must be positive, got ${n}`);
  if (k < 0 || k > n) throw new RangeError(`wilson: k must be in [0, n], got k=${k}, n=${n}`);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Clamp the rounding of the closed-form bounds at k = 0 and k = n.
  return { low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}
