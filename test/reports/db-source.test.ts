// The database as the analysis reads it: runs of one configuration are pooled, a game
// shared by two runs of the same seed is counted once, and the decoded seats agree with
// the stored views.

import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { summarize } from '../../reports/analysis.js';
import { dbSource } from '../../reports/db-source.js';
import { Store } from '../../runs/storage.js';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('dbsource');
afterAll(() => removeDir(dir));

describe('dbSource', () => {
  it('pools runs of a configuration, each game once', async () => {
    for (const args of [
      ['--games', '60', '--seed', '1'],
      ['--games', '100', '--seed', '1'], // games 0–59 again, and 40 more
      ['--games', '30', '--seed', '2'],
      ['--games', '40', '--seed', '1', '--preset', 'classic', '--players', '8'],
    ])
      expect((await sim(['--db', 'p.db', '--workers', '0', ...args], dir)).code).toBe(0);
    const store = Store.open(join(dir, 'p.db'), 'read');
    if (!store.ok) throw new Error(store.error);
    try {
      const source = dbSource(store.value);
      if (!source.ok) throw new Error(source.error);
      const s = summarize(source.value);
      if (!s.ok) throw new Error(s.error);
      const standard = s.value.find((x) => x.config.preset === 'standard')!;
      expect(standard.runs.map((r) => r.run)).toEqual([1, 2, 3]);
      expect(standard.games).toBe(100 + 30);
      expect(s.value.find((x) => x.config.preset === 'classic')!.games).toBe(40);

      // The seats decoded here agree with the database's own `seats` view.
      const d = new Database(join(dir, 'p.db'), { readonly: true });
      try {
        const viewWins = d.prepare("SELECT count(*) FROM seats WHERE run = 3 AND dealt = 'werewolf' AND won = 1").pluck().get() as number;
        const viewDeaths = d.prepare("SELECT count(*) FROM seats WHERE run = 3 AND role = 'villager' AND cause = 'vote'").pluck().get() as number;
        const only3 = dbSource(store.value, { runs: [3] });
        if (!only3.ok) throw new Error(only3.error);
        const t = summarize(only3.value);
        if (!t.ok) throw new Error(t.error);
        expect(t.value[0]!.games).toBe(30);
        expect(t.value[0]!.roles.get('werewolf')!.won).toBe(viewWins);
        expect(t.value[0]!.fates.get('villager')!.get('vote') ?? 0).toBe(viewDeaths);
      } finally {
        d.close();
      }
    } finally {
      store.value.close();
    }
  });
});
