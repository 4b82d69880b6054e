// Tunes the belief agent's free parameters by self-play, with SPSA (stats/spsa.ts): each
// step measures two perturbed versions on the same fresh deals — as the village and as the
// werewolves, against the heuristic and against each other, on each table row — and
// moves every parameter along the difference. Probabilities move on the
// logit scale, ratios on the log scale. Prints the path and, at the end, the agent spec
// of the mean of the second half's points (averaging the iterates steadies the answer);
// a tuned spec is then accepted only through `sim sprt` against the one before
// (docs/belief.md, "Tuning"). In this thread, deterministic under --seed.
//
//   npm run build && node dist/scripts/belief-tune.js [--from belief] [--iterations 300]
//       [--deals 40] [--rows 004-8,004-12,001-12] [--a 8] [--c 0.3] [--seed tune] [--every 10]

import { parseBelief } from '../agents/belief/params.js';
import { Rng } from '../engine/index.js';
import { spsaDirection, spsaGainsAt, spsaProbe, spsaStep, type SpsaGains } from '../stats/spsa.js';
import { args, fail, whole } from './lib/args.js';
import { playOne, table, type Table } from './lib/play-many.js';

const USAGE =
  'usage: node dist/scripts/belief-tune.js [--from SPEC] [--iterations N] [--deals N] [--rows 004-8,004-12,001-12] [--a X] [--c X] [--seed S] [--every N]';
const opts = args(USAGE, {
  from: { type: 'string' },
  iterations: { type: 'string' },
  deals: { type: 'string' },
  rows: { type: 'string' },
  a: { type: 'string' },
  c: { type: 'string' },
  seed: { type: 'string' },
  every: { type: 'string' },
});
const iterations = whole('iterations', opts.iterations, 300);
const deals = whole('deals', opts.deals, 40);
const every = whole('every', opts.every, 10);
const seed = opts.seed ?? 'tune';
const positive = (name: string, text: string | undefined, fallback: number) => {
  if (text === undefined) return fallback;
  const x = Number(text);
  if (!(x > 0) || !Number.isFinite(x)) fail(`--${name} takes a number above 0, not '${text}'`);
  return x;
};
const gains: SpsaGains = { a: positive('a', opts.a, 8), c: positive('c', opts.c, 0.3), A: Math.ceil(iterations / 20), maxStep: 0.25 };

const ROWS: Readonly<Record<string, { readonly preset: string; readonly players: number }>> = {
  '004-8': { preset: 'standard', players: 8 },
  '004-12': { preset: 'standard', players: 12 },
  '001-12': { preset: 'classic', players: 12 },
};
const rowNames = (opts.rows ?? '004-8,004-12,001-12').split(',').map((r) => r.trim());
for (const r of rowNames) if (ROWS[r] === undefined) fail(`--rows takes ${Object.keys(ROWS).join(', ')}, not '${r}'`);

const fromText = (opts.from ?? 'belief').replace(/^belief:?/, '');
const from = parseBelief(fromText);
if (!from.ok) fail(`--from: ${from.error}`);

/** A tuned coordinate: a model parameter or a heuristic knob, a probability or a ratio. */
interface Dim {
  readonly key: string;
  readonly prob: boolean;
}
// The coordinates, in this order, are part of a run's definition (the directions are drawn
// per coordinate): a fixed list, so that docs/belief.md's runs can be repeated (a run from
// before the last two were added drew the first fifteen alone). `deceive` is play, weighed
// through sim sprt, and not tuned here.
const DIMS: readonly Dim[] = [
  ...(['slip', 'claimWolf', 'claimReal', 'accuse', 'talk', 'herd'] as const).map((key) => ({ key, prob: true })),
  ...(['accuseMate', 'accuseRival', 'clearMate', 'voteMate', 'voteAim', 'vouchMate', 'silence'] as const).map((key) => ({ key, prob: false })),
  { key: 'fakeClaim', prob: true },
  { key: 'bus', prob: true },
  // Added with the pack's distancing ballots (docs/belief.md, v3): the reader's broken-word term and the pack's play.
  { key: 'turn', prob: false },
  { key: 'distance', prob: true },
];
const startValue = (key: string): number => {
  const p = from.value.params as unknown as Record<string, number>;
  const k = from.value.knobs as unknown as Record<string, number>;
  return p[key] ?? k[key]!;
};

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const toX = (d: Dim, v: number) => (d.prob ? Math.log(clamp(v, 0.005, 0.995) / (1 - clamp(v, 0.005, 0.995))) : Math.log(clamp(v, 0.01, 100)));
const toV = (d: Dim, x: number) => (d.prob ? clamp(1 / (1 + Math.exp(-x)), 0.005, 0.995) : clamp(Math.exp(x), 0.01, 100));

/** The agent spec of a point (values to three significant digits). */
function spec(theta: Float64Array): string {
  const rest = fromText.split(',').filter((p) => p.trim() !== '' && !DIMS.some((d) => p.trim().toLowerCase().startsWith(`${d.key.toLowerCase()}=`)));
  return `belief:${[...DIMS.map((d, i) => `${d.key}=${Number(toV(d, theta[i]!).toPrecision(3))}`), ...rest].join(',')}`;
}

function seated(row: string, agents: readonly string[]): Table {
  const t = table(ROWS[row]!, agents);
  if (!t.ok) fail(`${row}: ${t.error}`);
  return t.value;
}

/** Plays deals 0 … --deals − 1 of step k on one row with `village` and `werewolves` seated; adds the sides' wins. */
function play(row: string, village: string, wolves: string, k: number, into: { village: number; werewolves: number; games: number }): void {
  const t = seated(row, [village, `werewolves=${wolves}`]);
  for (let i = 0; i < deals; i++) {
    const winner = playOne(t, `${seed}/${k}`, i).played.outcome.winner;
    if (winner === 'village') into.village++;
    if (winner === 'werewolves') into.werewolves++;
    into.games++;
  }
}

/**
 * Both probes' scores on the deals of step k: the share of games each wins on its side,
 * over every row, as the village and as the werewolves, against the heuristic and against
 * the other probe (self-play: θ⁺'s village against θ⁻'s werewolves and the reverse). The
 * self-play half keeps the tuning from fitting one fixed opponent's habits alone.
 */
function measure(plus: string, minus: string, k: number): { readonly yPlus: number; readonly yMinus: number } {
  let wonPlus = 0;
  let wonMinus = 0;
  let games = 0;
  for (const row of rowNames) {
    for (const [agent, add] of [[plus, (x: number) => (wonPlus += x)], [minus, (x: number) => (wonMinus += x)]] as const) {
      const asVillage = { village: 0, werewolves: 0, games: 0 };
      play(row, agent, 'heuristic', k, asVillage);
      const asPack = { village: 0, werewolves: 0, games: 0 };
      play(row, 'heuristic', agent, k, asPack);
      add(asVillage.village + asPack.werewolves);
    }
    const plusVillage = { village: 0, werewolves: 0, games: 0 };
    play(row, plus, minus, k, plusVillage);
    const minusVillage = { village: 0, werewolves: 0, games: 0 };
    play(row, minus, plus, k, minusVillage);
    wonPlus += plusVillage.village + minusVillage.werewolves;
    wonMinus += plusVillage.werewolves + minusVillage.village;
    games += 4 * deals;
  }
  return { yPlus: wonPlus / games, yMinus: wonMinus / games };
}

const rng = new Rng(`${seed}/directions`);
let theta: Float64Array = Float64Array.from(DIMS.map((d) => toX(d, startValue(d.key))));
const sum = new Float64Array(DIMS.length);
let summed = 0;
const wall = performance.now();
console.log(`SPSA over ${rowNames.join(', ')}; ${deals} deals per cell, ${rowNames.length * 6} cells; a ${gains.a}, c ${gains.c}, A ${gains.A}; seed ${seed}`);
console.log(`start  ${spec(theta)}`);
for (let k = 0; k < iterations; k++) {
  const delta = spsaDirection(rng, DIMS.length);
  const { ck } = spsaGainsAt(gains, k);
  const { yPlus, yMinus } = measure(spec(spsaProbe(theta, delta, ck, 1)), spec(spsaProbe(theta, delta, ck, -1)), k);
  theta = spsaStep(theta, delta, yPlus, yMinus, gains, k);
  if (k >= iterations / 2) {
    for (let i = 0; i < DIMS.length; i++) sum[i]! += theta[i]!;
    summed++;
  }
  if ((k + 1) % every === 0 || k === iterations - 1)
    console.log(`${String(k + 1).padStart(5)}  y+ ${yPlus.toFixed(3)} y- ${yMinus.toFixed(3)}  ${spec(theta)}  (${((performance.now() - wall) / 1000).toFixed(0)} s)`);
}
const mean = sum.map((x) => x / summed);
console.log(`\nlast   ${spec(theta)}`);
console.log(`mean of the last ${summed} points: ${spec(mean)}`);
