// Does another build play the same games as this one, byte for byte? For speed work on
// the agents or the engine: build the old commit somewhere (e.g. `git worktree add
// /tmp/old <commit> && cd /tmp/old && npm ci && npm run build`), then run this script
// of the new build against it. Both builds play the same seeds over the heuristic
// legality check's cells (every preset and player count, role mixes with every role,
// Harvest Festival and New Moon) and seatings (self-play with default and extreme
// knobs, mixed knobs in one game, mixed tables with random agents), and the JSON of
// every game's log, its outcome and its wrong answers are compared. Prints how many
// games were compared, the first few differences and the differing games per cell
// (a rule's new reading should change only the cells that use it); exit 1 if any.
//
// Without --against it only prints the digest of all the games (sha-256 of their JSON),
// for comparing two runs by eye. With --trace this build plays with its agents traced
// (agents/trace.ts), as `sim` plays: the behaviour metrics must change no game.
//
//   npm run build && node dist/scripts/same-games.js --against /tmp/old/dist [--games 3000] [--seed same] [--trace]

import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gameSeed } from '../engine/index.js';
import { args, fail, whole } from './lib/args.js';
import { SEATINGS, checkCells } from './lib/legality.js';

const USAGE = 'usage: node dist/scripts/same-games.js [--against OTHER_DIST_DIR] [--games N] [--seed S] [--trace]';
const opts = args(USAGE, { against: { type: 'string' }, games: { type: 'string' }, seed: { type: 'string' }, trace: { type: 'boolean' } });
const games = whole('games', opts.games, 3000);
const seed = opts.seed ?? 'same';

/** What one build needs to play a game: its own engine, agents and driver. */
interface Build {
  readonly label: string;
  table(req: unknown, agents: readonly string[]): { ok: true; value: { setup: unknown; seating: unknown } } | { ok: false; error: string };
  play(setup: unknown, seating: unknown, seedOfGame: string): string;
}

async function loadBuild(distDir: string, label: string, trace = false): Promise<Build> {
  const at = (p: string) => import(pathToFileURL(resolve(distDir, p)).href);
  const [playMany, game, play, registry] = await Promise.all([
    at('scripts/lib/play-many.js'),
    at('engine/game.js'),
    at('agents/play.js'),
    at('agents/registry.js'),
  ]);
  const traced = trace ? (await at('agents/trace.js')).traced : null;
  return {
    label,
    table: playMany.table,
    play: (setup, seating, seedOfGame) => {
      const g = new game.Game(setup, seedOfGame);
      const dealt = g.state.seats.map((s: { dealt: unknown }) => s.dealt);
      const { agents } = registry.seatAgents(seating, dealt);
      const played = play.playSync(g, traced === null ? agents : traced(agents).agents);
      return JSON.stringify({ log: g.log, outcome: played.outcome, invalid: played.invalid, fallbacks: played.fallbacks });
    },
  };
}

const here = await loadBuild(resolve(import.meta.dirname, '..'), opts.trace === true ? 'this build, traced' : 'this build', opts.trace === true);
const other = opts.against === undefined ? null : await loadBuild(opts.against, opts.against);

/**
 * The legality check's seatings, and two more: a silent Seer, and seats of one game
 * with different trust knobs (the village's view is shared between seats of the same
 * trust only).
 */
const seatings: readonly (readonly string[])[] = [
  ...SEATINGS,
  ['heuristic', 'seer=heuristic:seerReveal=never'],
  ['heuristic', '1=heuristic:trust=0.3,fakeClaim=1', '2=heuristic:trust=0.5', '3=heuristic:trust=0.5,seerReveal=2'],
];
const cells = checkCells();
const slots = cells.length * seatings.length;
const per = Math.max(1, Math.ceil(games / slots));
const digest = createHash('sha256');
let played = 0;
let differing = 0;
/** Differing games per cell: a rule change should show only in the cells that use the rule. */
const byCell = new Map<string, number>();
/** Differing games per seating: a change one agent never makes (a pass) shows only where another seat makes it. */
const bySeating = new Map<string, number>();
/** Cells the other build cannot set up (an option it lacks). */
const newCells = new Set<string>();
let k = 0;
for (const cell of cells) {
  for (const seating of seatings) {
    const req = { preset: cell.preset, players: cell.players, roles: cell.roles, rules: cell.rules };
    const mineTable = here.table(req, seating);
    if (!mineTable.ok) fail(`${here.label}: table ${cell.label} / ${seating.join(' ')}: ${mineTable.error}`);
    // A cell of an option the other build does not have yet: played here, compared with nothing.
    const theirTable = other === null ? null : other.table(req, seating);
    if (theirTable !== null && !theirTable.ok) newCells.add(cell.label);
    const tables = [mineTable.value, ...(theirTable !== null && theirTable.ok ? [theirTable.value] : [])];
    for (let i = 0; i < per; i++) {
      // The same game seeds as heuristic-check's slots (one run seed per slot).
      const g = gameSeed(`${seed}/${k}`, i);
      const mine = here.play(tables[0]!.setup, tables[0]!.seating, g);
      digest.update(mine);
      played++;
      if (other === null || tables.length < 2) continue;
      const theirs = other.play(tables[1]!.setup, tables[1]!.seating, g);
      if (theirs !== mine) {
        differing++;
        byCell.set(cell.label, (byCell.get(cell.label) ?? 0) + 1);
        bySeating.set(seating.join(' '), (bySeating.get(seating.join(' ')) ?? 0) + 1);
        if (differing <= 5) {
          let at = 0;
          while (at < mine.length && mine[at] === theirs[at]) at++;
          console.log(`differs: ${cell.label} / ${seating.join(' ')} / game ${g}, from character ${at}:`);
          console.log(`  this build: …${mine.slice(Math.max(0, at - 80), at + 120)}`);
          console.log(`  other:      …${theirs.slice(Math.max(0, at - 80), at + 120)}`);
        }
      }
    }
    k++;
  }
}
console.log(`${played} games over ${cells.length} cells × ${seatings.length} seatings, seed ${seed}; digest ${digest.digest('hex').slice(0, 16)}`);
if (other !== null) console.log(`compared with ${other.label}: ${differing === 0 ? 'every game identical' : `${differing} games differ`}`);
for (const [label, n] of byCell) console.log(`  ${label}: ${n} of ${per * seatings.length} games differ`);
for (const label of newCells) console.log(`  ${label}: not compared (${other!.label} cannot set it up)`);
if (other !== null && byCell.size > 0) console.log(`  the other ${cells.length - byCell.size - newCells.size} cells: every game identical`);
if (other !== null && byCell.size > 0)
  for (const s of seatings) console.log(`  seating ${s.join(' ')}: ${bySeating.get(s.join(' ')) ?? 0} of ${per * cells.length} games differ`);
process.exitCode = differing === 0 ? 0 : 1;
