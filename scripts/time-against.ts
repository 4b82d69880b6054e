// This build against another, timed in one process: both builds' modules loaded side by
// side, each round playing the same number of games with one and then the other (in turn
// first), and the median of the rounds' ratios printed with its 95% interval
// (scripts/lib/paired.ts). The figure to judge a change of a few percent by: on this
// shared machine a build's speed drifts by a fifth from hour to hour, and the instruction
// count (scripts/instructions.ts) can move against the time, since it does not see what
// an instruction waits for (docs/benchmarks.md, "Time, not instructions").
//
// Rounds are short and timed by the wall clock: the process's CPU time is counted here in
// ticks of some milliseconds, as long as a round of a few hundred games. Each round plays
// new games (the run's next indices), the same for both builds.
//
//   npm run build && node dist/scripts/time-against.js --against OTHER_DIST [--paths play,sim] [--agents random,heuristic] [--players 8] [--games 500] [--rounds 601]
//
// The other build is any build of this project with scripts/lib/play-many.js and
// runs/games.js (e.g. `git worktree add /tmp/old <commit> && cd /tmp/old && npm ci && npm
// run build`). A copy of this build's own directory as the other shows the noise floor.

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { args, fail, whole } from './lib/args.js';
import { mineFirst, pairedRatio } from './lib/paired.js';

const USAGE =
  'usage: node dist/scripts/time-against.js --against OTHER_DIST_DIR [--paths play,sim] [--agents random,heuristic] [--players P] [--games N] [--rounds R]';
const opts = args(USAGE, {
  against: { type: 'string' },
  paths: { type: 'string' },
  agents: { type: 'string' },
  players: { type: 'string' },
  games: { type: 'string' },
  rounds: { type: 'string' },
});
if (opts.against === undefined) fail(`--against names the other build's directory (its dist)\n\n${USAGE}`);
const players = whole('players', opts.players, 8, 2);
const games = whole('games', opts.games, 500);
const rounds = whole('rounds', opts.rounds, 601);
const agents = (opts.agents ?? 'random').split(',').map((a) => a.trim());
type Path = 'play' | 'sim';
const paths = (opts.paths ?? 'sim').split(',').map((p) => p.trim());
for (const p of paths) if (p !== 'play' && p !== 'sim') fail(`--paths takes play, sim or both, not '${p}'\n\n${USAGE}`);
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
  const t = lib.table({ preset: 'standard', players }, [agent]);
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

console.log(`004 standard, ${players} players; ${rounds} rounds of ${games} games of each build, alternated in one process (wall clock)`);
console.log(`  this build  ${mine}\n  the other   ${other}`);
for (const agent of agents)
  for (const path of paths as Path[]) {
    const a = await player(mine, path, agent);
    const b = await player(other, path, agent);
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
    console.log(
      `  ${agent.padEnd(10)} ${path.padEnd(5)} ${p.mine.toFixed(2)} µs a game against ${p.other.toFixed(2)}: ` +
        `this build / the other ${p.ratio.value.toFixed(3)} (95% interval ${p.ratio.low.toFixed(3)}–${p.ratio.high.toFixed(3)})`,
    );
  }
