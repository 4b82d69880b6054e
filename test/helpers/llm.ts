// Shared set-up of the LLM tests: a temporary record, a seating, a run against a fake provider.

import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, afterEach } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { parseSeating, type Seating } from '../../agents/registry.js';
import { resolveSetup, type GameSetup } from '../../engine/index.js';
import { createLlmRunContext, type LlmRun, type LlmRunOptions } from '../../runs/llm/context.js';
import { runLlmGames, type GameRun } from '../../runs/llm/runner.js';
import { startFakeProvider, type FakeOptions, type FakeProvider } from './fake-provider.js';

/** Starts fake providers for a test file; each is closed after its test. */
export function fakeProviders(): (opts?: FakeOptions) => Promise<FakeProvider> {
  const open: FakeProvider[] = [];
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  return async (opts = {}) => {
    const s = await startFakeProvider(opts);
    open.push(s);
    return s;
  };
}

/** The environment of a `sim` that talks to the fake provider at `url` only (the host's keys are never passed on). */
export function simEnv(url: string | undefined, keys = true): Record<string, string | undefined> {
  return {
    OPENAI_API_KEY: keys ? 'test-key' : undefined,
    ANTHROPIC_API_KEY: keys ? 'test-key' : undefined,
    OPENAI_BASE_URL: url === undefined ? undefined : `${url}/v1`,
    ANTHROPIC_BASE_URL: url,
    COMPATIBLE_BASE_URL: undefined,
    COMPATIBLE_API_KEY: undefined,
  };
}

export function must<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(String(r.error));
  return r.value;
}

export function setupOf(req: Parameters<typeof resolveSetup>[0] = { preset: 'standard', players: 8 }): GameSetup {
  return must(resolveSetup(req));
}

export function seatingOf(...values: string[]): Seating {
  return must(parseSeating(values));
}

/** A temporary directory for a test file, removed after its tests. */
export function tempDir(): { dir: string; file: (name: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'llm-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return { dir, file: (name) => join(dir, name) };
}

/** Test policy: short timeouts and waits. */
export const FAST = { timeoutMs: 2_000, maxAttempts: 3, retryAfterCapMs: 50, backoffMs: 5 };

export function runOf(seating: Seating, o: Partial<LlmRunOptions> & { store: LlmRunOptions['store']; url?: string }): LlmRun {
  const env = { OPENAI_API_KEY: 'test-key', ANTHROPIC_API_KEY: 'test-key', OPENAI_BASE_URL: o.url === undefined ? undefined : `${o.url}/v1`, ANTHROPIC_BASE_URL: o.url };
  return must(
    createLlmRunContext({
      runId: 'test-run',
      specs: llmSpecsOf(seating),
      policy: FAST,
      env,
      ...o,
    }),
  );
}

export async function play(setup: GameSetup, seating: Seating, llm: LlmRun, games: number, seed = 'llm', gamesInFlight = 4): Promise<GameRun[]> {
  return runLlmGames({ setup, seating, seed, indices: Array.from({ length: games }, (_, i) => i), llm, gamesInFlight });
}

/** A finished game's bytes: its log and outcome, as JSON. */
export function bytesOf(r: GameRun): string {
  if (r.status !== 'finished') return `unfinished: ${r.reason}`;
  return JSON.stringify({ log: r.game.log, outcome: r.played.outcome });
}
