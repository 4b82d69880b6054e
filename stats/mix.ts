// Role mixes as the balance analysis sees them: werewolves, villagers, and the "extras"
// (every other card), short names that fit a terminal column, and the rule documents'
// own player-count tables (001 and 004) to set against a sweep.

import { PRESETS, type RoleCounts } from '../engine/index.js';
import { ROLES, type Role } from '../engine/index.js';

export type Counts = ReadonlyMap<Role, number>;

export const wolvesOf = (c: Counts): number => c.get('werewolf') ?? 0;

/** The cards other than werewolves and villagers, in ROLES order (each counted). */
export function extrasOf(c: Counts): Role[] {
  const out: Role[] = [];
  for (const r of ROLES) if (r !== 'werewolf' && r !== 'villager') for (let i = 0; i < (c.get(r) ?? 0); i++) out.push(r);
  return out;
}

/** `seer,witch`, or `none`. */
export function extrasLabel(c: Counts): string {
  const e = extrasOf(c);
  return e.length === 0 ? 'none' : e.join(',');
}

/** `2W+seer+witch` — the villagers are the rest of the table. */
export function shortMix(c: Counts): string {
  return [`${wolvesOf(c)}W`, ...extrasOf(c)].join('+');
}

export function sameCounts(a: Counts, b: Counts): boolean {
  for (const r of ROLES) if ((a.get(r) ?? 0) !== (b.get(r) ?? 0)) return false;
  return true;
}

export function countsOf(row: RoleCounts): Map<Role, number> {
  return new Map((Object.entries(row) as [Role, number][]).filter(([, n]) => n > 0));
}

/** The documents whose own tables are compared with a sweep. */
export const TABLE_DOCUMENTS = ['001', '004'] as const;
export type TableDocument = (typeof TABLE_DOCUMENTS)[number];

/** A document's own table, as its preset holds it (presets whose table is borrowed are skipped). */
export function documentTable(doc: TableDocument): Readonly<Record<number, RoleCounts>> {
  const p = PRESETS.find((x) => x.document === doc && x.tableSource === doc);
  if (p === undefined) throw new Error(`no preset holds document ${doc}'s own table`);
  return p.table;
}

/** The document's mix for n players, if its table has that row. */
export function documentMix(doc: TableDocument, players: number): Map<Role, number> | undefined {
  const row = documentTable(doc)[players];
  return row === undefined ? undefined : countsOf(row);
}

/** The documents whose table row for this many players is exactly this mix. */
export function documentsOf(c: Counts, players: number): TableDocument[] {
  return TABLE_DOCUMENTS.filter((d) => {
    const m = documentMix(d, players);
    return m !== undefined && sameCounts(m, c);
  });
}
