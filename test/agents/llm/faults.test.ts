// What the agent and the run do when the provider misbehaves: 429 with retry-after, 500,
// answers slower than the timeout, broken bodies, malformed JSON, illegal choices, wrong
// fields, a refused key, 408 and 409, a request that cannot be made. In every case every
// game asked for comes back (finished, or unfinished with the reason when the run must
// stop), and what went wrong is counted.

import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, Limiter, realClock } from '../../../agents/llm/limiter.js';
import { anthropicAdapter } from '../../../agents/llm/providers/anthropic.js';
import { openaiAdapter } from '../../../agents/llm/providers/openai.js';
import { anthropicSdk, openaiSdk } from '../../../agents/llm/providers/sdk.js';
import type { TransportError } from '../../../agents/llm/providers/types.js';
import { sendWithRetries } from '../../../agents/llm/transport.js';
import { failedByKind } from '../../../scripts/cli/llm-summary.js';
import { LlmStore } from '../../../runs/llm/store.js';
import type { GameRun } from '../../../runs/llm/runner.js';
import type { Fault, FakeOptions } from '../../helpers/fake-provider.js';
import { fakeProviders, must, play, runOf, seatingOf, setupOf, tempDir } from '../../helpers/llm.js';

const tmp = tempDir();
let dbs = 0;
const serve = fakeProviders();

const finished = (games: GameRun[]) => games.filter((g): g is Extract<GameRun, { status: 'finished' }> => g.status === 'finished');

async function scenario(opts: FakeOptions, spec = 'openai:gpt-4o-mini', games = 2, policy: Record<string, number> = {}) {
  const server = await serve(opts);
  const seating = seatingOf(spec);
  const store = must(LlmStore.open(tmp.file(`faults-${dbs++}.db`)));
  const waits: { ms: number; error: TransportError }[] = [];
  const llm = runOf(seating, {
    store,
    url: server.url,
    onWait: (_m, ms, error) => waits.push({ ms, error }),
    policy: { timeoutMs: 2_000, maxAttempts: 3, retryAfterCapMs: 50, backoffMs: 5, ...policy },
  });
  const out = await play(setupOf(), seating, llm, games);
  return { out, waits, store, llm, server };
}

describe('a provider that misbehaves', () => {
  it('429: waits retry-after up to the cap, then the same call goes through; nothing is charged to the seat', async () => {
    const { out, waits, store } = await scenario({ script: (r) => (r.n < 3 ? '429' : 'ok'), retryAfter: '30' });
    expect(out.every((g) => g.status === 'finished')).toBe(true);
    for (const g of finished(out)) expect(g.played.invalid.every((n) => n === 0)).toBe(true);
    // retry-after: 30 s, capped at 50 ms, three times.
    expect(waits.map((w) => [w.error.kind, w.ms])).toEqual([
      ['rate-limit', 50],
      ['rate-limit', 50],
      ['rate-limit', 50],
    ]);
    expect(store.counts().failed).toBe(0);
  });

  it('429: a retry-after under the cap is honoured as given', async () => {
    const { out, waits } = await scenario({ script: (r) => (r.n === 0 ? '429' : 'ok'), retryAfter: '0.02' }, 'openai:gpt-4o-mini', 1);
    expect(out[0]!.status).toBe('finished');
    expect(waits.map((w) => w.ms)).toEqual([20]);
  });

  it('500 once: retried after a backoff, the game goes on', async () => {
    const { out, waits, server: s } = await scenario({ script: (r) => (r.n === 1 ? '500' : 'ok') }, 'anthropic:claude-haiku-4-5');
    expect(out.every((g) => g.status === 'finished')).toBe(true);
    expect(waits.map((w) => [w.error.kind, w.ms])).toEqual([['server', 5]]);
    expect(s.received.length).toBe(finished(out).reduce((a, g) => a + g.usage.calls, 0) + 1);
  });

  it('500 for the werewolves every time: each call fails after its 3 attempts and is not asked again; the fallback is charged; the others play on', async () => {
    const { out, store, server: s, llm } = await scenario({ script: (r) => (/Your card: werewolf/.test(r.user) ? '500' : 'ok') });
    expect(out.length).toBe(2);
    expect(out.every((g) => g.status === 'finished')).toBe(true);
    let wolfFallbacks = 0;
    for (const g of finished(out)) {
      const wolves = g.game.state.seats.flatMap((seat, i) => (seat.dealt === 'werewolf' ? [i] : []));
      for (let seat = 0; seat < 8; seat++) {
        // A failed call is no wrong answer: nobody is charged an invalid one.
        expect(g.played.invalid[seat]).toBe(0);
        if (!wolves.includes(seat)) continue;
        expect(g.played.fallbacks[seat]).toBeGreaterThan(0);
        wolfFallbacks += g.played.fallbacks[seat]!;
        expect(store.usage(g.gameKey).find((u) => u.seat === seat)!.fallbacks).toBe(g.played.fallbacks[seat]);
      }
      // The decisions each model seat owed, fallbacks included: what tokens per decision divide by.
      for (const u of store.usage(g.gameKey)) expect(u.decisions).toBe(g.played.asked[u.seat]);
      const notes = store.notes(g.gameKey);
      expect(notes.some((n) => n.seat === wolves[0] && n.kind === 'failure' && /server error 500/.test(n.text))).toBe(true);
      const fallbacks = notes.filter((n) => n.seat === wolves[0] && n.kind === 'fallback');
      expect(fallbacks.length).toBe(g.played.fallbacks[wolves[0]!]);
      for (const f of fallbacks) expect(f.text).toMatch(/^played "[^"]+" for it: its call failed \(.*server error 500/);
    }
    // Each wolf decision: one call of 3 attempts (maxAttempts 3), no re-ask: 3 requests, not 3 × 3.
    expect(s.faults.filter((f) => f === '500').length).toBe(3 * wolfFallbacks);
    const m = llm.usage()[0]!;
    expect(m.requests).toBe(s.received.length);
    expect(m.failedRequests).toEqual({ server: 3 * wolfFallbacks });
    expect(store.counts().failed).toBe(wolfFallbacks);
  });

  it('requests counted are the requests the server received, under 429, 500 and timeouts; failed ones by kind', async () => {
    // Every 5th request a 429, every 7th a 500, every 11th of the first 20 slower than the
    // timeout (the attempt is abandoned, the server counted it; two are enough, and each
    // costs the timeout); a call that runs out of attempts is a fallback.
    const script = (r: { n: number }): Fault => (r.n % 5 === 1 ? '429' : r.n % 7 === 2 ? '500' : r.n % 11 === 3 && r.n < 20 ? 'slow' : 'ok');
    // The slow answer comes far later than the timeout, and the timeout is far longer than a
    // fast answer takes even on a loaded machine: each attempt's kind cannot depend on timing.
    const { out, server: s, llm } = await scenario({ script, slowMs: 20_000, retryAfter: '0' }, 'anthropic:claude-haiku-4-5', 2, { timeoutMs: 1_500 });
    expect(out.every((g) => g.status === 'finished')).toBe(true);
    const count = (f: Fault) => s.faults.filter((x) => x === f).length;
    expect(count('429')).toBeGreaterThan(3);
    expect(count('500')).toBeGreaterThan(3);
    expect(count('slow')).toBeGreaterThan(1);
    const m = llm.usage()[0]!;
    // Mutation: count calls instead of attempts in LlmRun.count and these differ by the retries.
    expect(m.requests).toBe(s.received.length);
    expect(m.requests).toBeGreaterThan(m.calls);
    expect(m.failedRequests).toEqual({ 'rate-limit': count('429'), server: count('500'), timeout: count('slow') });
    expect(m.calls).toBe(finished(out).reduce((a, g) => a + g.usage.calls, 0));
  });

  // 408 and 409 once counted as 5xx. Mutation: classify them as
  // 'server' again (agents/llm/providers/types.ts) and the kinds and the summary's columns differ.
  it.each(['openai:gpt-4o-mini', 'anthropic:claude-haiku-4-5'])('408 is a timeout, 409 a conflict (the summary\'s "other"), neither a 5xx; both tried again (%s)', async (spec) => {
    const { out, waits, llm, server: s } = await scenario({ script: (r) => (r.n === 0 ? '408' : r.n === 1 ? '409' : r.n === 2 ? '500' : 'ok') }, spec, 1, { maxAttempts: 4 });
    expect(out[0]!.status).toBe('finished');
    expect(waits.map((w) => w.error.kind)).toEqual(['timeout', 'conflict', 'server']);
    const m = llm.usage()[0]!;
    expect(m.requests).toBe(s.received.length);
    expect(m.failedRequests).toEqual({ timeout: 1, conflict: 1, server: 1 });
    expect(failedByKind(m.failedRequests)).toEqual({ '429': 0, '5xx': 1, timeout: 1, network: 0, other: 1 });
  });

  // A base URL the SDK cannot build a request from (OPENAI_BASE_URL=notaurl)
  // was retried and counted as 4 HTTP requests per call, none of them sent. Past the CLI's
  // check (models.ts refuses it up front), the transport still counts no request for it and
  // does not retry it. Mutation: count every attempt in sendWithRetries and this fails.
  it.each([
    ['openai', 'notaurl'],
    ['openai', 'http://[bad/v1'],
    ['anthropic', 'notaurl'],
  ])('%s at %s: the request cannot be made, so no HTTP request is counted and none is retried', async (provider, baseURL) => {
    const adapter =
      provider === 'openai'
        ? openaiAdapter('openai', () => new (openaiSdk().default)({ apiKey: 'test-key', baseURL, maxRetries: 0 }))
        : anthropicAdapter(() => new (anthropicSdk().default)({ apiKey: 'test-key', baseURL, maxRetries: 0 }));
    const body = adapter.body({ model: 'm', system: 's', user: 'u', schema: { type: 'object' }, format: 'text', maxTokens: 10, temperature: undefined, rejections: [] });
    const sent = await sendWithRetries({
      adapter,
      body,
      limiter: new Limiter(DEFAULT_LIMITS),
      estimatedTokens: 10,
      policy: { timeoutMs: 2_000, maxAttempts: 4, retryAfterCapMs: 10, backoffMs: 1 },
      clock: realClock,
      beforeFirstSend: () => {},
    });
    expect(sent.ok).toBe(false);
    if (!sent.ok) expect(sent.error).toMatchObject({ kind: 'unsent', message: expect.stringMatching(/the request could not be made, nothing was sent \(Invalid URL\)/) });
    expect(sent.attempts).toBe(0);
    expect(sent.failed).toEqual({});
  });

  // The timeout is a third of the slow answer's time, and far above a quick answer's even on
  // a loaded machine: at 300 ms, a quick answer in the full suite once timed out too.
  it('slower than the timeout: the attempt is abandoned and tried again', async () => {
    const { out, waits } = await scenario({ script: (r) => (r.n === 0 ? 'slow' : 'ok'), slowMs: 3_000 }, 'openai:gpt-4o-mini', 1, { timeoutMs: 1_000 });
    expect(out[0]!.status).toBe('finished');
    expect(waits.map((w) => w.error.kind)).toEqual(['timeout']);
    if (out[0]!.status === 'finished') expect(out[0]!.played.invalid.every((n) => n === 0)).toBe(true);
  });

  it('a body that is not JSON: a bad response, tried again', async () => {
    const { out, waits } = await scenario({ script: (r) => (r.n === 0 ? 'bad-body' : 'ok') }, 'openai:gpt-4o-mini', 1);
    expect(out[0]!.status).toBe('finished');
    expect(waits.map((w) => w.error.kind)).toEqual(['bad-response']);
  });

  for (const [fault, expected] of [
    ['malformed', /no JSON object in the reply|does not parse/],
    ['illegal', /"P99" is not (a legal choice|a player you may name)/],
    ['illegal-claim', /a suspect claim names another player by seat/],
    ['extra-field', /unexpected field 'confidence'/],
  ] as [Fault, RegExp][]) {
    for (const spec of ['openai:gpt-4o-mini', 'anthropic:claude-haiku-4-5']) {
      it(`${fault} (${spec.split(':')[0]}): asked again with the reason and its own answer; a seat that never learns gets the fallback`, async () => {
        // The werewolves always err (they live to speak on day 1: no night kills them in
        // this preset); every other seat errs on its first ask only.
        const { out, store, server: s } = await scenario({
          script: (r) => {
            const again = /rejected/i.test(r.last);
            return /Your card: werewolf/.test(r.user) || !again ? fault : 'ok';
          },
        }, spec, 1);
        expect(out.every((g) => g.status === 'finished')).toBe(true);
        const reasks = s.received.filter((r) => /rejected/i.test(r.last));
        expect(reasks.length).toBeGreaterThan(0);
        for (const r of reasks) expect(r.last).toMatch(expected);
        if (spec.startsWith('anthropic') && fault !== 'malformed') {
          // A rejected tool call is answered by an error tool_result, as the API requires.
          const msgs = reasks[0]!.body.messages as { role: string; content: { type: string; is_error?: boolean }[] }[];
          expect(msgs[1]!.content[0]!.type).toBe('tool_use');
          expect(msgs[2]!.content[0]).toMatchObject({ type: 'tool_result', is_error: true });
        }
        for (const g of finished(out)) {
          const wolves = g.game.state.seats.flatMap((seat, i) => (seat.dealt === 'werewolf' ? [i] : []));
          for (let seat = 0; seat < 8; seat++) {
            if (wolves.includes(seat)) expect(g.played.fallbacks[seat]).toBeGreaterThan(0);
            else expect(g.played.fallbacks[seat]).toBe(0);
          }
          const notes = store.notes(g.gameKey);
          expect(notes.some((n) => n.kind === 'invalid' && expected.test(n.text))).toBe(true);
          expect(notes.some((n) => n.seat === wolves[0] && n.kind === 'fallback')).toBe(true);
        }
      });
    }
  }

  it('401: the key is refused; the run stops, every game comes back unfinished with the reason', async () => {
    const { out, llm, store } = await scenario({ script: () => '401' }, 'openai:gpt-4o-mini', 3);
    expect(out.length).toBe(3);
    for (const g of out) {
      expect(g.status).toBe('unfinished');
      if (g.status === 'unfinished') expect(g.reason).toMatch(/refused the API key \(401\)/);
    }
    expect(llm.stopped()?.reason).toBe('fatal');
    // A configuration error is not recorded as the model's answer: fixed, the run asks again.
    expect(store.counts()).toEqual({ ok: 0, failed: 0 });
  });
});
