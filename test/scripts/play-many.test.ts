// Games recorded and replayed without their agents (scripts/lib/play-many.ts): the
// benchmarks' measure of what an agent's own work costs is the time of its games less the
// time of the same games replayed from their answers, which holds only if the replay plays
// the very same games.

import { describe, expect, test } from 'vitest';
import type { Answer } from '../../engine/index.js';
import { recordOne, replayOne, table, type RecordedGame } from '../../scripts/lib/play-many.js';

const tableOf = (req: Parameters<typeof table>[0], agents: string[]) => {
  const t = table(req, agents);
  if (!t.ok) throw new Error(t.error);
  return t.value;
};

describe('a recorded game replayed from its answers', () => {
  test.each([
    ['004 standard, 8 players, heuristic', { preset: 'standard', players: 8 }, ['heuristic']],
    ['001 classic, 12 players, heuristic', { preset: 'classic', players: 12 }, ['heuristic']],
    ['001 classic, 12 players, Harvest Festival + New Moon, random', { preset: 'classic', players: 12, rules: ['harvestFestival=true', 'newMoon=all'] }, ['random']],
    ['004 standard, 10 players, belief and heuristic', { preset: 'standard', players: 10 }, ['belief', 'heuristic']],
  ] as const)('%s: the same games, event for event', (_label, req, agents) => {
    const t = tableOf(req, [...agents]);
    for (let i = 5; i < 17; i++) {
      const recorded = recordOne(t, 'replay', i);
      expect(recorded.answers.length).toBeGreaterThanOrEqual(recorded.decisions);
      expect(replayOne(t, 'replay', i, recorded).log).toEqual(recorded.game.log);
    }
  });

  const t = tableOf({ preset: 'standard', players: 8 }, ['heuristic']);
  const tampered = (i: number, f: (answers: Answer[]) => void): RecordedGame => {
    const r = recordOne(t, 'replay', i);
    const answers = [...r.answers];
    f(answers);
    return { ...r, answers };
  };
  test.each([
    ['missing its last answer', 1, (a: Answer[]): void => void a.pop(), /game 1 asked for answers past its record \(\d+ asks unanswered\)/],
    ['with an answer to spare', 2, (a: Answer[]): void => void a.push(a[0]!), /game 2 replayed otherwise than it was played/],
    ['answered with another game’s answers', 0, (a: Answer[]): void => void a.splice(0, a.length, ...recordOne(t, 'replay', 1).answers), /game 0 (replayed otherwise|asked for answers past its record)/],
  ] as const)('a game %s is refused, not timed', (_label, i, f, message) => {
    expect(() => replayOne(t, 'replay', i, tampered(i, f))).toThrow(message);
  });
});
