// Instructions a game, counted by valgrind: a speed figure that does not move with the
// machine's load. On this shared machine the time of one build's game varies by a fifth
// from hour to hour and by a few percent between alternated rounds, so a change of 2% is
// lost in timings; counted instructions repeat to a few in a hundred thousand. Each build
// plays `--first` games in one process and `--first + --games` in another, under valgrind
// (cachegrind, no cache simulation) and V8's --predictable (one thread, the JIT and the
// collector at the same points every run); the difference over --games is what a
// warmed-up game executes. Instructions are not time (a cache miss costs more than an
// addition): confirm a change with timings; this says which way and how much.
// Needs valgrind (`apt install valgrind`); a build takes about a minute.
//
//   npm run build && node dist/scripts/instructions.js [--against OTHER_DIST] [--agents random,heuristic] [--players 8] [--first 2000] [--games 4000]
//
// The other build is any build of this project with scripts/lib/play-many.js (e.g.
// `git worktree add /tmp/old <commit> && cd /tmp/old && npm ci && npm run build`).

import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { grouped } from '../narrate/numbers.js';
import { args, fail, whole } from './lib/args.js';
import { instructionsOf, perGame } from './lib/instruction-count.js';

const USAGE =
  'usage: node dist/scripts/instructions.js [--against OTHER_DIST_DIR] [--agents random,heuristic] [--players P] [--first N] [--games N]';
const opts = args(USAGE, { against: { type: 'string' }, agents: { type: 'string' }, players: { type: 'string' }, first: { type: 'string' }, games: { type: 'string' } });
const players = whole('players', opts.players, 8, 2);
const first = whole('first', opts.first, 2000);
const games = whole('games', opts.games, 4000);
const agents = (opts.agents ?? 'random,heuristic').split(',').map((a) => a.trim());
const builds = [resolve(import.meta.dirname, '..'), ...(opts.against === undefined ? [] : [resolve(opts.against)])];

/** The games a child plays: self-play of 004's row, through the build's own table and driver. */
function child(dist: string, agent: string, count: number): string {
  const playMany = pathToFileURL(resolve(dist, 'scripts/lib/play-many.js')).href;
  return [
    `const { table, playMany } = await import(${JSON.stringify(playMany)});`,
    `const t = table({ preset: 'standard', players: ${players} }, [${JSON.stringify(agent)}]);`,
    `if (!t.ok) { console.error(t.error); process.exit(2); }`,
    `playMany(t.value, 'instructions', 0, ${count});`,
  ].join('\n');
}

function instructions(dist: string, agent: string, count: number): number {
  const r = spawnSync(
    'valgrind',
    ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--predictable', '--input-type=module', '-e', child(dist, agent, count)],
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
  const counts: number[] = [];
  for (const dist of builds) {
    const n = perGame({ short: instructions(dist, agent, first), long: instructions(dist, agent, first + games), games });
    counts.push(n);
    console.log(`  ${agent.padEnd(10)} ${grouped(Math.round(n)).padStart(10)}  ${dist}`);
  }
  if (counts.length === 2) console.log(`  ${agent.padEnd(10)} this build / the other: ${(counts[0]! / counts[1]!).toFixed(4)}`);
}
