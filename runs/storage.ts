// The results database (schema.ts): open or create it, refuse files that are not ours
// without touching them, record runs, store games in batches (one transaction per
// chunk, prepared statements), and the queries the CLI and the reports need.
//
// Safety: WAL journal with synchronous=NORMAL — a crash (kill -9, power loss) can lose
// the last committed batches but never corrupts the file, and a lost batch is simply
// played again by `sim resume` (a game depends only on its index).

import Database from 'better-sqlite3';
import { accessSync, closeSync, constants, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CAUSES } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import { ROLES, SIDES, type Side } from '../engine/index.js';
import type { CodeMaps, ChunkResult } from './record.js';
import { GAME_WIDTH, SEAT_WIDTH } from './record.js';
import { changedRules, shardRange, specList, type IndexRange, type RunConfig } from './run-config.js';
import { APPLICATION_ID, MIGRATIONS, SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';
import { SumRows } from './sum-rows.js';
import type { PackedSums } from '../metrics/pack.js';
import type { Versions } from './version.js';
import { describeSetup, mixLabel } from '../engine/index.js';
import { badStoredValue } from './stored-value.js';

type DB = Database.Database;

/** What lies at a database path, judged from the file's header alone (nothing is opened). */
export type DbFileState = 'missing' | 'empty' | 'ours';

const SQLITE_MAGIC = 'SQLite format 3\0';

/** How long a write waits for another process's lock on the file before it fails. */
const BUSY_TIMEOUT_MS = 10_000;

export function inspectDbFile(path: string, flag = '--db'): Result<DbFileState, string> {
  let size: number;
  try {
    const st = statSync(path);
    if (st.isDirectory()) return err(`${path} is a directory, not a database file: give a file path with ${flag}`);
    size = st.size;
  } catch {
    const dir = dirname(resolve(path));
    try {
      if (!statSync(dir).isDirectory()) return err(`cannot create ${path}: ${dir} is not a directory`);
    } catch {
      return err(`cannot create ${path}: the directory ${dir} does not exist (create it first, or choose another ${flag} path)`);
    }
    return ok('missing');
  }
  if (size === 0) return ok('empty');
  const header = Buffer.alloc(100);
  let read = 0;
  try {
    const fd = openSync(path, 'r');
    try {
      read = readSync(fd, header, 0, 100, 0);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    return err(`cannot read ${path}: ${(e as Error).message}`);
  }
  if (read < 16 || header.toString('latin1', 0, 16) !== SQLITE_MAGIC)
    return err(`${path} is not an SQLite database, so not a werewolf-lab results file; it was left untouched. Choose another file`);
  if (read < 100) return err(damagedMessage(path, `truncated: ${size} bytes, less than an SQLite header`));
  const appId = header.readUInt32BE(68);
  const version = header.readInt32BE(60);
  if (appId !== APPLICATION_ID)
    return err(
      `${path} is an SQLite database of another program (application_id ${appId}), not a werewolf-lab results file; ` +
        'it was left untouched. Choose another file',
    );
  if (version > SCHEMA_VERSION)
    return err(`${path} was written by a newer werewolf-lab (schema ${version}; this one reads ${SCHEMA_VERSION}): update werewolf-lab to read it`);
  if (version < 1) return err(`${path} is marked as a werewolf-lab file but has no schema version: it is damaged; choose another file`);
  // (With a write-ahead log beside it the file may lag its header: the log holds the rest.)
  const expected = walBytes(path) > 0 ? null : declaredSize(header);
  if (expected !== null && size < expected) return err(damagedMessage(path, `truncated: ${size} bytes where its header counts ${expected}`));
  return ok('ours');
}

/**
 * Why the directory of `path` cannot take new files (null: it can). SQLite writes its
 * journal (`-wal`) beside the database, so even an existing file needs a writable directory.
 */
function unwritableDir(path: string): string | null {
  const dir = dirname(resolve(path));
  try {
    accessSync(dir, constants.W_OK);
    return null;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'EROFS') return `its directory ${dir} is on a read-only file system`;
    if (code === 'EACCES' || code === 'EPERM') return `its directory ${dir} is not writable (permission denied; SQLite keeps its journal beside the file)`;
    return `its directory ${dir} cannot be written (${(e as Error).message})`;
  }
}

/** Whether the file's header marks it as a WAL database (read and write versions 2). */
function walMode(path: string): boolean {
  const header = Buffer.alloc(20);
  try {
    const fd = openSync(path, 'r');
    try {
      readSync(fd, header, 0, 20, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
  return header[18] === 2 && header[19] === 2;
}

function walBytes(path: string): number {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

/**
 * The file size an SQLite header declares (page size × pages), or null where the header's
 * page count is not valid (an older SQLite writer: bytes 92–95 differ from the change
 * counter at 24–27). A file shorter than that was cut: pages the database needs are gone.
 */
function declaredSize(header: Buffer): number | null {
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65536 : raw;
  const pages = header.readUInt32BE(28);
  if (pages === 0 || header.readUInt32BE(92) !== header.readUInt32BE(24)) return null;
  return pageSize * pages;
}

/** SQLite's errors for a damaged file ("database disk image is malformed", "file is not a database"). */
export function isDamage(e: unknown): e is Error & { readonly code: string } {
  return e instanceof Database.SqliteError && /^SQLITE_(CORRUPT|NOTADB)/.test(e.code);
}

/** The one paragraph for a damaged results file (`detail`: what is wrong with it). */
export function damagedMessage(path: string, detail: string): string {
  return (
    `${path} is damaged (${detail.trim().replace(/\s*\n\s*/g, '; ')}) and was left untouched. Restore it from a copy; or save what SQLite can still read ` +
    `into a new file (sqlite3 ${path} .recover | sqlite3 recovered.db) and give that with --db; or choose another --db`
  );
}

/**
 * The first problem SQLite finds in a file (PRAGMA quick_check: every page and index
 * entry, in time proportional to the file), or null if it finds none. Opened query-only
 * (as Store.open reads: a read-only connection would leave -wal and -shm files behind).
 */
export function damageOf(path: string): string | null {
  let db: DB | undefined;
  try {
    db = new Database(path, { fileMustExist: true });
    db.pragma('query_only = ON');
    const first = db.pragma('quick_check(1)', { simple: true }) as string;
    return first === 'ok' ? null : first;
  } catch (e) {
    return isDamage(e) ? e.message : null;
  } finally {
    db?.close();
  }
}

/** Why a write failed and what to do, in words. */
export interface WriteFailure {
  readonly why: string;
  readonly fix: string;
}

/** Why a write failed, for an error of SQLite or of the file system; null: not a write failure. */
export function writeFailureOf(e: unknown): WriteFailure | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return { why: 'the disk is full', fix: 'Free some space' };
  if (code === 'EDQUOT') return { why: 'the disk quota is used up', fix: 'Free some space' };
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') return { why: 'the file or its directory is read-only', fix: 'Fix the permissions (or give another --db)' };
  if (code === 'EACCES' || code === 'EPERM') return { why: 'permission denied', fix: 'Fix the permissions (or give another --db)' };
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO') return { why: `an I/O error (${code})`, fix: 'Check the disk' };
  if (code === 'SQLITE_CANTOPEN') return { why: 'a file it needs cannot be created (SQLITE_CANTOPEN)', fix: 'Check that its directory exists and can be written' };
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return {
      why: `another process kept it locked for more than ${BUSY_TIMEOUT_MS / 1000} s (another sim writing it, or a sqlite3 shell inside a transaction)`,
      fix: 'Wait until the other process is done (or give another --db)',
    };
  return null;
}

/**
 * A chunk's games already stored by someone else: another process plays the same run (two
 * `sim resume` of one run at once). Its transaction is rolled back, so no game or sum is
 * counted twice.
 */
/** Removes a database file with its journal files (a file a command made and does not keep). */
export function removeDbFiles(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(f, { force: true });
}

/** Removes a database file that holds nothing (0 bytes), with its journal files. */
function removeIfEmpty(path: string): void {
  try {
    if (statSync(path).size !== 0) return;
  } catch {
    return;
  }
  removeDbFiles(path);
}

/** The paragraph for a StoredValueError met reading `path` (one file, or several named with "or"). */
export function storedValueMessage(path: string, e: Error): string {
  return damagedMessage(path, `a value this code never writes: ${e.message}`);
}

export function runConflictOf(e: unknown): WriteFailure | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (code !== 'SQLITE_CONSTRAINT_PRIMARYKEY' && code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  return {
    why: 'another process stored games of this run meanwhile (two sim resume of one run at once?)',
    fix: 'If the other process stops before the end of the run',
  };
}

/**
 * Brings a file of an older schema up to date, one version at a time, in one transaction
 * (a file is never left between two versions). Reading needs no migration: readers check
 * for the newer tables (`hasTable`).
 */
function migrate(db: DB): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version >= SCHEMA_VERSION) return;
  db.transaction(() => {
    for (let v = version; v < SCHEMA_VERSION; v++) {
      const sql = MIGRATIONS[v];
      if (sql === undefined) throw new Error(`no migration from schema ${v} to ${v + 1}`);
      db.exec(sql);
    }
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}

/**
 * Migrates, or says why it could not: a file whose tables are not those of the schema
 * version it declares (a crafted user_version) fails a migration's SQL, rolled back whole.
 */
function migrated(db: DB): string | null {
  try {
    migrate(db);
    return null;
  } catch (e) {
    if (!(e instanceof Database.SqliteError)) throw e;
    const version = db.pragma('user_version', { simple: true }) as number;
    return `its tables are not those of the schema version it declares (${version}): ${e.message}`;
  }
}

export interface RunRow {
  readonly id: number;
  readonly key: string;
  readonly created: string;
  readonly seed: string;
  readonly setup: string;
  readonly setupJson: string;
  readonly preset: string;
  readonly players: number;
  readonly deck: string;
  readonly rules: string;
  readonly seating: string;
  readonly games: number;
  readonly shardK: number;
  readonly shardN: number;
  readonly first: number;
  readonly stop: number;
  readonly packageVersion: string;
  readonly nodeVersion: string;
  readonly codeHash: string;
  readonly git: string | null;
}

const RUN_COLUMNS = `id, key, created, seed, setup, setup_json AS setupJson, preset, players, deck, rules, seating, games,
  shard_k AS shardK, shard_n AS shardN, first, stop, package_version AS packageVersion, node_version AS nodeVersion,
  code_hash AS codeHash, git`;

/** A stored game's row (codes, as stored). */
export interface GameRow {
  readonly idx: number;
  readonly winner: number;
  readonly days: number;
  readonly invalid: number;
  readonly fallbacks: number;
  readonly seats: string;
}

/** A run's behaviour counters summed over the games of one resampling unit, one agent and one card (metrics/pack.ts). */
export interface MetricSumRow {
  readonly unit: number;
  /** Codes: the run's agent (`agents`), the card at the end (`roles`). */
  readonly agent: number;
  readonly role: number;
  readonly version: number;
  readonly counters: Uint8Array;
}

/** Wins per side and days, over a run's stored games. */
export interface StoredTally {
  readonly games: number;
  readonly wins: Record<Side, number>;
  readonly days: number;
}

/** read: read-only, must exist; update: read-write, must exist; write: read-write, created if missing. */
export type StoreMode = 'read' | 'update' | 'write';

export class Store {
  /** Database codes of the engine's names (0 where the file lacks a name: only in read mode). */
  readonly codes: CodeMaps;
  private readonly insertGame: Database.Statement | null;
  /** The metric sums of the runs being stored (sum-rows.ts), made on first use. */
  private sums: SumRows | null = null;

  private constructor(
    readonly db: DB,
    readonly path: string,
    readonly mode: StoreMode,
  ) {
    this.codes = { roles: this.codesOf('roles', ROLES), causes: this.codesOf('causes', CAUSES), sides: this.codesOf('sides', SIDES) };
    this.insertGame = mode === 'read' ? null : db.prepare('INSERT INTO games (run, idx, winner, days, invalid, fallbacks, seats) VALUES (?, ?, ?, ?, ?, ?, ?)');
  }

  /**
   * Opens a results file. `read` needs it to exist; `write` creates it if missing. A file
   * that is not ours is refused before SQLite opens it, so it is never modified.
   */
  static open(path: string, mode: StoreMode): Result<Store, string> {
    const state = inspectDbFile(path);
    if (!state.ok) return state;
    if (mode !== 'write' && state.value === 'empty')
      return err(`${path} is an empty file (0 bytes), not a results database yet: play a run into it (\`sim --games N --db ${path}\`) or give the right --db path`);
    if (mode !== 'write' && state.value !== 'ours')
      return err(`there is no results database at ${path} (make one with \`sim --games N --db ${path}\`, or give the right --db path)`);
    const blocked = unwritableDir(path);
    if (blocked !== null && mode !== 'read')
      return err(`cannot ${state.value === 'missing' ? 'create' : 'write to'} ${path}: ${blocked}. Choose another --db path, or make the directory writable`);
    // Reading a WAL file needs its shared-memory file (-shm) beside it, made on first use.
    if (blocked !== null && walMode(path) && !existsSync(`${path}-shm`))
      return err(`cannot read ${path} where it is: ${blocked}, and SQLite must create its -shm file beside a database it reads. Copy the file to a writable directory and read the copy`);
    const fresh = state.value !== 'ours';
    let db: DB;
    try {
      // Reading opens read-write but query-only: a read-only connection to a WAL file
      // leaves -wal and -shm files behind, a read-write one removes them on close (and
      // never changes the database file itself). A write-protected file is opened read-only.
      db = new Database(path, { fileMustExist: !fresh });
    } catch (e) {
      if (mode !== 'read') return err(`cannot open ${path}: ${(e as Error).message}`);
      try {
        db = new Database(path, { readonly: true, fileMustExist: true });
      } catch (e2) {
        return err(`cannot open ${path}: ${(e2 as Error).message}`);
      }
    }
    try {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      if (mode === 'read') db.pragma('query_only = ON');
      // The whole file is checked (quick_check, ~5 ms per MB) before it is read or written:
      // a damaged file is refused before anything, even the journal mode, is written to
      // it, and is never read as a run that is merely incomplete.
      if (!fresh) {
        const first = db.pragma('quick_check(1)', { simple: true }) as string;
        if (first !== 'ok') {
          db.close();
          return err(damagedMessage(path, `SQLite's check: ${first}`));
        }
      }
      if (fresh) {
        // The schema and the marks are committed before WAL is switched on, so the file
        // header (read by inspectDbFile) carries them from the first moment.
        // Two processes may find the file missing at once (two runs started together): the
        // first to take the write lock makes the schema, the other finds it made.
        db.transaction(() => {
          const made = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'runs'").pluck().get() as number;
          if (made === 0) db.exec(`${SCHEMA_SQL}; PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${SCHEMA_VERSION};`);
        }).immediate();
      } else if (mode !== 'read') {
        const failed = migrated(db);
        if (failed !== null) {
          db.close();
          return err(damagedMessage(path, failed));
        }
      }
      if (mode !== 'read') {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
      }
      const tables = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('runs', 'games')").pluck().get() as number;
      if (tables !== 2) {
        db.close();
        return err(`${path} is marked as a werewolf-lab file but lacks its tables: it is damaged; choose another file`);
      }
      return ok(new Store(db, path, mode));
    } catch (e) {
      db.close();
      // A file this call was making (a full disk while its schema was written) is not left
      // behind empty: nothing of it was ever a results file.
      if (fresh) removeIfEmpty(path);
      if (isDamage(e)) return err(damagedMessage(path, `SQLite: ${e.message}`));
      throw e;
    }
  }

  close(): void {
    this.db.close();
  }

  /** True if the file has this table (a file of an older schema opened to read may lack it). */
  hasTable(name: string): boolean {
    return (this.db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(name) as number) === 1;
  }

  /** Codes of `names` in a lookup table; in write mode missing names are added. */
  private codesOf(table: 'roles' | 'causes' | 'sides', names: readonly string[]): number[] {
    const read = () => new Map((this.db.prepare(`SELECT name, code FROM ${table}`).all() as { name: string; code: number }[]).map((r) => [r.name, r.code]));
    let known = read();
    if (names.some((n) => !known.has(n)) && this.mode !== 'read') {
      const insert = this.db.prepare(`INSERT INTO ${table} (code, name) VALUES (?, ?)`);
      // Read again under the write lock: another process may have added names meanwhile.
      this.db.transaction(() => {
        known = read();
        let next = Math.max(0, ...known.values()) + 1;
        for (const n of names.filter((x) => !known.has(x))) {
          insert.run(next, n);
          known.set(n, next++);
        }
      }).immediate();
    }
    return names.map((n) => known.get(n) ?? 0);
  }

  /** Names by code of a lookup table. */
  names(table: 'roles' | 'causes' | 'sides'): Map<number, string> {
    return new Map((this.db.prepare(`SELECT code, name FROM ${table}`).all() as { name: string; code: number }[]).map((r) => [r.code, r.name]));
  }

  createRun(config: RunConfig, key: string, v: Versions): RunRow {
    const range = shardRange(config.games, config.shard);
    return this.insertRun(
      {
        key,
        created: new Date().toISOString(),
        seed: config.seed,
        setup: describeSetup(config.setup),
        setupJson: JSON.stringify(config.setup),
        preset: config.setup.preset,
        players: config.setup.players,
        deck: mixLabel(config.setup),
        rules: changedRules(config.setup).join(' '),
        seating: config.seating.text,
        games: config.games,
        shardK: config.shard.k,
        shardN: config.shard.n,
        first: range.first,
        stop: range.stop,
        packageVersion: v.package,
        nodeVersion: v.node,
        codeHash: v.codeHash,
        git: v.git,
      },
      specList(config.seating),
    );
  }

  /** Copies a run row (from another file) under a new id, with its agents; used by merge. */
  copyRun(row: RunRow, agents: readonly string[], over: Partial<Pick<RunRow, 'shardK' | 'shardN' | 'first' | 'stop' | 'created'>>): RunRow {
    return this.insertRun({ ...row, ...over }, agents);
  }

  private insertRun(r: Omit<RunRow, 'id'>, agents: readonly string[]): RunRow {
    const id = this.db.transaction(() => {
      const res = this.db
        .prepare(
          `INSERT INTO runs (key, created, seed, setup, setup_json, preset, players, deck, rules, seating, games, shard_k, shard_n,
             first, stop, package_version, node_version, code_hash, git)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(r.key, r.created, r.seed, r.setup, r.setupJson, r.preset, r.players, r.deck, r.rules, r.seating, r.games, r.shardK, r.shardN, r.first, r.stop, r.packageVersion, r.nodeVersion, r.codeHash, r.git);
      const runId = Number(res.lastInsertRowid);
      const insert = this.db.prepare('INSERT INTO agents (run, code, spec) VALUES (?, ?, ?)');
      agents.forEach((spec, i) => insert.run(runId, i + 1, spec));
      return runId;
    })();
    return this.run(id)!;
  }

  /** Removes a run that stored no game (an LLM run refused at its first call is not kept). */
  deleteRun(id: number): void {
    this.db.transaction(() => {
      if (this.storedCount(id) > 0) throw new Error(`run ${id} has stored games: it is not deleted`);
      this.db.prepare('DELETE FROM agents WHERE run = ?').run(id);
      if (this.hasTable('tournament_runs')) this.db.prepare('DELETE FROM tournament_runs WHERE run = ?').run(id);
      this.db.prepare('DELETE FROM runs WHERE id = ?').run(id);
    })();
  }

  run(id: number): RunRow | undefined {
    return this.db.prepare(`SELECT ${RUN_COLUMNS} FROM runs WHERE id = ?`).get(id) as RunRow | undefined;
  }

  runs(): RunRow[] {
    return this.db.prepare(`SELECT ${RUN_COLUMNS} FROM runs ORDER BY id`).all() as RunRow[];
  }

  latestRun(): RunRow | undefined {
    return this.db.prepare(`SELECT ${RUN_COLUMNS} FROM runs ORDER BY id DESC LIMIT 1`).get() as RunRow | undefined;
  }

  /** The latest run with this key, shard and code: the one `--resume` continues. */
  findRun(key: string, shardK: number, shardN: number): RunRow | undefined {
    return this.db
      .prepare(`SELECT ${RUN_COLUMNS} FROM runs WHERE key = ? AND shard_k = ? AND shard_n = ? ORDER BY id DESC LIMIT 1`)
      .get(key, shardK, shardN) as RunRow | undefined;
  }

  /** The run's agent specs by code (index 0 is code 1). */
  agents(run: number): string[] {
    return this.db.prepare('SELECT spec FROM agents WHERE run = ? ORDER BY code').pluck().all(run) as string[];
  }

  /** The lowest index of a stored game of the run (undefined: none stored). */
  firstStored(run: number): number | undefined {
    return (this.db.prepare('SELECT min(idx) FROM games WHERE run = ?').pluck().get(run) as number | null) ?? undefined;
  }

  storedCount(run: number): number {
    return this.db.prepare('SELECT count(*) FROM games WHERE run = ?').pluck().get(run) as number;
  }

  /** The run's game indices not stored yet, as ranges (what a resume plays). */
  missing(run: RunRow): IndexRange[] {
    const out: IndexRange[] = [];
    let next = run.first;
    const stmt = this.db.prepare('SELECT idx FROM games WHERE run = ? AND idx >= ? AND idx < ? ORDER BY idx').pluck();
    for (const idx of stmt.iterate(run.id, run.first, run.stop) as IterableIterator<number>) {
      if (idx > next) out.push({ first: next, stop: idx });
      next = idx + 1;
    }
    if (next < run.stop) out.push({ first: next, stop: run.stop });
    return out;
  }

  /** Stores a chunk of games in one transaction, with their behaviour counters added to the run's sums. */
  insertChunk(run: number, chunk: ChunkResult, players: number): void {
    this.addSums(run, chunk.sums, () => {
      const width = players * SEAT_WIDTH;
      const g = chunk.games;
      const insert = this.writer();
      for (let i = 0; i < chunk.count; i++) {
        const o = i * GAME_WIDTH;
        insert.run(run, g[o]!, g[o + 1]!, g[o + 2]!, g[o + 3]!, g[o + 4]!, chunk.seats.slice(i * width, (i + 1) * width));
      }
    });
  }

  /**
   * Adds counters to a run's sum rows (made if missing), in one transaction with `write`
   * (the games they count). A row of another metrics version is replaced: its games are
   * counted again.
   */
  addSums(run: number, sums: PackedSums, write: () => void = () => {}): void {
    const rows = (this.sums ??= new SumRows(this.db));
    // Inside a transaction of the caller's, which may yet roll back, the rows are not kept.
    const outer = this.db.inTransaction;
    if (outer) rows.forget(run);
    try {
      this.db.transaction(() => {
        write();
        rows.add(run, sums);
      })();
    } catch (e) {
      rows.forget(run);
      throw e;
    }
    if (outer) rows.forget(run);
  }

  /** A run's stored metric sums (none for a run stored before schema 3, or a file of schema 2). */
  metricSums(run: number): MetricSumRow[] {
    if (!this.hasTable('metric_sums')) return [];
    return this.db.prepare('SELECT unit, agent, role, version, counters FROM metric_sums WHERE run = ? ORDER BY unit, agent, role').all(run) as MetricSumRow[];
  }

  /** Stores rows read from another file of the same run (merge), in one transaction. */
  insertRows(run: number, rows: readonly GameRow[]): void {
    const insert = this.writer();
    this.db.transaction(() => {
      for (const r of rows) insert.run(run, r.idx, r.winner, r.days, r.invalid, r.fallbacks, r.seats);
    })();
  }

  private writer(): Database.Statement {
    if (this.insertGame === null) throw new Error(`${this.path} is open to read: no game can be stored`);
    return this.insertGame;
  }

  game(run: number, idx: number): GameRow | undefined {
    return this.db.prepare('SELECT idx, winner, days, invalid, fallbacks, seats FROM games WHERE run = ? AND idx = ?').get(run, idx) as
      | GameRow
      | undefined;
  }

  /** Every stored game of a run in index order (for merges and comparisons). */
  gameRows(run: number): IterableIterator<GameRow> {
    return this.db.prepare('SELECT idx, winner, days, invalid, fallbacks, seats FROM games WHERE run = ? ORDER BY idx').iterate(run) as IterableIterator<GameRow>;
  }

  tally(run: number): StoredTally {
    const sideNames = this.names('sides');
    const wins = Object.fromEntries(SIDES.map((s) => [s, 0])) as Record<Side, number>;
    let games = 0;
    let days = 0;
    for (const r of this.db.prepare('SELECT winner, count(*) AS n, sum(days) AS d FROM games WHERE run = ? GROUP BY winner').all(run) as {
      winner: number;
      n: number;
      d: number;
    }[]) {
      const name = sideNames.get(r.winner);
      if (name === undefined || !(SIDES as readonly string[]).includes(name)) badStoredValue(`run ${run}: stored winner code ${r.winner} has no known side`);
      wins[name as Side] += r.n;
      games += r.n;
      days += r.d;
    }
    return { games, wins, days };
  }
}
