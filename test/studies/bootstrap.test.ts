// The block bootstrap of ratios (stats/bootstrap.ts): exact on constant data, the same
// intervals for the same seed, and about 95% coverage when blocks are independent draws
// (fails if the resampling ignored blocks and drew single speeches from within them: the
// interval is then too narrow for clustered data, and coverage falls far below 90% — the
// second case below).

import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/index.js';
import { BlockBootstrap, unitOfBlock } from '../../stats/bootstrap.js';

describe('the block bootstrap', () => {
  it('gives a constant ratio exactly, with a zero-width interval', () => {
    const b = new BlockBootstrap(20);
    const den = Float64Array.from({ length: 20 }, (_, i) => 1 + (i % 3));
    const num = den.map((d) => 2.5 * d);
    expect(b.ratio(num, den)).toEqual({ value: 2.5, low: 2.5, high: 2.5 });
    expect(b.ratio(new Float64Array(20), den)).toEqual({ value: 0, low: 0, high: 0 });
  });

  it('is the same for the same seed, and deals blocks round the table into units', () => {
    const num = Float64Array.from({ length: 30 }, (_, i) => (i * 7) % 5);
    const den = Float64Array.from({ length: 30 }, () => 2);
    expect(new BlockBootstrap(30, { seed: 'a' }).ratio(num, den)).toEqual(new BlockBootstrap(30, { seed: 'a' }).ratio(num, den));
    expect(new BlockBootstrap(30, { seed: 'a' }).ratio(num, den)).not.toEqual(new BlockBootstrap(30, { seed: 'b' }).ratio(num, den));
    expect([0, 99, 100, 250].map((b) => unitOfBlock(b, 100))).toEqual([0, 99, 0, 50]);
  });

  it.each([
    ['blocks resampled whole', true],
    ['single observations resampled (the mutation)', false],
  ])('covers the true mean about 95 times in 100 with clustered data when %s', (_, whole) => {
    // 40 games of 5 speeches each; a game's speeches share its level (strong clustering).
    const rng = new Rng('coverage');
    const normal = () => Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
    let covered = 0;
    const trials = 200;
    for (let t = 0; t < trials; t++) {
      const games = 40;
      const per = 5;
      const units = whole ? games : games * per;
      const num = new Float64Array(units);
      const den = new Float64Array(units);
      for (let g = 0; g < games; g++) {
        const level = normal();
        for (let s = 0; s < per; s++) {
          const u = whole ? g : g * per + s;
          num[u]! += level + 0.3 * normal();
          den[u]! += 1;
        }
      }
      const e = new BlockBootstrap(units, { replicates: 400, seed: `t${t}` }).ratio(num, den);
      if (e.low <= 0 && 0 <= e.high) covered++;
    }
    if (whole) expect(covered / trials).toBeGreaterThan(0.88);
    else expect(covered / trials).toBeLessThan(0.75);
  });
});
