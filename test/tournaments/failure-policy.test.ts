// Failure policies (tournaments/failure-policy.ts): what a game in which an agent fell
// back counts for. The rule per game by table; then a tournament with a process agent that
// fails one decision in five, re-rated under each policy, every count checked against the
// stored seats read independently through the `seats` view.

import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIDES } from '../../engine/index.js';
import { setupFromJson } from '../../runs/run-config.js';
import { Store } from '../../runs/storage.js';
import { FAILURE_POLICIES, seatGameUnder, winnerUnder, type FailurePolicy } from '../../tournaments/failure-policy.js';
import { tournamentData, type SeatData } from '../../tournaments/tournament-data.js';
import { tournaments } from '../../tournaments/tournament-store.js';
import type { SeatCell } from '../../tournaments/seat-ratings.js';
import { leaderboard, sidesOf, type Board } from '../../tournaments/leaderboard.js';
import { leaderboardTable } from '../../reports/leaderboard-table.js';
import { HOSTILE } from '../agents/exec/helpers.js';
import { storedFailures } from '../helpers/stored-failures.js';
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
const storedGames = () => storedFailures(db);

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
    const r = await sim(['tournament', '--agents', 'random', '--agents', 'heuristic', '--agents', FLAKY, '--games', '12', '--seed', 'fp', '--db', db, '--json'], dir);
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

describe('a tournament played under a policy (stored with it)', () => {
  const fresh = join(dir, 'forfeit.db');
  const args = (file: string, ...more: string[]) => ['tournament', '--agents', 'random', '--agents', 'heuristic', '--agents', FLAKY, '--games', '12', '--seed', 'fp', '--db', file, '--json', ...more];
  let played: { policy: string; played: number; model: { strengths: { entrant: string; village: number; wolves: number }[] } };
  beforeAll(async () => {
    // The same games as the keep tournament above (same seed, entrants, games), played afresh into another file.
    const r = await sim(args(fresh, '--policy', 'forfeit'), dir);
    expect(r.code, r.stderr).toBe(0);
    played = JSON.parse(r.stdout);
  }, 120_000);

  const boardJson = async (file: string, ...more: string[]) => {
    const r = await sim(['leaderboard', '--db', file, '--json', ...more], dir);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { policy: string; rows: unknown[]; pairings: unknown[]; voided: number; model: Board['model'] };
  };

  it('re-rating the keep tournament with --policy forfeit equals the fresh forfeit tournament, row for row', async () => {
    expect(played.policy).toBe('forfeit');
    expect(played.played).toBe(9 * 12);
    const rerated = await boardJson(db, '--policy', 'forfeit');
    const stored = await boardJson(fresh);
    // Without --policy, the board counts the games as the tournament that played them was told to.
    expect(stored.policy).toBe('forfeit');
    expect(stored.rows).toEqual(rerated.rows);
    expect(stored.pairings).toEqual(rerated.pairings);
    expect(stored.voided).toBe(rerated.voided);
    // And the tournament's own strengths are the board's: the same games, counted the same way.
    for (const s of played.model.strengths) {
      const b = stored.model.strengths.find((x) => x.entrant === s.entrant)!;
      expect(s.village).toBeCloseTo(b.village, 9);
      expect(s.wolves).toBeCloseTo(b.wolves, 9);
    }
    const keep = await boardJson(db);
    expect(keep.policy).toBe('keep');
    expect(keep.rows).not.toEqual(stored.rows);
    const text = await sim(['tournament', '--agents', 'random', '--agents', 'heuristic', '--agents', FLAKY, '--games', '12', '--seed', 'fp', '--db', fresh, '--policy', 'forfeit'], dir);
    expect(text.stdout).toMatch(/policy +forfeit: the side whose agent failed loses the game/);
    // Answers first: the behaviour metrics are one command away, not a long table after the ratings.
    expect(text.stdout).not.toMatch(/Behaviour metrics/);
    expect(text.stdout.replace(/\s+/g, ' ')).toMatch(/sim metrics --db \S+forfeit\.db --tournament 1/);
    expect(text.stdout.replace(/\s+/g, ' ')).toMatch(new RegExp(`Failure policy forfeit: .* ${stored.voided} games? left out\\.`));
  });

  it('another policy on the same games is another tournament that plays nothing; a board over both asks which policy', async () => {
    const again = await sim(args(fresh, '--policy', 'void'), dir);
    expect(again.code, again.stderr).toBe(0);
    const json = JSON.parse(again.stdout) as { tournament: number; policy: string; played: number };
    expect(json).toMatchObject({ tournament: 2, policy: 'void', played: 0 });
    const mixed = await sim(['leaderboard', '--db', fresh], dir);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/played under different failure policies: forfeit \(tournament 1\), void \(tournament 2\); choose .* with --policy/);
    expect((await boardJson(fresh, '--policy', 'void')).policy).toBe('void');
  });

  it('is refused where it does not apply, before anything is written', async () => {
    const adaptive = await sim(['tournament', '--agents', 'random', '--agents', 'heuristic', '--adaptive', '--policy', 'exclude', '--db', join(dir, 'no.db')], dir);
    expect(adaptive.code).toBe(2);
    expect(adaptive.stderr).toMatch(/--policy exclude leaves an entrant that fails off the board/);
    expect(existsSync(join(dir, 'no.db'))).toBe(false);
  });
});

describe('a seat tournament under each policy', () => {
  const seatDb = join(dir, 'seat.db');
  /** Per entrant of the seat runs, its games in its seat, read from the `seats` view: did the seat fall back, did it win, its team. */
  let seatGames: { entrant: string; failed: boolean; won: boolean }[];
  const data = new Map<FailurePolicy, SeatData>();
  beforeAll(async () => {
    // The same games under every policy: the first tournament plays them, the others only rate them.
    for (const policy of FAILURE_POLICIES) {
      const r = await sim(['tournament', '--mode', 'seat', '--agents', 'heuristic', '--agents', FLAKY, '--reference', 'random', '--games', '6', '--seed', 'seat', '--policy', policy, '--db', seatDb], dir);
      expect(r.code, r.stderr).toBe(0);
      if (policy !== 'keep') expect(r.stdout).toMatch(new RegExp(`Failure policy ${policy}:`));
    }
    const raw = new Database(seatDb, { readonly: true });
    try {
      seatGames = (
        raw
          .prepare(
            `SELECT p.entrant AS entrant, s.fallbacks > 0 AS failed, s.won AS won FROM tournament_runs p
             JOIN seats s ON s.run = p.run AND s.seat = p.seat WHERE p.kind = 'seat' AND p.tournament = 1`,
          )
          .all() as { entrant: string; failed: number; won: number }[]
      ).map((g) => ({ entrant: g.entrant, failed: g.failed === 1, won: g.won === 1 }));
    } finally {
      raw.close();
    }
    const opened = Store.open(seatDb, 'read');
    if (!opened.ok) throw new Error(opened.error);
    try {
      for (const t of tournaments(opened.value)) data.set(t.policy, tournamentData(opened.value, t) as SeatData);
    } finally {
      opened.value.close();
    }
  }, 120_000);

  const cellsOf = (policy: FailurePolicy, entrant: string) => data.get(policy)!.cells.filter((c) => c.entrant === entrant);
  const sum = (cells: readonly SeatCell[], key: 'games' | 'won') => cells.reduce((n, c) => n + c[key], 0);

  it("keep counts every game of the seat, and charges the seat's failures to its entrant", () => {
    const mine = seatGames.filter((g) => g.entrant === FLAKY);
    const failed = mine.filter((g) => g.failed).length;
    expect(failed).toBeGreaterThan(0);
    expect(data.get('keep')!.failures.get(FLAKY)!.failed).toBe(failed);
    expect(data.get('keep')!.failures.get('heuristic')!.failed).toBe(0);
    expect(sum(cellsOf('keep', FLAKY), 'games')).toBe(mine.length);
    expect(sum(cellsOf('keep', FLAKY), 'won')).toBe(mine.filter((g) => g.won).length);
  });

  it('void leaves out the failed games; forfeit counts them lost; exclude leaves the entrant off', () => {
    const mine = seatGames.filter((g) => g.entrant === FLAKY);
    const failed = mine.filter((g) => g.failed).length;
    expect(data.get('void')!.voided).toBe(failed);
    expect(sum(cellsOf('void', FLAKY), 'games')).toBe(mine.length - failed);
    expect(sum(cellsOf('void', FLAKY), 'won')).toBe(mine.filter((g) => !g.failed && g.won).length);
    // 8 players, werewolves and village only: no failed seat is of a third team, so forfeit leaves nothing out.
    expect(data.get('forfeit')!.voided).toBe(0);
    expect(sum(cellsOf('forfeit', FLAKY), 'games')).toBe(mine.length);
    expect(sum(cellsOf('forfeit', FLAKY), 'won')).toBe(mine.filter((g) => !g.failed && g.won).length);
    // The entrant that never failed is counted alike under every policy.
    for (const p of FAILURE_POLICIES) expect(cellsOf(p, 'heuristic')).toEqual(cellsOf('keep', 'heuristic'));
    const ex = data.get('exclude')!;
    expect(ex.excluded).toEqual([FLAKY]);
    expect(ex.rated).toEqual(['heuristic']);
    expect(cellsOf('exclude', FLAKY)).toEqual([]);
  });

  it('a seat of a third team that failed has no other side to lose to: forfeit leaves its game out', () => {
    expect(seatGameUnder('forfeit', { won: true, winner: 'piper', team: 'piper' }, true)).toBeNull();
    expect(seatGameUnder('forfeit', { won: true, winner: 'village', team: 'village' }, true)).toEqual({ won: false, winner: 'werewolves' });
    expect(seatGameUnder('forfeit', { won: false, winner: 'village', team: 'werewolves' }, true)).toEqual({ won: false, winner: 'village' });
    expect(seatGameUnder('void', { won: true, winner: 'village', team: 'village' }, false)).toEqual({ won: true, winner: 'village' });
  });
});

describe('the report leads with the file\'s leaderboard', () => {
  it('ranks the entrants as sim leaderboard does, with the failure columns and notes', async () => {
    // Games of one tournament alone are ranked by its own part: a test of heuristic against random wolves joins them.
    const alone = await sim(['report', '--db', db, '--json'], dir);
    expect(JSON.parse(alone.stdout).boards).toEqual([]);
    const sprt = await sim(['sprt', '--candidate', 'heuristic', '--baseline', 'random', '--side', 'village', '--max-games', '40', '--seed', 'other', '--db', db], dir);
    expect(sprt.code, sprt.stderr).toBe(0);
    const report = await sim(['report', '--db', db, '--json'], dir);
    expect(report.code, report.stderr).toBe(0);
    const boards = JSON.parse(report.stdout).boards as { label: string; tables: { id: string; rows: { entrant: string; rank: number; score: number; failed: number }[]; notes: string[] }[] }[];
    expect(boards).toHaveLength(1);
    expect(boards[0]!.label).toMatch(/^Leaderboard: 8 players werewolf=2,villager=5,seer/);
    const board = await sim(['leaderboard', '--db', db, '--json'], dir);
    const rows = (JSON.parse(board.stdout) as { rows: { entrant: string; rank: number; score: number }[] }).rows;
    const table = boards[0]!.tables[0]!;
    expect(table.rows.map((r) => [r.entrant, r.rank, r.score])).toEqual(rows.map((r) => [r.entrant, r.rank, r.score]));
    expect(table.rows.find((r) => r.entrant === FLAKY)!.failed).toBeGreaterThan(0);
    expect(table.notes.join('\n')).toMatch(/Failure policy keep/);
    const text = await sim(['report', '--db', db], dir);
    expect(text.stdout.indexOf('Leaderboard: 8 players')).toBeLessThan(text.stdout.indexOf('Tournament 1'));
  });

  it('ranks its leaderboards on anchors and under a policy, as sim leaderboard does', async () => {
    type Row = { entrant: string; score: number };
    const reportRows = async (...flags: string[]) => {
      const r = await sim(['report', '--db', db, '--json', ...flags], dir);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout).boards as { label: string; notes: string[]; tables: { rows: Row[] }[] }[];
    };
    const boardRows = async (...flags: string[]) => {
      const r = await sim(['leaderboard', '--db', db, '--json', ...flags], dir);
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { rows: Row[] }).rows.map((x) => [x.entrant, x.score]);
    };
    const scores = (rows: readonly Row[]) => rows.map((x) => [x.entrant, x.score]);
    const plain = await reportRows();
    const [anchored] = await reportRows('--anchor', 'random');
    expect(scores(anchored!.tables[0]!.rows)).toEqual(await boardRows('--anchor', 'random'));
    expect(scores(anchored!.tables[0]!.rows)).not.toEqual(scores(plain[0]!.tables[0]!.rows));
    const [voided] = await reportRows('--policy', 'void');
    expect(scores(voided!.tables[0]!.rows)).toEqual(await boardRows('--policy', 'void'));
    expect(voided!.tables[0]!.rows.length).toBeGreaterThan(0);

    // A misspelt anchor changes nothing silently: refused, with the names it could have meant.
    const stranger = await sim(['report', '--db', db, '--anchor', 'randon'], dir);
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toMatch(/--anchor randon: no leaderboard of \S+ seats it; its entrants are .*random/);
    const chosen = await sim(['report', '--db', db, '--run', '1', '--anchor', 'random'], dir);
    expect(chosen.code).toBe(2);
    expect(chosen.stderr).toMatch(/--anchor and --policy rank the file's leaderboards/);
  });

  it('ranks a setup of one tournament\'s games when anchors are asked for; a board without the anchor says its scale is its own', async () => {
    const other = join(dir, 'anchors.db');
    for (const players of ['8', '9']) {
      const t = await sim(['tournament', '--agents', 'random', '--agents', 'heuristic', '--players', players, '--games', '4', '--seed', 'anc', '--db', other], dir);
      expect(t.code, t.stderr).toBe(0);
    }
    const sprt = await sim(['sprt', '--candidate', 'heuristic:bus=0', '--baseline', 'random', '--side', 'village', '--max-games', '10', '--seed', 'anc', '--db', other], dir);
    expect(sprt.code, sprt.stderr).toBe(0);
    const r = await sim(['report', '--db', other, '--json', '--anchor', 'heuristic:bus=0'], dir);
    expect(r.code, r.stderr).toBe(0);
    const boards = JSON.parse(r.stdout).boards as { label: string; notes: string[]; tables: unknown[] }[];
    expect(boards.map((b) => b.label.slice(0, 22))).toEqual(['Leaderboard: 8 players', 'Leaderboard: 9 players']);
    expect(boards[0]!.notes.join(' ')).not.toMatch(/Not anchored/);
    expect(boards[1]!.notes.join(' ')).toMatch(/Not anchored: heuristic:bus=0 played no game of this setup/);
    // Its ranking and each side's halves, in files of their own beside the first board's.
    expect((boards[0]!.tables as { id: string }[]).map((t) => t.id)).toEqual(['leaderboard', 'leaderboard-sides']);
    expect((boards[1]!.tables as { id: string }[]).map((t) => t.id)).toEqual(['leaderboard-2', 'leaderboard-2-sides']);
  });

  it('says why a file\'s games cannot be ranked together, and reports the rest', async () => {
    // Two tournaments of the same games under two policies, and a test beside them.
    const sprt = await sim(['sprt', '--candidate', 'heuristic', '--baseline', 'random', '--side', 'village', '--max-games', '40', '--seed', 'other', '--db', join(dir, 'forfeit.db')], dir);
    expect(sprt.code, sprt.stderr).toBe(0);
    const report = await sim(['report', '--db', join(dir, 'forfeit.db'), '--json'], dir);
    expect(report.code, report.stderr).toBe(0);
    const [b] = JSON.parse(report.stdout).boards as { notes: string[]; tables: unknown[] }[];
    expect(b!.tables).toEqual([]);
    expect(b!.notes.join(' ')).toMatch(/^Not ranked: the games of this setup were played under different failure policies/);
  });
});
