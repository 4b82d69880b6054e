// `npm run bench`: games per second, figures only (no pass/fail). For each row (a table
// of a preset, random agents): the bare engine loop (no driver), the playSync driver,
// and the whole runner in this thread, on one worker and on all cores, each with and
// without storage; and the database's size per 10,000 games.
//
//   npm run bench                       every row
//   npm run bench -- --rows classic     rows whose label contains "classic"
//   npm run bench -- --scale 0.25       a quarter of each row's games
//
// Add a row to BENCH_ROWS to measure another table or variant.

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { playSync } from '../agents/play.js';
import { randomAgent, randomAnswer } from '../agents/random.js';
import { parseSeating } from '../agents/registry.js';
import { Game } from '../engine/game.js';
import { gameSeed, seatStream } from '../engine/rng.js';
import { mixLabel, resolveSetup, type GameSetup, type SetupRequest } from '../engine/setup.js';
import { changedRules, WHOLE_RUN, type RunConfig } from '../tournaments/run-config.js';
import { runGames } from '../tournaments/runner.js';
import { Store } from '../tournaments/storage.js';

export interface BenchRow {
  readonly label: string;
  readonly setup: SetupRequest;
  /** Games per measurement (before --scale). */
  readonly games: number;
}

export const BENCH_ROWS: BenchRow[] = [
  { label: '004 standard, 8 players', setup: { preset: 'standard', players: 8 }, games: 40_000 },
  { label: '001 classic, 12 players', setup: { preset: 'classic', players: 12 }, games: 20_000 },
];

const SEED = 'bench';

/** The engine alone: pending → random answer → submit, no driver, no contexts, no retries. */
function bareLoop(setup: GameSetup, games: number): number {
  for (let i = 0; i < games; i++) {
    const seed = gameSeed(SEED, i);
    const game = new Game(setup, seed);
    const rngs = Array.from({ length: setup.players }, (_, s) => seatStream(seed, s));
    while (!game.over) for (const d of game.pending()) game.submit(d.seat, randomAnswer(d, rngs[d.seat]!), d.id);
  }
  return games;
}

function driverLoop(setup: GameSetup, games: number): number {
  const agents = new Array(setup.players).fill(randomAgent);
  for (let i = 0; i < games; i++) playSync(new Game(setup, gameSeed(SEED, i)), agents);
  return games;
}

function rate(games: number, ms: number): string {
  return Math.round((games / ms) * 1000).toLocaleString('en-US').padStart(9);
}

function timed(f: () => number): string {
  const t = performance.now();
  const n = f();
  return rate(n, performance.now() - t);
}

/** The runner as `sim` runs it (worker start-up included); with a database in `dir`, its size per 10,000 games. */
async function measureRun(config: RunConfig, workers: number, dir: string | null): Promise<{ rate: string; mbPer10k: number | null }> {
  if (dir === null) {
    const o = await runGames(config, { workers, concurrency: 1 });
    return { rate: rate(o.played, o.seconds * 1000), mbPer10k: null };
  }
  const path = join(dir, `bench-${workers}.db`);
  const s = Store.open(path, 'write');
  if (!s.ok) throw new Error(s.error);
  let r: string;
  try {
    const o = await runGames(config, { workers, concurrency: 1, store: s.value });
    r = rate(o.played, o.seconds * 1000);
  } finally {
    s.value.close();
  }
  const mb = statSync(path).size / 1e6;
  rmSync(path, { force: true });
  return { rate: r, mbPer10k: (mb / config.games) * 10_000 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rows: { type: 'string' }, scale: { type: 'string' } } });
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!(scale > 0)) throw new Error(`--scale must be a positive number, not ${values.scale}`);
  const rows = BENCH_ROWS.filter((r) => values.rows === undefined || r.label.includes(values.rows));
  const cores = availableParallelism();
  const seating = parseSeating([]);
  if (!seating.ok) throw new Error(seating.error);
  const dir = mkdtempSync(join(tmpdir(), 'werewolf-bench-'));
  console.log(`games/s with random agents; node ${process.versions.node}, ${cores} cores available\n`);
  try {
    for (const row of rows) {
      const s = resolveSetup(row.setup);
      if (!s.ok) throw new Error(`${row.label}: ${s.error}`);
      const setup = s.value;
      const games = Math.max(100, Math.round(row.games * scale));
      console.log(`${row.label}: ${mixLabel(setup)}, preset ${setup.preset}${changedRules(setup).map((r) => ` ${r}`).join('')} — ${games} games per line`);
      bareLoop(setup, Math.min(2000, games)); // JIT warm-up
      driverLoop(setup, Math.min(2000, games));
      const line = (what: string, r: string, note = '') => console.log(`  ${what.padEnd(44)} ${r}${note}`);
      line('bare engine loop (no driver), this thread', timed(() => bareLoop(setup, games)));
      line('playSync driver, this thread', timed(() => driverLoop(setup, games)));
      const config: RunConfig = { setup, seed: SEED, seating: seating.value, games, shard: WHOLE_RUN };
      for (const workers of [...new Set([0, 1, cores])]) {
        const where = workers === 0 ? 'this thread' : `${workers} worker${workers === 1 ? '' : 's'}`;
        line(`sim, ${where}, --no-db`, (await measureRun(config, workers, null)).rate);
        const stored = await measureRun(config, workers, dir);
        line(`sim, ${where}, stored`, stored.rate, `   (${stored.mbPer10k!.toFixed(2)} MB per 10,000 games)`);
      }
      console.log('');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
