// The dry run: an estimate of a run's tokens and cost with no network at all, close to
// what the games then really send.

import { describe, expect, it } from 'vitest';
import { estimateRun, estimateText } from '../../../agents/llm/estimate.js';
import { LlmStore } from '../../../runs/llm/store.js';
import { fakeProviders, must, play, runOf, seatingOf, setupOf, tempDir } from '../../helpers/llm.js';

const tmp = tempDir();
const serve = fakeProviders();

describe('--dry-run estimate', () => {
  it('scales with the number of games, prices each model, and needs no server', () => {
    const seating = seatingOf('openai:gpt-4o-mini', 'werewolves=anthropic:claude-haiku-4-5');
    const e = must(estimateRun({ setup: setupOf(), seating, games: 1000, seed: 'est', sampleGames: 5 }));
    expect(e.models.map((m) => m.spec)).toEqual(['openai:gpt-4o-mini', 'anthropic:claude-haiku-4-5']);
    for (const m of e.models) {
      expect(m.callsPerGame).toBeGreaterThan(5);
      expect(m.inputTokensPerGame / m.callsPerGame).toBeGreaterThan(500);
      expect(m.cost).toBeCloseTo(m.costPerGame! * 1000, 9);
      expect(m.maxCost!).toBeGreaterThan(m.cost!);
    }
    expect(e.cost).toBeCloseTo(e.models[0]!.cost! + e.models[1]!.cost!, 9);
    expect(estimateText(e)).toMatch(/Estimate for 1000 games .* not a quote/);
  });

  it('says when a model has no price', () => {
    const e = must(estimateRun({ setup: setupOf(), seating: seatingOf('compatible:mystery@https://example.invalid/v1'), games: 10, seed: 'est', sampleGames: 2 }));
    expect(e.cost).toBeNull();
    expect(e.unpriced).toEqual(['compatible:mystery@https://example.invalid/v1']);
    expect(estimateText(e)).toMatch(/no price for compatible:mystery/);
    const local = must(estimateRun({ setup: setupOf(), seating: seatingOf('ollama:qwen2.5:7b'), games: 10, seed: 'est', sampleGames: 2 }));
    expect(local.cost).toBe(0);
  });

  it('is within a third of the prompt tokens per call the games then really send', async () => {
    const server = await serve({ verbose: true });
    const seating = seatingOf('openai:gpt-4o-mini');
    const setup = setupOf();
    const e = must(estimateRun({ setup, seating, games: 4, seed: 'real', sampleGames: 4 }));
    const games = await play(setup, seating, runOf(seating, { store: must(LlmStore.open(tmp.file('est.db'))), url: server.url }), 4, 'real');
    let calls = 0;
    let input = 0;
    for (const g of games) if (g.status === 'finished') ((calls += g.usage.calls), (input += g.usage.inputTokens));
    const estimated = e.models[0]!.inputTokensPerGame / e.models[0]!.callsPerGame;
    const real = input / calls;
    expect(Math.abs(estimated - real) / real).toBeLessThan(1 / 3);
  });
});
