// The results database: files that are not ours are refused untouched; the seats view
// gives back exactly each seat's fate; a seating by side and seat is recorded per seat.

import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { randomAnswer } from '../../agents/random.js';
import { parseSeating, type AgentKind, type AgentSpec, type Seating } from '../../agents/registry.js';
import { legalAnswers } from '../../engine/index.js';
import { ok } from '../../engine/index.js';
import { ROLES } from '../../engine/index.js';
import { resolveSetup } from '../../engine/index.js';
import { GamePlayer } from '../../runs/games.js';
import { WHOLE_RUN, type RunConfig } from '../../runs/run-config.js';
import { runGames } from '../../runs/runner.js';
import { APPLICATION_ID } from '../../runs/schema.js';
import { Store } from '../../runs/storage.js';
import { removeDir, snapshot, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('storage');
afterAll(() => removeDir(dir));

function openOk(path: string, mode: 'read' | 'update' | 'write'): Store {
  const s = Store.open(path, mode);
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

describe('files that are not ours', () => {
  it('refuses a foreign SQLite database without changing a byte or leaving a file', () => {
    const sub = tempDir('foreign');
    try {
      const path = join(sub, 'other.db');
      const other = new Database(path);
      other.exec("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine')");
      other.close();
      const before = snapshot(sub);
      for (const mode of ['read', 'update', 'write'] as const) {
        const r = Store.open(path, mode);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error).toMatch(/SQLite database of another program.*left untouched\. Choose another file/);
      }
      expect(snapshot(sub)).toEqual(before);
    } finally {
      removeDir(sub);
    }
  });

  it('refuses a file that is not SQLite at all, a directory, and a newer schema', () => {
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a database, but long enough to have a header of a hundred bytes '.repeat(3));
    const r1 = Store.open(text, 'write');
    expect(!r1.ok && r1.error).toMatch(/is not an SQLite database/);
    const r2 = Store.open(dir, 'write');
    expect(!r2.ok && r2.error).toMatch(/is a directory/);

    const newer = join(dir, 'newer.db');
    openOk(newer, 'write').close();
    const raw = new Database(newer);
    raw.pragma('user_version = 99');
    raw.close();
    const r3 = Store.open(newer, 'read');
    expect(!r3.ok && r3.error).toMatch(/newer werewolf-lab \(schema 99/);
  });

  it('marks its own files with its application id', () => {
    const path = join(dir, 'mark.db');
    openOk(path, 'write').close();
    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    raw.close();
  });

  it('a reader leaves no -wal or -shm file behind and does not change the file', async () => {
    const sub = tempDir('reader');
    try {
      const path = join(sub, 'r.db');
      const s = openOk(path, 'write');
      const setup = resolveSetup({});
      if (!setup.ok) throw new Error(setup.error);
      await runGames({ setup: setup.value, seed: '1', seating: parseSeatingOk([]), games: 50, shard: WHOLE_RUN }, { workers: 0, concurrency: 1, store: s });
      s.close();
      const before = snapshot(sub);
      const r = openOk(path, 'read');
      expect(r.storedCount(1)).toBe(50);
      r.close();
      expect(snapshot(sub)).toEqual(before);
    } finally {
      removeDir(sub);
    }
  });

  it('adds a name its lookup tables lack (a newer role) when writing', () => {
    const path = join(dir, 'names.db');
    openOk(path, 'write').close();
    const raw = new Database(path);
    raw.prepare("DELETE FROM roles WHERE name = 'seer'").run();
    raw.close();
    const s = openOk(path, 'write');
    const seer = s.codes.roles[ROLES.indexOf('seer')]!;
    expect(seer).toBe(ROLES.length + 1);
    expect(s.names('roles').get(seer)).toBe('seer');
    s.close();
  });
});

function parseSeatingOk(values: string[]): Seating {
  const s = parseSeating(values);
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

describe('the games a resume plays', () => {
  // Planted: a gap mid-run skipped, or the run's end left out, loses games on resume.
  it('missing() gives every gap: at the start, mid-run and at the end, none when complete', () => {
    const s = openOk(join(dir, 'missing.db'), 'write');
    try {
      const setup = resolveSetup({});
      const seating = parseSeating([]);
      if (!setup.ok || !seating.ok) throw new Error('setup');
      const config: RunConfig = { setup: setup.value, seed: 'gaps', seating: seating.value, games: 40, shard: WHOLE_RUN };
      const run = s.createRun(config, 'gaps', { package: '0', node: '20', codeHash: 'x', git: null });
      const rows = (first: number, stop: number) =>
        Array.from({ length: stop - first }, (_, i) => ({ idx: first + i, winner: 1, days: 1, invalid: 0, fallbacks: 0, seats: '' }));
      expect(s.missing(run)).toEqual([{ first: 0, stop: 40 }]);
      s.insertRows(run.id, [...rows(3, 10), ...rows(20, 25), ...rows(26, 30)]);
      expect(s.missing(run)).toEqual([
        { first: 0, stop: 3 },
        { first: 10, stop: 20 },
        { first: 25, stop: 26 },
        { first: 30, stop: 40 },
      ]);
      s.insertRows(run.id, [...rows(0, 3), ...rows(10, 20), ...rows(25, 26), ...rows(30, 40)]);
      expect(s.missing(run)).toEqual([]);
    } finally {
      s.close();
    }
  });
});

describe('the seats view', () => {
  it("gives back every seat's card, fate and agent as the game ended (001's 10-player table: lovers, hunter, witch, guard)", async () => {
    const setup = resolveSetup({ preset: 'classic', players: 10 });
    if (!setup.ok) throw new Error(setup.error);
    const config: RunConfig = { setup: setup.value, seed: 'view', seating: parseSeatingOk([]), games: 300, shard: WHOLE_RUN };
    const path = join(dir, 'view.db');
    const s = openOk(path, 'write');
    await runGames(config, { workers: 0, concurrency: 1, store: s });
    const player = new GamePlayer({ setup: config.setup, seed: config.seed, seating: config.seating, agents: ['random'], codes: s.codes });
    // The views are for SQL users: read through a connection of their own, as theirs would be.
    const raw = new Database(path, { readonly: true });
    const seatRows = raw.prepare('SELECT * FROM seats WHERE run = 1 AND game = ? ORDER BY seat');
    const gameRow = raw.prepare('SELECT * FROM game_results WHERE run = 1 AND game = ?');
    const causes = new Set<string>();
    let lovers = 0;
    for (let i = 0; i < 300; i++) {
      const { played } = player.playSync(i);
      const o = played.outcome;
      expect(gameRow.get(i)).toEqual({ run: 1, game: i, winner: o.winner, days: o.days, invalid: 0, fallbacks: 0, players: 10 });
      const rows = seatRows.all(i) as Record<string, unknown>[];
      expect(rows).toEqual(
        o.seats.map((seat) => ({
          run: 1,
          game: i,
          seat: seat.seat,
          agent: 'random',
          dealt: seat.dealt,
          role: seat.role,
          alive: seat.alive ? 1 : 0,
          won: seat.won ? 1 : 0,
          lover: seat.lover ? 1 : 0,
          sheriff: seat.sheriff ? 1 : 0,
          death_day: seat.death?.day ?? null,
          night: seat.death === null ? null : seat.death.night ? 1 : 0,
          cause: seat.death?.cause ?? null,
          invalid: 0,
          fallbacks: 0,
        })),
      );
      for (const seat of o.seats) if (seat.death !== null) causes.add(seat.death.cause);
      lovers += o.seats.filter((x) => x.lover).length;
    }
    // The sample exercises more than the two plain causes.
    expect(causes.size).toBeGreaterThanOrEqual(4);
    expect(lovers).toBe(600);
    expect(raw.prepare('SELECT * FROM run_progress').get()).toEqual({ run: 1, planned: 300, stored: 300, complete: 1, finished: 1, ended: null });
    raw.close();
    s.close();
  });
});

describe('seatings', () => {
  // Two deterministic agent kinds besides random, so that who sits where shows in the rows.
  const firstChoice = (name: string): AgentKind => ({
    name,
    summary: `test: always the first legal answer (${name})`,
    async: false,
    check: () => ok(name),
    create: () => ({
      name,
      decide: (ctx) => legalAnswers(ctx.decision)?.[0] ?? randomAnswer(ctx.decision, ctx.rng),
    }),
  });
  const spec = (kind: AgentKind): AgentSpec => ({ kind, argument: undefined, text: kind.name });

  it('records the agent of every seat: by seat over by side over the default', async () => {
    const base = parseSeatingOk([]);
    const wolves = firstChoice('wolf-bot');
    const seat3 = firstChoice('seat3-bot');
    const seating: Seating = {
      assignments: [
        ...base.assignments,
        { who: { by: 'side', side: 'werewolves' }, spec: spec(wolves) },
        { who: { by: 'seat', seat: 2 }, spec: spec(seat3) },
      ],
      text: 'random werewolves=wolf-bot 3=seat3-bot',
      async: false,
    };
    const setup = resolveSetup({ preset: 'standard', players: 9 });
    if (!setup.ok) throw new Error(setup.error);
    const path = join(dir, 'seating.db');
    const s = openOk(path, 'write');
    await runGames({ setup: setup.value, seed: 'seats', seating, games: 60, shard: WHOLE_RUN }, { workers: 0, concurrency: 1, store: s });
    const raw = new Database(path, { readonly: true });
    const rows = raw.prepare('SELECT game, seat, agent, dealt FROM seats WHERE run = 1').all() as { seat: number; agent: string; dealt: string }[];
    raw.close();
    expect(rows).toHaveLength(60 * 9);
    for (const r of rows) {
      const expected = r.seat === 2 ? 'seat3-bot' : r.dealt === 'werewolf' ? 'wolf-bot' : 'random';
      expect(r.agent).toBe(expected);
    }
    // Seat 3 is sometimes a werewolf: the seat's assignment wins over the side's.
    expect(rows.some((r) => r.seat === 2 && r.dealt === 'werewolf')).toBe(true);
    expect(s.agents(1)).toEqual(['random', 'wolf-bot', 'seat3-bot']);
    s.close();
  });
});

// A transaction that reads before it writes (a run looked up, then made; a tournament's
// pairings found or made) took its snapshot at the read: another process's write in
// between made its own write fail at once (SQLITE_BUSY_SNAPSHOT, no busy wait), reported
// as a lock held for 10 s. A write transaction now takes the write lock when it begins
// (BEGIN IMMEDIATE): the other writer waits instead. Planted (Store.transaction deferred,
// as before): our write throws SQLITE_BUSY_SNAPSHOT and the other's lands.
describe('a write transaction that reads first, while another connection writes', () => {
  it('holds the write lock from its start: the other writer waits, its own write lands', () => {
    const path = join(dir, 'read-then-write.db');
    const s = openOk(path, 'write');
    const other = new Database(path);
    other.pragma('busy_timeout = 0');
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    const seating = parseSeating([]);
    if (!setup.ok || !seating.ok) throw new Error('setup');
    const config: RunConfig = { setup: setup.value, seed: 'rw', seating: seating.value, games: 10, shard: WHOLE_RUN };
    let otherCode: unknown = 'none';
    try {
      s.transaction(() => {
        expect(s.findRun('rw-key', 1, 1)).toBeUndefined();
        try {
          other.prepare("INSERT INTO sides (code, name) VALUES (99, 'other')").run();
        } catch (e) {
          otherCode = (e as { code?: unknown }).code;
        }
        s.createRun(config, 'rw-key', { package: 'test', node: 'test', codeHash: 'test', git: null });
      });
      expect(otherCode).toBe('SQLITE_BUSY');
      expect(s.findRun('rw-key', 1, 1)).toBeDefined();
    } finally {
      other.close();
      s.close();
    }
  });
});
