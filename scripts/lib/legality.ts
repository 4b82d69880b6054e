// The heuristic and belief agents' legality check: games over every preset and every player count
// of its table, plus role mixes that put every role in play under every preset, each
// with several seatings (heuristic self-play with default and extreme knobs, mixed
// tables against random agents, belief seats against heuristic ones), counting the answers the engine rejected.

import { PRESETS } from '../../engine/index.js';
import { emptyTally, playMany, table, type Tally } from './play-many.js';

/** Mixes that bring in the roles the player-count tables leave out. */
export const ROLE_MIXES: readonly string[] = [
  'werewolf=2,seer,witch,hunter,cupid,guard,thief,little-girl,villager=3',
  'werewolf=3,seer,witch,hunter,cupid,guard,thief,little-girl,elder,idiot,scapegoat,piper,villager=2',
  'werewolf=1,seer,piper,idiot,elder,scapegoat,villager=2',
  'werewolf=2,seer,thief,cupid,villager=4',
];

export const SEATINGS: readonly (readonly string[])[] = [
  ['heuristic'],
  ['heuristic:fakeClaim=1,seerReveal=never,trust=0,bus=0'],
  ['heuristic:fakeClaim=0,seerReveal=3,trust=1', 'werewolves=random'],
  ['random', 'werewolves=heuristic:fakeClaim=1'],
  ['heuristic', 'piper=random', '1=random'],
  ['belief', 'werewolves=heuristic'],
  ['heuristic', 'werewolves=belief:claimWolf=1,fakeClaim=1,seerReveal=never'],
];

export interface CheckCell {
  readonly label: string;
  readonly preset: string;
  readonly players: number | undefined;
  readonly roles: string | undefined;
  readonly rules?: readonly string[];
}

/** 004's variants: the heuristic agent answers their decisions too (the random agent's way where it has no rule of its own). */
export const VARIANTS: readonly (readonly string[])[] = [['harvestFestival=true'], ['newMoon=all'], ['harvestFestival=true', 'newMoon=all']];

/** Options no preset sets (the documents' other readings), each played under 004 with every role. */
export const OTHER_READINGS: readonly (readonly string[])[] = [['victoryAt=chain-end'], ['dayVoteMayAbstain=true']];

export function checkCells(): CheckCell[] {
  const cells: CheckCell[] = [];
  for (const p of PRESETS) {
    for (const n of Object.keys(p.table).map(Number)) cells.push({ label: `${p.name} ${n}`, preset: p.name, players: n, roles: undefined });
    for (const roles of ROLE_MIXES) cells.push({ label: `${p.name} ${roles}`, preset: p.name, players: undefined, roles });
    for (const rules of VARIANTS)
      cells.push({ label: `${p.name} ${ROLE_MIXES[1]} ${rules.join(' ')}`, preset: p.name, players: undefined, roles: ROLE_MIXES[1], rules });
  }
  for (const rules of OTHER_READINGS)
    cells.push({ label: `standard ${ROLE_MIXES[1]} ${rules.join(' ')}`, preset: 'standard', players: undefined, roles: ROLE_MIXES[1], rules });
  return cells;
}

export interface CheckResult {
  readonly total: Tally;
  /** Cells with wrong answers, for the report. */
  readonly bad: { readonly label: string; readonly seating: string; readonly invalid: number }[];
  readonly cells: number;
}

/** Plays about `games` games spread evenly over every cell and seating. */
export function checkLegality(games: number, seed: string, progress?: (done: number) => void): CheckResult {
  const cells = checkCells();
  const slots = cells.length * SEATINGS.length;
  const per = Math.max(1, Math.ceil(games / slots));
  const total = emptyTally();
  const bad: CheckResult['bad'][number][] = [];
  let k = 0;
  for (const cell of cells) {
    for (const seating of SEATINGS) {
      const t = table({ preset: cell.preset, players: cell.players, roles: cell.roles, rules: cell.rules }, seating);
      if (!t.ok) throw new Error(`check table ${cell.label} / ${seating.join(' ')}: ${t.error}`);
      const before = total.invalid;
      // Each slot its own run seed, so slots never share games.
      playMany(t.value, `${seed}/${k}`, 0, per, total);
      if (total.invalid > before) bad.push({ label: cell.label, seating: seating.join(' '), invalid: total.invalid - before });
      k++;
      progress?.(total.games);
    }
  }
  return { total, bad, cells: cells.length };
}
