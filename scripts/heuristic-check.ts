// Does the heuristic agent ever make an illegal move? Plays --games games (default
// 100,000) over every preset and player count, and role mixes with every role, with
// several seatings, and prints how many answers the engine rejected (exit 1 if any).
//
//   npm run build && node dist/scripts/heuristic-check.js [--games 100000] [--seed check]

import { args, whole } from './lib/args.js';
import { checkLegality } from './lib/legality.js';

const USAGE = 'usage: node dist/scripts/heuristic-check.js [--games N] [--seed S]';
const opts = args(USAGE, { games: { type: 'string' }, seed: { type: 'string' } });
const games = whole('games', opts.games, 100_000);
const seed = opts.seed ?? 'check';

let shown = 0;
const r = checkLegality(games, seed, (done) => {
  if (done - shown >= 10_000) {
    shown = done;
    process.stderr.write(`  ${done} games…\n`);
  }
});
const t = r.total;
console.log(`heuristic legality check: ${t.games} games over ${r.cells} presets × player counts / role mixes, seed ${seed}`);
console.log(`decisions: ${t.decisions}   rejected answers: ${t.invalid}   fallback moves: ${t.fallbacks}`);
console.log(`time: ${t.seconds.toFixed(1)} s (${Math.round(t.games / t.seconds)} games/s)`);
for (const b of r.bad) console.log(`  ${b.invalid} rejected in ${b.label} with ${b.seating}`);
process.exitCode = t.invalid === 0 && t.fallbacks === 0 ? 0 : 1;
