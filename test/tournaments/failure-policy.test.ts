// Failure policies (tournaments/failure-policy.ts): what a game in which an agent fell
// back counts for. The rule per game by table; then a tournament with a process agent that
// fails one decision in five, re-rated under each policy, every count checked against the
// stored seats read independently through the `seats` view.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, SIDES, teamOf } from '../../engine/index.js';
import { setupFromJson } from '../../runs/run-config.js';
import { Store } from '../../runs/storage.js';
import { FAILURE_POLICIES, winnerUnder, type FailurePolicy } from '../../tournaments/failure-policy.js';
import { leaderboard, sidesOf, type Board } from '../../tournaments/leaderboard.js';
import { leaderboardTable } from '../../reports/leaderboard-table.js';
import { HOSTILE } from '../agents/exec/helpers.js';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';

const V = SIDES.indexOf('village');
const W = SIDES.indexOf('werewolves');
const L = SIDES.indexOf('lovers');

describe('a game under each policy', () => {
  it.each<[FailurePolicy, number, boolean, boolean, number | null]>([
    ['keep', V, true, false, V],
    ['keep', W, true, true, W],
    ['exclude', V, false, true, V],
    ['void', V, false, false, V],
    ['void', V, true, false, null],
    ['void', W, false, true, null],
    ['forfeit', V, true, false, W],
    ['forfeit', V, false, true, V],
    ['forfeit', W, false, true, V],
    ['forfeit', L, true, false, W],
    ['forfeit', V, true, true, null],
    ['forfeit', L, false, false, L],
  ])('%s: winner %i, village failed %s, wolves failed %s → %s', (policy, winner, v, w, expected) => {
    expect(winnerUnder(policy, winner, v, w)).toBe(expected);
  });
});

const dir = tempDir('failure-policy');
const db = join(dir, 'f.db');
const FLAKY = `exec:python3 ${HOSTILE} flaky`;
afterAll(() => removeDir(dir));

/** Per run and game, from the `seats` and `game_results` views: the winner and which sides fell back. */
function storedGames(): { run: number; winner: string; villageFailed: boolean; wolvesFailed: boolean }[] {
  const wolves = ROLES.filter((r) => teamOf(r) === 'werewolves').map((r) => `'${r}'`).join(', ');
  const raw = new Database(db, { readonly: true });
  try {
    return (
      raw
        .prepare(
          `SELECT g.run AS run, g.winner AS winner,
                  MAX(CASE WHEN s.dealt IN (${wolves}) THEN 0 ELSE s.fallbacks > 0 END) AS villageFailed,
                  MAX(CASE WHEN s.dealt IN (${wolves}) THEN s.fallbacks > 0 ELSE 0 END) AS wolvesFailed
           FROM game_results g JOIN seats s ON s.run = g.run AND s.game = g.game GROUP BY g.run, g.game`,
        )
        .all() as { run: number; winner: string; villageFailed: number; wolvesFailed: number }[]
    ).map((r) => ({ ...r, villageFailed: r.villageFailed === 1, wolvesFailed: r.wolvesFailed === 1 }));
  } finally {
    raw.close();
  }
}

function board(policy: FailurePolicy): Board {
  const opened = Store.open(db, 'read');
  if (!opened.ok) throw new Error(opened.error);
  try {
    const run = opened.value.runs()[0]!;
    const setup = setupFromJson(run.setupJson, run.setup);
    if (!setup.ok) throw new Error(setup.error);
    const b = leaderboard(opened.value, setup.value, { precision: 0.02, policy });
    if (!b.ok) throw new Error(b.error);
    return b.value;
  } finally {
    opened.value.close();
  }
}

describe('a tournament with an agent that fails, re-rated under each policy', () => {
  let games: ReturnType<typeof storedGames>;
  let seatings: Map<number, { wolves: string; village: string }>;
  beforeAll(async () => {
    const r = await sim(['tournament', '--agents', 'random', '--agents', 'heuristic', '--agents', FLAKY, '--games', '30', '--seed', 'fp', '--db', db, '--json'], dir);
    expect(r.code).toBe(0);
    games = storedGames();
    const opened = Store.open(db, 'read');
    if (!opened.ok) throw new Error(opened.error);
    seatings = new Map(opened.value.runs().map((run) => [run.id, sidesOf(run.seating)!]));
    opened.value.close();
  }, 120_000);

  it('keep counts every game, and shows each entrant how often it failed', () => {
    const b = board('keep');
    expect(b.policy).toBe('keep');
    expect(b.voided).toBe(0);
    expect(b.pairings.reduce((n, p) => n + p.games, 0)).toBe(games.length);
    const failedOf = (e: string) => b.rows.find((r) => r.entrant === e)!.failures!;
    expect(failedOf('random').failed).toBe(0);
    expect(failedOf('heuristic').failed).toBe(0);
    // Charged to the side the flaky program played: count its games in which that side fell back.
    let flakyFailed = 0;
    for (const g of games) {
      const s = seatings.get(g.run)!;
      if ((s.village === FLAKY && g.villageFailed) || (s.wolves === FLAKY && g.wolvesFailed)) flakyFailed++;
    }
    expect(flakyFailed).toBeGreaterThan(0);
    expect(failedOf(FLAKY).failed).toBe(flakyFailed);
    expect(leaderboardTable(b, 0.02).notes!.join('\n')).toMatch(/Failure policy keep: a game in which an agent failed counts as played/);
  });

  it('void leaves out exactly the games with a failure; forfeit gives them to the other side', () => {
    const failed = games.filter((g) => g.villageFailed || g.wolvesFailed);
    const voided = board('void');
    expect(voided.voided).toBe(failed.length);
    expect(voided.pairings.reduce((n, p) => n + p.games, 0)).toBe(games.length - failed.length);

    const forfeit = board('forfeit');
    const both = failed.filter((g) => g.villageFailed && g.wolvesFailed).length;
    expect(forfeit.voided).toBe(both);
    for (const p of forfeit.pairings) {
      const mine = games.filter((g) => {
        const s = seatings.get(g.run)!;
        return s.wolves === p.wolves && s.village === p.village && !(g.villageFailed && g.wolvesFailed);
      });
      const villageWins = mine.filter((g) => (g.wolvesFailed ? true : g.villageFailed ? false : g.winner === 'village')).length;
      expect(p.villageWins, `${p.wolves} vs ${p.village}`).toBe(villageWins);
    }
    // Forfeiting its failed games can only lower the failing entrant's score.
    const score = (b: Board) => b.rows.find((r) => r.entrant === FLAKY)!.score;
    expect(score(forfeit)).toBeLessThan(score(board('keep')));
  });

  it('exclude leaves the failing entrant off with all its games', () => {
    const b = board('exclude');
    expect(b.rows.map((r) => r.entrant).sort()).toEqual(['heuristic', 'random']);
    expect(b.excluded.map((x) => x.entrant)).toEqual([FLAKY]);
    expect(b.pairings.every((p) => p.wolves !== FLAKY && p.village !== FLAKY)).toBe(true);
    expect(leaderboardTable(b, 0.02).notes!.join('\n')).toMatch(/Left off \(exclude\): exec:python3 .* which failed in \d+ of its \d+ games/);
  });

  it('is refused for an unknown policy, with a hint', async () => {
    const r = await sim(['leaderboard', '--db', db, '--policy', 'forfiet'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--policy 'forfiet' \(did you mean 'forfeit'\?\): choose keep/);
    expect(FAILURE_POLICIES).toHaveLength(4);
  });
});
