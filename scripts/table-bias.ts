// How much a seating, not the role mix, makes a rule set's figures (metrics/table-bias.ts):
// the village's win rate by the seat a werewolf card was dealt to, and the span from the
// best seat to the worst; how often the day's first speaker names the one the vote sends
// out; with a real and a false Seer both claimed and alive, which of them the vote sends
// out. Every rate with its Wilson 95% interval. In this thread, deterministic.
//
//   npm run build && node dist/scripts/table-bias.js [--preset standard] [--players 12]
//     [--agents heuristic ...] [--games 4000] [--seed bias] [--rule key=value ...]

import { addTableBias, emptyTableBias, seatLuck, steeringLine } from '../metrics/table-bias.js';
import { wilson } from '../stats/wilson.js';
import { args, fail, whole } from './lib/args.js';
import { playOne, table } from './lib/play-many.js';

const USAGE = 'usage: node dist/scripts/table-bias.js [--preset P] [--players N] [--agents SPEC ...] [--games N] [--seed S] [--rule key=value ...]';
const opts = args(USAGE, {
  preset: { type: 'string' },
  players: { type: 'string' },
  agents: { type: 'string', multiple: true },
  games: { type: 'string' },
  seed: { type: 'string' },
  rule: { type: 'string', multiple: true },
});
const games = whole('games', opts.games, 4000);
const t = table({ preset: opts.preset ?? 'standard', players: whole('players', opts.players, 12, 2), rules: opts.rule ?? [] }, opts.agents ?? ['heuristic']);
if (!t.ok) fail(t.error);
const { setup, seating } = t.value;
const seed = opts.seed ?? 'bias';

const bias = emptyTableBias(setup.players);
for (let i = 0; i < games; i++) {
  const { game, played } = playOne(t.value, seed, i);
  addTableBias(bias, game.log, played.outcome);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const rate = (k: number, n: number) => {
  if (n === 0) return 'no games';
  const w = wilson(k, n);
  return `${pct(k / n)} (95% ${pct(w.low)}–${pct(w.high)}, ${k}/${n})`;
};
console.log(`${setup.preset}, ${setup.players} players, ${seating.text}; ${games} games, seed ${seed}`);
console.log(`the village wins ${rate(bias.villageWon, bias.games)} of games`);
console.log('village wins in the games where this seat was dealt a werewolf card:');
for (let s = 0; s < setup.players; s++) console.log(`  P${s + 1}`.padEnd(6) + rate(bias.wolfGamesVillageWon[s]!, bias.wolfGames[s]!));
const luck = seatLuck(bias);
console.log(`  span, best seat to worst: ${(100 * luck.span).toFixed(1)} points (sampling alone: about ${(100 * luck.sampling).toFixed(1)} expected)`);
console.log(`the day's first speaker names the one sent out: ${rate(bias.namedLynched, bias.namedDays)} of days he named someone`);
console.log(steeringLine(bias));
console.log(`real and false Seer both claimed and alive (${bias.seerWarDays} days): real sent out ${rate(bias.realSeerLynched, bias.seerWarDays)}, false sent out ${rate(bias.falseSeerLynched, bias.seerWarDays)}`);
