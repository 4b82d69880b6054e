// The sequential test's error rates, games and planner, measured (docs/sequential.md):
//
// 1. The knob's difference, measured first with a large fixed run: heuristic:fakeClaim=0.5
//    against heuristic as the werewolves, --measure pairs on shared deals.
// 2. Real bots, --runs seeded SPRTs per case (games played in this thread, no database):
//    H0 with an identical agent on the same deals (every game alike), H0 with an
//    identical agent on independent deals (a true H0 with the full spread of unpaired
//    games), H1 with heuristic against random (a landslide), H1 with the knob (at δ =
//    0.03, below its measured effect), and H0 with the knob reversed. Per case: the share
//    saying H1 with its sampling error, the mean / median / 90th percentile of games of
//    each to the decision, and the fixed-size test with the same error rates.
// 3. Bernoulli pairs (stats/simulate.ts), --bernoulli tests per case: the same, and the
//    coverage of the interval corrected for the stop against the unadjusted one.
// 4. The planner with real bots: a pilot predicts the games for 80% power at the knob's
//    measured effect; --runs fixed-size tests of that many games on fresh deals give the
//    achieved power.
// 5. The estimate over the range of μ (issue 17): --grid simulated tests at δ = 0.05 per
//    μ ∈ {−0.45, −0.2, 0, δ/2, δ, 0.2, 0.45} × q ∈ {0.5, 0.9}: coverage and median of the
//    estimate from the exact law (sprtEstimate) and of the Brownian one it replaced, the
//    plain interval's coverage, and the estimate's cost. `--only grid` runs this alone.
//
//   npm run build && node dist/scripts/sprt-errors.js [--runs 200] [--bernoulli 2000]
//       [--measure 40000] [--pilot 2000] [--grid 400] [--only grid] [--seed sprt]

import { Rng, resolveSetup } from '../engine/index.js';
import { normalQuantile } from '../stats/inference.js';
import { fixedPairs, fixedPower, forecast } from '../stats/plan.js';
import { modelSpread, simulatedPairs, type PairModel } from '../stats/simulate.js';
import { addPair, brownianEstimate, NO_PAIRS, pairCount, pairMoments, pairSpread, scanSprt, sprtEstimate, sprtLawCache, type Interval95, type PairCounts, type SprtDesign, type SprtScan } from '../stats/sprt.js';
import { playedPairs, sidePairing } from '../tournaments/sprt.js';
import { args, fail, whole } from './lib/args.js';
import { roundedGrouped } from '../narrate/numbers.js';

const USAGE = 'usage: node dist/scripts/sprt-errors.js [--runs 200] [--bernoulli 2000] [--measure 40000] [--pilot 2000] [--grid 400] [--only grid] [--seed S]';
const opts = args(USAGE, { runs: { type: 'string' }, bernoulli: { type: 'string' }, measure: { type: 'string' }, pilot: { type: 'string' }, grid: { type: 'string' }, only: { type: 'string' }, seed: { type: 'string' } });
if (opts.only !== undefined && opts.only !== 'grid') fail(`--only takes 'grid' (the estimate's coverage table alone), not '${opts.only}'`);
const gridRuns = whole('grid', opts.grid, 400);
const runs = whole('runs', opts.runs, 200);
const bernoulli = whole('bernoulli', opts.bernoulli, 2000);
const measure = whole('measure', opts.measure, 40_000, 2);
const pilotPairs = whole('pilot', opts.pilot, 2000, 2);
const seed = opts.seed ?? 'sprt';
const setupResult = resolveSetup({});
if (!setupResult.ok) fail(setupResult.error);
const setup = setupResult.value;

const started = performance.now();
const note = (text: string) => process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${text}\n`);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const n0 = roundedGrouped;

function botPairs(candidate: string, baseline: string, s: string, unpaired = false): Generator<number, never> {
  return playedPairs({
    setup,
    side: 'werewolves',
    candidate: sidePairing(candidate, 'werewolves', 'heuristic'),
    baseline: sidePairing(baseline, 'werewolves', 'heuristic'),
    seed: s,
    baselineSeed: unpaired ? `${s}/other` : undefined,
  });
}

function countsOf(pairs: Iterator<number>, n: number): PairCounts {
  let c = NO_PAIRS;
  for (let i = 0; i < n; i++) c = addPair(c, pairs.next().value as number);
  return c;
}

const sumCounts = (cs: readonly PairCounts[]): PairCounts => cs.reduce((a, c) => ({ plus: a.plus + c.plus, zero: a.zero + c.zero, minus: a.minus + c.minus }), NO_PAIRS);

interface Row {
  readonly label: string;
  readonly delta: number;
  readonly truth: string;
  readonly scans: readonly SprtScan[];
  /** σ of a pair's difference for the fixed-size reference (the pooled pairs of the case, or the model's). */
  readonly spread: number;
  /** What the test should say: H0, H1, or either (between the hypotheses). */
  readonly expect: 'H0' | 'H1' | 'either';
}

function rowText(r: Row, design: SprtDesign): string {
  const n = r.scans.length;
  const h1 = r.scans.filter((s) => s.decision === 'H1').length / n;
  const limit = r.expect === 'H0' ? design.alpha : 1 - design.beta;
  const se = Math.sqrt((limit * (1 - limit)) / n);
  const pairs = r.scans.map((s) => s.pairs).sort((a, b) => a - b);
  const mean = pairs.reduce((a, x) => a + x, 0) / n;
  const pooled = sumCounts(r.scans.map((s) => s.counts));
  // Pairs that never differ leave a fixed-size test nothing to measure a spread with.
  const fixed = pooled.plus + pooled.minus === 0 ? null : fixedPairs({ spread: r.spread, delta: r.delta, alpha: design.alpha, power: 1 - design.beta, sides: 1 });
  const verdict =
    r.expect === 'either'
      ? 'either answer is right'
      : r.expect === 'H0'
        ? `≤ ${pct(limit)} + ${pct(se)}: ${h1 <= limit + se ? 'yes' : h1 <= limit + 2 * se ? 'within 2 SE' : 'NO'}`
        : `≥ ${pct(limit)} − ${pct(se)}: ${h1 >= limit - se ? 'yes' : h1 >= limit - 2 * se ? 'within 2 SE' : 'NO'}`;
  return `| ${r.label} | ${r.delta} | ${r.truth} | ${n} | ${pct(h1)} | ${verdict} | ${n0(mean)} | ${n0(pairs[n >> 1]!)} | ${n0(pairs[Math.floor(0.9 * (n - 1))]!)} | ${fixed === null ? '—' : n0(fixed)} | ${fixed === null ? '—' : (mean / fixed).toFixed(2)} |`;
}

const HEADER = [
  '| case | δ | true difference | tests | say H1 | bound (SE of the bound) | mean games of each | median | 90th pct | fixed-size | mean/fixed |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];

function sectionsOneToFour(out: string[]): void {
  // 1. The knob, measured.
  note(`measuring heuristic:fakeClaim=0.5 against heuristic as the werewolves on ${measure} pairs`);
  const knob = countsOf(botPairs('heuristic:fakeClaim=0.5', 'heuristic', `${seed}-measure`), measure);
  const km = pairMoments(knob);
  const knobHalf = normalQuantile(0.975) * Math.sqrt(km.variance / measure);
  const knobText = `${(100 * km.mean).toFixed(2)} ± ${(100 * knobHalf).toFixed(2)} points`;

  // 2. Real bots.
  const design5: SprtDesign = { delta: 0.05, alpha: 0.05, beta: 0.05 };
  const design3: SprtDesign = { delta: 0.03, alpha: 0.05, beta: 0.05 };
  function botCase(label: string, candidate: string, baseline: string, design: SprtDesign, o: { unpaired?: boolean; truth: string; expect: 'H0' | 'H1' }): Row {
    note(`${label}: ${runs} tests`);
    const scans: SprtScan[] = [];
    for (let r = 0; r < runs; r++) scans.push(scanSprt(botPairs(candidate, baseline, `${seed}-${label}-${r}`, o.unpaired === true), design, 20_000));
    return { label, delta: design.delta, truth: o.truth, scans, spread: pairSpread(sumCounts(scans.map((s) => s.counts))), expect: o.expect };
  }
  const bots: { row: Row; design: SprtDesign }[] = [
    { row: botCase('H0: heuristic vs heuristic, same deals', 'heuristic', 'heuristic', design5, { truth: '0 (the same games)', expect: 'H0' }), design: design5 },
    { row: botCase('H0: heuristic vs heuristic, independent deals', 'heuristic', 'heuristic', design5, { unpaired: true, truth: '0', expect: 'H0' }), design: design5 },
    { row: botCase('H1: heuristic vs random', 'heuristic', 'random', design5, { truth: 'about +27 points', expect: 'H1' }), design: design5 },
    { row: botCase('H1: fakeClaim=0.5 vs heuristic', 'heuristic:fakeClaim=0.5', 'heuristic', design3, { truth: knobText, expect: 'H1' }), design: design3 },
    { row: botCase('H0: heuristic vs fakeClaim=0.5', 'heuristic', 'heuristic:fakeClaim=0.5', design3, { truth: `−(${knobText})`, expect: 'H0' }), design: design3 },
  ];

  // 3. Bernoulli pairs.
  interface Simulated {
    readonly row: Row;
    readonly covered: number;
    readonly coveredUnadjusted: number;
    readonly medianEstimate: number;
    readonly medianUnadjusted: number;
  }
  function bernoulliCase(label: string, m: PairModel, design: SprtDesign, expect: Row['expect']): Simulated {
    note(`${label}: ${bernoulli} simulated tests`);
    const cache = sprtLawCache(design);
    const scans: SprtScan[] = [];
    let covered = 0;
    let coveredUnadjusted = 0;
    const estimates: number[] = [];
    const unadjusted: number[] = [];
    for (let r = 0; r < bernoulli; r++) {
      const s = scanSprt(simulatedPairs(new Rng(`${seed}-${label}-${r}`), m), design);
      scans.push(s);
      const e = sprtEstimate(s, design, cache)!;
      if (e.low <= m.mu && m.mu <= e.high) covered++;
      if (e.unadjusted.low <= m.mu && m.mu <= e.unadjusted.high) coveredUnadjusted++;
      estimates.push(e.estimate);
      unadjusted.push(e.unadjusted.estimate);
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
    return {
      row: { label, delta: design.delta, truth: `μ ${m.mu}, differ ${m.discord}`, scans, spread: modelSpread(m), expect },
      covered: covered / bernoulli,
      coveredUnadjusted: coveredUnadjusted / bernoulli,
      medianEstimate: median(estimates),
      medianUnadjusted: median(unadjusted),
    };
  }
  const sims = [
    bernoulliCase('H0 (μ = 0)', { mu: 0, discord: 0.3 }, design5, 'H0'),
    bernoulliCase('halfway (μ = δ/2)', { mu: 0.025, discord: 0.3 }, design5, 'either'),
    bernoulliCase('H1 (μ = δ)', { mu: 0.05, discord: 0.3 }, design5, 'H1'),
    bernoulliCase('H0, rarely differing (μ = 0)', { mu: 0, discord: 0.07 }, design3, 'H0'),
    bernoulliCase('H1, rarely differing (μ = δ)', { mu: 0.03, discord: 0.07 }, design3, 'H1'),
  ];

  // 4. The planner with real bots.
  note(`planner: a pilot of ${pilotPairs} pairs, then ${runs} fixed-size tests`);
  const pilot = countsOf(botPairs('heuristic:fakeClaim=0.5', 'heuristic', `${seed}-pilot`), pilotPairs);
  const target = { delta: Math.abs(km.mean), alpha: 0.05, power: 0.8 };
  const plan = forecast(pilot, target);
  const z = normalQuantile(0.975);
  let rejected = 0;
  for (let r = 0; r < runs; r++) {
    const c = countsOf(botPairs('heuristic:fakeClaim=0.5', 'heuristic', `${seed}-fixed-${r}`), plan.fixed);
    const { mean, variance } = pairMoments(c);
    if (Math.abs(mean) > z * Math.sqrt(variance / pairCount(c))) rejected++;
  }
  const achieved = rejected / runs;
  const achievedSe = Math.sqrt((0.8 * 0.2) / runs);

  out.push(`## Real bots (${runs} seeded SPRTs per case; 004's 8-player table, the opponent heuristic on every other card)`, '');
  out.push(`The knob measured first: heuristic:fakeClaim=0.5 wins ${knobText} (95%) more often than heuristic as the werewolves over ${n0(measure)} pairs on shared deals; the two differ on ${pct((knob.plus + knob.minus) / measure)} of the deals (σ of a pair ${pairSpread(knob).toFixed(3)}).`, '');
  out.push('alpha = beta = 0.05. "bound": the false-positive rate must be at most alpha, the share saying H1 under H1 at least 1 − beta, each within its sampling error at this many tests. "fixed-size": games of each a fixed-size one-sided test with the same alpha and power at δ needs, from the spread of the case\'s pairs.', '');
  out.push(...HEADER, ...bots.map((b) => rowText(b.row, b.design)), '');
  out.push(`## Bernoulli pairs (${bernoulli} simulated SPRTs per case)`, '');
  out.push(...HEADER, ...sims.map((s) => rowText(s.row, s.row.delta === 0.05 ? design5 : design3)), '');
  out.push('| case | corrected interval covers μ | unadjusted covers μ | median corrected estimate | median unadjusted mean |', '|---|---|---|---|---|');
  for (const s of sims) out.push(`| ${s.row.label} | ${pct(s.covered)} | ${pct(s.coveredUnadjusted)} | ${s.medianEstimate.toFixed(4)} | ${s.medianUnadjusted.toFixed(4)} |`);
  out.push('', `## The planner with real bots`, '');
  out.push(
    `A pilot of ${n0(pilotPairs)} pairs (heuristic:fakeClaim=0.5 against heuristic as the werewolves) put the games of each for 80% power, two-sided at 5%, at the measured difference ${(100 * target.delta).toFixed(2)} points, at ${n0(plan.fixed)} (the pilot's range ${n0(plan.fixedRange.low)}–${n0(plan.fixedRange.high)}). ` +
      `${runs} fixed-size tests of ${n0(plan.fixed)} pairs on fresh deals rejected "no difference" ${pct(achieved)} of the time (80% ± ${pct(2 * achievedSe)} at 2 SE; ` +
      `the normal approximation at the measured spread says ${pct(fixedPower({ pairs: plan.fixed, spread: pairSpread(knob), delta: target.delta, alpha: 0.05, sides: 2 }))}).`,
  );
}

// 5. The estimate over the range of μ.
function gridSection(out: string[]): void {
  const design: SprtDesign = { delta: 0.05, alpha: 0.05, beta: 0.05 };
  const cache = sprtLawCache(design);
  const covers = (e: Interval95, mu: number) => e.low <= mu && mu <= e.high;
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
  out.push(`## The estimate over the range of μ (${gridRuns} simulated SPRTs per case, δ = 0.05, α = β = 0.05)`, '');
  out.push('| μ | q | mean pairs | exact law covers | its median estimate | Brownian (replaced) covers | its median | plain covers | ms per estimate (CPU) |', '|---|---|---|---|---|---|---|---|---|');
  for (const q of [0.5, 0.9]) {
    for (const mu of [-0.45, -0.2, 0, design.delta / 2, design.delta, 0.2, 0.45]) {
      note(`grid μ ${mu}, q ${q}: ${gridRuns} tests`);
      let exact = 0;
      let old = 0;
      let plain = 0;
      let pairs = 0;
      let cpu = 0;
      const exactPoints: number[] = [];
      const oldPoints: number[] = [];
      for (let r = 0; r < gridRuns; r++) {
        const scan = scanSprt(simulatedPairs(new Rng(`${seed}-grid-${mu}-${q}-${r}`), { mu, discord: q }), design, 10_000);
        pairs += scan.pairs;
        const before = process.cpuUsage().user;
        const e = sprtEstimate(scan, design, cache)!;
        cpu += process.cpuUsage().user - before;
        const b = brownianEstimate(scan, design);
        if (covers(e, mu)) exact++;
        if (covers(b, mu)) old++;
        if (covers(e.unadjusted, mu)) plain++;
        exactPoints.push(e.estimate);
        oldPoints.push(b.estimate);
      }
      const line = `| ${mu} | ${q} | ${n0(pairs / gridRuns)} | ${pct(exact / gridRuns)} | ${median(exactPoints).toFixed(3)} | ${pct(old / gridRuns)} | ${median(oldPoints).toFixed(3)} | ${pct(plain / gridRuns)} | ${(cpu / 1000 / gridRuns).toFixed(0)} |`;
      note(line);
      out.push(line);
    }
  }
  out.push('', 'A coverage\'s sampling error at 95% over these tests: ' + pct(Math.sqrt((0.95 * 0.05) / gridRuns)) + '. CPU time per estimate with one law cache shared by the case\'s tests (its first test builds the table).');
}

const out: string[] = [];
if (opts.only !== 'grid') sectionsOneToFour(out);
gridSection(out);
out.push('', `(${((performance.now() - started) / 1000).toFixed(0)} s)`);
process.stdout.write(out.join('\n') + '\n');
