// The sequential test with real bots (tournaments/sprt.ts `playedPairs`: games played in
// this thread, no database), a small version of scripts/sprt-errors.ts — 40 seeded tests
// per case here, 200 there (docs/sequential.md has its figures). Seeded, so the counts
// are fixed (3 false positives in 40, 40 of 40 for H1); the bounds are what chance allows
// at 40 tests: P(6 or more false positives in 40 | α = 0.05) = 0.014; and the knob's
// effect (4 points) is above δ = 0.03, where the power is 0.95, so 36 of 40 is a low bar.
// Mutations that fail here: the upper bound at ln((1−β)/α)/2 (12 false positives in 40);
// H1 at 2δ in the LLR (32 of 40 for H1).

import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../../engine/index.js';
import { fixedPairs } from '../../stats/plan.js';
import { pairSpread, scanSprt, type SprtDesign, type SprtScan } from '../../stats/sprt.js';
import { playedPairs, sidePairing } from '../../tournaments/sprt.js';

const setup = (() => {
  const s = resolveSetup({});
  if (!s.ok) throw new Error(s.error);
  return s.value;
})();

function tests(o: { candidate: string; baseline: string; design: SprtDesign; runs: number; label: string; unpaired?: boolean; side?: 'werewolves' | 'village' }): SprtScan[] {
  const out: SprtScan[] = [];
  const side = o.side ?? 'werewolves';
  for (let r = 0; r < o.runs; r++) {
    const pairs = playedPairs({
      setup,
      side,
      candidate: sidePairing(o.candidate, side, 'heuristic'),
      baseline: sidePairing(o.baseline, side, 'heuristic'),
      seed: `${o.label}-${r}`,
      baselineSeed: o.unpaired === true ? `${o.label}-other-${r}` : undefined,
    });
    out.push(scanSprt(pairs, o.design, 5000));
  }
  return out;
}

const h1 = (s: readonly SprtScan[]) => s.filter((x) => x.decision === 'H1').length;
const meanPairs = (s: readonly SprtScan[]) => s.reduce((n, x) => n + x.pairs, 0) / s.length;

describe('the SPRT with real bots (40 seeded tests per case)', () => {
  it('an identical agent on independent deals (H0, unpaired): at most 5 false positives in 40, fewer games than the fixed-size test', () => {
    const design = { delta: 0.1, alpha: 0.05, beta: 0.05 };
    const s = tests({ candidate: 'heuristic', baseline: 'heuristic', design, runs: 40, label: 'h0', unpaired: true });
    expect(h1(s)).toBeLessThanOrEqual(5);
    const spread = pairSpread(s.reduce((c, x) => ({ plus: c.plus + x.counts.plus, zero: c.zero + x.counts.zero, minus: c.minus + x.counts.minus }), { plus: 0, zero: 0, minus: 0 }));
    expect(meanPairs(s)).toBeLessThan(fixedPairs({ spread, delta: design.delta, alpha: design.alpha, power: 1 - design.beta, sides: 1 }));
  });

  it('an identical agent on the same deals plays the same games: H0 at pair 58 every time', () => {
    const s = tests({ candidate: 'heuristic', baseline: 'heuristic', design: { delta: 0.05, alpha: 0.05, beta: 0.05 }, runs: 5, label: 'same' });
    for (const x of s) expect(x).toMatchObject({ decision: 'H0', pairs: 58, counts: { plus: 0, zero: 58, minus: 0 } });
  });

  it('heuristic:fakeClaim=0.5 against heuristic as the werewolves, about 4 points better (H1 at δ = 0.03): at least 36 of 40 say H1, on fewer games than the fixed-size test', () => {
    const design = { delta: 0.03, alpha: 0.05, beta: 0.05 };
    const s = tests({ candidate: 'heuristic:fakeClaim=0.5', baseline: 'heuristic', design, runs: 40, label: 'h1' });
    expect(h1(s)).toBeGreaterThanOrEqual(36);
    const spread = pairSpread(s.reduce((c, x) => ({ plus: c.plus + x.counts.plus, zero: c.zero + x.counts.zero, minus: c.minus + x.counts.minus }), { plus: 0, zero: 0, minus: 0 }));
    expect(meanPairs(s)).toBeLessThan(fixedPairs({ spread, delta: design.delta, alpha: design.alpha, power: 1 - design.beta, sides: 1 }));
  });

  it('heuristic against random as the village (a landslide: 69% against 5% of wins over heuristic werewolves): H1 every time', () => {
    const s = tests({ candidate: 'heuristic', baseline: 'random', design: { delta: 0.05, alpha: 0.05, beta: 0.05 }, runs: 10, label: 'big', side: 'village' });
    expect(h1(s)).toBe(10);
  });
});
