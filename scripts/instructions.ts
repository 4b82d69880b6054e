// Instructions a game, counted by valgrind: a speed figure that does not move with the
// machine's load. On this shared machine the time of one build's game varies by a fifth
// from hour to hour and by a few percent between alternated rounds, so a change of 2% is
// lost in timings; counted instructions move by 0.1–0.4% between runs (but with the JIT's
// inlining and feedback, which a change elsewhere can shift: docs/benchmarks.md; confirm a
// small change on `sim`'s path with alternated timings). Each build
// plays `--first` games in one process and `--first + --games` in another, under valgrind
// (cachegrind, no cache simulation) and V8's --predictable (one thread, the JIT and the
// collector at the same points every run); the difference over --games is what a
// warmed-up game executes. Instructions are not time (a cache miss costs more than an
// addition): confirm a change with timings; this says which way and how much.
// Needs valgrind (`apt install valgrind`); a build takes about a minute.
//
// `--paths play,sim` also counts `sim`'s path in this thread (runs/games.ts `GamePlayer`:
// the traced game, its behaviour counts and the observer, the chunk it is stored from,
// in chunks of 500) and its ratio to the game alone: issue 28's "within 15%".
//
//   npm run build && node dist/scripts/instructions.js [--against OTHER_DIST] [--agents random,heuristic] [--paths play,sim] [--players 8] [--first 2000] [--games 4000]
//
// The other build is any build of this project with scripts/lib/play-many.js (e.g.
// `git worktree add /tmp/old <commit> && cd /tmp/old && npm ci && npm run build`).

import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { grouped } from '../narrate/numbers.js';
import { args, fail, playPaths, whole, type PlayPath as Path } from './lib/args.js';
import { instructionsOf, perGame } from './lib/instruction-count.js';

const USAGE =
  'usage: node dist/scripts/instructions.js [--against OTHER_DIST_DIR] [--agents random,heuristic] [--paths play,sim] [--players P] [--first N] [--games N]';
const opts = args(USAGE, {
  against: { type: 'string' },
  agents: { type: 'string' },
  paths: { type: 'string' },
  players: { type: 'string' },
  first: { type: 'string' },
  games: { type: 'string' },
});
const players = whole('players', opts.players, 8, 2);
const first = whole('first', opts.first, 2000);
const games = whole('games', opts.games, 4000);
const agents = (opts.agents ?? 'random,heuristic').split(',').map((a) => a.trim());
const paths = playPaths(opts.paths, 'play', USAGE);
const builds = [resolve(import.meta.dirname, '..'), ...(opts.against === undefined ? [] : [resolve(opts.against)])];

/** The games a child plays: self-play of 004's row, through the build's own table and driver, or as `sim` plays them. */
function child(dist: string, path: Path, agent: string, count: number): string {
  const at = (file: string) => JSON.stringify(pathToFileURL(resolve(dist, file)).href);
  const table = [
    `const { table, playMany } = await import(${at('scripts/lib/play-many.js')});`,
    `const t = table({ preset: 'standard', players: ${players} }, [${JSON.stringify(agent)}]);`,
    `if (!t.ok) { console.error(t.error); process.exit(2); }`,
  ];
  if (path === 'play') return [...table, `playMany(t.value, 'instructions', 0, ${count});`].join('\n');
  return [
    ...table,
    `const { GamePlayer } = await import(${at('runs/games.js')});`,
    `const player = new GamePlayer({ setup: t.value.setup, seed: 'instructions', seating: t.value.seating });`,
    `for (let k = 0; k < ${count}; k += 500) player.chunkSync([{ first: k, stop: Math.min(${count}, k + 500) }]);`,
  ].join('\n');
}

function instructions(dist: string, path: Path, agent: string, count: number): number {
  const r = spawnSync(
    'valgrind',
    ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--predictable', '--input-type=module', '-e', child(dist, path, agent, count)],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  if (r.error !== undefined && (r.error as NodeJS.ErrnoException).code === 'ENOENT')
    fail('valgrind is not installed: this benchmark counts instructions with it (apt install valgrind).');
  const n = instructionsOf(r.stderr ?? '');
  if (r.status !== 0 || n === null) fail(`the run of ${count} games of ${dist} under valgrind failed (exit ${r.status}):\n${(r.stderr ?? '').slice(-2000)}`);
  return n;
}

console.log(`004 standard, ${players} players; instructions a game between games ${first} and ${first + games} (valgrind, node --predictable)`);
for (const agent of agents) {
  const counts = new Map<string, number>();
  for (const dist of builds)
    for (const path of paths) {
      const n = perGame({ short: instructions(dist, path, agent, first), long: instructions(dist, path, agent, first + games), games });
      counts.set(`${dist} ${path}`, n);
      console.log(`  ${agent.padEnd(10)} ${path.padEnd(5)} ${grouped(Math.round(n)).padStart(10)}  ${dist}`);
    }
  for (const dist of builds)
    if (counts.has(`${dist} sim`) && counts.has(`${dist} play`))
      console.log(`  ${agent.padEnd(10)} sim / play: ${(counts.get(`${dist} sim`)! / counts.get(`${dist} play`)!).toFixed(3)}  ${dist}`);
  if (builds.length === 2)
    for (const path of paths)
      console.log(`  ${agent.padEnd(10)} ${path.padEnd(5)} this build / the other: ${(counts.get(`${builds[0]} ${path}`)! / counts.get(`${builds[1]} ${path}`)!).toFixed(4)}`);
}
