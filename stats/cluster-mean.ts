// The mean of observations that come in clusters — the paired differences of one deal,
// read against every opponent both entrants met on it — with a standard error that takes
// the cluster, not the observation, as the independent unit. Four opponents on one deal
// share its cards, so their differences move together; counting them as four independent
// pairs made `sim plan --tournament`'s 95% intervals cover 74.5% (issue #24).
//
// The mean is the ratio Σ sums / Σ counts; its variance is the linearised (delta-method)
// ratio variance over clusters, G / (G − 1) · Σ_g (sum_g − mean · count_g)² / (Σ count)²,
// the same small-sample factor as stats/logistic.ts `clusterCovariance`.

/** One cluster's observations: their sum and how many there are. */
export interface ClusterSum {
  readonly sum: number;
  readonly count: number;
}

export interface ClusteredMean {
  readonly mean: number;
  /** The mean's standard error with clusters as the unit; null below two clusters. */
  readonly se: number | null;
  /** Observations, and clusters holding at least one. */
  readonly n: number;
  readonly clusters: number;
}

export function clusteredMean(cells: Iterable<ClusterSum>): ClusteredMean {
  const kept: ClusterSum[] = [];
  let total = 0;
  let n = 0;
  for (const c of cells) {
    if (c.count === 0) continue;
    kept.push(c);
    total += c.sum;
    n += c.count;
  }
  const g = kept.length;
  if (n === 0) return { mean: 0, se: null, n: 0, clusters: 0 };
  const mean = total / n;
  if (g < 2) return { mean, se: null, n, clusters: g };
  let ss = 0;
  for (const c of kept) ss += (c.sum - mean * c.count) ** 2;
  return { mean, se: Math.sqrt((g / (g - 1)) * ss) / n, n, clusters: g };
}

/**
 * `clusteredMean`'s figures from running sums, for a pass that meets each cluster once and
 * keeps nothing else (a report's pass over its games): Σ(sum − mean·count)² expanded to
 * Σsum² − 2·mean·Σsum·count + mean²·Σcount², exact in whole numbers below 2^53.
 */
export class ClusterSums {
  private n = 0;
  private total = 0;
  private clusters = 0;
  private sums2 = 0;
  private cross = 0;
  private counts2 = 0;

  /** One cluster's observations (none: not a cluster). */
  add(sum: number, count: number): void {
    if (count === 0) return;
    this.n += count;
    this.total += sum;
    this.clusters++;
    this.sums2 += sum * sum;
    this.cross += sum * count;
    this.counts2 += count * count;
  }

  /** Adds another's clusters (others than these: a rule set's configurations pooled). */
  merge(o: ClusterSums): void {
    this.n += o.n;
    this.total += o.total;
    this.clusters += o.clusters;
    this.sums2 += o.sums2;
    this.cross += o.cross;
    this.counts2 += o.counts2;
  }

  mean(): ClusteredMean {
    const { n, clusters: g } = this;
    if (n === 0) return { mean: 0, se: null, n: 0, clusters: 0 };
    const mean = this.total / n;
    if (g < 2) return { mean, se: null, n, clusters: g };
    const ss = Math.max(0, this.sums2 - 2 * mean * this.cross + mean * mean * this.counts2);
    return { mean, se: Math.sqrt((g / (g - 1)) * ss) / n, n, clusters: g };
  }
}
