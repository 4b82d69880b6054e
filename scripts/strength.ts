// How strong is the heuristic agent? Village win rates, with 95% Wilson intervals, on
// document 004's tables (preset standard), --games games per cell (default 20,000):
//   random      random agents everywhere (the baseline)
//   h-village   heuristic village against random werewolves
//   h-wolves    random village against heuristic werewolves
//   heuristic   heuristic self-play
//   silent      heuristic self-play with a Seer who never speaks (seerReveal=never)
// heuristic self-play with 1 to 4 werewolves (--roles werewolf=W,seer,villager=…), and
// (--part knobs, not in `all`) heuristic self-play under each knob setting in turn.
// Prints markdown tables.
//
//   npm run build && node dist/scripts/strength.js [--games 20000] [--players 8,9,…,18]
//       [--wolves 1,2,3,4] [--part tables|wolves|knobs|all] [--seed strength]

import { args, fail, whole, wholeList } from './lib/args.js';
import { playMany, rateText, table, type Tally } from './lib/play-many.js';

const USAGE =
  'usage: node dist/scripts/strength.js [--games N] [--players 8,9,...] [--wolves 1,2,3,4] [--part tables|wolves|knobs|all] [--seed S]';
const opts = args(USAGE, {
  games: { type: 'string' },
  players: { type: 'string' },
  wolves: { type: 'string' },
  part: { type: 'string' },
  seed: { type: 'string' },
});
const games = whole('games', opts.games, 20_000);
const players = wholeList('players', opts.players, [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
const wolfCounts = wholeList('wolves', opts.wolves, [1, 2, 3, 4]);
const part = opts.part ?? 'all';
if (!['tables', 'wolves', 'knobs', 'all'].includes(part)) fail(`--part takes tables, wolves, knobs or all, not '${part}'\n\n${USAGE}`);
const seed = opts.seed ?? 'strength';

const COLUMNS: readonly { readonly name: string; readonly agents: readonly string[] }[] = [
  { name: 'random', agents: ['random'] },
  { name: 'h-village', agents: ['heuristic', 'werewolves=random'] },
  { name: 'h-wolves', agents: ['random', 'werewolves=heuristic'] },
  { name: 'heuristic', agents: ['heuristic'] },
  { name: 'silent', agents: ['heuristic', 'seer=heuristic:seerReveal=never'] },
];

/** Knob settings compared by --part knobs (one knob moved from its default at a time). */
const KNOB_ROWS: readonly string[] = [
  'heuristic',
  'heuristic:seerReveal=2',
  'heuristic:seerReveal=99',
  'heuristic:seerReveal=never',
  'heuristic:fakeClaim=0',
  'heuristic:fakeClaim=1',
  'heuristic:trust=0.5',
  'heuristic:trust=1',
  'heuristic:bus=0',
];

function run(req: { players: number; roles?: string }, agents: readonly string[]): Tally {
  const t = table({ preset: 'standard', ...req }, agents);
  if (!t.ok) fail(`${req.roles ?? `${req.players} players`}: ${t.error}`);
  return playMany(t.value, seed, 0, games);
}

const village = (t: Tally) => rateText(t.wins.village, t.games);
let seconds = 0;
let played = 0;

if (part === 'tables' || part === 'all') {
  console.log(`Village win rate, preset standard (004's table), ${games} games per cell, seed ${seed}\n`);
  console.log(`| players | ${COLUMNS.map((c) => c.name).join(' | ')} |`);
  console.log(`|---|${COLUMNS.map(() => '---').join('|')}|`);
  for (const n of players) {
    const cells = COLUMNS.map((c) => run({ players: n }, c.agents));
    for (const c of cells) {
      seconds += c.seconds;
      played += c.games;
      if (c.invalid > 0) console.error(`warning: ${c.invalid} rejected answers at ${n} players`);
    }
    console.log(`| ${n} | ${cells.map(village).join(' | ')} |`);
  }
  console.log('');
}

if (part === 'wolves' || part === 'all') {
  console.log(`Heuristic self-play: village win rate by number of werewolves (seer, villagers for the rest), ${games} games per cell\n`);
  console.log(`| players | ${wolfCounts.map((w) => `${w} wolves`).join(' | ')} |`);
  console.log(`|---|${wolfCounts.map(() => '---').join('|')}|`);
  for (const n of players) {
    const row = wolfCounts.map((w) => {
      if (w + 1 >= n) return '—';
      const t = run({ players: n, roles: `werewolf=${w},seer,villager=${n - w - 1}` }, ['heuristic']);
      seconds += t.seconds;
      played += t.games;
      return village(t);
    });
    console.log(`| ${n} | ${row.join(' | ')} |`);
  }
  console.log('');
}
if (part === 'knobs') {
  console.log(`Heuristic self-play under each knob setting: village win rate, preset standard, ${games} games per cell\n`);
  console.log(`| agents | ${players.map((n) => `${n} players`).join(' | ')} |`);
  console.log(`|---|${players.map(() => '---').join('|')}|`);
  for (const spec of KNOB_ROWS) {
    const row = players.map((n) => {
      const t = run({ players: n }, [spec]);
      seconds += t.seconds;
      played += t.games;
      return village(t);
    });
    console.log(`| \`${spec}\` | ${row.join(' | ')} |`);
  }
  console.log('');
}
console.log(`${played} games in ${seconds.toFixed(0)} s`);
