// Forks and studies of games with models, through `sim` (in-process), against the local
// stand-in for the providers (test/llm/fake-provider.ts; never the internet):
// - a fork asks a model only the prompts that heard the edit (every request the server
//   receives carries the edit's words; the server's count is the fork's "calls sent"),
//   and the record answers the rest;
// - the same fork again is answered wholly from the record: with no server at all
//   (--llm-replay, no key), and live with the server gone — the same fork, byte for byte;
// - a persuasion study asks the models again in both arms, each request with a sampling
//   seed (OpenAI's wire), and run again sends nothing; --dry-run estimates and writes nothing.

import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, sim, snapshot, tempDir } from '../helpers/sim-cli.js';
import { startFakeProvider, type FakeProvider } from '../helpers/fake-provider.js';
import { simEnv } from '../helpers/llm.js';

const dir = tempDir('studies-llm');
const servers: FakeProvider[] = [];
afterAll(async () => {
  for (const s of servers) if (s !== undefined) await s.close().catch(() => {});
  removeDir(dir);
});

const SEATS = ['--agents', 'random', '--agents', 'werewolves=openai:gpt-4o-mini'];
const FAST = ['--llm-timeout', '5', '--llm-retry-after-cap', '0.05'];
const WORDS = 'FORKED-WORDS';
let speech = -1;

beforeAll(async () => {
  const live = await startFakeProvider({ salt: 'record' });
  servers.push(live);
  const r = await sim(['--games', '2', '--seed', 'fork', ...SEATS, ...FAST, '--db', 'llm.db', '--json'], dir, simEnv(live.url));
  expect(r.code).toBe(0);
  await live.close();
  const show = await sim(['show', '--db', 'llm.db', '--game', '0'], dir, simEnv(undefined, false));
  expect(show.code).toBe(0);
  speech = Number(/^ {2}#(\d+) +P\d+: /m.exec(show.stdout)![1]);
}, 120_000);

describe('a fork of a game with models', () => {
  let first: Record<string, any>;
  let server: FakeProvider;

  beforeAll(async () => {
    server = await startFakeProvider({ salt: 'fork' });
    servers.push(server);
    const r = await sim(['fork', '--db', 'llm.db', '--game', '0', '--at', String(speech), '--say', WORDS, ...FAST, '--json'], dir, simEnv(server.url));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    first = JSON.parse(r.stdout);
    await server.close();
  }, 120_000);

  it('asks a model only the prompts that heard the edit, and the record the rest', () => {
    expect(server.received.length).toBeGreaterThan(0);
    expect(first.llm.callsSent).toBe(server.received.length);
    for (const req of server.received) expect(req.user).toContain(WORDS);
    // Everything before the fork and every prompt of the stored game: from the record.
    expect(first.llm.fromRecord).toBeGreaterThan(0);
    // A fork is not a study: its requests carry no sampling seed (their keys are a run's).
    for (const req of server.received) expect(req.body.seed).toBeUndefined();
  });

  it('is answered wholly from the record the second time: no server, no key (--llm-replay), or live with the server gone', async () => {
    const replay = await sim(['fork', '--db', 'llm.db', '--game', '0', '--at', String(speech), '--say', WORDS, '--llm-replay', '--json'], dir, simEnv(undefined, false));
    expect(replay.code).toBe(0);
    const again = JSON.parse(replay.stdout);
    expect(again.llm.callsSent).toBe(0);
    const { llm: _a, ...mine } = again;
    const { llm: _b, ...theirs } = first;
    expect(mine).toEqual(theirs);
    const gone = await sim(['fork', '--db', 'llm.db', '--game', '0', '--at', String(speech), '--say', WORDS, ...FAST, '--json'], dir, simEnv(server.url));
    expect(gone.code).toBe(0);
    expect(JSON.parse(gone.stdout).rows).toEqual(first.rows);
  }, 120_000);

  it('refuses a game its record cannot replay: one line, exit 2, nothing written', async () => {
    // A copy of the file whose record lost some of the game's answers.
    copyFileSync(join(dir, 'llm.db'), join(dir, 'partial.db'));
    const d = new Database(join(dir, 'partial.db'));
    d.prepare('DELETE FROM llm_calls WHERE rowid % 3 = 0').run();
    d.close();
    const before = snapshot(dir);
    const r = await sim(['fork', '--db', 'partial.db', '--game', '0', '--at', String(speech), '--silence'], dir, simEnv(undefined, false));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot be replayed from its LLM record: the record has no answer for');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('a persuasion study of games with models', () => {
  it('estimates first and writes nothing; then asks the models in both arms with a sampling seed; run again, sends nothing', async () => {
    const before = snapshot(dir);
    const dry = await sim(['persuasion', '--db', 'llm.db', '--agents', 'openai:gpt-4o-mini', '--samples', '1', '--dry-run', '--json'], dir, simEnv(undefined, false));
    expect(dry.code).toBe(0);
    const e = JSON.parse(dry.stdout);
    expect(e.speeches).toBeGreaterThan(0);
    expect(e.calls).toBeGreaterThan(0);
    expect(e.cost).toBeGreaterThan(0);
    expect(snapshot(dir)).toEqual(before);

    const server = await startFakeProvider({ salt: 'study' });
    servers.push(server);
    const r = await sim(['persuasion', '--db', 'llm.db', '--agents', 'openai:gpt-4o-mini', '--samples', '1', ...FAST, '--json'], dir, simEnv(server.url));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.speeches).toBe(e.speeches);
    expect(out.llm.callsSent).toBe(server.received.length);
    expect(server.received.length).toBeGreaterThan(0);
    for (const req of server.received) expect(typeof req.body.seed).toBe('number');
    expect(out.rows.some((row: { metric: string }) => row.metric === 'vote-shift')).toBe(true);
    await server.close();

    const again = await sim(['persuasion', '--db', 'llm.db', '--agents', 'openai:gpt-4o-mini', '--samples', '1', '--json'], dir, simEnv(undefined, false));
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).rows).toEqual(out.rows);
  }, 180_000);
});
