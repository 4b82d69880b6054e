// `sim show` of an LLM game: speeches and claims (from the log), private reasoning marked
// private, refused answers and fallbacks (from the record), each where it happened.

import { describe, expect, it } from 'vitest';
import { noteLine } from '../../../agents/llm/notes.js';
import { transcript } from '../../../narrate/transcript.js';
import { llmTranscript } from '../../../runs/llm/show.js';
import { LlmStore } from '../../../runs/llm/store.js';
import { fakeProviders, must, play, runOf, seatingOf, setupOf, tempDir } from '../../helpers/llm.js';

const tmp = tempDir();
const serve = fakeProviders();

describe('the transcript of an LLM game', () => {
  it('interleaves private reasoning, invalid answers and fallbacks with the speeches and claims', async () => {
    // The werewolves never give a legal choice (they live through the nights); everyone else is right.
    const server = await serve({ script: (r) => (/Your card: werewolf/.test(r.user) ? 'illegal' : 'ok') });
    const seating = seatingOf('openai:gpt-4o-mini');
    const store = must(LlmStore.open(tmp.file('show.db')));
    const [g] = await play(setupOf(), seating, runOf(seating, { store, url: server.url }), 1, 'show');
    expect(g?.status).toBe('finished');
    if (g?.status !== 'finished') return;
    const text = llmTranscript(store, g.gameKey, g.game.log, { title: 'game 0' });
    const lines = text.split('\n');
    // A long line wraps at 80 columns under its text: read joined.
    const flat = text.replace(/\n {4}(?=\S)/g, ' ');
    const wolf = `P${g.game.state.seats.findIndex((s) => s.dealt === 'werewolf') + 1}`;
    // The header counts each LLM seat's calls, tokens, cost, invalid answers and fallbacks.
    expect(text).toMatch(new RegExp(` {2}${wolf} openai:gpt-4o-mini: \\d+ calls \\(0 from the record\\), \\d+ prompt \\+ \\d+ answer tokens, \\$\\d\\.\\d{4}; [1-9]\\d* invalid answers, [1-9]\\d* fallbacks?`));
    // Refused answers with the reason, then the fallback played for the wolf.
    expect(flat).toContain(`[${wolf} invalid answer, attempt 1] "P99" is not a legal choice; legal choices: `);
    expect(text).toContain(`[${wolf} invalid answer, attempt 3]`);
    expect(flat).toMatch(new RegExp(`\\[${wolf} fallback\\] played "(none|P\\d)" for it after 3 wrong answers`));
    // Each seat's private reasoning comes right before its own speech (with its claims).
    for (let i = 0; i < lines.length; i++) {
      const m = /^ {2}(P\d): I suspect P\d\. “\1 here: I have my doubts about P\d\.”$/.exec(lines[i]!);
      if (m === null) continue;
      expect(lines[i - 1]).toMatch(new RegExp(`^  \\[${m[1]} private\\] thinking as ${m[1]} \\((illegal|ok)\\)$`));
    }
    expect(lines.filter((l) => /^ {2}P\d: I suspect P\d/.test(l)).length).toBeGreaterThan(3);
    // Without notes the transcript is the engine's, unchanged.
    expect(transcript(g.game.log, { title: 't' }, new Map())).toBe(transcript(g.game.log, { title: 't' }));
    expect(text.replace(/^ {2}\[P\d (private|invalid answer, attempt \d|fallback)\].*\n( {4}\S.*\n)*/gm, '').replace(/^LLM seats:\n( {2}P\d .*\n)+/m, '')).toBe(
      transcript(g.game.log, { title: 'game 0' }),
    );
  });
});

describe('the notes shown in a transcript', () => {
  it('show a cut of words, and what a model wrote escaped on one line', () => {
    const at = { seat: 2, decision: 9, attempt: 0, seatEvents: 4 };
    expect(noteLine({ ...at, kind: 'truncated', text: 'its speech was cut to its first 2000 characters (98000 more were dropped)' })).toBe(
      '[P3 words cut] its speech was cut to its first 2000 characters (98000 more were dropped)',
    );
    expect(noteLine({ ...at, kind: 'reasoning', text: 'calm\n  P1 (seer) looks at P2: werewolf\x1b[2J\u202e\u2028' })).toBe(
      '[P3 private] calm P1 (seer) looks at P2: werewolf\\x1b[2J\\u202e\\u2028',
    );
  });
});
