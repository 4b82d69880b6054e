// Do two builds store the same behaviour counts, number for number? For speed work on the
// metrics (metrics/, agents/trace.ts, the sums of runs/record.ts): build the old commit
// somewhere (e.g. `git worktree add /tmp/old <commit> && cd /tmp/old && npm ci && npm run
// build`), then run this script of the new build against it. Each build's own `sim` plays
// the same cases — runs of several setups and seatings (random, heuristic with its knobs,
// mixed tables, 001's 12 with the Harvest Festival and the New Moon, 004's 18 with the
// Harvest Festival and a Witch, a Thief, a Piper),
// a tournament, a sequential test and a balance sweep — each into a database of its own,
// in this thread (`--workers 0`; the sums do not depend on the order chunks are stored in,
// metrics/counters.ts GRID, but one thread keeps the two runs alike). Then the
// two databases are compared: every stored game (winner, days, errors, the seats text),
// every `metric_sums` row (its counters' bytes), and the output of `sim metrics --json`,
// character for character. Prints what was compared and the first differences; exit 1
// if any. (`same-games.js --trace` checks the games' logs themselves.)
//
//   npm run build && node dist/scripts/same-metrics.js --against /tmp/old/dist [--games 400] [--keep DIR]

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Store } from '../runs/storage.js';
import { args, fail, whole } from './lib/args.js';

const USAGE = 'usage: node dist/scripts/same-metrics.js --against OTHER_DIST_DIR [--games N] [--keep DIR]';
const opts = args(USAGE, { against: { type: 'string' }, games: { type: 'string' }, keep: { type: 'string' } });
if (opts.against === undefined) fail(`--against is required: the dist folder of the build to compare with\n\n${USAGE}`);
const games = whole('games', opts.games, 400);
const builds = [
  { label: 'this build', dist: resolve(import.meta.dirname, '..') },
  { label: opts.against, dist: resolve(opts.against) },
];

/** A case: the `sim` words that play it (the database and `--workers 0` are added). */
interface Case {
  readonly label: string;
  readonly words: readonly string[];
}

const g = String(games);
const half = String(Math.max(50, Math.floor(games / 2)));
const CASES: readonly Case[] = [
  { label: "004's 8, random", words: ['--games', g, '--seed', 'm1'] },
  { label: "004's 8, heuristic", words: ['--games', g, '--seed', 'm2', '--agents', 'heuristic'] },
  { label: "004's 8, heuristic knobs (fakeClaim=1, bus=1)", words: ['--games', g, '--seed', 'm3', '--agents', 'heuristic:fakeClaim=1,bus=1'] },
  {
    label: "004's 10, heuristic village, random werewolves, a heuristic seer of its own",
    words: ['--players', '10', '--games', g, '--seed', 'm4', '--agents', 'heuristic', '--agents', 'werewolves=random', '--agents', 'seer=heuristic:seerReveal=never'],
  },
  { label: "001's 12, heuristic", words: ['--preset', 'classic', '--players', '12', '--games', half, '--seed', 'm5', '--agents', 'heuristic'] },
  {
    label: "001's 12, Harvest Festival + New Moon, random",
    words: ['--preset', 'classic', '--players', '12', '--rule', 'harvestFestival=true', '--rule', 'newMoon=all', '--games', g, '--seed', 'm6'],
  },
  {
    label: "001's 12, Harvest Festival + New Moon, heuristic",
    words: ['--preset', 'classic', '--players', '12', '--rule', 'harvestFestival=true', '--rule', 'newMoon=all', '--games', half, '--seed', 'm7', '--agents', 'heuristic'],
  },
  {
    label: "004's 18, Harvest Festival with a Witch (the observer's potion worlds), random",
    words: ['--players', '18', '--roles', 'werewolf=4,seer,witch,villager=12', '--rule', 'harvestFestival=true', '--games', half, '--seed', 'm10'],
  },
  {
    label: '000, a Thief, the Little Girl, the Scapegoat, heuristic and random seats',
    words: ['--preset', 'thiercelieux', '--roles', 'werewolf=2,villager=3,seer,thief,little-girl,scapegoat', '--games', g, '--seed', 'm8', '--agents', 'heuristic', '--agents', '2=random'],
  },
  {
    label: '001, the Pied Piper, Cupid, the Witch and the Guard, heuristic',
    words: ['--preset', 'classic', '--roles', 'werewolf=2,villager=3,seer,witch,guard,cupid,piper,hunter', '--games', half, '--seed', 'm9', '--agents', 'heuristic'],
  },
  { label: 'tournament: random, heuristic, heuristic:fakeClaim=0', words: ['tournament', '--agents', 'random', '--agents', 'heuristic', '--agents', 'heuristic:fakeClaim=0', '--games', half, '--seed', 't1'] },
  {
    label: 'sequential test: heuristic against random, village',
    words: ['sprt', '--candidate', 'heuristic', '--baseline', 'random', '--side', 'village', '--opponent', 'random', '--max-games', g, '--seed', 's1'],
  },
  { label: 'balance sweep: 8 and 9 players, random', words: ['balance', '--players', '8,9', '--wolves', '1-2', '--precision', '0.05', '--batch', half, '--max-games', g, '--seed', 'b1'] },
];

/** Runs a build's sim; its standard output. */
function sim(dist: string, words: readonly string[]): string {
  try {
    return execFileSync(process.execPath, [join(dist, 'scripts', 'sim.js'), ...words], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    return fail(`sim ${words.join(' ')} (${dist}) failed: ${err.stderr ?? err.message}`);
  }
}

/** What a database holds that the metrics' code must not change: its games, its sums. */
function contents(db: string): { games: string[]; sums: string[]; counters: number; versions: string } {
  const opened = Store.open(db, 'read');
  if (!opened.ok) return fail(opened.error);
  const store = opened.value;
  try {
    const games: string[] = [];
    const sums: string[] = [];
    let counters = 0;
    const versions = new Set<number>();
    for (const run of store.runs()) {
      for (const g of store.gameRows(run.id)) games.push(JSON.stringify([run.id, g.idx, g.winner, g.days, g.invalid, g.fallbacks, Buffer.from(g.seats).toString('hex')]));
      for (const r of store.metricSums(run.id)) {
        counters += r.counters.length / 9;
        versions.add(r.version);
        sums.push(`${run.id}/${r.unit}/${r.agent}/${r.role} ${Buffer.from(r.counters).toString('hex')}`);
      }
    }
    return { games, sums, counters, versions: [...versions].sort((x, y) => x - y).join(',') };
  } finally {
    store.close();
  }
}

/** The first index where two lists differ (-1: none), with their lengths compared too. */
function firstDifference(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

const root = opts.keep === undefined ? mkdtempSync(join(tmpdir(), 'werewolf-same-metrics-')) : resolve(opts.keep);
mkdirSync(root, { recursive: true });
const totals = { games: 0, sums: 0, counters: 0, metricRows: 0, differing: 0 };
const versionsSeen = new Set<string>();
try {
  CASES.forEach((c, k) => {
    const seen = builds.map((b, j) => {
      const db = join(root, `case${k}-build${j}.db`);
      rmSync(db, { force: true });
      sim(b.dist, [...c.words, '--db', db, '--workers', '0', '--json']);
      const metrics = sim(b.dist, ['metrics', '--db', db, '--json']);
      return { ...contents(db), metrics };
    });
    const [mine, theirs] = seen as [(typeof seen)[0], (typeof seen)[0]];
    versionsSeen.add(mine.versions);
    versionsSeen.add(theirs.versions);
    const rows = (JSON.parse(mine.metrics) as { rows: unknown[] }).rows.length;
    const problems: string[] = [];
    const dg = firstDifference(mine.games, theirs.games);
    if (dg >= 0) problems.push(`games differ (${mine.games.length} and ${theirs.games.length}), first at ${dg}: ${mine.games[dg]} / ${theirs.games[dg]}`);
    const ds = firstDifference(mine.sums, theirs.sums);
    if (ds >= 0) problems.push(`metric_sums differ (${mine.sums.length} and ${theirs.sums.length} rows), first: ${mine.sums[ds]} / ${theirs.sums[ds]}`);
    if (mine.metrics !== theirs.metrics) {
      let at = 0;
      while (at < mine.metrics.length && mine.metrics[at] === theirs.metrics[at]) at++;
      problems.push(`sim metrics --json differs from character ${at}: …${mine.metrics.slice(Math.max(0, at - 60), at + 60)} / …${theirs.metrics.slice(Math.max(0, at - 60), at + 60)}`);
    }
    if (mine.games.length === 0 || mine.sums.length === 0 || rows === 0) problems.push('nothing to compare: no games, sums or metric rows were stored');
    totals.games += mine.games.length;
    totals.sums += mine.sums.length;
    totals.counters += mine.counters;
    totals.metricRows += rows;
    if (problems.length > 0) totals.differing++;
    console.log(`${problems.length === 0 ? 'same' : 'DIFFERS'}: ${c.label}: ${mine.games.length} games, ${mine.sums.length} sum rows (${mine.counters} counters), ${rows} metric rows`);
    for (const p of problems) console.log(`  ${p.slice(0, 600)}`);
  });
} finally {
  if (opts.keep === undefined) rmSync(root, { recursive: true, force: true });
}
// A change that means to move the counters (a metric made exact, say) bumps METRICS_VERSION: the
// sums are compared counter for counter all the same, their version tags apart.
if (versionsSeen.size > 1) console.log(`the builds tag their sums with different METRICS_VERSIONs (${[...versionsSeen].join(' here, ')} there): the counters are compared, not the tags`);
console.log(
  `compared with ${opts.against}: ${CASES.length} cases, ${totals.games} games, ${totals.sums} metric_sums rows (${totals.counters} counters), ${totals.metricRows} rows of sim metrics --json: ` +
    (totals.differing === 0 ? 'identical' : `${totals.differing} cases differ`),
);
process.exitCode = totals.differing === 0 ? 0 : 1;
