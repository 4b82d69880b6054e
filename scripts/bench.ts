// `npm run bench`: games per second, figures only (no pass/fail). For each row (a table
// of a preset, random agents): the bare engine loop (no driver), the playSync driver,
// and the whole runner in this thread, on one worker and on all cores, each with and
// without storage; and the database's size per 10,000 games. Then the same games in
// heuristic self-play through the playSync driver, and its speed as a share of the random
// agents' (issue 4's target for the 8-player row: at least a third; per CPU time, which the
// machine's other load changes less than wall time). scripts/heuristic-bench.ts measures
// that ratio alone, in alternating rounds.
//
//   npm run bench                       every row
//   npm run bench -- --rows classic     rows whose label contains "classic"
//   npm run bench -- --scale 0.25       a quarter of each row's games
//   npm run bench -- --repeat 3         the best of 3 for each line (on a busy machine)
//
// Add a row to BENCH_ROWS to measure another table or variant.

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { playSync } from '../agents/play.js';
import { randomAgent, randomAnswer } from '../agents/random.js';
import { parseSeating } from '../agents/registry.js';
import { Game } from '../engine/index.js';
import { gameSeed, seatStream } from '../engine/index.js';
import { mixLabel, resolveSetup, type GameSetup, type SetupRequest } from '../engine/index.js';
import { changedRules, WHOLE_RUN, type RunConfig } from '../runs/run-config.js';
import { runGames } from '../runs/runner.js';
import { Store } from '../runs/storage.js';
import { playMany } from './lib/play-many.js';

export interface BenchRow {
  readonly label: string;
  readonly setup: SetupRequest;
  /** Games per measurement (before --scale). */
  readonly games: number;
}

export const BENCH_ROWS: BenchRow[] = [
  { label: '004 standard, 8 players', setup: { preset: 'standard', players: 8 }, games: 40_000 },
  { label: '001 classic, 12 players', setup: { preset: 'classic', players: 12 }, games: 20_000 },
  {
    label: '001 classic, 12 players, Harvest Festival + New Moon',
    setup: { preset: 'classic', players: 12, rules: ['harvestFestival=true', 'newMoon=all'] },
    games: 10_000,
  },
];

const SEED = 'bench';

/** The engine alone: pending → random answer → submit, no driver, no contexts, no retries. */
function bareLoop(setup: GameSetup, games: number): void {
  for (let i = 0; i < games; i++) {
    const seed = gameSeed(SEED, i);
    const game = new Game(setup, seed);
    const rngs = Array.from({ length: setup.players }, (_, s) => seatStream(seed, s));
    while (!game.over) for (const d of game.pending()) game.submit(d.seat, randomAnswer(d, rngs[d.seat]!), d.id);
  }
}

function driverLoop(setup: GameSetup, games: number): void {
  const agents = new Array(setup.players).fill(randomAgent);
  for (let i = 0; i < games; i++) playSync(new Game(setup, gameSeed(SEED, i)), agents);
}

interface Measured {
  /** Games per second of wall time. */
  readonly rate: number;
  /** CPU time of the whole process (all threads) per game, in µs: what the machine's load does not change much. */
  readonly cpuPerGame: number;
}

let repeat = 1;

/** The best of `repeat` measurements: on a shared machine the others' load only ever slows a run down. */
async function measure(games: number, f: () => unknown): Promise<Measured> {
  let best: Measured | undefined;
  for (let i = 0; i < repeat; i++) best = better(best, await measureOnce(games, f));
  return best!;
}

function better(a: Measured | undefined, b: Measured): Measured {
  return a === undefined ? b : { rate: Math.max(a.rate, b.rate), cpuPerGame: Math.min(a.cpuPerGame, b.cpuPerGame) };
}

async function measureOnce(games: number, f: () => unknown): Promise<Measured> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await f();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { rate: (games / ms) * 1000, cpuPerGame: (used.user + used.system) / games };
}

/** The runner as `sim` runs it (worker start-up included), with or without a database in `dir`; its size per 10,000 games. */
async function measureRun(config: RunConfig, workers: number, dir: string | null): Promise<Measured & { mbPer10k: number | null }> {
  if (dir === null) return { ...(await measure(config.games, () => runGames(config, { workers, concurrency: 1 }))), mbPer10k: null };
  let best: Measured | undefined;
  let mb = 0;
  for (let i = 0; i < repeat; i++) {
    const path = join(dir, `bench-${workers}-${i}.db`);
    const s = Store.open(path, 'write');
    if (!s.ok) throw new Error(s.error);
    try {
      best = better(best, await measureOnce(config.games, () => runGames(config, { workers, concurrency: 1, store: s.value })));
    } finally {
      s.value.close();
    }
    mb = statSync(path).size / 1e6;
    rmSync(path, { force: true });
  }
  return { ...best!, mbPer10k: (mb / config.games) * 10_000 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rows: { type: 'string' }, scale: { type: 'string' }, repeat: { type: 'string' } } });
  repeat = values.repeat === undefined ? 1 : Number(values.repeat);
  if (!Number.isInteger(repeat) || repeat < 1) throw new Error(`--repeat must be a whole number of at least 1, not ${values.repeat}`);
  const scale = values.scale === undefined ? 1 : Number(values.scale);
  if (!(scale > 0)) throw new Error(`--scale must be a positive number, not ${values.scale}`);
  const rows = BENCH_ROWS.filter((r) => values.rows === undefined || r.label.includes(values.rows));
  const cores = availableParallelism();
  const seating = parseSeating([]);
  if (!seating.ok) throw new Error(seating.error);
  const heuristic = parseSeating(['heuristic']);
  if (!heuristic.ok) throw new Error(heuristic.error);
  const dir = mkdtempSync(join(tmpdir(), 'werewolf-bench-'));
  console.log(`random agents, then heuristic self-play; node ${process.versions.node}; ${cores} cores available; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  try {
    for (const row of rows) {
      const s = resolveSetup(row.setup);
      if (!s.ok) throw new Error(`${row.label}: ${s.error}`);
      const setup = s.value;
      const games = Math.max(100, Math.round(row.games * scale));
      console.log(`${row.label}: ${mixLabel(setup)}, preset ${setup.preset}${changedRules(setup).map((r) => ` ${r}`).join('')} — ${games} games per line`);
      bareLoop(setup, Math.min(2000, games)); // JIT warm-up
      driverLoop(setup, Math.min(2000, games));
      const line = (what: string, m: Measured, note = '') =>
        console.log(
          `  ${what.padEnd(44)} ${Math.round(m.rate).toLocaleString('en-US').padStart(9)} ${m.cpuPerGame.toFixed(1).padStart(10)}${note}`,
        );
      console.log(`  ${''.padEnd(44)} ${'games/s'.padStart(9)} ${'CPU µs/game'.padStart(10)}`);
      line('bare engine loop (no driver), this thread', await measure(games, () => bareLoop(setup, games)));
      const driven = await measure(games, () => driverLoop(setup, games));
      line('playSync driver, this thread', driven);
      const config: RunConfig = { setup, seed: SEED, seating: seating.value, games, shard: WHOLE_RUN };
      // Warm this thread's runner too; worker threads start cold, as they do under `sim`.
      await runGames({ ...config, games: Math.min(2000, games) }, { workers: 0, concurrency: 1 });
      const cpu = new Map<number, number>();
      for (const workers of [...new Set([0, 1, cores])]) {
        const where = workers === 0 ? 'this thread' : `${workers} worker${workers === 1 ? '' : 's'}`;
        const bare = await measureRun(config, workers, null);
        cpu.set(workers, bare.cpuPerGame);
        line(`sim, ${where}, --no-db`, bare);
        const stored = await measureRun(config, workers, dir);
        line(`sim, ${where}, stored`, stored, `   ${stored.mbPer10k!.toFixed(2)} MB per 10,000 games`);
      }
      // A worker starts cold (module load, then the JIT warms up over its first thousands of
      // games); the warm runner in this thread does the same games without that cost.
      const coldStart = ((cpu.get(1)! - cpu.get(0)!) * games) / 1e6;
      console.log(`  a worker's cold start (included above): about ${coldStart.toFixed(2)} s of CPU`);
      const selfPlayTable = { setup, seating: heuristic.value };
      playMany(selfPlayTable, SEED, 0, Math.min(2000, games)); // JIT warm-up
      const selfPlay = await measure(games, () => playMany(selfPlayTable, SEED, 0, games));
      const share = driven.cpuPerGame / selfPlay.cpuPerGame;
      line('heuristic self-play, playSync, this thread', selfPlay, `   ${share.toFixed(2)} of the random agents' speed (CPU)`);
      console.log('');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
