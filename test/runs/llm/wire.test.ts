// Whole games against local servers speaking OpenAI's and Anthropic's wire formats,
// through the real SDKs, for each answer format.

import { describe, expect, it } from 'vitest';
import { llmTranscript } from '../../../runs/llm/show.js';
import { LlmStore } from '../../../runs/llm/store.js';
import { fakeProviders, must, play, runOf, seatingOf, setupOf, tempDir } from '../../helpers/llm.js';

const tmp = tempDir();
const serve = fakeProviders();

describe('LLM agents over the wire', () => {
  for (const [kind, format] of [
    ['openai:gpt-4o-mini', 'schema'],
    ['openai:gpt-4o-mini,format=json', 'json'],
    ['anthropic:claude-haiku-4-5', 'schema'],
    ['anthropic:claude-haiku-4-5,format=text', 'text'],
  ] as const) {
    it(`plays whole games with every seat ${kind} (${format})`, async () => {
      const server = await serve();
      const seating = seatingOf(kind);
      const store = must(LlmStore.open(tmp.file(`${kind.replace(/[^a-z]/g, '')}-${format}.db`)));
      const llm = runOf(seating, { store, url: server.url });
      const games = await play(setupOf(), seating, llm, 2);
      for (const g of games) {
        expect(g.status).toBe('finished');
        if (g.status !== 'finished') continue;
        expect(g.played.invalid.every((n) => n === 0)).toBe(true);
        expect(g.played.fallbacks.every((n) => n === 0)).toBe(true);
        expect(g.usage.calls).toBe(g.played.decisions);
        expect(g.usage.inputTokens).toBeGreaterThan(0);
        // Speeches carry the model's words and claims; the pack's chat its words.
        const speeches = g.game.log.filter((e) => e.type === 'speech');
        expect(speeches.length).toBeGreaterThan(0);
        for (const s of speeches) if (s.type === 'speech') expect(s.text).toMatch(/here: I have my doubts/);
        expect(g.game.log.some((e) => e.type === 'pack-proposals' && e.proposals.some((p) => p.say !== undefined))).toBe(true);
      }
      expect(server.received.length).toBe(games.reduce((a, g) => a + (g.status === 'finished' ? g.usage.calls : 0), 0));
      expect(server.received.every((r) => r.wire === (kind.startsWith('openai') ? 'openai' : 'anthropic'))).toBe(true);
      // The exact request bodies: schema → response_format / forced tool; json → JSON mode; text → neither.
      const b = server.received[0]!.body;
      if (kind.startsWith('openai')) {
        expect((b.response_format as { type: string }).type).toBe(format === 'schema' ? 'json_schema' : 'json_object');
        expect(b.max_completion_tokens).toBe(1000);
      } else {
        expect(b.tool_choice === undefined).toBe(format !== 'schema');
        expect(b.max_tokens).toBe(1000);
      }
      const first = games[0]!;
      if (first.status === 'finished') {
        const text = llmTranscript(store, first.gameKey, first.game.log, { title: 'game 0' });
        expect(text).toMatch(/\[P\d private\] thinking as P\d/);
        expect(text).toMatch(/LLM seats:\n {2}P1 /);
      }
      llm.close();
      store.close();
    });
  }
});

describe('LLM agents on the variants', () => {
  it('play Harvest Festival and New Moon games legally, every new decision kind included', async () => {
    const server = await serve();
    const seating = seatingOf('openai:gpt-4o-mini');
    const store = must(LlmStore.open(tmp.file('variants.db')));
    const llm = runOf(seating, { store, url: server.url });
    const setup = setupOf({
      preset: 'classic',
      roles: 'werewolf=3,seer,witch,hunter,cupid,guard,thief,little-girl,elder,idiot,scapegoat,piper,villager=3',
      rules: ['harvestFestival=true', 'newMoon=all'],
    });
    const games = await play(setup, seating, llm, 6, 'variants', 6);
    const kinds = new Set<string>();
    for (const g of games) {
      expect(g.status).toBe('finished');
      if (g.status !== 'finished') continue;
      expect(g.played.invalid.every((n) => n === 0)).toBe(true);
      expect(g.played.fallbacks.every((n) => n === 0)).toBe(true);
    }
    const markers: Record<string, RegExp> = {
      steal: /swap your card with a player/,
      potion: /Give your single potion/,
      sacrifice: /neighbours dies instead/,
      vouch: /Bleak Monday: vouch/,
      punish: /Punishment: as the last dead/,
      'secret-lover': /a new, secret lover/,
      medium: /you are the medium/,
      defend: /is accused; he dies unless/,
      friends: /Great Distrust: name your/,
      pact: /Pact with the Devil: you are convicted/,
    };
    for (const r of server.received) {
      const body = JSON.stringify(r.body);
      for (const [kind, re] of Object.entries(markers)) if (re.test(body)) kinds.add(kind);
    }
    llm.close();
    store.close();
    expect(games.length).toBe(6);
    expect([...kinds].sort()).toEqual(Object.keys(markers).sort());
  });
});
