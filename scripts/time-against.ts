// This build against another, timed side by side: in each of several processes both
// builds' modules loaded together, each round playing the same number of games with one
// and then the other (in turn first), and the median of the rounds' ratios taken with its
// 95% interval (scripts/lib/paired.ts); then the median of the processes, with their range. The figure to judge a change of a few percent by: on this
// shared machine a build's speed drifts by a fifth from hour to hour, and the instruction
// count (scripts/instructions.ts) can move against the time, since it does not see what
// an instruction waits for (docs/benchmarks.md, "Time, not instructions").
//
// Rounds are short and timed by the wall clock: the process's CPU time is counted here in
// ticks of some milliseconds, as long as a round of a few hundred games. Each round plays
// new games (the run's next indices), the same for both builds.
//
// One process is not enough: how the JIT compiles each build (what it inlines, when)
// differs from process to process, and two processes of the same two builds read 0.991
// and 1.005 with intervals that exclude each other. So the rounds run in `--processes`
// processes (each loading the builds in turn first), and the figure is the median of the
// processes' ratios, with their range.
//
//   npm run build && node dist/scripts/time-against.js --against OTHER_DIST [--paths play,sim] [--agents random,heuristic] [--preset standard] [--players 8] [--rules harvestFestival=true,newMoon=all] [--games 500] [--rounds 201] [--processes 5]
//
// The other build is any build of this project with scripts/lib/play-many.js and
// runs/games.js (e.g. `git worktree add /tmp/old <commit> && cd /tmp/old && npm ci && npm
// run build`). A copy of this build's own directory as the other shows the noise floor.

import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolveSetup } from '../engine/index.js';
import { args, fail, playPaths, whole, type PlayPath as Path } from './lib/args.js';
import { acrossProcesses, mineFirst, pairedRatio, type ProcessRatio } from './lib/paired.js';

const USAGE =
  'usage: node dist/scripts/time-against.js --against OTHER_DIST_DIR [--paths play,sim] [--agents random,heuristic] [--preset NAME] [--players P] [--rules K=V,K=V] [--games N] [--rounds R] [--processes K]';
const opts = args(USAGE, {
  against: { type: 'string' },
  paths: { type: 'string' },
  agents: { type: 'string' },
  preset: { type: 'string' },
  players: { type: 'string' },
  rules: { type: 'string' },
  games: { type: 'string' },
  rounds: { type: 'string' },
  processes: { type: 'string' },
  /** Internal: this process is one of the parent's, timing one agent and path, its builds loaded in the order given. */
  child: { type: 'string' },
});
if (opts.against === undefined) fail(`--against names the other build's directory (its dist)\n\n${USAGE}`);
const preset = opts.preset ?? 'standard';
const players = whole('players', opts.players, 8, 2);
const rules = opts.rules === undefined ? [] : opts.rules.split(',').map((r) => r.trim()).filter((r) => r !== '');
const games = whole('games', opts.games, 500);
const rounds = whole('rounds', opts.rounds, 201);
const processes = whole('processes', opts.processes, 5);
const agents = (opts.agents ?? 'random').split(',').map((a) => a.trim());
const paths = playPaths(opts.paths, 'sim', USAGE);
const mine = resolve(import.meta.dirname, '..');
const other = resolve(opts.against);
if (other === mine) fail(`--against names this build itself (${mine}): its modules would be shared, not compared; copy the directory to time it against itself`);

/** What a build plays: `games` new games of a path each call. */
async function player(dist: string, path: Path, agent: string): Promise<() => void> {
  const at = (file: string) => pathToFileURL(resolve(dist, file)).href;
  let lib: typeof import('./lib/play-many.js');
  let runs: typeof import('../runs/games.js');
  try {
    lib = (await import(at('scripts/lib/play-many.js'))) as typeof import('./lib/play-many.js');
    runs = (await import(at('runs/games.js'))) as typeof import('../runs/games.js');
  } catch (e) {
    fail(`${dist} is not a build of this project (${e instanceof Error ? e.message : String(e)}): give the dist directory of one`);
  }
  const t = lib.table({ preset, players, rules }, [agent]);
  if (!t.ok) fail(t.error);
  const sim = new runs.GamePlayer({ setup: t.value.setup, seed: 'time-against', seating: t.value.seating });
  let next = 0;
  return () => {
    const first = next;
    next += games;
    if (path === 'play') lib.playMany(t.value, 'time-against', first, games);
    // As `sim` plays in this thread: chunks of at most 500 games.
    else for (let k = first; k < first + games; k += 500) sim.chunkSync([{ first: k, stop: Math.min(first + games, k + 500) }]);
  };
}

function timed(play: () => void): number {
  const start = process.hrtime.bigint();
  play();
  return Number(process.hrtime.bigint() - start) / 1000 / games;
}

/** One process's rounds of one agent and path: the builds loaded, warmed up, alternated. */
async function timeInThisProcess(agent: string, path: Path, loadMineFirst: boolean): Promise<ProcessRatio> {
  let a: () => void;
  let b: () => void;
  if (loadMineFirst) {
    a = await player(mine, path, agent);
    b = await player(other, path, agent);
  } else {
    b = await player(other, path, agent);
    a = await player(mine, path, agent);
  }
  // Warm-up: both builds compiled before the clock.
  for (let i = 0; i < Math.max(3, Math.ceil(3000 / games)); i++) {
    a();
    b();
  }
  const times = { mine: [] as number[], other: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    if (mineFirst(r)) {
      times.mine.push(timed(a));
      times.other.push(timed(b));
    } else {
      times.other.push(timed(b));
      times.mine.push(timed(a));
    }
  }
  const p = pairedRatio(times);
  return { ratio: p.ratio.value, low: p.ratio.low, high: p.ratio.high, mine: p.mine, other: p.other };
}

if (opts.child !== undefined) {
  const [agent, path, order] = opts.child.split(',');
  console.log(JSON.stringify(await timeInThisProcess(agent!, path as Path, order === 'mine-first')));
  process.exit(0);
}

const asked = resolveSetup({ preset, players, rules });
if (!asked.ok) fail(`${asked.error}\n\n${USAGE}`);
console.log(`${preset}, ${players} players${rules.length > 0 ? ` (${rules.join(', ')})` : ''}; ${processes} processes of ${rounds} rounds of ${games} games of each build, alternated (wall clock)`);
console.log(`  this build  ${mine}\n  the other   ${other}`);
const script = fileURLToPath(import.meta.url);
for (const agent of agents)
  for (const path of paths) {
    const each: ProcessRatio[] = [];
    for (let k = 0; k < processes; k++) {
      const child = spawnSync(
        process.execPath,
        [script, '--against', other, '--preset', preset, '--players', String(players), ...(rules.length > 0 ? ['--rules', rules.join(',')] : []), '--games', String(games), '--rounds', String(rounds), '--child', `${agent},${path},${k % 2 === 0 ? 'mine-first' : 'other-first'}`],
        { encoding: 'utf8', maxBuffer: 16 << 20 },
      );
      if (child.status !== 0) fail(`a timing process of ${agent} on the ${path} path failed (exit ${child.status}):\n${(child.stderr ?? '').slice(-2000)}`);
      const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as ProcessRatio;
      each.push(r);
      console.log(`  ${agent.padEnd(10)} ${path.padEnd(5)} process ${k + 1}: ${r.mine.toFixed(2)} µs a game against ${r.other.toFixed(2)}, ${r.ratio.toFixed(3)} (${r.low.toFixed(3)}–${r.high.toFixed(3)})`);
    }
    const all = acrossProcesses(each);
    console.log(`  ${agent.padEnd(10)} ${path.padEnd(5)} this build / the other: ${all.ratio.toFixed(3)}, the processes ${all.low.toFixed(3)}–${all.high.toFixed(3)}`);
  }
