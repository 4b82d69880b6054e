// The LLM record failing to be written during a live run (a full disk, injected into
// LlmStore.put) is a failed write of the run, not the model's failure: the run stops with
// exit 5 and the command that resumes it, no seat is charged with a wrong answer, and no
// call is asked again (paid again) after its write failed. Before, the seat was charged,
// re-asked until the fallback, and the games were stored with fallbacks: exit 0, ~165
// calls paid and not recorded in 4 games. Resumed, the run equals an uninterrupted one.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmStore } from '../../../runs/llm/store.js';
import { startFakeProvider, type FakeProvider } from '../../helpers/fake-provider.js';
import { simEnv } from '../../helpers/llm.js';
import { removeDir, sim, tempDir } from '../../helpers/sim-cli.js';

const dir = tempDir('record-write');
let provider: FakeProvider;
const GAMES = 4;
const RUN = ['--games', String(GAMES), '--seed', 'record-write', '--agents', 'random', '--agents', 'werewolves=openai:m', '--llm-timeout', '5'];

beforeAll(async () => {
  provider = await startFakeProvider({});
});

afterAll(async () => {
  await provider.close();
  removeDir(dir);
});

const games = (db: string) => {
  const d = new Database(join(dir, db), { readonly: true });
  const rows = d.prepare('SELECT idx, winner, seats FROM games WHERE run = 1 ORDER BY idx').all();
  d.close();
  return rows;
};

describe('the LLM record cannot be written during a live run', () => {
  it('stops the run with exit 5 and its resume; no seat charged, no call asked again; resumed, it equals a run never stopped', async () => {
    const put = LlmStore.prototype.put;
    let puts = 0;
    let failed = 0;
    LlmStore.prototype.put = function (c) {
      if (++puts >= 30) {
        failed++;
        throw new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
      }
      return put.call(this, c);
    };
    let r;
    try {
      r = await sim([...RUN, '--db', 'w.db'], dir, simEnv(provider.url));
    } finally {
      LlmStore.prototype.put = put;
    }
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/^sim: writing w\.db failed: the disk is full \(the LLM record .*w\.db: database or disk is full\)\. The run stopped; its \d+ games stored before are safe .*continue with: sim resume --db w\.db --run 1\n$/);
    // At most one failed write per model seat in flight (two werewolves a game): each stops its game at once.
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThanOrEqual(2 * GAMES);
    const d = new Database(join(dir, 'w.db'), { readonly: true });
    expect(d.prepare('SELECT count(*) FROM llm_usage WHERE invalid > 0 OR fallbacks > 0').pluck().get()).toBe(0);
    d.close();

    const resumed = await sim(['resume', '--db', 'w.db', '--run', '1'], dir, simEnv(provider.url));
    expect(resumed.code, resumed.stderr).toBe(0);
    const whole = await sim([...RUN, '--db', 'whole.db'], dir, simEnv(provider.url));
    expect(whole.code, whole.stderr).toBe(0);
    expect(games('w.db')).toHaveLength(GAMES);
    expect(games('w.db')).toEqual(games('whole.db'));
  });
});
