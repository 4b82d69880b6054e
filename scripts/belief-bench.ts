// The belief agent's acceptance figures (issue 29), every one with its 95% interval:
//
// strength  On each table row (004's 8 and 12 players, 001's 12), the same --games deals
//           played under four seatings — heuristic self-play, belief self-play and both
//           cross-plays — and the village's win rate in each. Then four paired comparisons,
//           deal by deal (d = won_A − won_B on one deal; stats/sprt.ts fixedPairInterval):
//           belief against heuristic as the village, facing each kind of werewolf, and as
//           the werewolves, facing each kind of village. "beats" only when the whole interval
//           lies on its side of 0.
// bias      Belief self-play on 004's 12-player row over --bias-games games: the village's
//           rate by the seat a werewolf card was dealt to and its span, how often the first
//           speaker's declared target is sent out, and the Seer war (metrics/table-bias.ts).
// speed     Belief self-play on 004's 8-player row in this one thread, after a warm-up of
//           2,000 games: games per CPU second,
//           and the agents' own work per decision and per game (the games replayed from
//           their answers without them: scripts/lib/play-many.ts agentsCost), and which
//           decisions make it (decisionCosts).
//
// In this thread, deterministic: the same flags print the same figures (bar speed).
//
//   npm run build && node dist/scripts/belief-bench.js [--games 2000] [--bias-games 10000]
//       [--speed-games 4000] [--part strength|bias|speed|all] [--seed belief] [--belief SPEC]
//
// --belief names the belief agent measured (default `belief`: its defaults), to weigh a
// tuned version (scripts/belief-tune.ts) before it becomes the default.

import type { Event } from '../engine/index.js';
import { addTableBias, declaredTarget, emptyTableBias, seatLuck, steeringLine } from '../metrics/table-bias.js';
import { addPair, fixedPairInterval, NO_PAIRS, type PairCounts } from '../stats/sprt.js';
import { wilson } from '../stats/wilson.js';
import { args, fail, whole } from './lib/args.js';
import { agentsCost, decisionCostLines, decisionCosts, playMany, playOne, table, type Table } from './lib/play-many.js';

const USAGE =
  'usage: node dist/scripts/belief-bench.js [--games N] [--bias-games N] [--speed-games N] [--part strength|bias|speed|all] [--seed S] [--belief SPEC]';
const opts = args(USAGE, {
  games: { type: 'string' },
  'bias-games': { type: 'string' },
  'speed-games': { type: 'string' },
  part: { type: 'string' },
  seed: { type: 'string' },
  belief: { type: 'string' },
});
const games = whole('games', opts.games, 2000);
const biasGames = whole('bias-games', opts['bias-games'], 10_000);
const speedGames = whole('speed-games', opts['speed-games'], 4000);
const part = opts.part ?? 'all';
if (!['strength', 'bias', 'speed', 'all'].includes(part)) fail(`--part takes strength, bias, speed or all, not '${part}'\n\n${USAGE}`);
const seed = opts.seed ?? 'belief';
const beliefSpec = opts.belief ?? 'belief';
if (beliefSpec !== 'belief' && !beliefSpec.startsWith('belief:')) fail(`--belief takes a belief agent spec (belief or belief:name=value,...), not '${beliefSpec}'`);

const ROWS = [
  { label: '004, 8 players', preset: 'standard', players: 8 },
  { label: '004, 12 players', preset: 'standard', players: 12 },
  { label: '001, 12 players', preset: 'classic', players: 12 },
] as const;

/** The four seatings: village agent, werewolf agent. */
type Kind = 'heuristic' | 'belief';
const SEATINGS: readonly { readonly village: Kind; readonly wolves: Kind }[] = [
  { village: 'heuristic', wolves: 'heuristic' },
  { village: 'belief', wolves: 'belief' },
  { village: 'belief', wolves: 'heuristic' },
  { village: 'heuristic', wolves: 'belief' },
];
const key = (village: Kind, wolves: Kind) => `${village}/${wolves}`;

/**
 * The comparisons: for each, seating A and seating B differ only in one side's agent, and
 * `better` says which sign of won_A − won_B (the village's wins) favours belief.
 */
const COMPARISONS: readonly { readonly text: string; readonly a: string; readonly b: string; readonly better: 1 | -1 }[] = [
  { text: 'as the village, against heuristic werewolves', a: key('belief', 'heuristic'), b: key('heuristic', 'heuristic'), better: 1 },
  { text: 'as the village, against belief werewolves', a: key('belief', 'belief'), b: key('heuristic', 'belief'), better: 1 },
  { text: 'as the werewolves, against a heuristic village', a: key('heuristic', 'belief'), b: key('heuristic', 'heuristic'), better: -1 },
  { text: 'as the werewolves, against a belief village', a: key('belief', 'belief'), b: key('belief', 'heuristic'), better: -1 },
];

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const points = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
function rate(k: number, n: number): string {
  if (n === 0) return 'no games';
  const w = wilson(k, n);
  return `${pct(k / n)} (95% ${pct(w.low)}–${pct(w.high)}, ${k}/${n})`;
}

function seated(req: { preset: string; players: number }, village: Kind, wolves: Kind): Table {
  const agent = (k: Kind) => (k === 'belief' ? beliefSpec : k);
  const t = table(req, village === wolves ? [agent(village)] : [agent(village), `werewolves=${agent(wolves)}`]);
  if (!t.ok) fail(`${req.preset}, ${req.players} players: ${t.error}`);
  return t.value;
}

/** Whether the village won each of games 0 … n − 1 of the run. */
function villageWins(t: Table, n: number): Uint8Array {
  const won = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    won[i] = playOne(t, seed, i).played.outcome.winner === 'village' ? 1 : 0;
  }
  return won;
}

function strength(): void {
  console.log(`## Strength: ${games} common deals per row, seed ${seed}; belief is ${beliefSpec}\n`);
  for (const row of ROWS) {
    console.log(`### ${row.label}\n`);
    const wins = new Map<string, Uint8Array>();
    for (const s of SEATINGS) {
      const won = villageWins(seated(row, s.village, s.wolves), games);
      wins.set(key(s.village, s.wolves), won);
      console.log(`- village ${s.village}, werewolves ${s.wolves}: the village wins ${rate(won.reduce((a, b) => a + b, 0), games)}`);
    }
    console.log('');
    for (const c of COMPARISONS) {
      const a = wins.get(c.a)!;
      const b = wins.get(c.b)!;
      let pairs: PairCounts = NO_PAIRS;
      for (let i = 0; i < games; i++) pairs = addPair(pairs, a[i]! - b[i]!);
      const i = fixedPairInterval(pairs);
      // In belief's favour: the village's wins up when it plays the village, down when it plays the pack.
      const gain = { estimate: c.better * i.estimate, low: c.better === 1 ? i.low : -i.high, high: c.better === 1 ? i.high : -i.low };
      const verdict = gain.low > 0 ? 'belief beats heuristic' : gain.high < 0 ? 'heuristic beats belief' : 'no difference shown';
      console.log(
        `- ${c.text}: belief's gain ${points(gain.estimate)} points (95% ${points(gain.low)} to ${points(gain.high)}; ` +
          `deals won by one only: ${pairs.plus} / ${pairs.minus}): ${verdict}`,
      );
    }
    console.log('');
  }
}

/** Speaking positions whose declared targets are matched against the day's vote. */
const POSITIONS = 6;

/** How often the k-th speaker's declared target is the one the day's vote sends out, on day 1 and on later days. */
interface ByPosition {
  readonly named: number[][];
  readonly matched: number[][];
}

function addByPosition(into: ByPosition, log: readonly Event[]): void {
  let day = 0;
  let targets: number[] = [];
  let judged = false;
  for (const e of log) {
    if (e.type === 'day') {
      day++;
      targets = [];
      judged = false;
    } else if (e.type === 'speech') targets.push(declaredTarget(e.claims));
    else if (e.type === 'verdict' && !judged && e.target !== null) {
      judged = true;
      const row = day === 1 ? 0 : 1;
      for (let k = 0; k < Math.min(POSITIONS, targets.length); k++) {
        if (targets[k]! < 0) continue;
        into.named[row]![k]!++;
        if (targets[k] === e.target) into.matched[row]![k]!++;
      }
    }
  }
}

function bias(): void {
  const t = seated({ preset: 'standard', players: 12 }, 'belief', 'belief');
  const b = emptyTableBias(t.setup.players);
  const zeros = () => [0, 1].map(() => new Array<number>(POSITIONS).fill(0));
  const byPosition: ByPosition = { named: zeros(), matched: zeros() };
  for (let i = 0; i < biasGames; i++) {
    const { game, played } = playOne(t, seed, i);
    addTableBias(b, game.log, played.outcome);
    addByPosition(byPosition, game.log);
  }
  const luck = seatLuck(b);
  console.log(`## Table bias: belief self-play, 004, 12 players, ${biasGames} games, seed ${seed}\n`);
  console.log(`- the village wins ${rate(b.villageWon, b.games)}`);
  for (let s = 0; s < t.setup.players; s++) console.log(`  - P${s + 1} dealt a werewolf card: ${rate(b.wolfGamesVillageWon[s]!, b.wolfGames[s]!)}`);
  console.log(`- seat luck, best seat to worst: ${(100 * luck.span).toFixed(1)} points (bar 8; sampling alone about ${(100 * luck.sampling).toFixed(1)})`);
  console.log(`- the first speaker's declared target is sent out on ${rate(b.namedLynched, b.namedDays)} of the days he names one (bar 45%)`);
  console.log(`- ${steeringLine(b)}`);
  console.log(
    `- real and false Seer both claimed and alive (${b.seerWarDays} days): real sent out ${rate(b.realSeerLynched, b.seerWarDays)}, ` +
      `false ${rate(b.falseSeerLynched, b.seerWarDays)}`,
  );
  // Following the first voice shows as the first speaker matching the vote more than later ones do.
  let widest = 0;
  for (let row = 0; row < 2; row++)
    for (let k = 0; k < POSITIONS; k++) {
      const w = wilson(byPosition.matched[row]![k]!, byPosition.named[row]![k]!);
      widest = Math.max(widest, (w.high - w.low) / 2);
    }
  console.log(`- the k-th speaker of the day names the one sent out (k = 1 … ${POSITIONS}; every 95% interval ±${(100 * widest).toFixed(1)} points or less):`);
  for (const [row, label] of [[0, 'day 1'], [1, 'later days']] as const) {
    const cells = byPosition.named[row]!.map((n, k) => (n === 0 ? '—' : pct(byPosition.matched[row]![k]! / n)));
    console.log(`  - ${label}: ${cells.join(', ')}`);
  }
  console.log('');
}

function speed(): void {
  const t = seated({ preset: 'standard', players: 8 }, 'belief', 'belief');
  // Warm-up, untimed: the JIT compiles the agent over its first thousands of games. Alone
  // (--part speed), 4,000 games timed cold read ~2,700 a CPU second, after this warm-up
  // ~5,700 (8,000 games of warm-up read the same); a whole run (--part all) reads more,
  // its other parts' games having warmed the agent on several tables first.
  const warmUp = 2000;
  playMany(t, `${seed}/warm-up`, 0, warmUp);
  const tally = playMany(t, seed, 0, speedGames);
  console.log(`## Speed: belief self-play, 004, 8 players, ${speedGames} games in one thread, after ${warmUp} untimed\n`);
  console.log(`- ${(tally.games / tally.cpuSeconds).toFixed(0)} games per CPU second (${(tally.games / tally.seconds).toFixed(0)} per wall second); ${tally.invalid} wrong answers, ${tally.fallbacks} fallbacks`);
  // What the agents take of it, which the engine's speed does not move (play-many.ts agentsCost).
  // Rounds of a fifth of the timed games, for the agents' own work and their time by decision.
  const roundGames = Math.max(100, Math.round(speedGames / 5));
  const own = agentsCost(t, `${seed}/own work`, roundGames, 5);
  const d = own.perDecision;
  console.log(
    `- the belief agents' own work: ${d.median.toFixed(2)} µs a decision (${d.low.toFixed(2)}–${d.high.toFixed(2)} over 5 rounds), ${own.perGame.toFixed(1)} µs a game of ${own.decisionsPerGame.toFixed(0)} decisions; the game replayed from their answers without them ${own.replayPerGame.toFixed(1)} µs`,
  );
  // Which decisions make it (play-many.ts decisionCosts).
  const [heading, ...rows] = decisionCostLines('belief', roundGames, decisionCosts(t, `${seed}/by kind`, roundGames));
  console.log(`- ${heading}:\n\n\`\`\`\n${rows.map((r) => r.slice(2)).join('\n')}\n\`\`\``);
}

if (part === 'strength' || part === 'all') strength();
if (part === 'bias' || part === 'all') bias();
if (part === 'speed' || part === 'all') speed();
