// The results database (schema.ts): open or create it, refuse files that are not ours
// without touching them, record runs, store games in batches (one transaction per
// chunk, prepared statements), and the queries the CLI and the reports need.
//
// Safety: WAL journal with synchronous=NORMAL — a crash (kill -9, power loss) can lose
// the last committed batches but never corrupts the file, and a lost batch is simply
// played again by `sim resume` (a game depends only on its index).

import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { CAUSES } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import { ROLES, SIDES, teamOf, type Role, type Side } from '../engine/index.js';
import type { CodeMaps, ChunkResult } from './record.js';
import { CHAR_OFFSET, GAME_WIDTH, SEAT_FIELDS, SEAT_WIDTH } from './record.js';
import { changedRules, RUN_POLICIES, SEAT_ORDERS, shardRange, specList, type IndexRange, type RunConfig, type RunPolicy, type SeatOrder } from './run-config.js';
import { APPLICATION_ID, MIGRATIONS, SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';
import { SumRows } from './sum-rows.js';
import type { PackedSums } from '../metrics/pack.js';
import type { Versions } from './version.js';
import { describeSetup, mixLabel } from '../engine/index.js';
import { badStoredValue } from './stored-value.js';
import { exportQuery, type ExportRows } from './export-rows.js';
import { TournamentTable } from './tournament-table.js';
import { StudyTable } from './study-table.js';
import { humanGameName, keptAnswers, StoredHumanRecord } from './human-record.js';
import type { HumanSeatFactory } from '../agents/types.js';
import { copyLlmRecord, hasLlmRecord, LlmStore } from './llm/store.js';
import { lockWait, damagedMessage, inspectDbFile, isDamage, removeIfEmpty, switchToWal, unwritableDir, walMode } from './db-file.js';


type DB = Database.Database;

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
  /** What a game in which an agent fell back counts for in the run's own figure ('keep' in a file from before schema 6). */
  readonly policy: RunPolicy;
  /** The seats its games are played in ('dealt' in a file from before schema 7). */
  readonly seatOrder: SeatOrder;
}

const RUN_COLUMNS = `id, key, created, seed, setup, setup_json AS setupJson, preset, players, deck, rules, seating, games,
  shard_k AS shardK, shard_n AS shardN, first, stop, package_version AS packageVersion, node_version AS nodeVersion,
  code_hash AS codeHash, git`;
/** A stored run row, its policy checked (a crafted file may hold any text there). */
function checkedRun(r: RunRow | undefined): RunRow | undefined {
  if (r !== undefined && !(RUN_POLICIES as readonly string[]).includes(r.policy)) badStoredValue(`run ${r.id}: failure policy '${r.policy}'`);
  if (r !== undefined && !(SEAT_ORDERS as readonly string[]).includes(r.seatOrder)) badStoredValue(`run ${r.id}: seat order '${r.seatOrder}'`);
  return r;
}

/** A file from before schema 6 (7), read as it is, has no policy (seat order) column: its runs were read as played (played as dealt). */
const runColumns = (hasPolicy: boolean, hasSeatOrder: boolean) =>
  `${RUN_COLUMNS}, ${hasPolicy ? 'policy' : "'keep' AS policy"}, ${hasSeatOrder ? 'seat_order AS seatOrder' : "'dealt' AS seatOrder"}`;

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

/** Wins per side and days (their sum, and the sum of their squares), over a run's stored games. */
export interface StoredTally {
  readonly games: number;
  readonly wins: Record<Side, number>;
  readonly days: number;
  readonly daySquares: number;
}

/** read: read-only, must exist; update: read-write, must exist; write: read-write, created if missing. */
export type StoreMode = 'read' | 'update' | 'write';

export class Store {
  /** Database codes of the engine's names (0 where the file lacks a name: only in read mode). */
  readonly codes: CodeMaps;
  private readonly insertGame: Database.Statement | null;
  /** The metric sums of the runs being stored (sum-rows.ts), made on first use. */
  private sums: SumRows | null = null;
  private tournamentTable: TournamentTable | null = null;
  private studyTable: StudyTable | null = null;

  private constructor(
    private readonly db: DB,
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
      db.pragma(`busy_timeout = ${lockWait()}`);
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
        switchToWal(db);
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

  get isOpen(): boolean {
    return this.db.open;
  }

  /** Moves the write-ahead log into the file and empties it (a file about to be renamed carries everything). */
  checkpoint(): void {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  private policyColumn: boolean | undefined;
  private seatOrderColumn: boolean | undefined;

  /** The run columns to select: a file of an older schema, opened to read, may lack the policy and seat order columns. */
  private runColumns(): string {
    const has = (name: string) => (this.db.prepare("SELECT count(*) FROM pragma_table_info('runs') WHERE name = ?").pluck().get(name) as number) === 1;
    this.policyColumn ??= has('policy');
    this.seatOrderColumn ??= has('seat_order');
    return runColumns(this.policyColumn, this.seatOrderColumn);
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
        policy: config.policy ?? 'keep',
        seatOrder: config.seatOrder ?? 'dealt',
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
             first, stop, package_version, node_version, code_hash, git, policy, seat_order)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(r.key, r.created, r.seed, r.setup, r.setupJson, r.preset, r.players, r.deck, r.rules, r.seating, r.games, r.shardK, r.shardN, r.first, r.stop, r.packageVersion, r.nodeVersion, r.codeHash, r.git, r.policy, r.seatOrder);
      const runId = Number(res.lastInsertRowid);
      const insert = this.db.prepare('INSERT INTO agents (run, code, spec) VALUES (?, ?, ?)');
      agents.forEach((spec, i) => insert.run(runId, i + 1, spec));
      return runId;
    })();
    return this.run(id)!;
  }

  /** Removes a run that stored no game (an LLM run refused at its first call is not kept). */
  deleteRun(id: number): void {
    this.transaction(() => {
      if (this.storedCount(id) > 0) throw new Error(`run ${id} has stored games: it is not deleted`);
      this.db.prepare('DELETE FROM agents WHERE run = ?').run(id);
      if (this.hasTable('tournament_runs')) this.db.prepare('DELETE FROM tournament_runs WHERE run = ?').run(id);
      if (this.hasTable('run_ends')) this.db.prepare('DELETE FROM run_ends WHERE run = ?').run(id);
      this.db.prepare('DELETE FROM runs WHERE id = ?').run(id);
    });
  }

  run(id: number): RunRow | undefined {
    return checkedRun(this.db.prepare(`SELECT ${this.runColumns()} FROM runs WHERE id = ?`).get(id) as RunRow | undefined);
  }

  runs(): RunRow[] {
    return (this.db.prepare(`SELECT ${this.runColumns()} FROM runs ORDER BY id`).all() as RunRow[]).map((r) => checkedRun(r)!);
  }

  latestRun(): RunRow | undefined {
    return checkedRun(this.db.prepare(`SELECT ${this.runColumns()} FROM runs ORDER BY id DESC LIMIT 1`).get() as RunRow | undefined);
  }

  /** The latest run with this key, shard and code: the one `--resume` continues. */
  findRun(key: string, shardK: number, shardN: number): RunRow | undefined {
    return checkedRun(
      this.db.prepare(`SELECT ${this.runColumns()} FROM runs WHERE key = ? AND shard_k = ? AND shard_n = ? ORDER BY id DESC LIMIT 1`).get(key, shardK, shardN) as RunRow | undefined,
    );
  }

  /** The run's agent specs by code (index 0 is code 1). */
  agents(run: number): string[] {
    return this.db.prepare('SELECT spec FROM agents WHERE run = ? ORDER BY code').pluck().all(run) as string[];
  }

  /** The lowest index of a stored game of the run (undefined: none stored). */
  firstStored(run: number): number | undefined {
    return (this.db.prepare('SELECT min(idx) FROM games WHERE run = ?').pluck().get(run) as number | null) ?? undefined;
  }

  /** Whether an agent fell back in any stored game of the run (a run of bots has none: its summary says nothing of failures). */
  anyFallbacks(run: number): boolean {
    return this.db.prepare('SELECT EXISTS (SELECT 1 FROM games WHERE run = ? AND fallbacks > 0)').pluck().get(run) === 1;
  }

  /** Records that the run ended by design after `games` games (schema.ts `run_ends`): finished, not stopped. */
  endRun(run: number, games: number, why: string): void {
    this.db.prepare('INSERT INTO run_ends (run, games, why, at) VALUES (?, ?, ?, ?) ON CONFLICT (run) DO UPDATE SET games = excluded.games, why = excluded.why, at = excluded.at').run(run, games, why, new Date().toISOString());
  }

  /** How the run ended by design, if it did (a file older than schema 5 records none). */
  runEnd(run: number): { readonly games: number; readonly why: string } | undefined {
    if (!this.hasTable('run_ends')) return undefined;
    return this.db.prepare('SELECT games, why FROM run_ends WHERE run = ?').get(run) as { games: number; why: string } | undefined;
  }

  storedCount(run: number): number {
    return this.db.prepare('SELECT count(*) FROM games WHERE run = ?').pluck().get(run) as number;
  }

  /** How many games of the run are stored with an index below `stop`. */
  storedBelow(run: number, stop: number): number {
    return this.db.prepare('SELECT count(*) FROM games WHERE run = ? AND idx < ?').pluck().get(run, stop) as number;
  }

  /** How many games of the run with an index below `stop` `side` won. */
  wonBelow(run: number, stop: number, side: Side): number {
    const code = this.codes.sides[SIDES.indexOf(side)]!;
    return this.db.prepare('SELECT count(*) FROM games WHERE run = ? AND idx < ? AND winner = ?').pluck().get(run, stop, code) as number;
  }

  /**
   * The winners of the run's stored games in `range`: per index from `range.first`, the
   * winning side's place in SIDES, or −1 where no game is stored.
   */
  winnersIn(run: number, range: IndexRange): Int8Array {
    const sideOf = new Map<number, number>();
    for (const [code, name] of this.names('sides')) sideOf.set(code, (SIDES as readonly string[]).indexOf(name));
    const out = new Int8Array(Math.max(0, range.stop - range.first)).fill(-1);
    const rows = this.db.prepare('SELECT idx, winner FROM games WHERE run = ? AND idx >= ? AND idx < ?').iterate(run, range.first, range.stop);
    for (const r of rows as IterableIterator<{ idx: number; winner: number }>) {
      const side = sideOf.get(r.winner) ?? -1;
      if (side < 0) badStoredValue(`run ${run}: stored winner code ${r.winner} has no known side`);
      out[r.idx - range.first] = side;
    }
    return out;
  }

  /**
   * Per game of `range`, the fallback moves of each side's seats (an agent failed to
   * answer and the fallback moved for it): at 2·i the seats dealt a village-team or piper
   * card (a side seating's default agent's cards), at 2·i + 1 the werewolf cards' seats;
   * −1 at both where game i is not stored.
   */
  sideFallbacksIn(run: number, range: IndexRange): Int32Array {
    const wolfCodes = new Set<number>();
    for (const [code, name] of this.names('roles')) if ((ROLES as readonly string[]).includes(name) && teamOf(name as Role) === 'werewolves') wolfCodes.add(code);
    const dealt = SEAT_FIELDS.indexOf('dealt');
    const fallbacks = SEAT_FIELDS.indexOf('fallbacks');
    const out = new Int32Array(2 * Math.max(0, range.stop - range.first)).fill(-1);
    const rows = this.db.prepare('SELECT idx, fallbacks, seats FROM games WHERE run = ? AND idx >= ? AND idx < ?').iterate(run, range.first, range.stop);
    for (const r of rows as IterableIterator<{ idx: number; fallbacks: number; seats: string }>) {
      const at = 2 * (r.idx - range.first);
      out[at] = 0;
      out[at + 1] = 0;
      if (r.fallbacks === 0) continue;
      for (let seat = 0; seat + SEAT_WIDTH <= r.seats.length; seat += SEAT_WIDTH) {
        const n = r.seats.charCodeAt(seat + fallbacks) - CHAR_OFFSET;
        if (n > 0) out[at + (wolfCodes.has(r.seats.charCodeAt(seat + dealt) - CHAR_OFFSET) ? 1 : 0)]! += n;
      }
    }
    return out;
  }

  /** The rows of an export (export-rows.ts), one at a time, in run and game order (`runs`: those to keep; undefined: all). */
  exportRows(rows: ExportRows, runs?: readonly number[]): IterableIterator<Record<string, string | number | null>> {
    return this.db.prepare(exportQuery(rows, runs)).iterate(...(runs ?? [])) as IterableIterator<Record<string, string | number | null>>;
  }

  /** The tournaments' tables (tournament-table.ts), for tournaments/. */
  tournaments(): TournamentTable {
    return (this.tournamentTable ??= new TournamentTable(this.db));
  }

  /** The studies' tables (study-table.ts), for studies/. */
  studies(): StudyTable {
    return (this.studyTable ??= new StudyTable(this.db));
  }

  /** The answers people gave in one game at the table (human-record.ts), kept in this file as they are given. */
  humanRecord(game: string, people: ReadonlyMap<number, string> = new Map()): StoredHumanRecord {
    return new StoredHumanRecord(this.db, game, people, this.mode !== 'read');
  }

  /** The people of a run's games, answering from the answers they gave (a replay). */
  humanSeats(run: number): (index: number) => HumanSeatFactory {
    const key = this.run(run)?.key ?? '';
    return (index) => keptAnswers(this.humanRecord(humanGameName(key, index)));
  }

  /** Whether the file holds an LLM record (llm/store.ts): a call was ever recorded in it. */
  hasLlmRecord(): boolean {
    return hasLlmRecord(this.db);
  }

  /** The file's LLM record: to read (an error if it holds none), or to write (made if missing). */
  llmRecord(mode: 'read' | 'write'): Result<LlmStore, string> {
    return LlmStore.attach(this.db, mode);
  }

  /** Copies the LLM record of the file at `path` into this one's (a merge: the shards' calls go with their games). */
  copyLlmRecordFrom(path: string): void {
    copyLlmRecord(this.db, path);
  }

  /** The indices of the run's stored games, in order. */
  storedIndices(run: RunRow): number[] {
    return this.db.prepare('SELECT idx FROM games WHERE run = ? ORDER BY idx').pluck().all(run.id) as number[];
  }

  /**
   * Runs `work` in one transaction: all of its writes, or none of them. It takes the write
   * lock as it begins (BEGIN IMMEDIATE), so that it waits for another process's writes as a
   * write does: a transaction that reads before it writes would otherwise take its snapshot
   * at the read, and another process's write in between would make its own fail at once
   * (SQLITE_BUSY_SNAPSHOT, no wait). Opened to read, the store writes nothing: a plain one.
   */
  transaction<T>(work: () => T): T {
    const tx = this.db.transaction(work);
    return this.mode === 'read' ? tx() : tx.immediate();
  }

  /** The run's game indices not stored yet, as ranges (what a resume plays). */
  missing(run: RunRow): IndexRange[] {
    // Cheap when the stored games are a prefix of the range, as a sweep stores them.
    const span = this.db.prepare('SELECT count(*) AS n, min(idx) AS low, max(idx) AS top FROM games WHERE run = ? AND idx >= ? AND idx < ?').get(run.id, run.first, run.stop) as {
      n: number;
      low: number | null;
      top: number | null;
    };
    if (span.n === 0) return run.first < run.stop ? [{ first: run.first, stop: run.stop }] : [];
    if (span.low === run.first && span.top === run.first + span.n - 1) return span.top + 1 < run.stop ? [{ first: span.top + 1, stop: run.stop }] : [];
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
      this.transaction(() => {
        write();
        rows.add(run, sums);
      });
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
    let daySquares = 0;
    for (const r of this.db.prepare('SELECT winner, count(*) AS n, sum(days) AS d, sum(days * days) AS d2 FROM games WHERE run = ? GROUP BY winner').all(run) as {
      winner: number;
      n: number;
      d: number;
      d2: number;
    }[]) {
      const name = sideNames.get(r.winner);
      if (name === undefined || !(SIDES as readonly string[]).includes(name)) badStoredValue(`run ${run}: stored winner code ${r.winner} has no known side`);
      wins[name as Side] += r.n;
      games += r.n;
      days += r.d;
      daySquares += r.d2;
    }
    return { games, wins, days, daySquares };
  }
}
