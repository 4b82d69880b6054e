// `sim sprt` with a model against the fake providers on 127.0.0.1 (never the internet):
// a test stopped by --max-cost, continued by the same command with a larger budget,
// reaches the decision of an uninterrupted test at the same game, with the same games
// stored and the same requests sent in all — no call paid twice; and the leaderboard
// shows what the model's games cost.

import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, sim, storedContents, tempDir } from '../helpers/sim-cli.js';
import { fakeProviders, simEnv } from '../helpers/llm.js';

const dir = tempDir('sprt-llm');
afterAll(() => removeDir(dir));
const serve = fakeProviders();

const TEST = [
  'sprt',
  ...['--candidate', 'openai:gpt-4o-mini', '--baseline', 'heuristic', '--side', 'werewolves'],
  ...['--delta', '0.3', '--alpha', '0.2', '--beta', '0.2', '--max-games', '40', '--batch', '2', '--seed', 'sl'],
  ...['--llm-timeout', '5', '--llm-retry-after-cap', '0.05', '--llm-prices', 'dear.json', '--concurrency', '1', '--json'],
];
const DECISION = ['decision', 'games', 'llr', 'estimate', 'low', 'high'] as const;

describe('sim sprt with a model', () => {
  it('stopped by --max-cost, the same command with a larger budget reaches the same decision at the same game, no call paid twice', async () => {
    writeFileSync(join(dir, 'dear.json'), JSON.stringify({ 'openai:gpt-4o-mini': { input: 1000, output: 1000 } }));
    const ref = await serve();
    const whole = await sim([...TEST, '--db', 'whole.db'], dir, simEnv(ref.url));
    expect(whole.stderr).toBe('');
    expect(whole.code).toBe(0);
    const w = JSON.parse(whole.stdout);
    expect(w.decision).toMatch(/^H[01]$/);
    expect(w.llm.requests).toBe(ref.received.length);
    const total = ref.received.length;

    const s1 = await serve();
    const limit = Math.max(1, Math.round(w.llm.spent / 3));
    const first = await sim([...TEST, '--db', 'budget.db', '--max-cost', String(limit)], dir, simEnv(s1.url));
    expect(first.code).toBe(3);
    expect(first.stderr).toMatch(/^stopped by --max-cost: .* To go on, run the same sim sprt command again with a larger --max-cost\n$/);
    const f = JSON.parse(first.stdout);
    expect(f.decision).toBeNull();
    expect(f.llm.spent).toBeLessThanOrEqual(limit);

    const s2 = await serve();
    const done = await sim([...TEST, '--db', 'budget.db', '--max-cost', '1000000'], dir, simEnv(s2.url));
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    const d = JSON.parse(done.stdout);
    expect(Object.fromEntries(DECISION.map((k) => [k, d[k]]))).toEqual(Object.fromEntries(DECISION.map((k) => [k, w[k]])));
    expect(storedContents(join(dir, 'budget.db'))).toBe(storedContents(join(dir, 'whole.db')));
    expect(s1.received.length + s2.received.length).toBe(total);

    // The leaderboard of that file: the model's row carries the dollars its seats cost, as recorded.
    const board = await sim(['leaderboard', '--db', 'whole.db', '--json'], dir, simEnv(undefined, false));
    expect(board.stderr).toBe('');
    const rows = JSON.parse(board.stdout).rows as { entrant: string; dollars: number | null; games: number }[];
    const model = rows.find((r) => r.entrant === 'openai:gpt-4o-mini')!;
    expect(model.dollars).toBeCloseTo(w.llm.spent, 6);
    expect(rows.find((r) => r.entrant === 'heuristic')!.dollars).toBe(0);
    // Its cost and speed: calls and tokens from the record, latency from every answered call (the local server answers at once).
    const use = (JSON.parse(board.stdout).rows as { entrant: string; model?: Record<string, any> }[]).find((r) => r.entrant === 'openai:gpt-4o-mini')!.model!;
    expect(use.calls).toBeGreaterThan(0);
    expect(use.tokensPerCall).toBeGreaterThan(0);
    // Tokens per decision: the model's tokens over the decisions its seats owed, each game's as recorded.
    const record = new Database(join(dir, 'whole.db'), { readonly: true });
    const kept = record.prepare("SELECT sum(input_tokens + output_tokens) AS tokens, sum(decisions) AS decisions FROM llm_usage WHERE spec = 'openai:gpt-4o-mini'").get() as { tokens: number; decisions: number };
    record.close();
    expect(kept.decisions).toBeGreaterThan(0);
    expect(use.tokensPerDecision).toBeCloseTo(kept.tokens / kept.decisions, 6);
    expect(use.dollarsPerGame * use.games).toBeCloseTo(w.llm.spent, 6);
    expect(use.latency.median.n).toBe(use.latency.p95.n);
    expect(use.latency.median.n).toBeGreaterThan(0);
    expect(use.latency.median.low).toBeLessThanOrEqual(use.latency.median.value);
    expect(use.latency.p95.value).toBeGreaterThanOrEqual(use.latency.median.value);
    expect(rows.find((r) => r.entrant === 'heuristic')).not.toHaveProperty('model');
  });
});
