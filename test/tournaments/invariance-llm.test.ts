// `sim invariance` with a model among the entrants, against the fake providers on
// 127.0.0.1: every arm is played (the model's pairings through one LLM session whose calls
// are recorded), the same command again replays them from the record without a request,
// and the arm "as dealt" is exactly a tournament's games: the tournament of the same
// entrants, seed and games, played afterwards into the same file, sends no request.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';
import { fakeProviders, simEnv } from '../helpers/llm.js';
import type { FakeProvider } from '../helpers/fake-provider.js';

const dir = tempDir('invariance-llm');
afterAll(() => removeDir(dir));
const serve = fakeProviders();
const MODEL = 'openai:gpt-4o-mini';
const ARGS = ['invariance', '--agents', MODEL, '--agents', 'random', '--games', '2', '--seed', 'iv', '--control', 'seats', '--llm-timeout', '5'];

interface Json {
  rows: { control: string; entrant: string; shift: number; low: number; high: number }[];
  llm: { models: { spec: string; calls: number; cachedCalls: number }[]; unfinished: number };
}

/** A study of the model against random under one control, against a fresh stand-in; the stand-in, to read what it was asked. */
async function studyUnder(serve: () => Promise<FakeProvider>, control: string, games: number, seed: string): Promise<FakeProvider> {
  const s = await serve();
  const r = await sim(['invariance', '--agents', MODEL, '--agents', 'random', '--games', String(games), '--seed', seed, '--control', control, '--llm-timeout', '5', '--db', join(dir, `${control}.db`), '--json'], dir, simEnv(s.url));
  expect(r.code, r.stderr).toBe(0);
  expect((JSON.parse(r.stdout) as Json).rows.map((x) => x.control)).toEqual([control, control]);
  return s;
}

describe('sim invariance with a model', () => {
  it('plays every arm, replays them from the record, and its games as dealt are a tournament\'s', async () => {
    const s = await serve();
    const db = join(dir, 'inv.db');
    const first = await sim([...ARGS, '--db', db, '--json'], dir, simEnv(s.url));
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const j = JSON.parse(first.stdout) as Json;
    expect(j.rows.map((r) => [r.control, r.entrant])).toEqual([
      ['seats', MODEL],
      ['seats', 'random'],
    ]);
    for (const r of j.rows) expect(r.low).toBeLessThanOrEqual(r.high);
    expect(j.llm.unfinished).toBe(0);
    const sent = s.received.length;
    expect(sent).toBeGreaterThan(0);
    expect(j.llm.models[0]!.calls - j.llm.models[0]!.cachedCalls).toBe(sent);

    // Again: every call answered from the record, the same figures.
    const again = await sim([...ARGS, '--db', db, '--json'], dir, simEnv(s.url));
    expect(again.code, again.stderr).toBe(0);
    expect(s.received.length).toBe(sent);
    expect((JSON.parse(again.stdout) as Json).rows).toEqual(j.rows);

    // The tournament of the same entrants, seed and games asks the same questions as the arm as dealt: all recorded.
    const t = await sim(['tournament', '--agents', MODEL, '--agents', 'random', '--games', '2', '--seed', 'iv', '--llm-timeout', '5', '--db', db, '--json'], dir, simEnv(s.url));
    expect(t.code, t.stderr).toBe(0);
    expect(s.received.length).toBe(sent);

    const text = await sim([...ARGS, '--db', db], dir, simEnv(s.url));
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^seats: /m);
    expect(text.stdout).toMatch(/record {6}.*inv\.db/);
    for (const line of text.stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
  }, 120_000);

  it('lists a model\'s choices in another order under the choices control: its prompts differ from the dealt arm\'s only there', async () => {
    const s = await studyUnder(serve, 'choices', 2, 'ch');
    // The first question of each game's first seat is asked in both arms with the same log: the two prompts differ in the choices line alone.
    const byStart = new Map<string, string[]>();
    for (const q of s.received) {
      const at = q.user.indexOf('\n# Now');
      if (at < 0) continue;
      const key = q.user.slice(0, at);
      byStart.set(key, [...(byStart.get(key) ?? []), q.user.slice(at)]);
    }
    let compared = 0;
    for (const tails of byStart.values()) {
      const distinct = [...new Set(tails)];
      if (distinct.length < 2) continue;
      const [a, b] = distinct.map((t) => t.split('\n'));
      expect(b!.length).toBe(a!.length);
      for (const [i, line] of a!.entries()) if (line !== b![i]) expect(line).toMatch(/^(Legal choices|Players you may name)/);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  }, 120_000);

  it('asks a model in the prompt\'s second wording under the wording control, and in the first as dealt', async () => {
    const s = await studyUnder(serve, 'wording', 2, 'wd');
    const alt = s.received.filter((q) => q.user.startsWith('# About you\n')).length;
    const plain = s.received.filter((q) => q.user.startsWith('# You\n')).length;
    expect(alt).toBeGreaterThan(0);
    expect(plain).toBeGreaterThan(0);
    expect(alt + plain).toBe(s.received.length);
  }, 120_000);

  it('asks a model with names for the players under the names control, and with P1..Pn as dealt', async () => {
    const s = await studyUnder(serve, 'names', 2, 'nm');
    const named = s.received.filter((q) => /^You are (?!P\d)[A-Z][a-z]+\./m.test(q.user));
    const labelled = s.received.filter((q) => /^You are P\d+\./m.test(q.user));
    expect(named.length).toBeGreaterThan(0);
    expect(labelled.length).toBeGreaterThan(0);
    expect(named.length + labelled.length).toBe(s.received.length);
    // A named prompt holds no seat label (8 players: P1..P8).
    for (const q of named) expect(q.user).not.toMatch(/\bP[1-8]\b/);
  }, 120_000);

  it.each([
    [['--agents', 'heuristic', '--agents', MODEL], /an entrant is a model: give --games N/],
    [['--agents', 'heuristic', '--agents', MODEL, '--games', '4', '--no-db'], /--no-db: a model's calls are recorded in a file/],
    [['--agents', 'heuristic', '--agents', 'random', '--max-cost', '1'], /--max-cost/],
  ])('refuses %j with what to do, sending nothing', async (args, message) => {
    const s = await serve();
    const r = await sim(['invariance', ...args], dir, simEnv(s.url));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(s.received.length).toBe(0);
  });
});
