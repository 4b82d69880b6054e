// The limits hold: requests in flight per provider and model (the server counts them),
// requests per minute (a sliding window), tokens per minute.

import { describe, expect, it, vi } from 'vitest';
import { Limiter, realClock, type Clock } from '../../../agents/llm/limiter.js';
import { LlmStore } from '../../../runs/llm/store.js';
import { fakeProviders, must, play, runOf, seatingOf, setupOf, tempDir } from '../../helpers/llm.js';

const tmp = tempDir();
const serve = fakeProviders();

describe('rate limits', () => {
  it('never more requests in flight per model than its concurrency, and the limit is reached', async () => {
    const server = await serve({ delayMs: 15 });
    // Wolves on Anthropic (limit 1 from the spec), the village on OpenAI (run limit 3).
    const seating = seatingOf('openai:gpt-4o-mini', 'werewolves=anthropic:claude-haiku-4-5,concurrency=1');
    const store = must(LlmStore.open(tmp.file('limits.db')));
    const llm = runOf(seating, { store, url: server.url, limits: { concurrency: 3 } });
    const games = await play(setupOf(), seating, llm, 3, 'limits', 3);
    expect(games.every((g) => g.status === 'finished')).toBe(true);
    expect(server.maxInFlightBy.openai).toBe(3);
    expect(server.maxInFlightBy.anthropic).toBe(1);
    expect(llm.limiterStats().map((s) => [s.key.split('@')[0], s.maxInFlight]).sort()).toEqual([
      ['anthropic:claude-haiku-4-5', 1],
      ['openai:gpt-4o-mini', 3],
    ]);
  });

  it('requests per minute: no more than the cap start in any window, and the next as soon as one leaves it', async () => {
    // p-queue times its window with setTimeout and Date.now: both faked, so a busy machine
    // cannot shift a start and the schedule is exact.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 0 });
    try {
      const limiter = new Limiter({ concurrency: 10, rpm: 2, tpm: null }, realClock, 200);
      const starts: number[] = [];
      const all = Promise.all(Array.from({ length: 6 }, () => limiter.run(1, async () => starts.push(Date.now()), () => 1)));
      await vi.advanceTimersByTimeAsync(1_000);
      await all;
      expect(starts).toEqual([0, 0, 200, 200, 400, 400]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tokens per minute: a call waits until the last minute leaves room for it', async () => {
    let now = 0;
    const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
    const limiter = new Limiter({ concurrency: 1, rpm: null, tpm: 1000 }, clock);
    const sentAt: number[] = [];
    // Each reserves 400 and really uses 300: the third fits in the minute only after the corrections.
    for (let i = 0; i < 5; i++) await limiter.run(400, async () => sentAt.push(now), () => 300);
    expect(sentAt).toEqual([0, 0, 0, 60_000, 60_000]);
  });

  it('a 429 pauses every request of that model', async () => {
    let now = 0;
    const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
    const limiter = new Limiter({ concurrency: 4, rpm: null, tpm: null }, clock);
    limiter.pauseFor(5_000);
    const sentAt: number[] = [];
    await limiter.run(1, async () => sentAt.push(now), () => 1);
    expect(sentAt).toEqual([5_000]);
  });
});
