// Balance under an ensemble (reports/ensemble.ts, `sim balance --ensemble`): the verdict
// from the members' intervals, the members from seatings and speaking orders, and a
// small sweep end to end — whose range widens, the right way, when a member of no skill
// joins one of some.

import { afterAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runBalance, type BalanceArgs } from '../../commands/balance.js';
import { runReport } from '../../commands/report.js';
import { ensembleMembers, ensembleVerdict } from '../../reports/ensemble.js';
import { removeDir, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('ensemble');
afterAll(() => removeDir(dir));

describe('the verdict on a mix (tolerance ±5 points)', () => {
  it.each([
    ['every interval inside 45–55%', [[0.46, 0.5], [0.49, 0.54]], 'even'],
    ['one member wholly below', [[0.46, 0.5], [0.3, 0.36]], 'not even'],
    ['one member wholly above', [[0.56, 0.6], [0.46, 0.5]], 'not even'],
    ['one interval across the edge', [[0.46, 0.5], [0.43, 0.49]], 'unsettled'],
    ['a rate of 50% is not enough: its interval must fit too', [[0.4, 0.6]], 'unsettled'],
    ['an interval touching the edge is inside', [[0.45, 0.55]], 'even'],
  ] as const)('%s', (_, intervals, verdict) => {
    expect(ensembleVerdict(intervals.map(([low, high]) => ({ low, high })), 0.05)).toBe(verdict);
  });
});

describe('the members', () => {
  it('each seating under both speaking orders, named by both', () => {
    const m = ensembleMembers(['heuristic', 'belief  werewolves=heuristic'], ['tie=random']);
    expect(m.map((x) => x.label)).toEqual(['heuristic, seat', 'heuristic, after-victim', 'belief werewolves=heuristic, seat', 'belief werewolves=heuristic, after-victim']);
    expect(m[3]!.agents).toEqual(['belief', 'werewolves=heuristic']);
    expect(m[3]!.rules).toEqual(['tie=random', 'speakingOrder=after-victim']);
  });

  it('a speaking order fixed by the rules is kept, and each seating played once', () => {
    const m = ensembleMembers(['heuristic', 'belief'], ['speakingOrder=after-victim']);
    expect(m.map((x) => x.label)).toEqual(['heuristic', 'belief']);
    expect(m[0]!.rules).toEqual(['speakingOrder=after-victim']);
  });
});

const args = (db: string, over: Partial<BalanceArgs> = {}): BalanceArgs => ({
  db: join(dir, db),
  presets: 'standard',
  players: '8',
  wolves: '2',
  with: ['seer'],
  subsets: false,
  tables: false,
  rules: [],
  agents: [],
  seed: 'ens',
  precision: '0.05',
  batch: '100',
  workers: 0,
  concurrency: 4,
  json: true,
  ...over,
});

interface Json {
  readonly ensemble: string[];
  readonly tables: { readonly id: string; readonly rows: Record<string, unknown>[] }[];
}

async function sweep(db: string, ensemble: string[]): Promise<Json> {
  const r = await runBalance(args(db, { ensemble }));
  if (!r.ok) throw new Error(r.error);
  return JSON.parse(r.value.stdout) as Json;
}

describe('sim balance --ensemble', () => {
  it('gives the range across members, each member’s interval, and a range that widens when random play joins', async () => {
    const skilled = await sweep('a.db', ['heuristic', 'belief']);
    expect(skilled.ensemble).toHaveLength(4);
    const members = skilled.tables.find((t) => t.id === 'ensemble-members')!.rows;
    expect(members).toHaveLength(4);
    const rates = members.map((r) => r['village'] as number);
    const row = skilled.tables.find((t) => t.id === 'ensemble')!.rows[0]!;
    expect(row['lowest']).toBe(Math.min(...rates));
    expect(row['highest']).toBe(Math.max(...rates));
    for (const m of members) expect(m['low'] as number).toBeLessThanOrEqual(m['village'] as number);
    // 004's 8-player row is far from even for these agents (the village wins about 2 in 3).
    expect(row['verdict']).toBe('not even');

    // Random players cannot use the Seer: the village's rate falls far below, and the range
    // now reaches down to it. The skilled members' games are the same runs, not replayed.
    const mixed = await sweep('a.db', ['heuristic', 'belief', 'random']);
    const wide = mixed.tables.find((t) => t.id === 'ensemble')!.rows[0]!;
    expect(wide['highest']).toBe(row['highest']);
    expect(wide['lowest'] as number).toBeLessThan((row['lowest'] as number) - 0.2);

    // sim report finds the same ensemble in the database: its six members, the same range.
    const rep = await runReport({ db: join(dir, 'a.db'), json: true, replays: [] });
    if (!rep.ok) throw new Error(rep.error);
    const groups = (JSON.parse(rep.value.stdout) as { groups: { label: string; tables: { id: string; rows: Record<string, unknown>[] }[] }[] }).groups;
    const across = groups.find((g) => /across agents \(6 members\)/.test(g.label));
    expect(across).toBeDefined();
    const stored = across!.tables.find((t) => t.id === 'ensemble')!.rows[0]!;
    expect(stored['lowest']).toBe(wide['lowest']);
    expect(stored['highest']).toBe(wide['highest']);
    expect(stored['verdict']).toBe('not even');
    // Members named as sim balance names them, the preset's speaking order included.
    const named = across!.tables.find((t) => t.id === 'ensemble-members')!.rows.map((r) => r['member']);
    expect(new Set(named)).toEqual(new Set(mixed.ensemble));
  });

  it('refuses --agents with --ensemble, and a bad member, naming it; nothing is written', async () => {
    const both = await runBalance(args('b.db', { ensemble: ['heuristic'], agents: ['belief'] }));
    expect(!both.ok && both.error).toMatch(/--agents and --ensemble both name agents/);
    const bad = await runBalance(args('b.db', { ensemble: ['heuristic', 'beleif'] }));
    expect(!bad.ok && bad.error).toMatch(/--ensemble 'beleif'.*belief/);
    const tol = await runBalance(args('b.db', { ensemble: [], tolerance: '0.7' }));
    expect(!tol.ok && tol.error).toMatch(/--tolerance must be a number between 0 and 0.5/);
    expect(existsSync(join(dir, 'b.db'))).toBe(false);
  });
});
