// Games recorded and replayed without their agents (scripts/lib/play-many.ts): the
// benchmarks' measure of what an agent's own work costs is the time of its games less the
// time of the same games replayed from their answers, which holds only if the replay plays
// the very same games. And the split of the agents' time by decision kind, on a clock
// that counts its reads, so every call costs the same.

import { describe, expect, test } from 'vitest';
import type { Answer } from '../../engine/index.js';
import { decisionCosts, recordOne, replayOne, table, type RecordedGame } from '../../scripts/lib/play-many.js';

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

describe("the agents' time by decision kind", () => {
  const t = tableOf({ preset: 'standard', players: 8 }, ['heuristic']);
  // A clock that moves one µs at each read: a call between two reads costs 1 µs.
  const counter = () => {
    let now = 0;
    return () => ++now;
  };
  const games = 20;
  const asked = new Map<string, number>();
  for (let i = 0; i < games; i++) for (const a of recordOne(t, 'by kind', i).answers) asked.set(a.kind, (asked.get(a.kind) ?? 0) + 1);

  test('counts each decision the games asked once, by its kind, most costly first', () => {
    const rows = decisionCosts(t, 'by kind', games, { clock: counter(), reads: 0 });
    const byKind = new Map<string, number>();
    for (const r of rows) {
      expect(r.perCall).toBe(1);
      byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + r.callsPerGame * games);
    }
    expect(new Map([...byKind].map(([k, n]) => [k, Math.round(n)]))).toEqual(asked);
    expect(rows.map((r) => r.perGame)).toEqual(rows.map((r) => r.perGame).sort((a, b) => b - a));
  });

  test("files each call under the team of the deciding seat's card", () => {
    const rows = decisionCosts(t, 'by kind', games, { clock: counter(), reads: 0 });
    expect(rows.filter((r) => r.kind === 'pack').map((r) => r.team)).toEqual(['werewolves']);
    expect(rows.filter((r) => r.kind === 'seer').map((r) => r.team)).toEqual(['village']);
    expect(new Set(rows.filter((r) => r.kind === 'vote').map((r) => r.team))).toEqual(new Set(['village', 'werewolves']));
  });

  test('takes off the two clock reads around each call, measured on the clock itself', () => {
    for (const r of decisionCosts(t, 'by kind', 5, { clock: counter() })) expect(r.perCall).toBe(0);
  });
});
