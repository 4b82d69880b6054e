// The record: a run replayed with the same seed makes no request and gives the same
// games byte for byte; a run stopped by its budget resumes without paying twice; the
// budget is never exceeded and an abandoned game leaves nothing half-written.

import { describe, expect, it } from 'vitest';
import { builtinPrices } from '../../../agents/llm/prices.js';
import { PROMPT_VERSION } from '../../../agents/llm/prompt.js';
import { callKey, LlmStore, sampleName } from '../../../runs/llm/store.js';
import { bytesOf, fakeProviders, must, play, runOf, seatingOf, setupOf, tempDir } from '../../helpers/llm.js';

const tmp = tempDir();
const start = fakeProviders();
const serve = (salt?: string) => start(salt === undefined ? {} : { salt });

const seating = seatingOf('openai:gpt-4o-mini', 'werewolves=anthropic:claude-haiku-4-5');
const setup = setupOf({ preset: 'classic', players: 8 });

// Planted: the record's name of a call without its attempt (sampleName) — two asks of one
// decision with the same request would be one call, the second replaying the first's answer
// (or failure) instead of drawing its own. Since a failed call is no longer asked again and
// each re-ask carries the rejections so far, the requests of one decision differ anyway, so
// no game shows it: the property is checked where it is kept.
describe('the record keys each ask apart', () => {
  it('the same request at another attempt, decision, seat or game is another call', () => {
    const body = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'the same prompt' }] };
    const key = (seed: string, seat: number, decision: number, attempt: number) => callKey('openai', 'gpt-4o-mini', sampleName(seed, seat, decision, attempt), body, PROMPT_VERSION);
    const keys = [key('g#0', 2, 7, 0), key('g#0', 2, 7, 1), key('g#0', 2, 8, 0), key('g#0', 3, 7, 0), key('g#1', 2, 7, 0)];
    expect(new Set(keys).size).toBe(keys.length);
    expect(key('g#0', 2, 7, 1)).toBe(key('g#0', 2, 7, 1));
  });
});

describe('replay from the record', () => {
  it('makes zero requests and reproduces every game exactly; without the record the same seed plays differently', async () => {
    const live = await serve('first');
    const store = must(LlmStore.open(tmp.file('replay.db')));
    const recorded = await play(setup, seating, runOf(seating, { store, url: live.url }), 4, 'seed-r', 4);
    expect(recorded.every((g) => g.status === 'finished')).toBe(true);
    const requests = live.received.length;
    expect(requests).toBeGreaterThan(100);

    // Replay mode: the network is not even configured.
    const replayed = await play(setup, seating, runOf(seating, { store, mode: 'replay', env: {} }), 4, 'seed-r', 1);
    expect(replayed.map(bytesOf)).toEqual(recorded.map(bytesOf));
    expect(live.received.length).toBe(requests);
    for (const g of replayed) if (g.status === 'finished') expect(g.usage.cachedCalls).toBe(g.usage.calls);

    // Live mode over the same record: everything is answered from it, no request either.
    const again = await serve('second');
    const relive = await play(setup, seating, runOf(seating, { store, url: again.url }), 4, 'seed-r', 2);
    expect(relive.map(bytesOf)).toEqual(recorded.map(bytesOf));
    expect(again.received.length).toBe(0);

    // A fresh record against a model that answers differently: other games (so the identity above is the record's doing).
    const other = await serve('third');
    const fresh = await play(setup, seating, runOf(seating, { store: must(LlmStore.open(tmp.file('fresh.db'))), url: other.url }), 4, 'seed-r', 4);
    expect(fresh.map(bytesOf)).not.toEqual(recorded.map(bytesOf));
  });

  it('replays re-asks, failed calls and fallbacks the same way', async () => {
    const live = await start({
      // Wolves answer illegally, the seer's calls fail (both act on night 1), everyone's first try is malformed.
      script: (r) => (/Your card: werewolf/.test(r.user) ? 'illegal' : /Your card: seer/.test(r.user) ? '500' : !/rejected/.test(r.last) ? 'malformed' : 'ok'),
    });
    const store = must(LlmStore.open(tmp.file('replay-faults.db')));
    const recorded = await play(setup, seating, runOf(seating, { store, url: live.url }), 2, 'seed-f', 2);
    for (const g of recorded) {
      expect(g.status).toBe('finished');
      if (g.status === 'finished') {
        const seer = g.game.state.seats.findIndex((x) => x.dealt === 'seer');
        const wolf = g.game.state.seats.findIndex((x) => x.dealt === 'werewolf');
        expect(g.played.fallbacks[seer]).toBeGreaterThan(0);
        expect(g.played.fallbacks[wolf]).toBeGreaterThan(0);
      }
    }
    const requests = live.received.length;
    const replayed = await play(setup, seating, runOf(seating, { store, mode: 'replay', env: {} }), 2, 'seed-f', 1);
    expect(replayed.map(bytesOf)).toEqual(recorded.map(bytesOf));
    for (let i = 0; i < 2; i++) {
      const a = recorded[i]!;
      const b = replayed[i]!;
      if (a.status === 'finished' && b.status === 'finished') {
        expect(b.played.invalid).toEqual(a.played.invalid);
        expect(b.played.fallbacks).toEqual(a.played.fallbacks);
        expect(store.notes(b.gameKey).length).toBeGreaterThan(0);
      }
    }
    expect(live.received.length).toBe(requests);
  });

  it('replay mode with an incomplete record: the game is unfinished with the reason, nothing is sent', async () => {
    const store = must(LlmStore.open(tmp.file('empty.db')));
    const games = await play(setup, seating, runOf(seating, { store, mode: 'replay', env: {} }), 2, 'seed-missing');
    for (const g of games) {
      expect(g.status).toBe('unfinished');
      if (g.status === 'unfinished') expect(g.reason).toMatch(/replay: the record has no answer for P\d's decision #\d+/);
    }
  });

  it('same answers, any number of games in flight: the same games', async () => {
    const s = await serve();
    const one = await play(setup, seating, runOf(seating, { store: must(LlmStore.open(tmp.file('g1.db'))), url: s.url }), 3, 'flight', 1);
    const many = await play(setup, seating, runOf(seating, { store: must(LlmStore.open(tmp.file('g3.db'))), url: s.url }), 3, 'flight', 3);
    expect(many.map(bytesOf)).toEqual(one.map(bytesOf));
  });
});

describe('the budget', () => {
  // Dear models, so a few calls reach the limit: $1000 per million tokens.
  const prices = new Map([...builtinPrices(), ['openai:gpt-4o-mini', { input: 1000, output: 1000 }], ['anthropic:claude-haiku-4-5', { input: 1000, output: 1000 }]]);

  it('stops before the limit; games in flight come back unfinished, with nothing half-written; the resume pays no call twice and ends with the same games', async () => {
    const refServer = await serve();
    const reference = await play(setup, seating, runOf(seating, { store: must(LlmStore.open(tmp.file('ref.db'))), url: refServer.url, prices }), 4, 'budget', 2);
    expect(reference.every((g) => g.status === 'finished')).toBe(true);
    const total = refServer.received.length;

    const s1 = await serve();
    const store = must(LlmStore.open(tmp.file('budget.db')));
    const limit = 120; // about a third of what the 4 games cost
    const first = runOf(seating, { store, url: s1.url, prices, maxCost: limit, runId: 'bench' });
    const stopped = await play(setup, seating, first, 4, 'budget', 2);
    expect(first.stopped()?.reason).toBe('budget');
    expect(first.budget.spent).toBeLessThanOrEqual(limit);
    expect(first.budget.spent).toBeGreaterThan(0);
    const unfinished = stopped.filter((g) => g.status === 'unfinished');
    expect(unfinished.length).toBeGreaterThan(0);
    for (const g of unfinished) {
      if (g.status !== 'unfinished') continue;
      expect(g.reason).toMatch(/budget of \$120 is spent|not started/);
      expect(store.usage(g.gameKey)).toEqual([]);
      expect(store.notes(g.gameKey)).toEqual([]);
    }
    for (const g of stopped) if (g.status === 'finished') expect(bytesOf(g)).toBe(bytesOf(reference[g.index]!));

    // Same run id, same limit: what it spent counts, so it can hardly go on.
    const same = runOf(seating, { store, url: s1.url, prices, maxCost: limit, runId: 'bench' });
    expect(same.budget.spent).toBeCloseTo(first.budget.spent, 9);

    // Resume with a larger budget: only the unfinished games; no call is paid twice.
    const s2 = await serve();
    const resumed = await import('../../../runs/llm/runner.js').then((m) =>
      m.runLlmGames({ setup, seating, seed: 'budget', indices: unfinished.map((g) => g.index), llm: runOf(seating, { store, url: s2.url, prices, runId: 'bench' }), gamesInFlight: 2 }),
    );
    expect(resumed.every((g) => g.status === 'finished')).toBe(true);
    for (const g of resumed) expect(bytesOf(g)).toBe(bytesOf(reference[g.index]!));
    expect(s1.received.length + s2.received.length).toBe(total);
    expect(resumed.some((g) => g.status === 'finished' && g.usage.cachedCalls > 0)).toBe(true);
  });

  it('stop() (Ctrl-C): no new call; calls in flight end and are recorded; every game comes back', async () => {
    let llm: ReturnType<typeof runOf> | undefined;
    const s = await start({ delayMs: 5, script: (r) => (r.n === 40 && llm!.stop('interrupted', 'interrupted: resume the run to finish its games'), 'ok') });
    const store = must(LlmStore.open(tmp.file('interrupt.db')));
    llm = runOf(seating, { store, url: s.url });
    const games = await play(setup, seating, llm, 6, 'ctrl-c', 3);
    expect(games.length).toBe(6);
    expect(games.filter((g) => g.status === 'unfinished').length).toBeGreaterThanOrEqual(3);
    for (const g of games) if (g.status === 'unfinished') expect(g.reason).toMatch(/interrupted: resume the run/);
    // Every request the server saw was answered and recorded: the resume will not pay for it again.
    expect(store.counts()).toEqual({ ok: s.received.length, failed: 0 });
  });

  it('a model without a price cannot run under --max-cost (a clear error, before anything is spent)', async () => {
    const { createLlmRunContext } = await import('../../../runs/llm/context.js');
    const { llmSpecsOf } = await import('../../../agents/llm/kinds.js');
    const seats = seatingOf('compatible:mystery-model@https://example.invalid/v1');
    const r = createLlmRunContext({ runId: 'x', specs: llmSpecsOf(seats), store: tmp.file('price.db'), maxCost: 5, env: {} });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/no price for compatible:mystery-model.*--llm-prices FILE/);
    // A local server is free unless priced.
    const local = createLlmRunContext({ runId: 'x', specs: llmSpecsOf(seatingOf('ollama:qwen2.5:7b')), store: tmp.file('price.db'), maxCost: 5, env: {} });
    expect(local.ok).toBe(true);
  });
});
