// What happens to files when things go wrong, through the CLI: a
// damaged database in every command, a full disk during a run (a small tmpfs: needs root
// and mount; skipped with a message elsewhere) and a write error injected in process, too
// many workers, seeds of any script, a role named twice, the report of a run that is not
// complete, a 0-byte file and a directory that cannot be written. Each case asserts the
// exit code, the message, and that nothing was lost or corrupted: the file untouched, or
// PRAGMA integrity_check, and the games resumable to equal an uninterrupted run.

import Database from 'better-sqlite3';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSeating } from '../../agents/registry.js';
import { parseRoleMix, resolveSetup } from '../../engine/index.js';
import { chunkStream, execute } from '../../runs/execute.js';
import { GamePlayer } from '../../runs/games.js';
import { IDENTITY_CODES } from '../../runs/record.js';
import { parseSeed, WHOLE_RUN, specList, type RunConfig } from '../../runs/run-config.js';
import { runGames } from '../../runs/runner.js';
import { Store } from '../../runs/storage.js';
import { removeDir, sim, snapshot, storedGames, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('robust');
afterAll(() => removeDir(dir));

/** One paragraph on stderr, no stack trace. */
function oneParagraph(stderr: string): void {
  expect(stderr).toMatch(/^sim: [^\n]+\n$/);
  expect(stderr).not.toMatch(/\n\s+at /);
}

function integrity(path: string): string {
  const d = new Database(path, { fileMustExist: true });
  try {
    return d.pragma('integrity_check', { simple: true }) as string;
  } finally {
    d.close();
  }
}

/** Mounts a tmpfs of `size` at `at` (root only); false where this machine cannot. */
function mountTmpfs(at: string, size: string, readOnly = false): boolean {
  mkdirSync(at, { recursive: true });
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${readOnly ? ',ro' : ''}`, 'tmpfs', at], { encoding: 'utf8' });
  return r.status === 0;
}
function unmount(at: string): void {
  spawnSync('umount', [at]);
}
const CANNOT_MOUNT = 'cannot mount a tmpfs here (needs root and mount(8)): this case is skipped; run the suite as root (CI does) to play it';

beforeAll(async () => {
  expect((await sim(['--games', '300', '--workers', '0', '--db', 'good.db', '--json'], dir)).code).toBe(0);
  const good = readFileSync(join(dir, 'good.db'));
  // Cut short: the header counts pages that are gone.
  writeFileSync(join(dir, 'truncated.db.src'), good.subarray(0, 12_288));
  // Pages overwritten in the middle: SQLite reads "database disk image is malformed".
  const bad = Buffer.from(good);
  bad.fill(0xff, good.length - 5 * 4096, good.length - 3 * 4096);
  writeFileSync(join(dir, 'malformed.db.src'), bad);
});

describe('a damaged database: exit 2, one paragraph naming the file, the file untouched', () => {
  const COMMANDS: [string, string[]][] = [
    ['run', ['--games', '10', '--workers', '0', '--db', 'x.db']],
    ['resume', ['resume', '--db', 'x.db']],
    ['show', ['show', '--game', '0', '--db', 'x.db']],
    ['runs', ['runs', '--db', 'x.db']],
    ['report', ['report', '--db', 'x.db']],
    ['balance', ['balance', '--players', '8', '--batch', '100', '--max-games', '100', '--workers', '0', '--db', 'x.db']],
    ['tournament', ['tournament', '--agents', 'random', '--agents', 'heuristic', '--games', '10', '--workers', '0', '--db', 'x.db']],
    ['merge', ['merge', 'x.db', '--into', 'm.db']], // and m.db is not made
  ];
  // Malformed: every command. Truncated: one that writes, one that reads and merge (the same
  // check, in Store.open, for all). The commands run at once (separate processes and
  // directories): the same checks, a fraction of the time.
  it.each([
    ['malformed', COMMANDS],
    ['truncated', COMMANDS.filter(([name]) => ['run', 'runs', 'merge'].includes(name))],
  ] as const)('%s file', async (kind, commands) => {
    const runs = commands.map(async ([name, args]) => {
      const d = join(dir, `${kind}-${name}`);
      mkdirSync(d);
      copyFileSync(join(dir, `${kind}.db.src`), join(d, 'x.db'));
      const before = snapshot(d);
      const r = await sim(args, d);
      return { name, d, before, r };
    });
    for (const { name, d, before, r } of await Promise.all(runs)) {
      expect(r.code, `sim ${name}: ${r.stderr}`).toBe(2);
      expect(r.stderr, name).toMatch(/x\.db is damaged \((truncated|SQLite)/);
      expect(r.stderr, name).toMatch(/left untouched/);
      oneParagraph(r.stderr);
      expect(snapshot(d), name).toEqual(before); // the file as it was, and no -wal or -shm left beside it
    }
  });

});

describe('a write that fails during a run: exit 5, the stored games safe and resumable', () => {
  const CONFIG = ['--games', '1500', '--batch', '100', '--workers', '1', '--seed', 'full'];

  it('a full disk (a 256 KB tmpfs): the run stops, says so and names the resume; resumed elsewhere it equals an uninterrupted run', async (ctx) => {
    const mnt = join(dir, 'full');
    if (!mountTmpfs(mnt, '256k')) {
      console.warn(`full disk: ${CANNOT_MOUNT}`);
      ctx.skip();
    }
    const moved = join(dir, 'moved');
    try {
      const r = await sim([...CONFIG, '--db', 'full/x.db'], dir);
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/^sim: writing full\/x\.db failed: the disk is full \(database or disk is full\)\. The run stopped; its (\d+) games stored before are safe/);
      expect(r.stderr).toMatch(/continue with: sim resume --db full\/x\.db --run 1\n$/);
      const stored = Number(/its (\d+) games stored/.exec(r.stderr)![1]);
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThan(1500);
      expect(stored % 100).toBe(0); // whole batches only
      expect(r.stdout).toMatch(new RegExp(`incomplete  ${stored} of 1500 games stored`));
      mkdirSync(moved);
      for (const f of ['x.db', 'x.db-wal', 'x.db-shm']) if (existsSync(join(mnt, f))) copyFileSync(join(mnt, f), join(moved, f));
    } finally {
      unmount(mnt);
    }
    expect(integrity(join(moved, 'x.db'))).toBe('ok');
    const resumed = await sim(['resume', '--db', 'moved/x.db', '--run', '1', '--workers', '1'], dir);
    expect(resumed.code).toBe(0);
    expect((await sim([...CONFIG, '--db', 'whole.db'], dir)).code).toBe(0);
    expect(storedGames(join(moved, 'x.db'))).toBe(storedGames(join(dir, 'whole.db')));
  });

  it('a disk already full: a new run, a replay page and a report exit 5 (a failed write), and leave no empty file', async (ctx) => {
    const mnt = join(dir, 'filled');
    if (!mountTmpfs(mnt, '64k')) {
      console.warn(`disk already full: ${CANNOT_MOUNT}`);
      ctx.skip();
    }
    try {
      // Fill it to the last byte.
      try {
        writeFileSync(join(mnt, 'filler'), Buffer.alloc(1 << 20));
      } catch {
        // ENOSPC: as full as it gets
      }
      const run = await sim(['--games', '10', '--workers', '0', '--db', 'filled/new.db'], dir);
      expect(run.code, run.stderr).toBe(5);
      expect(run.stderr).toMatch(/^sim: writing filled\/new\.db failed: the disk is full/);
      expect(existsSync(join(mnt, 'new.db'))).toBe(false);
      for (const args of [['show', '--db', 'good.db', '--game', '0', '--html', 'filled/game.html'], ['report', '--db', 'good.db', '--out', 'filled/report']]) {
        const r = await sim(args, dir);
        expect(r.code, r.stderr).toBe(5);
        oneParagraph(r.stderr);
        expect(r.stderr).toMatch(/failed: the disk is full/);
      }
    } finally {
      unmount(mnt);
    }
  });

  it('a write error injected on the 3rd batch (any machine): the run stops there, 2 batches stored whole; the resume completes it', async () => {
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    const seating = parseSeating([]);
    if (!setup.ok || !seating.ok) throw new Error('setup');
    const config: RunConfig = { setup: setup.value, seed: 'inject', seating: seating.value, games: 1000, shard: WHOLE_RUN };
    const path = join(dir, 'inject.db');
    const s = Store.open(path, 'write');
    if (!s.ok) throw new Error(s.error);
    const store = s.value;
    const insert = store.insertChunk.bind(store);
    let calls = 0;
    store.insertChunk = (run, chunk, players) => {
      if (++calls === 3) throw new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
      insert(run, chunk, players);
    };
    try {
      const o = await runGames(config, { workers: 0, concurrency: 1, batch: 100, store });
      expect(o.writeFailure).toEqual({ why: 'the disk is full', fix: 'Free some space', message: 'database or disk is full' });
      expect(o.stopped).toBe(true);
      expect(o.tally.games).toBe(200);
      expect(store.storedCount(o.run!.id)).toBe(200);
      store.insertChunk = insert;
      const again = await runGames(config, { workers: 0, concurrency: 1, batch: 100, store, resume: o.run! });
      expect(again.writeFailure).toBeNull();
      expect(again.tally.games).toBe(1000);
    } finally {
      store.close();
    }
    expect(integrity(path)).toBe('ok');
    const whole = join(dir, 'inject-whole.db');
    const w = Store.open(whole, 'write');
    if (!w.ok) throw new Error(w.error);
    await runGames(config, { workers: 0, concurrency: 1, batch: 100, store: w.value });
    w.value.close();
    expect(storedGames(path)).toBe(storedGames(whole));
  });
});

describe('--workers above the cores', () => {
  it('is capped at the cores with a note (1000 threads took 89 s and 11.9 GB)', async () => {
    const cores = availableParallelism();
    const r = await sim(['--games', '40', '--workers', '1000', '--no-db'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`note: --workers 1000 is more than the ${cores} cores here; using ${cores}\n`);
    expect(r.stdout).toMatch(new RegExp(`on ${Math.min(cores, 2)} worker`)); // 40 games: chunks for at most the cores
  });

  it('a run whose games make fewer chunks than workers says how many it used', async () => {
    const r = await sim(['--games', '3', '--batch', '3', '--workers', String(Math.min(2, availableParallelism())), '--no-db'], dir);
    expect(r.code).toBe(0);
    if (availableParallelism() >= 2) expect(r.stdout).toMatch(/on 1 worker \(2 asked: the games made only 1 chunk\)/);
  });
});

describe('memory does not grow with --games', () => {
  it('chunks are made as they are taken: the first of 2^31 − 1 games comes at once', () => {
    const it = chunkStream([{ first: 0, stop: 2 ** 31 - 1 }], 500);
    expect(it.next().value).toEqual([{ first: 0, stop: 500 }]);
  });

  it('a run of 2^31 − 1 games stopped after 3 chunks holds no more memory than a small one (all chunks at once: ~1 GB)', async () => {
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    const seating = parseSeating([]);
    if (!setup.ok || !seating.ok) throw new Error('setup');
    const agents = specList(seating.value);
    const player = new GamePlayer({ setup: setup.value, seed: 'mem', seating: seating.value, agents });
    const spec = { setup: setup.value, seed: 'mem', seating: seating.value.text, agents, codes: IDENTITY_CODES };
    // What is retained, not what is merely not yet collected: a full collection before each reading
    // (without it the figure is the garbage's, and depends on what else the machine runs).
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    let chunks = 0;
    const done = await execute(player, spec, false, [{ first: 0, stop: 2 ** 31 - 1 }], { workers: 0, concurrency: 1, onChunk: () => chunks++, shouldStop: () => chunks >= 3 });
    expect(done.played).toBe(3 * 2000); // chunks of 2,000 games: the most execute.ts's defaultBatch makes
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 2 ** 20);
  });
});

describe('seeds', () => {
  const wins = async (seed: string) => {
    const r = await sim(['--games', '30', '--workers', '0', '--no-db', '--json', '--seed', seed], dir);
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout) as { seed: string; wins: unknown };
  };

  it('any script is a seed; typed decomposed (e + a combining accent) it is stored composed (NFC): the same seed, the same games', async () => {
    expect(parseSeed('e\u0301te\u0301-狼人')).toEqual({ ok: true, value: 'été-狼人' });
    expect(parseSeed('  Ἀθῆναι 2024 ✓ ')).toEqual({ ok: true, value: 'Ἀθῆναι 2024 ✓' });
    const run = await wins('e\u0301te\u0301-狼人');
    expect(run.seed).toBe('été-狼人');
    expect(run.seed.length).toBe(6);
  });

  it.each([
    ['a#b', /# and \/ are reserved/],
    ['a/b', /# and \/ are reserved/],
    ['a\u001bb', /it holds U\+001B, a control, invisible, unassigned or private-use character/],
    ['a\u200bb', /it holds U\+200B/],
    ['\ue000', /it holds U\+E000/],
    ['x'.repeat(65), /it has 65 characters, more than 64/],
    ['  ', /it is empty/],
  ])('%j is refused with the reason', (seed, message) => {
    const r = parseSeed(seed);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it('a refused seed: exit 2, one paragraph, nothing written', async () => {
    const d = join(dir, 'seeds');
    mkdirSync(d, { recursive: true });
    const before = snapshot(d);
    const r = await sim(['--games', '5', '--seed', 'a\u001bb', '--db', 'seeds.db'], d);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--seed 'a\\x1bb' is not a valid seed: it holds U\+001B/); // quoted escaped
    oneParagraph(r.stderr);
    expect(snapshot(d)).toEqual(before);
  });

  it('an over-long value is quoted only in part (its first 40 characters and its length)', async () => {
    const r = await sim(['--games', '5', '--no-db', '--seed', 'y'.repeat(5000)], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`'${'y'.repeat(40)}… (5000 characters)'`);
    expect(r.stderr.length).toBeLessThan(400);
    oneParagraph(r.stderr);
  });
});

describe('a role named twice in --roles', () => {
  it('is refused, not added up: exit 2, one paragraph, nothing written', async () => {
    const d = join(dir, 'twice');
    mkdirSync(d, { recursive: true });
    const before = snapshot(d);
    const r = await sim(['--roles', 'werewolf=2,werewolf=1,seer,villager=5', '--games', '5', '--db', 'twice.db'], d);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/werewolf is named twice in the mix \('werewolf=2' and 'werewolf=1'\): name each role once, with its count \(e\.g\. werewolf=3\)/);
    oneParagraph(r.stderr);
    expect(snapshot(d)).toEqual(before);
  });

  it.each([['werewolf=2,seer,seer,villager=4', 'seer'], ['wolf=2,werewolf,seer,villager=5', 'werewolf'], ['werewolf=2,seer,villager=3,villager=2', 'villager']])('%s: %s named twice', (mix, role) => {
    const r = parseRoleMix(mix);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(new RegExp(`^${role} is named twice in the mix`));
  });
});

describe('a rule given twice, a role count not in digits', () => {
  // `--rule guardBlocks=night --rule guardBlocks=wolves` once ran with wolves (the last
  // won), `--roles werewolf=1e1,villager=2` a 12-player table, both exit 0.
  it.each([
    [['--rule', 'guardBlocks=night', '--rule', 'guardBlocks=wolves'], /rule guardBlocks is given twice \('guardBlocks=night' and 'guardBlocks=wolves'\): give each rule once/],
    [['--roles', 'werewolf=1e1,villager=2'], /the count of werewolf in 'werewolf=1e1' must be a whole number written in digits \(e\.g\. werewolf=2\), not '1e1'/],
  ])('%j: exit 2, one paragraph, nothing written', async (flags, message) => {
    const d = join(dir, 'ambiguous');
    mkdirSync(d, { recursive: true });
    const before = snapshot(d);
    const r = await sim([...flags, '--games', '5', '--db', 'ambiguous.db'], d);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    oneParagraph(r.stderr);
    expect(snapshot(d)).toEqual(before);
  });
});

describe('sim report on a run that is not complete', () => {
  beforeAll(async () => {
    // A stopped run: 100 planned, the games from 40 on never stored.
    expect((await sim(['--games', '100', '--workers', '0', '--db', 'stopped.db'], dir)).code).toBe(0);
    const d = new Database(join(dir, 'stopped.db'));
    d.prepare('DELETE FROM games WHERE idx >= 40').run();
    d.close();
  });

  it('says INCOMPLETE beside its figures, with the games stored and planned', async () => {
    const r = await sim(['report', '--db', 'stopped.db'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/40 games · 1 run INCOMPLETE\s+\(run 1: 40 of 100 games\)/);
    expect(r.stdout).toMatch(/INCOMPLETE: run 1 holds 40 of its 100 games \(stopped, or still being\s+played\)/);
    expect(r.stdout).toMatch(/ incomplete\n/); // the column
    expect(r.stdout).toMatch(/40 of 100\n/);
    const j = JSON.parse((await sim(['report', '--db', 'stopped.db', '--json'], dir)).stdout) as { complete: boolean; incomplete: unknown };
    expect(j).toMatchObject({ complete: false, incomplete: [{ run: 1, stored: 40, planned: 100 }] });
  });

  it('a complete run says nothing of the kind', async () => {
    const r = await sim(['report', '--db', 'good.db'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/INCOMPLETE|incomplete/);
  });
});

describe('a 0-byte --db and a directory that cannot be written: messages that say which', () => {
  it('sim runs and resume on a 0-byte file (every reader opens it through Store.open)', async () => {
    writeFileSync(join(dir, 'zero.db'), '');
    const commands = [['runs'], ['resume']];
    const results = await Promise.all(commands.map((args) => sim([...args, '--db', 'zero.db'], dir)));
    for (const r of results) {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/zero\.db is an empty file \(0 bytes\), not a results database yet: play a run into it/);
      oneParagraph(r.stderr);
    }
    expect(statSync(join(dir, 'zero.db')).size).toBe(0);
  });

  it('a run into a read-only directory (a read-only tmpfs): creating, writing to an existing file, reading', async (ctx) => {
    const mnt = join(dir, 'ro');
    if (!mountTmpfs(mnt, '1m')) {
      console.warn(`read-only directory: ${CANNOT_MOUNT}`);
      ctx.skip();
    }
    try {
      expect((await sim(['--games', '20', '--workers', '0', '--db', 'ro/g.db'], dir)).code).toBe(0);
      writeFileSync(join(mnt, 'zero.db'), '');
      expect(spawnSync('mount', ['-o', 'remount,ro', mnt]).status).toBe(0);
      const before = snapshot(mnt);
      const cases: [string[], RegExp][] = [
        [['--games', '5', '--db', 'ro/new.db'], /cannot create ro\/new\.db: its directory .*ro is on a read-only file system\. Choose another --db path/],
        [['--games', '5', '--db', 'ro/zero.db'], /cannot write to ro\/zero\.db: its directory .*ro is on a read-only file system/],
        [['--games', '5', '--db', 'ro/g.db'], /cannot write to ro\/g\.db: its directory .*ro is on a read-only file system/],
        [['runs', '--db', 'ro/zero.db'], /ro\/zero\.db is an empty file \(0 bytes\)/],
        [['runs', '--db', 'ro/g.db'], /cannot read ro\/g\.db where it is: its directory .*ro is on a read-only file system, and SQLite must create its -shm file/],
      ];
      for (const [args, message] of cases) {
        const r = await sim(args, dir);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stderr).toMatch(message);
        oneParagraph(r.stderr);
      }
      expect(snapshot(mnt)).toEqual(before);
    } finally {
      unmount(mnt);
    }
  });
});

describe('a flag of one value given twice: refused before anything runs', () => {
  // yargs gathers a repeated flag into a list; a command reading one value would misread
  // it (`--db a --db b` crashed sim fork and sim metrics with a TypeError). Fails without
  // the check in scripts/cli/main.ts (repeatedFlags).
  it.each([
    [['--games', '5', '--games', '6', '--no-db'], '--games is given twice (5, 6)'],
    [['metrics', '--db', 'a.db', '--db', 'b.db'], '--db is given twice (a.db, b.db)'],
    [['fork', '--game', '0', '--at', '3', '--answer', 'P3', '--answer', 'P4'], '--answer is given twice (P3, P4)'],
    [['sprt', '--candidate', 'random', '--candidate', 'heuristic', '--baseline', 'random', '--side', 'village'], '--candidate is given twice'],
    [['show', '--game', '1', '--seed', 'a', '--seed', 'b', '--seed', 'c'], '--seed is given 3 times (a, b, c)'],
    [['tournament', '--agents', 'random', '--agents', 'heuristic', '--max-cost', '1', '--max-cost', '2'], '--max-cost is given twice (1, 2)'],
  ])('sim %j', async (args, message) => {
    const d = join(dir, 'repeated');
    mkdirSync(d, { recursive: true });
    const before = snapshot(d);
    const r = await sim(args, d);
    expect(r.code, r.stderr).toBe(2);
    oneParagraph(r.stderr);
    expect(r.stderr).toContain(message);
    expect(snapshot(d)).toEqual(before);
  });

  it('repeatable flags still gather: --agents, --rule', async () => {
    const r = await sim(['--games', '4', '--no-db', '--agents', 'random', '--agents', 'werewolves=heuristic', '--rule', 'tie=none', '--rule', 'sheriff=false', '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).played).toBe(4);
  });
});

describe('a file locked by another connection: SIM_LOCK_WAIT', () => {
  // A sqlite3 shell left inside BEGIN IMMEDIATE holds the write lock past the wait:
  // a paragraph and exit 5, never a SqliteError 'database is locked', nothing written.
  it('a run waits SIM_LOCK_WAIT seconds, then says who holds the file: exit 5, one paragraph naming it, nothing written', async () => {
    const d = join(dir, 'locked');
    mkdirSync(d, { recursive: true });
    expect((await sim(['--games', '20', '--workers', '0', '--db', 'locked.db'], d)).code).toBe(0);
    const holder = new Database(join(d, 'locked.db'));
    holder.exec('BEGIN IMMEDIATE');
    let r;
    const start = performance.now();
    try {
      r = await sim(['--games', '10', '--workers', '0', '--db', 'locked.db', '--seed', 'other'], d, { SIM_LOCK_WAIT: '0.3' });
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    // It waited the 0.3 s asked, not SQLite's default nor 10 s (a bound on behaviour, not speed).
    expect(performance.now() - start).toBeGreaterThanOrEqual(300);
    expect(performance.now() - start).toBeLessThan(5000);
    expect(r.code, r.stderr).toBe(5);
    oneParagraph(r.stderr);
    expect(r.stderr).toMatch(/writing locked\.db failed: another process kept it locked for more than 0\.3 s[\s\S]*Wait until the other process is done/);
    const after = new Database(join(d, 'locked.db'), { readonly: true });
    expect(after.prepare('SELECT count(*) FROM runs').pluck().get()).toBe(1);
    after.close();
  });

  it.each(['ten', '-1', '1e3', '7200', '0x10'])('SIM_LOCK_WAIT=%s is refused: exit 2, one paragraph, nothing written', async (value) => {
    const d = join(dir, 'lock-wait');
    mkdirSync(d, { recursive: true });
    const before = snapshot(d);
    const r = await sim(['--games', '5', '--db', 'w.db'], d, { SIM_LOCK_WAIT: value });
    expect(r.code, r.stderr).toBe(2);
    oneParagraph(r.stderr);
    expect(r.stderr).toContain(`SIM_LOCK_WAIT=${value} is not a number of seconds from 0 to 3600`);
    expect(snapshot(d)).toEqual(before);
  });
});
