// The clustered mean: exact on a hand-made case, the plain paired standard error when
// every cluster holds one observation, and 95% coverage on data whose clusters move
// together — where counting every observation as independent covers far less.

import { describe, expect, it } from 'vitest';
import { Alea } from '../../engine/index.js';
import { ClusterSums, clusteredMean, type ClusterSum } from '../../stats/cluster-mean.js';
import { pairMoments } from '../../stats/sprt.js';

describe('clusteredMean', () => {
  it('computes the ratio mean and the cluster-robust error by hand', () => {
    const r = clusteredMean([
      { sum: 2, count: 2 },
      { sum: -1, count: 1 },
      { sum: 0, count: 0 },
      { sum: 0, count: 3 },
    ]);
    const mean = 1 / 6;
    const ss = (2 - 2 * mean) ** 2 + (-1 - mean) ** 2 + (0 - 3 * mean) ** 2;
    expect(r.mean).toBeCloseTo(mean, 14);
    expect(r.se).toBeCloseTo(Math.sqrt(1.5 * ss) / 6, 14);
    expect(r.clusters).toBe(3);
    expect(r.n).toBe(6);
    expect(clusteredMean([{ sum: 1, count: 4 }]).se).toBeNull();
    expect(clusteredMean([])).toEqual({ mean: 0, se: null, n: 0, clusters: 0 });
  });

  it('is the plain paired error when each cluster holds one pair', () => {
    const d = [1, 0, 0, -1, 1, 1, 0, -1, 1, 0];
    const r = clusteredMean(d.map((x) => ({ sum: x, count: 1 })));
    const plus = d.filter((x) => x > 0).length;
    const minus = d.filter((x) => x < 0).length;
    const m = pairMoments({ plus, zero: d.length - plus - minus, minus });
    expect(r.mean).toBeCloseTo(m.mean, 14);
    expect(r.se).toBeCloseTo(Math.sqrt(m.variance / d.length), 14);
  });

  it('covers the truth 95% of the time on clustered data, where the independent error does not', () => {
    // Each deal is read against four opponents. On half the deals the cards decide:
    // X beats Y against every opponent (+1 four times); on the others each opponent's
    // difference is drawn on its own: +1 with 0.2, −1 with 0.3. Truth: 0.5 − 0.05.
    const truth = 0.45;
    const rng = new Alea('cluster-coverage');
    const reps = 400;
    let clustered = 0;
    let independent = 0;
    for (let r = 0; r < reps; r++) {
      const cells: ClusterSum[] = [];
      let plus = 0;
      let minus = 0;
      let n = 0;
      for (let deal = 0; deal < 200; deal++) {
        let sum = 0;
        const decided = rng.next() < 0.5;
        for (let opp = 0; opp < 4; opp++) {
          const u = rng.next();
          const d = decided ? 1 : u < 0.2 ? 1 : u < 0.5 ? -1 : 0;
          sum += d;
          if (d > 0) plus++;
          if (d < 0) minus++;
          n++;
        }
        cells.push({ sum, count: 4 });
      }
      const c = clusteredMean(cells);
      if (Math.abs(c.mean - truth) < 1.96 * c.se!) clustered++;
      const m = pairMoments({ plus, zero: n - plus - minus, minus });
      if (Math.abs(m.mean - truth) < 1.96 * Math.sqrt(m.variance / n)) independent++;
    }
    expect(clustered / reps).toBeGreaterThan(0.92);
    expect(clustered / reps).toBeLessThan(0.98);
    // The independent error is too small here (intervals cover ~75%): the failure the clustered one mends.
    expect(independent / reps).toBeLessThan(0.85);
  });
});

describe('ClusterSums', () => {
  it('gives clusteredMean’s figures from running sums, the empty clusters skipped', () => {
    const rng = new Alea('cluster-sums');
    for (let r = 0; r < 50; r++) {
      const cells: ClusterSum[] = Array.from({ length: 2 + Math.floor(rng.next() * 40) }, () => {
        const count = Math.floor(rng.next() * 4);
        let sum = 0;
        for (let i = 0; i < count; i++) sum += rng.next() < 0.3 ? 1 : 0;
        return { sum, count };
      });
      const running = new ClusterSums();
      for (const c of cells) running.add(c.sum, c.count);
      const direct = clusteredMean(cells);
      const m = running.mean();
      expect(m.n).toBe(direct.n);
      expect(m.clusters).toBe(direct.clusters);
      expect(m.mean).toBeCloseTo(direct.mean, 12);
      if (direct.se === null) expect(m.se).toBeNull();
      else expect(m.se).toBeCloseTo(direct.se, 12);
    }
    expect(new ClusterSums().mean()).toEqual({ mean: 0, se: null, n: 0, clusters: 0 });
  });
});
