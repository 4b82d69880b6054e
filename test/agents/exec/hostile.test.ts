// Hostile process agents (test/agents/exec/agents/hostile.py): whatever an agent does, the run
// completes, every game is stored, the fallbacks are charged to the agent's own seats
// (and nobody else's), its stderr goes to the run's log, and no process it ran — nor one
// it started — is left behind. Deadlines are short here (300 ms) to keep the suite fast.
//
// Mutations that fail these tests: not killing the process group on a failure (the deaf
// agent's `sleep` child survives: `leftBehind`), charging a forfeit as a wrong answer
// (invalid ≠ 0 for silent/exit/flood/deaf), dropping the line-length cap in process.ts
// (the flood test waits for a deadline instead and counts a timeout, not a flood),
// restarting without bound (the last test: five restarts, not two; with several games in
// flight the tests above see one restart, bound or not).

import { describe, expect, test } from 'vitest';
import { execRun, HOSTILE, leftBehind } from './helpers.js';

const GAMES = 6;
const SPEC = (mode: string) => `exec:python3 ${HOSTILE} ${mode}`;

describe.each([
  // mode, what the host counts, whether each refused answer is a wrong answer (asked again twice)
  // Lines that are not JSON answer nothing: the decision waits for its deadline.
  ['garbage', 'stray', false],
  ['noanswer', 'unreadable', true],
  ['illegal', null, true],
  ['silent', 'timeouts', false],
  ['exit', 'exits', false],
  ['flood', 'floods', false],
  ['deaf', 'timeouts', false],
] as const)('a process agent that is %s', (mode, counted, wrongAnswers) => {
  test('plays the werewolves of a whole run: every game stored, the fallbacks on its seats only, nothing left running', async () => {
    const r = await execRun({
      agents: ['heuristic', `werewolves=${SPEC(mode)}`],
      games: GAMES,
      host: { timeoutMs: 300, maxRestarts: 2, quitGraceMs: 200 },
    });
    expect(r.outcome.tally.games).toBe(GAMES);
    expect(r.stored).toBe(GAMES);
    for (let g = 0; g < GAMES; g++) {
      const seats = r.seats.filter((s) => s.game === g);
      const mine = seats.filter((s) => s.agent === SPEC(mode));
      expect(mine.length, `game ${g}: the werewolves are its seats`).toBe(seats.filter((s) => s.dealt === 'werewolf').length);
      expect(mine.length).toBeGreaterThan(0);
      // Every decision of its seats ends in the fallback (a pack's first round is everyone's first decision).
      for (const s of mine) expect(s.fallbacks, `game ${g} P${s.seat + 1}`).toBeGreaterThan(0);
      for (const s of mine) expect(s.invalid).toBe(wrongAnswers ? 3 * s.fallbacks : 0);
      for (const s of seats.filter((x) => x.agent !== SPEC(mode))) expect([s.invalid, s.fallbacks]).toEqual([0, 0]);
    }
    const c = r.counts[0]!;
    if (counted !== null) expect(c[counted]).toBeGreaterThan(0);
    expect(c.restarts).toBeLessThanOrEqual(2);
    expect(c.seats).toBe(r.seats.filter((s) => s.agent === SPEC(mode)).length);
    expect(c.fallbacks).toBe(r.seats.reduce((a, s) => a + (s.agent === SPEC(mode) ? s.fallbacks : 0), 0));
    // Its stderr is in the run's log.
    expect(r.log.some((l) => l.includes(`hostile agent (${mode}) starting`))).toBe(true);
    expect(await leftBehind(r.pids)).toEqual([]);
  });
});

// The restart bound: one game at a time, each finding its process gone, would start a new
// one for every game; with maxRestarts 2, two restarts are made and no more (the later
// games' werewolves play the fallback). Mutation: the bound lifted (host.ts `acquire`) and
// five restarts are made.
test('a process agent that exits is restarted at most maxRestarts times in a run', async () => {
  const r = await execRun({
    agents: ['heuristic', `werewolves=${SPEC('exit')}`],
    games: GAMES,
    concurrency: 1,
    host: { timeoutMs: 300, maxRestarts: 2, quitGraceMs: 200 },
  });
  expect(r.stored).toBe(GAMES);
  const c = r.counts[0]!;
  expect([c.started, c.restarts]).toEqual([3, 2]);
  expect(await leftBehind(r.pids)).toEqual([]);
});
