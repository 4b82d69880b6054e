// A results file's LLM record is untrusted input too: a stored call whose response, error
// or status this code never wrote (not deflated JSON: edited, crafted, or flipped where
// SQLite's checks cannot see) makes the file damaged — one paragraph, exit 2 — for every
// command that reads the call (its request is never read back to answer it). It is never taken for the model's failure: the seat is not
// charged with a wrong answer and asked again, which in a live run paid for a new answer
// and played another game than the one recorded (a replay said the answer was missing).
// Each case has its control: the same command on the clean file.

import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../../helpers/fake-provider.js';
import { simEnv } from '../../helpers/llm.js';
import { LlmStore } from '../../../runs/llm/store.js';
import { removeDir, sim, tempDir } from '../../helpers/sim-cli.js';

const dir = tempDir('damaged-record');
let provider: FakeProvider;
const RUN = ['--games', '3', '--seed', 'damaged', '--agents', 'random', '--agents', 'werewolves=openai:m', '--llm-timeout', '5'];
/** The sample of the call damaged in each file: the first of game 1 in the record's order; and a statement's of game 1, for a fork there. */
let sample = '';
let speech = { sample: '', decision: -1 };

function edited(name: string, sql: string, at = sample): void {
  copyFileSync(join(dir, 'clean.db'), join(dir, name));
  const d = new Database(join(dir, name));
  d.prepare(sql).run(at);
  d.close();
}

beforeAll(async () => {
  provider = await startFakeProvider({});
  const made = await sim([...RUN, '--db', 'clean.db'], dir, simEnv(provider.url));
  expect(made.code, made.stderr).toBe(0);
  const d = new Database(join(dir, 'clean.db'), { readonly: true });
  sample = d.prepare("SELECT sample FROM llm_calls WHERE status = 'ok' AND sample LIKE '%#1/%' ORDER BY sample LIMIT 1").pluck().get() as string;
  for (const r of d.prepare("SELECT sample, request FROM llm_calls WHERE status = 'ok' AND sample LIKE '%#1/%' AND sample LIKE '%/a0'").all() as { sample: string; request: Buffer }[]) {
    if (!inflateRawSync(r.request).toString().includes('your statement to the table')) continue;
    speech = { sample: r.sample, decision: Number(/\/d(\d+)\//.exec(r.sample)![1]) };
    break;
  }
  d.close();
  expect(speech.decision).toBeGreaterThanOrEqual(0);
  edited('response.db', "UPDATE llm_calls SET response = x'00ff00ff' WHERE sample = ?");
  edited('request.db', "UPDATE llm_calls SET request = 'not deflated' WHERE sample = ?");
  edited('error.db', "UPDATE llm_calls SET status = 'failed', response = NULL, error = '{not json' WHERE sample = ?");
  // A status the table's CHECK refuses, written with the check turned off.
  copyFileSync(join(dir, 'clean.db'), join(dir, 'status.db'));
  const s = new Database(join(dir, 'status.db'));
  s.pragma('ignore_check_constraints = ON');
  s.prepare("UPDATE llm_calls SET status = 'maybe' WHERE sample = ?").run(sample);
  s.close();
  edited('speech.db', "UPDATE llm_calls SET response = x'00ff00ff' WHERE sample = ?", speech.sample);
});

afterAll(async () => {
  await provider.close();
  removeDir(dir);
});

const storedGames = (db: string) => {
  const d = new Database(join(dir, db), { readonly: true });
  const rows = d.prepare('SELECT run, count(*) AS n FROM games GROUP BY run ORDER BY run').all() as { run: number; n: number }[];
  d.close();
  return rows;
};

describe("a stored call this code never wrote, in a results file's LLM record", () => {
  it.each([
    ['response.db', 'response', 'unexpected end of file'],
    ['error.db', 'error', 'JSON'],
  ])('%s: a replay of the run is refused as damaged, naming the call and its %s', async (db, what, why) => {
    const sent = provider.received.length;
    const r = await sim([...RUN, '--db', db, '--llm-replay'], dir, simEnv(provider.url));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^sim: ${db.replace('.', '\\.')} is damaged \\(a value this code never writes: the LLM record's call ${sample.replace(/[#/]/g, '\\$&')} \\(openai:m\\): its ${what} cannot be read \\([^\\n]*${why}`));
    expect(provider.received.length).toBe(sent);
  });

  it("a status the table's CHECK refuses: sim finds it in the file's check; the record read by the library names the call", async () => {
    const r = await sim([...RUN, '--db', 'status.db', '--llm-replay'], dir, simEnv(provider.url));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sim: status\.db is damaged \(SQLite's check: CHECK constraint failed/);
    const opened = LlmStore.open(join(dir, 'status.db'));
    if (!opened.ok) throw new Error(opened.error);
    const store = opened.value;
    const d = new Database(join(dir, 'status.db'), { readonly: true });
    const key = d.prepare('SELECT key FROM llm_calls WHERE sample = ?').pluck().get(sample) as string;
    d.close();
    try {
      expect(() => store.get(key)).toThrow(/the LLM record's call .*: its status cannot be read \('maybe' is neither ok nor failed\)/);
    } finally {
      store.close();
    }
  });

  it('a live run meets it as damage: nothing is asked again, paid or stored for the new run, no seat charged', async () => {
    const sent = provider.received.length;
    const r = await sim([...RUN, '--db', 'response.db'], dir, simEnv(provider.url));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sim: response\.db is damaged \(a value this code never writes: the LLM record's call /);
    expect(provider.received.length).toBe(sent);
    // The first run's games stay; the second stored none of the game the damage is in.
    expect(storedGames('response.db').filter((x) => x.run === 1)).toEqual([{ run: 1, n: 3 }]);
    const d = new Database(join(dir, 'response.db'), { readonly: true });
    expect(d.prepare('SELECT count(*) FROM games WHERE run = 2 AND idx = 1').pluck().get()).toBe(0);
    expect(d.prepare('SELECT count(*) FROM llm_usage WHERE invalid > 0').pluck().get()).toBe(0);
    d.close();
  });

  it('sim show of the game is refused as damaged', async () => {
    const r = await sim(['show', '--db', 'response.db', '--run', '1', '--game', '1'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sim: response\.db is damaged \(a value this code never writes: the LLM record's call .*its response cannot be read/);
  });

  it('a fork that edits the statement whose call is damaged is refused as damaged, not played with the edit', async () => {
    // Live: the fork's play after the edit asks the provider anew (the control).
    const fork = (db: string) => ['fork', '--db', db, '--run', '1', '--game', '1', '--at', String(speech.decision), '--silence'];
    const sent = provider.received.length;
    const r = await sim(fork('speech.db'), dir, simEnv(provider.url));
    expect(r.code).toBe(2);
    expect(provider.received.length).toBe(sent);
    expect(r.stderr).toMatch(/^sim: speech\.db is damaged \(a value this code never writes: the LLM record's call .*its response cannot be read/);
    const control = await sim(fork('clean.db'), dir, simEnv(provider.url));
    expect(control.code, control.stderr).toBe(0);
  });

  it('a request is never read back to answer a call (its key says what was asked): a damaged one replays as the clean file does', async () => {
    const sent = provider.received.length;
    const r = await sim([...RUN, '--db', 'request.db', '--llm-replay'], dir, simEnv(provider.url));
    expect(r.code, r.stderr).toBe(0);
    expect(provider.received.length).toBe(sent);
  });

  it('the control: the clean file replays the run, and shows the game', async () => {
    const sent = provider.received.length;
    const replay = await sim([...RUN, '--db', 'clean.db', '--llm-replay'], dir, simEnv(provider.url));
    expect(replay.code, replay.stderr).toBe(0);
    expect(provider.received.length).toBe(sent);
    const shown = await sim(['show', '--db', 'clean.db', '--run', '1', '--game', '1'], dir);
    expect(shown.code, shown.stderr).toBe(0);
  });
});
