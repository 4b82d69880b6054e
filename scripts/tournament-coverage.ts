// How often a side tournament's 95% intervals cover the truth (docs/tournaments.md,
// issue #24): --seeds tournaments of the same entrants on fresh deals, each read as
// `sim tournament` and `sim plan --tournament` read it, against the truth of one large
// tournament (--truth games per pairing). Printed per interval: its coverage with the
// deal as the unit (what the commands print) and as if every game were independent (what
// they printed before), each with its binomial error. The truth has its own error, about
// √(games / truth) of a seed's: it lowers the coverage a little (0.5 point at 20×). An
// interval is closed: [0, 0] covers a difference that is 0 (two entrants that play a side alike).
//
//   npm run build && node dist/scripts/tournament-coverage.js [--seeds 40] [--games 200]
//       [--truth 4000] [--agents random,heuristic,heuristic:fakeClaim=0,belief] [--players 8] [--detail]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTournament } from '../commands/tournament.js';
import { Store } from '../runs/storage.js';
import { pairMoments } from '../stats/sprt.js';
import { wilson, Z95 } from '../stats/wilson.js';
import { storedComparisons } from '../tournaments/plan.js';
import { fitSideModel, type ModelFit } from '../tournaments/ratings.js';
import { tournamentData } from '../tournaments/tournament-data.js';
import { tournaments } from '../tournaments/tournament-store.js';
import { args, whole } from './lib/args.js';

const USAGE = 'usage: node dist/scripts/tournament-coverage.js [--seeds 40] [--games 200] [--truth 4000] [--agents A,B,C,D] [--players 8] [--detail]';
const opts = args(USAGE, { seeds: { type: 'string' }, games: { type: 'string' }, truth: { type: 'string' }, agents: { type: 'string' }, players: { type: 'string' }, detail: { type: 'boolean' } });
const seeds = whole('seeds', opts.seeds, 40, 2);
const games = whole('games', opts.games, 200, 2);
const truthGames = whole('truth', opts.truth, 4000, 2);
const players = whole('players', opts.players, 8, 3);
const agents = (opts.agents ?? 'random,heuristic,heuristic:fakeClaim=0,belief').split(',').map((s) => s.trim());
const TARGET = { delta: 0.05, alpha: 0.05, power: 0.8 };

interface Read {
  /** Per entrant, village then wolves: [estimate, se by deal, se independent]. */
  readonly strengths: [number, number, number][];
  /** Per comparison (side, X, Y): [mean, half by deal, half independent]. */
  readonly pairs: Map<string, [number, number, number]>;
}

async function tournamentRead(dir: string, seed: string, n: number): Promise<Read> {
  const db = join(dir, `${seed}.db`);
  const r = await runTournament({ db, mode: 'side', agents, rules: [], players, seed, games: n, workers: 0, concurrency: 1, json: true });
  if (!r.ok) throw new Error(r.error);
  const store = Store.open(db, 'read');
  if (!store.ok) throw new Error(store.error);
  try {
    const t = tournaments(store.value).at(-1)!;
    const data = tournamentData(store.value, t);
    if (data.mode !== 'side') throw new Error('not a side tournament');
    const fit = (deals: boolean): ModelFit => {
      const f = fitSideModel(t.entrants, data.results, { deals: deals ? data.deals : undefined });
      if (!f.ok) throw new Error(f.error);
      return f.value;
    };
    const [byDeal, plain] = [fit(true), fit(false)];
    const strengths = byDeal.strengths.flatMap((s, i): [number, number, number][] => [
      [s.village, s.villageSe, plain.strengths[i]!.villageSe],
      [s.wolves, s.wolvesSe, plain.strengths[i]!.wolvesSe],
    ]);
    const rows = storedComparisons(store.value, t, TARGET);
    if (!rows.ok) throw new Error(rows.error);
    const pairs = new Map<string, [number, number, number]>();
    for (const c of rows.value) {
      const m = pairMoments(c.counts);
      const n = c.counts.plus + c.counts.zero + c.counts.minus;
      pairs.set(`${c.side} ${c.x} - ${c.y}`, [c.mean, c.high === null ? NaN : c.high - c.mean, Z95 * Math.sqrt(m.variance / n)]);
    }
    return { strengths, pairs };
  } finally {
    store.value.close();
  }
}

const line = (what: string, hits: number, total: number) => {
  const w = wilson(hits, total);
  return `${what.padEnd(34)} ${(100 * hits / total).toFixed(1).padStart(5)}%  (95% CI ${(100 * w.low).toFixed(1)}–${(100 * w.high).toFixed(1)}%, ${total} intervals)`;
};

const dir = mkdtempSync(join(tmpdir(), 'coverage-'));
try {
  const started = Date.now();
  const truth = await tournamentRead(dir, 'truth', truthGames);
  const seen = new Map<string, { means: number[]; halves: number[] }>();
  const hits = { strengthDeal: 0, strengthPlain: 0, strengths: 0, pairDeal: 0, pairPlain: 0, pairs: 0 };
  for (let s = 0; s < seeds; s++) {
    const read = await tournamentRead(dir, `cover-${s}`, games);
    read.strengths.forEach(([est, byDeal, plain], i) => {
      const t = truth.strengths[i]![0];
      hits.strengths++;
      if (Math.abs(est - t) <= Z95 * byDeal) hits.strengthDeal++;
      if (Math.abs(est - t) <= Z95 * plain) hits.strengthPlain++;
    });
    for (const [key, [mean, byDeal, plain]] of read.pairs) {
      const t = truth.pairs.get(key)![0];
      const d = seen.get(key) ?? { means: [], halves: [] };
      d.means.push(mean);
      d.halves.push(byDeal);
      seen.set(key, d);
      hits.pairs++;
      if (Math.abs(mean - t) <= byDeal) hits.pairDeal++;
      if (Math.abs(mean - t) <= plain) hits.pairPlain++;
    }
  }
  process.stdout.write(
    [
      `${seeds} side tournaments of ${agents.join(', ')} (${players} players), ${games} games per pairing; truth: one of ${truthGames} per pairing; ${((Date.now() - started) / 1000).toFixed(0)} s`,
      line('strengths, errors by deal', hits.strengthDeal, hits.strengths),
      line('strengths, games independent', hits.strengthPlain, hits.strengths),
      line('plan pairwise, by deal', hits.pairDeal, hits.pairs),
      line('plan pairwise, games independent', hits.pairPlain, hits.pairs),
    ].join('\n') + '\n',
  );
  if (opts.detail === true) {
    // Per comparison: the truth, the seeds' mean and spread, and the error the intervals stated (their half-width / 1.96).
    const avg = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const [key, d] of seen) {
      const m = avg(d.means);
      const sd = Math.sqrt(d.means.reduce((a, x) => a + (x - m) ** 2, 0) / (d.means.length - 1));
      process.stdout.write(`${key.padEnd(60)} truth ${truth.pairs.get(key)![0].toFixed(3)}  seeds ${m.toFixed(3)} ± ${sd.toFixed(3)}  stated ${(avg(d.halves) / Z95).toFixed(3)}\n`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
