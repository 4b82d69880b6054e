// A model's stated beliefs (the optional `beliefs` field of its day-vote answer) reach
// the behaviour metrics, through both providers' wire formats, against the tests' local
// stand-in for the APIs: scored against the truth beside the ideal observer; a model that
// states none is scored on nothing and charged nothing.

import { describe, expect, it } from 'vitest';
import { LlmStore } from '../../runs/llm/store.js';
import { C } from '../../metrics/counters.js';
import { tallyGame } from '../../metrics/tally.js';
import { fakeProviders, must, play, runOf, seatingOf, setupOf, tempDir } from '../helpers/llm.js';

const tmp = tempDir();
const start = fakeProviders();
const setup = setupOf({ preset: 'standard', players: 8 });

describe("a model's beliefs at its votes", () => {
  it.each([
    ['openai:gpt-4o-mini', true],
    ['anthropic:claude-haiku-4-5', true],
    ['openai:gpt-4o-mini', false],
  ] as const)('%s, stating beliefs: %s', async (model, beliefs) => {
    const provider = await start({ beliefs });
    const seating = seatingOf('random', `village=${model}`);
    const store = must(LlmStore.open(tmp.file(`${model.replace(/\W/g, '-')}-${beliefs}.db`)));
    const games = await play(setup, seating, runOf(seating, { store, url: provider.url }), 3, 'beliefs');
    let pairs = 0;
    for (const g of games) {
      if (g.status !== 'finished') throw new Error(g.reason);
      const t = tallyGame({ setup, log: g.game.log, trace: g.trace, invalid: g.played.invalid, fallbacks: g.played.fallbacks });
      g.specs.forEach((spec, s) => {
        const c = t.seats[s]!;
        if (spec === 'random') expect(c[C.beliefPairs]).toBe(0);
        else {
          pairs += c[C.beliefPairs]!;
          expect(c[C.invalid]).toBe(0);
          // 0.75 or 0.25 against the truth: each pair's squared error is one of four values.
          if (c[C.beliefPairs]! > 0) expect(c[C.beliefSq]! / c[C.beliefPairs]!).toBeLessThanOrEqual(0.75 ** 2);
        }
      });
    }
    if (beliefs) expect(pairs).toBeGreaterThan(10);
    else expect(pairs).toBe(0);
  });
});
