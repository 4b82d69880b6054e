// Speed of the heuristic agent against the random one: self-play of document 004's
// 8-player row (preset standard), in this thread, alternating rounds of each so both
// see the same machine load. Prints games per second of wall-clock time and per second
// of CPU time (what this process got of a shared core), the best round of each, and the
// ratio (issue 4 asked for a third of random's speed; issue 28 asks for half, at 8 and 12
// players; docs/benchmarks.md says why the share falls as the engine gets faster). Then
// what each kind of agent costs of its own, which the engine's speed does not move: the
// time of its games less that of the same games replayed from their answers, each game
// played and replayed at once on the clock, per decision and per game
// (scripts/lib/play-many.ts `agentsCost`; rounds of a fifth of --games; the median round
// with the rounds' range). Last, the heuristic's time decision kind by kind, its seats'
// `decide` timed on the clock (`decisionCosts`): which decisions make its cost.
//
//   npm run build && node dist/scripts/heuristic-bench.js [--games 20000] [--rounds 5] [--players 8]

import { args, fail, whole } from './lib/args.js';
import { agentsCost, decisionCostLines, decisionCosts, playMany, table, type Tally } from './lib/play-many.js';

const USAGE = 'usage: node dist/scripts/heuristic-bench.js [--games N] [--rounds R] [--players P]';
const opts = args(USAGE, { games: { type: 'string' }, rounds: { type: 'string' }, players: { type: 'string' } });
const games = whole('games', opts.games, 20_000);
const rounds = whole('rounds', opts.rounds, 5);
const players = whole('players', opts.players, 8, 2);

function tableFor(agent: string) {
  const t = table({ preset: 'standard', players }, [agent]);
  if (!t.ok) fail(t.error);
  return t.value;
}

const kinds = [
  { name: 'random', table: tableFor('random'), best: 0, bestCpu: 0 },
  { name: 'heuristic', table: tableFor('heuristic'), best: 0, bestCpu: 0 },
];
// Warm-up: let the JIT compile both before timing.
for (const k of kinds) playMany(k.table, 'warm-up', 0, Math.min(games, 2000));
for (let r = 0; r < rounds; r++) {
  for (const k of kinds) {
    const t: Tally = playMany(k.table, 'bench', r * games, games);
    k.best = Math.max(k.best, t.games / t.seconds);
    k.bestCpu = Math.max(k.bestCpu, t.games / t.cpuSeconds);
  }
}
console.log(`preset standard, ${players} players, ${rounds} rounds of ${games} games each; best round:`);
for (const k of kinds) console.log(`  ${k.name.padEnd(10)} ${Math.round(k.best)} games/s (wall)   ${Math.round(k.bestCpu)} games per CPU-second`);
const ratio = kinds[1]!.bestCpu / kinds[0]!.bestCpu;
console.log(`heuristic / random: ${ratio.toFixed(2)} of the random agents' speed (CPU time; issue 28's target ≥ 0.5)`);
/** Games a round of the agents' own work, and of their time by decision. */
const roundGames = Math.max(100, Math.round(games / 5));
console.log(`the agents' own work (their games less the same games replayed from their answers, game by game; median of ${rounds} rounds of ${roundGames} games, range):`);
for (const k of kinds) {
  const c = agentsCost(k.table, 'own work', roundGames, rounds);
  const d = c.perDecision;
  console.log(
    `  ${k.name.padEnd(10)} ${d.median.toFixed(2)} µs a decision (${d.low.toFixed(2)}–${d.high.toFixed(2)}), ${c.perGame.toFixed(1)} µs a game of ${c.decisionsPerGame.toFixed(0)} decisions; the game replayed without them ${c.replayPerGame.toFixed(1)} µs`,
  );
}
for (const line of decisionCostLines('heuristic', roundGames, decisionCosts(kinds[1]!.table, 'by kind', roundGames))) console.log(line);
