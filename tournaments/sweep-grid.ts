// A balance sweep's grid: every (preset, player count, number of werewolves, extra roles)
// to play, plus the documents' own table rows (001, 004) for the same player counts. The
// grid is checked whole before anything is played or opened: one impossible cell (a mix
// that does not fit, a thief with one werewolf, a seat the table lacks) refuses the
// sweep, with every such cell named and what to change.

import { checkSeating, type Seating } from '../agents/registry.js';
import { findPreset, presetNames } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import { parseRole, REPEATABLE_ROLES, ROLES, type Role } from '../engine/index.js';
import { describeSetup, formatRoleCounts, MAX_PLAYERS, MIN_PLAYERS, resolveSetup, type GameSetup } from '../engine/index.js';
import { documentMix, TABLE_DOCUMENTS, type TableDocument } from '../stats/mix.js';

export const DEFAULT_PLAYERS = { min: 8, max: 18 } as const;

/** `auto`: 1 to ⌊n/3⌋ + 1 werewolves for n players; or a fixed range for every count. */
export type WolvesSpec = { readonly kind: 'auto' } | { readonly kind: 'range'; readonly min: number; readonly max: number };

export interface GridSpec {
  readonly presets: readonly string[];
  readonly players: readonly number[];
  readonly wolves: WolvesSpec;
  /** Sets of extra roles; each set gives one mix per (players, wolves). [[]]: none. */
  readonly extras: readonly (readonly Role[])[];
  /** Add the documents' table rows for these player counts. */
  readonly tables: boolean;
  readonly rules: readonly string[];
  readonly seating: Seating;
}

export type CellOrigin = 'grid' | `table ${TableDocument}`;

export interface SweepCell {
  readonly setup: GameSetup;
  readonly wolves: number;
  readonly extras: readonly Role[];
  readonly origins: readonly CellOrigin[];
}

/** `8-18`, `8,10,12`, `12`. */
export function parsePlayers(text: string): Result<number[], string> {
  const out = new Set<number>();
  for (const part of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (m === null) return err(`--players '${text}': write a count (12), a range (8-18) or a list (8,10,12)`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (b < a) return err(`--players '${part}': the range runs backwards (write ${b}-${a})`);
    for (let n = a; n <= b; n++) {
      if (n < MIN_PLAYERS || n > MAX_PLAYERS) return err(`--players '${part}': a game has ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
      out.add(n);
    }
  }
  if (out.size === 0) return err('--players is empty: write e.g. 8-18');
  return ok([...out].sort((x, y) => x - y));
}

/** `auto`, `2`, `1-4`. */
export function parseWolves(text: string): Result<WolvesSpec, string> {
  const t = text.trim().toLowerCase();
  if (t === 'auto') return ok({ kind: 'auto' });
  const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(t);
  if (m === null) return err(`--wolves '${text}': write auto (1 to ⌊n/3⌋+1 for n players), a count (2) or a range (1-4)`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (min < 1) return err(`--wolves '${text}': a mix needs at least one werewolf`);
  if (max < min) return err(`--wolves '${text}': the range runs backwards (write ${max}-${min})`);
  return ok({ kind: 'range', min, max });
}

export function wolvesFor(spec: WolvesSpec, players: number): number[] {
  const [min, max] = spec.kind === 'auto' ? [1, Math.floor(players / 3) + 1] : [spec.min, spec.max];
  const out: number[] = [];
  for (let w = min; w <= max; w++) out.push(w);
  return out;
}

/**
 * `--with` values: each a comma-separated set of extra roles (`seer,witch`; `none` or ''
 * for no extras). With `subsets`, every subset of each set is a set of its own (for role
 * values: each role in and out).
 */
export function parseExtras(values: readonly string[], subsets: boolean): Result<Role[][], string> {
  const sets: Role[][] = [];
  for (const v of values.length === 0 ? ['none'] : values) {
    const roles: Role[] = [];
    const words = v.split(',').map((w) => w.trim()).filter((w) => w !== '' && w.toLowerCase() !== 'none');
    for (const w of words) {
      const r = parseRole(w);
      if (r === undefined) return err(`--with '${v}': unknown role '${w}'; roles are ${ROLES.join(', ')}`);
      if (r === 'werewolf' || r === 'villager') return err(`--with '${v}': werewolves are set with --wolves, and villagers fill the rest of the table`);
      if (roles.includes(r) && !REPEATABLE_ROLES.has(r)) return err(`--with '${v}': ${r} is named twice; a mix has at most one`);
      roles.push(r);
    }
    roles.sort((a, b) => ROLES.indexOf(a) - ROLES.indexOf(b));
    if (!subsets) sets.push(roles);
    else for (let mask = 0; mask < 1 << roles.length; mask++) sets.push(roles.filter((_, i) => (mask >> i) & 1));
  }
  const seen = new Set<string>();
  return ok(sets.filter((s) => (seen.has(s.join(',')) ? false : (seen.add(s.join(',')), true))));
}

function mixText(players: number, wolves: number, extras: readonly Role[]): string {
  const counts = new Map<Role, number>([['werewolf', wolves]]);
  for (const r of extras) counts.set(r, (counts.get(r) ?? 0) + 1);
  const villagers = players - wolves - extras.length;
  if (villagers > 0) counts.set('villager', villagers);
  return formatRoleCounts(counts);
}

const MAX_LISTED = 6;

/** Every cell of the grid, or why the grid cannot be played. */
export function planGrid(spec: GridSpec): Result<SweepCell[], string> {
  for (const p of spec.presets) if (findPreset(p) === undefined) return err(`unknown preset '${p}'; presets are ${presetNames().join(', ')}`);
  if (spec.presets.length === 0) return err('no preset given: name one or more with --preset (e.g. --preset standard,classic)');
  const cells = new Map<string, { cell: SweepCell; origins: CellOrigin[] }>();
  const problems: string[] = [];
  const add = (preset: string, players: number, wolves: number, extras: readonly Role[], origin: CellOrigin) => {
    const villagers = players - wolves - extras.length;
    const what = `${players} players, ${wolves} werewol${wolves === 1 ? 'f' : 'ves'}${extras.length === 0 ? '' : ` + ${extras.join(',')}`} (${origin}, ${preset})`;
    if (villagers < 0) {
      problems.push(`${what}: ${wolves + extras.length} cards for ${players} seats`);
      return;
    }
    const setup = resolveSetup({ preset, players, roles: mixText(players, wolves, extras), rules: spec.rules });
    if (!setup.ok) {
      problems.push(`${what}: ${setup.error}`);
      return;
    }
    const seats = checkSeating(spec.seating, players);
    if (!seats.ok) {
      problems.push(`${what}: --agents ${seats.error}`);
      return;
    }
    const key = describeSetup(setup.value);
    const known = cells.get(key);
    if (known !== undefined) {
      if (!known.origins.includes(origin)) known.origins.push(origin);
      return;
    }
    const origins: CellOrigin[] = [origin];
    cells.set(key, { cell: { setup: setup.value, wolves, extras, origins }, origins });
  };
  for (const preset of spec.presets)
    for (const n of spec.players) {
      for (const w of wolvesFor(spec.wolves, n)) for (const extras of spec.extras) add(preset, n, w, extras, 'grid');
      if (spec.tables)
        for (const doc of TABLE_DOCUMENTS) {
          const mix = documentMix(doc, n);
          if (mix === undefined) continue;
          const extras: Role[] = [];
          for (const r of ROLES) if (r !== 'werewolf' && r !== 'villager') for (let i = 0; i < (mix.get(r) ?? 0); i++) extras.push(r);
          add(preset, n, mix.get('werewolf') ?? 0, extras, `table ${doc}`);
        }
    }
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED).map((p) => `  - ${p}`);
    if (problems.length > MAX_LISTED) listed.push(`  - … and ${problems.length - MAX_LISTED} more`);
    return err(
      `the sweep's grid has ${problems.length} impossible cell${problems.length === 1 ? '' : 's'}; nothing was played:\n${listed.join('\n')}\n` +
        'Narrow --players or --wolves (e.g. --wolves 2-4), or change --with, so that every mix fits its table.',
    );
  }
  return ok([...cells.values()].map((c) => c.cell));
}
