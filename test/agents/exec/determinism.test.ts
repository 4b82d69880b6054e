// A misbehaving process agent cannot make the same run give different games. A reply goes
// to the request whose `id` it names, and only to it: a line that answers nothing (a
// duplicate, a line that is not JSON) is a stray line — counted, once, in the run's
// protocol errors — and changes no game, however the pipe's timing falls (docs/protocol.md
// "What is deterministic").
//
// Mutation that fails these tests: giving a line whose id is not waiting to the oldest
// waiting request (as its wrong answer) in process.ts `onLine` — the duplicates then land
// on requests of other games or not depending on what is written when they arrive, and
// two identical runs differ (4 different results were seen in 4 runs of 40 games).

import { describe, expect, test } from 'vitest';
import { HOSTILE, execRun } from './helpers.js';

const SPEC = (mode: string) => `exec:python3 ${HOSTILE} ${mode}`;
const run = (mode: string) =>
  execRun({ agents: ['heuristic', `werewolves=${SPEC(mode)}`], games: 24, concurrency: 8, host: { timeoutMs: 5000, quitGraceMs: 200 } });

describe('determinism with a process agent that writes lines answering nothing', () => {
  test('the same run twice gives the same games when the bot writes every reply twice: those of its well-behaved twin', async () => {
    const [a, b, plain] = [await run('dup'), await run('dup'), await run('plain')];
    expect(a.games, 'first run vs second run').toBe(b.games);
    expect(a.games, 'the duplicate lines changed the games (or their counts of wrong answers)').toBe(plain.games);
    expect(plain.seats.every((s) => s.invalid === 0 && s.fallbacks === 0)).toBe(true);
    // Each duplicate is one protocol error, whenever it is read; nothing else is.
    for (const r of [a, b]) {
      const c = r.counts[0]!;
      expect({ stray: c.stray, invalid: c.invalid, unreadable: c.unreadable, timeouts: c.timeouts, exits: c.exits, fallbacks: c.fallbacks }).toEqual({
        stray: c.asked,
        invalid: 0,
        unreadable: 0,
        timeouts: 0,
        exits: 0,
        fallbacks: 0,
      });
      expect(r.log.some((l) => /protocol error: a line that answers no request \(no request with "id" \d+ is waiting/.test(l))).toBe(true);
    }
    expect(plain.counts[0]!.stray).toBe(0);
  }, 60_000);

  test('a bot that writes a line that is not JSON before every reply plays the games of its twin', async () => {
    const [chatty, plain] = [await run('chatty'), await run('plain')];
    expect(chatty.games).toBe(plain.games);
    const c = chatty.counts[0]!;
    expect([c.stray, c.invalid, c.timeouts]).toEqual([c.asked, 0, 0]);
    expect(chatty.log.some((l) => l.includes('a line that answers no request (not JSON): "thinking about it"'))).toBe(true);
  }, 60_000);
});
