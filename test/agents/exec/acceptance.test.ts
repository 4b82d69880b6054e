// A whole run with an outside program: a Python agent (examples/agents/heuristic_bot.py) plays 1,000
// games as the werewolves against the heuristic village with no protocol error, and the
// same run twice — once with 16 games in flight on one process, once with 3 in flight on
// two — stores the same games, byte for byte. (Its speed beside the in-process agents is
// in `npm run bench`.) Fails if any answer is wrong, late or unreadable, any fallback is
// played, or a bot's randomness depends on which games share its process.

import { expect, test } from 'vitest';
import { protocolErrors } from '../../../agents/exec/host.js';
import { execRun, HEURISTIC_BOT, leftBehind } from './helpers.js';

test('a Python agent plays 1,000 games as the werewolves with no protocol error, and the same games twice', async () => {
  const agents = ['heuristic', `werewolves=exec:python3 ${HEURISTIC_BOT}`];
  const first = await execRun({ agents, games: 1000, seed: 'acceptance', concurrency: 16 });
  const second = await execRun({ agents, games: 1000, seed: 'acceptance', concurrency: 3, host: { processes: 2 } });
  for (const r of [first, second]) {
    expect(r.stored).toBe(1000);
    const c = r.counts[0]!;
    expect({ errors: protocolErrors(c), fallbacks: c.fallbacks, forfeits: c.forfeits, unreadable: c.unreadable }).toEqual({ errors: 0, fallbacks: 0, forfeits: 0, unreadable: 0 });
    expect(c.seats).toBe(r.seats.filter((s) => s.dealt === 'werewolf').length);
    expect(r.seats.every((s) => s.invalid === 0 && s.fallbacks === 0)).toBe(true);
  }
  expect(second.games).toBe(first.games);
  // The wolves win some and lose some: these are real games, not a degenerate loop.
  const wolves = first.outcome.tally.wins.werewolves;
  expect(wolves).toBeGreaterThan(50);
  expect(wolves).toBeLessThan(950);
  expect(await leftBehind([...first.pids, ...second.pids])).toEqual([]);
});
