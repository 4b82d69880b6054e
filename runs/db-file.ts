// The results file's health, judged before and apart from the Store (storage.ts): what
// lies at a path (from its header alone, nothing opened), whether a file is damaged and
// the one paragraph that says so, why a write failed in words (and the failure of one
// met inside an agent's seat), and removing a file a command made and does not keep.
// Nothing here reads or writes a run.

import Database from 'better-sqlite3';
import { accessSync, closeSync, constants, openSync, readSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { HostFailure } from '../agents/play.js';
import { err, ok, type Result } from '../engine/index.js';
import { APPLICATION_ID, SCHEMA_VERSION } from './schema.js';

type DB = Database.Database;

/** What lies at a database path, judged from the file's header alone (nothing is opened). */
export type DbFileState = 'missing' | 'empty' | 'ours';

const SQLITE_MAGIC = 'SQLite format 3\0';

/** How long a write waits for another process's lock on the file before it fails, by default. */
export const DEFAULT_LOCK_WAIT_MS = 10_000;

// The process's lock wait: one setting for every file it opens, set by the command line
// (SIM_LOCK_WAIT, scripts/cli/main.ts) before any file is opened.
let lockWaitMs = DEFAULT_LOCK_WAIT_MS;

/** Sets how long a write waits for another process's lock (ms, whole, ≥ 0). */
export function setLockWait(ms: number): void {
  if (!Number.isInteger(ms) || ms < 0) throw new RangeError(`a lock wait is a whole number of ms ≥ 0, not ${ms}`);
  lockWaitMs = ms;
}

/** How long a write waits for another process's lock, in ms. */
export function lockWait(): number {
  return lockWaitMs;
}

/**
 * Switches a database to write-ahead logging, waiting for another process's lock as a
 * write does. SQLite refuses the switch at once (SQLITE_BUSY, without its busy timeout)
 * while another connection holds a write transaction: the switch reads the file before it
 * writes it, and a reader that waited for a writer could deadlock. Two runs started
 * together on a new file met it, one's switch during the other's schema check (about one
 * time in hundreds, under load). So the switch is tried again until the lock wait is spent.
 */
export function switchToWal(db: DB): void {
  const deadline = Date.now() + lockWaitMs;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (typeof code !== 'string' || !code.startsWith('SQLITE_BUSY') || Date.now() >= deadline) throw e;
      Atomics.wait(PAUSE, 0, 0, 5);
    }
  }
}

/** A cell to wait on (nothing ever wakes it: `Atomics.wait` is a synchronous sleep). */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

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
  const cut = truncation(path, header);
  return cut === null ? ok('ours') : err(damagedMessage(path, cut));
}

/**
 * Why the file at `path`, whose header was read as `header`, is shorter than its header
 * says (null: it is not, or it may be in the middle of a write). Read without SQLite's
 * locks, so another process may be writing it: with a journal or a write-ahead log beside
 * it the file may lag its header (a commit writes page 1 before the pages past the old
 * end; the log holds pages not yet copied back), and SQLite completes or rolls back what
 * they hold when it opens the file. The size is read after the header and the journals:
 * a write that finished in between (a checkpoint, then its log removed) is then seen whole.
 * Two runs started together on a new file met it: one judged the other's half-written
 * file damaged.
 */
function truncation(path: string, header: Buffer): string | null {
  const expected = declaredSize(header);
  if (expected === null || fileBytes(`${path}-wal`) > 0 || fileBytes(`${path}-journal`) > 0) return null;
  const size = fileBytes(path);
  return size < expected ? `truncated: ${size} bytes where its header counts ${expected}` : null;
}

/**
 * Why the directory of `path` cannot take new files (null: it can). SQLite writes its
 * journal (`-wal`) beside the database, so even an existing file needs a writable directory.
 */
export function unwritableDir(path: string): string | null {
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
export function walMode(path: string): boolean {
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

/** The size of a file (0: none there). */
function fileBytes(file: string): number {
  try {
    return statSync(file).size;
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

/**
 * A read or write of a results file that failed inside an agent's seat (a model's record,
 * the people's answers at a table: a full disk, a lock held too long, an I/O error): the
 * host's failure, not the agent's. The driver passes it on uncharged (agents/play.ts
 * HostFailure), so nothing is asked again; `code` is SQLite's or the system's, which
 * `writeFailureOf` reads like the failure's own.
 */
export class FileFailure extends HostFailure {
  override readonly name = 'FileFailure';
  readonly code: unknown;
  constructor(what: string, cause: unknown) {
    super(`${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.code = (cause as { code?: unknown } | null)?.code;
  }
}

/** `op()`, a read or write of `what` inside an agent's seat, its failure a FileFailure (a HostFailure, such as a damaged value, passes as it is). */
export function seatFileOp<T>(what: () => string, op: () => T): T {
  try {
    return op();
  } catch (e) {
    if (e instanceof HostFailure) throw e;
    throw new FileFailure(what(), e);
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
      why: `another process kept it locked for more than ${lockWaitMs / 1000} s (another sim writing it, or a sqlite3 shell inside a transaction)`,
      fix: 'Wait until the other process is done (or give another --db)',
    };
  return null;
}

/** Removes a database file with its journal files (a file a command made and does not keep). */
export function removeDbFiles(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(f, { force: true });
}

/** Removes a database file that holds nothing (0 bytes), with its journal files. */
export function removeIfEmpty(path: string): void {
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

/**
 * A chunk's games already stored by someone else: another process plays the same run (two
 * `sim resume` of one run at once). Its transaction is rolled back, so no game or sum is
 * counted twice.
 */
export function runConflictOf(e: unknown): WriteFailure | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (code !== 'SQLITE_CONSTRAINT_PRIMARYKEY' && code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  return {
    why: 'another process stored games of this run meanwhile (two sim resume of one run at once?)',
    fix: 'If the other process stops before the end of the run',
  };
}
