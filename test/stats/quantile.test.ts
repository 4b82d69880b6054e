// Quantiles with distribution-free intervals: exact ranks on a small sample, and 95%
// coverage of the true median and 95th percentile of a long-tailed (log-normal) latency.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/index.js';
import { quantileInterval } from '../../stats/quantile.js';

describe('quantileInterval', () => {
  it('takes the nearest rank, and says nothing of an empty sample', () => {
    const xs = [5, 1, 4, 2, 3, 9, 8, 7, 6, 10];
    expect(quantileInterval(xs, 0.5)!.value).toBe(5);
    expect(quantileInterval(xs, 0.95)!.value).toBe(10);
    const m = quantileInterval(xs, 0.5)!;
    expect(m.low).toBeLessThanOrEqual(m.value);
    expect(m.high).toBeGreaterThanOrEqual(m.value);
    expect(quantileInterval([], 0.5)).toBeNull();
  });

  it.each([0.5, 0.95])('covers the true %s-quantile of a log-normal about 95% of the time', (q) => {
    const rng = new Rng(`quantile-${q}`);
    const normal = () => Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
    const z = q === 0.5 ? 0 : 1.6448536269514722;
    const truth = Math.exp(6 + 0.8 * z);
    let covered = 0;
    const reps = 600;
    for (let r = 0; r < reps; r++) {
      const sample = Array.from({ length: 300 }, () => Math.exp(6 + 0.8 * normal()));
      const e = quantileInterval(sample, q)!;
      if (e.low <= truth && truth <= e.high) covered++;
    }
    expect(covered / reps).toBeGreaterThan(0.92);
    expect(covered / reps).toBeLessThan(0.99);
  });
});
