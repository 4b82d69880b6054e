// `npm run bench`: games per second, figures only (no pass/fail). For each row (a table
// of a preset, random agents): the bare engine loop (no driver), the playSync driver,
// and the whole runner in this thread, on one worker and on all cores, each with and
// without storage; and the database's size per 10,000 games. Then the same games in
// heuristic self-play through the playSync driver, and its speed as a share of the random
// agents' (issue 4's target for the 8-player row: at least a third; issue 28's, a half; per
// CPU time, which the machine's other load changes less than wall time), the two measured
// in alternating rounds, the median share with its range; then the heuristic agents' own
// work, which the engine's speed does not move: their games' time less that of the
// same games replayed from their answers (scripts/lib/play-many.ts `agentsCost`), per
// decision and per game. scripts/heuristic-bench.ts measures both alone.
//
//   npm run bench                       every row
//   npm run bench -- --rows classic     rows whose label contains "classic"
//   npm run bench -- --scale 0.25       a quarter of each row's games
//   npm run bench -- --repeat 3         the best of 3 for each line (on a busy machine)
//   npm run bench -- --rows none        only the process agents' lines (--no-exec: none of them)
//   npm run bench -- --no-startup       without the start-up lines
//
// First the start-up a user waits for (--no-startup: not): the installed binary (package.json
// "bin") run as whole processes, `sim --version`, a one-game run and the README's run, each
// the median of 7 runs with its range; the CPU is the processes' own (all threads), read
// from this process's children's times (/proc, Linux).
//
// Then process agents (docs/protocol.md) as the werewolves of 004's 8-player table against
// the heuristic village, beside the same seating with in-process wolves, as `sim` runs them
// (16 games in flight; the CPU column adds the agent processes' CPU time to this one's).
//
// Add a row to BENCH_ROWS to measure another table or variant.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExecHost, protocolErrors } from '../agents/exec/host.js';
import { execCommandsOf } from '../agents/exec/kind.js';
import { parseArgs } from 'node:util';
import { playSync } from '../agents/play.js';
import { randomAgent, randomAnswer } from '../agents/random.js';
import { parseSeating } from '../agents/registry.js';
import { Game } from '../engine/index.js';
import { gameSeed, seatStreams } from '../engine/index.js';
import { mixLabel, resolveSetup, type GameSetup, type SetupRequest } from '../engine/index.js';
import { changedRules, WHOLE_RUN, type RunConfig } from '../runs/run-config.js';
import { runGames } from '../runs/runner.js';
import { Store } from '../runs/storage.js';
import { agentsCost, playMany } from './lib/play-many.js';
import { roundedGrouped } from '../narrate/numbers.js';

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
    const rngs = seatStreams(seed, setup.players);
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

/** Rounds of the random agents' driver and of heuristic self-play, alternated, for the second's speed as a share of the first's. */
const SHARE_ROUNDS = 5;

/**
 * Heuristic self-play's speed as a share of the random agents' (CPU per game), the two
 * measured in alternating rounds of `games` each so that both see the same load: on this
 * shared machine, the two measured minutes apart gave shares from 0.16 to 0.50 of one
 * build. The median of the rounds' shares with their range, and heuristic self-play's
 * median round.
 */
async function alternatedShare(games: number, random: () => unknown, heuristic: () => unknown): Promise<{ selfPlay: Measured; median: number; low: number; high: number }> {
  const shares: number[] = [];
  const rounds: Measured[] = [];
  for (let r = 0; r < SHARE_ROUNDS; r++) {
    const first = r % 2 === 0 ? random : heuristic;
    const a = await measureOnce(games, first);
    const b = await measureOnce(games, first === random ? heuristic : random);
    const [rnd, heu] = first === random ? [a, b] : [b, a];
    shares.push(rnd.cpuPerGame / heu.cpuPerGame);
    rounds.push(heu);
  }
  shares.sort((x, y) => x - y);
  rounds.sort((x, y) => x.cpuPerGame - y.cpuPerGame);
  const mid = SHARE_ROUNDS >> 1;
  return { selfPlay: rounds[mid]!, median: shares[mid]!, low: shares[0]!, high: shares[SHARE_ROUNDS - 1]! };
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
  const { values } = parseArgs({ options: { rows: { type: 'string' }, scale: { type: 'string' }, repeat: { type: 'string' }, 'no-exec': { type: 'boolean' }, 'no-startup': { type: 'boolean' } } });
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
    if (values['no-startup'] !== true) benchStartup(dir);
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
          `  ${what.padEnd(44)} ${roundedGrouped(m.rate).padStart(9)} ${m.cpuPerGame.toFixed(1).padStart(10)}${note}`,
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
      const each = Math.max(100, Math.round(games / SHARE_ROUNDS));
      const share = await alternatedShare(each, () => driverLoop(setup, each), () => playMany(selfPlayTable, SEED, 0, each));
      line(
        'heuristic self-play, playSync, this thread',
        share.selfPlay,
        `   ${share.median.toFixed(2)} (${share.low.toFixed(2)}–${share.high.toFixed(2)}) of the random agents' speed (CPU)`,
      );
      // The share moves whenever the engine does; the agents' own work does not.
      const own = agentsCost(selfPlayTable, SEED, each, SHARE_ROUNDS);
      console.log(
        `  the heuristic agents' own work: ${own.perDecision.median.toFixed(2)} µs a decision (${own.perDecision.low.toFixed(2)}–${own.perDecision.high.toFixed(2)}), ${own.perGame.toFixed(1)} µs a game of ${own.decisionsPerGame.toFixed(0)} decisions (game by game, the clock; the game replayed from their answers: ${own.replayPerGame.toFixed(1)} µs)`,
      );
      console.log('');
    }
    if (values['no-exec'] !== true) await benchExec(Math.max(100, Math.round(2000 * scale)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The start-up lines: the installed binary's arguments (`db`: a database file, absent). */
const STARTUP: readonly { readonly label: string; readonly args: (db: string) => string[] }[] = [
  { label: 'sim --version', args: () => ['--version'] },
  { label: 'sim --games 1 --no-db', args: () => ['--games', '1', '--no-db'] },
  { label: "sim --games 10000 --db FILE (the README's)", args: (db) => ['--games', '10000', '--db', db] },
];
const STARTUP_RUNS = 7;

/** The CPU time of this process's finished children, in µs (cutime + cstime; 0 where /proc is missing). */
function childrenCpu(): number {
  const f = statFields('self');
  return f === null ? 0 : ((Number(f[13]) + Number(f[14])) * 1e6) / CLOCK_TICKS;
}

/** Each start-up line: the installed binary run STARTUP_RUNS times as a whole process; the median wall and CPU time, the wall's range. */
function benchStartup(dir: string): void {
  const bin = join(ROOT, (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { sim: string } }).bin.sim);
  console.log(`start-up: the installed binary (${bin.slice(ROOT.length + 1)}) as whole processes, the median of ${STARTUP_RUNS} runs`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  for (const l of STARTUP) {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < STARTUP_RUNS; i++) {
      const db = join(dir, `startup-${i}.db`);
      const before = childrenCpu();
      const t = performance.now();
      const r = spawnSync(process.execPath, [bin, ...l.args(db)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
      wall.push((performance.now() - t) / 1000);
      cpu.push((childrenCpu() - before) / 1e6);
      if (r.status !== 0) throw new Error(`${l.label}: exit ${r.status}: ${r.stderr}`);
      for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
    }
    console.log(`  ${l.label.padEnd(44)} ${median(wall).toFixed(3)} s wall (${Math.min(...wall).toFixed(3)}–${Math.max(...wall).toFixed(3)}), ${median(cpu).toFixed(2)} s CPU`);
  }
  console.log('');
}

/** The fields of /proc/PID/stat after the command's name (index 0: the state), or null for a process gone or no /proc. */
function statFields(pid: number | 'self'): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU time (user + system) of processes by id, in µs, read from /proc (0 for one already gone). */
function cpuOfProcesses(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const f = statFields(pid);
    if (f !== null) ticks += Number(f[11]) + Number(f[12]); // utime, stime
  }
  return (ticks * 1e6) / CLOCK_TICKS;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Process agents as the werewolves against the heuristic village, beside in-process wolves. */
async function benchExec(games: number): Promise<void> {
  const s = resolveSetup({ preset: 'standard', players: 8 });
  if (!s.ok) throw new Error(s.error);
  const bot = (file: string) => `python3 ${join(ROOT, 'examples', 'agents', file)}`;
  const lines: { label: string; wolves: string; processes?: number }[] = [
    { label: 'in-process random wolves', wolves: 'random' },
    { label: 'in-process heuristic wolves', wolves: 'heuristic' },
    { label: 'exec: random_bot.py, 1 process', wolves: `exec:${bot('random_bot.py')}` },
    { label: 'exec: random_bot.py, 2 processes', wolves: `exec:${bot('random_bot.py')}`, processes: 2 },
    { label: 'exec: heuristic_bot.py, 1 process', wolves: `exec:${bot('heuristic_bot.py')}` },
    { label: 'exec: serve_agent.ts heuristic (node)', wolves: `exec:${process.execPath} --import tsx ${join(ROOT, 'examples', 'agents', 'serve_agent.ts')} heuristic` },
  ];
  console.log(`process agents: 004 standard, 8 players; heuristic village, the werewolves as below; ${games} games per line, 16 in flight, this thread`);
  console.log(`  ${''.padEnd(44)} ${'games/s'.padStart(9)} ${'CPU µs/game'.padStart(10)}   (CPU: this process and the agents')`);
  for (const l of lines) {
    const seating = parseSeating(['heuristic', `werewolves=${l.wolves}`]);
    if (!seating.ok) throw new Error(seating.error);
    const config: RunConfig = { setup: s.value, seed: SEED, seating: seating.value, games, shard: WHOLE_RUN };
    const commands = execCommandsOf(seating.value);
    let best: Measured | undefined;
    for (let i = 0; i < repeat; i++) {
      // Processes start (and greet) before the clock, as `sim` starts them before its first game.
      const host = commands.length === 0 ? undefined : await ExecHost.start(commands, { processes: l.processes });
      if (host !== undefined && !host.ok) throw new Error(host.error);
      const exec = host?.value;
      const agentsBefore = exec === undefined ? 0 : cpuOfProcesses(exec.pids());
      const cpu = process.cpuUsage();
      const t = performance.now();
      await runGames(config, { workers: 0, concurrency: 16, exec });
      const ms = performance.now() - t;
      const used = process.cpuUsage(cpu);
      const agents = exec === undefined ? 0 : cpuOfProcesses(exec.pids()) - agentsBefore;
      const errors = exec?.counts().reduce((n, c) => n + protocolErrors(c), 0) ?? 0;
      await exec?.close();
      if (errors > 0) throw new Error(`${l.label}: ${errors} protocol errors`);
      best = better(best, { rate: (games / ms) * 1000, cpuPerGame: (used.user + used.system + agents) / games });
    }
    console.log(`  ${l.label.padEnd(44)} ${roundedGrouped(best!.rate).padStart(9)} ${best!.cpuPerGame.toFixed(1).padStart(10)}`);
  }
}

await main();
