// The LLM record: every request sent and every response received (SQLite), keyed by a
// hash of what was sent, so a run replays from it with no network call and a stopped
// run resumes without paying twice; plus, per finished game, the seats' private notes
// and token/cost counts. Requests and responses are stored deflated (a prompt is a few
// kilobytes of text, mostly the same rules and history).
//
// Writes are single statements or one transaction each: a killed run leaves whole rows.
//
// Every call row carries the prompt version it was asked with (agents/llm/prompt.ts
// PROMPT_VERSION; rows from before the column are version 1), and a version past 1 is
// part of the call's key: a prompt that changed never finds the old answers. A replay of a
// stored run first asks which version played it (`versionsOfRun`: its own calls, else its
// entry in llm_runs, which records the version from this change on) and refuses a run of
// another version before it plays: calls of the same game made by another run, under
// another version, would otherwise answer it and give a game the run never played. A
// replay that misses says which version recorded the game (`versionsOfGame`).
//
// The `sim` CLI keeps the record in a werewolf-lab database file (the run's results file
// by default, or another with --llm-cache) and shares that file's connection (`attach`);
// `open` makes a record file of its own (the library's and the tests' way).

import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { LlmNote } from '../../agents/llm/notes.js';
import type { TransportError } from '../../agents/llm/providers/types.js';
import { err, ok, type Result } from '../../engine/index.js';
import { switchToWal } from '../db-file.js';
import { badStoredValue } from '../stored-value.js';

export interface CallRecord {
  readonly key: string;
  readonly provider: string;
  readonly model: string;
  /** Where the call was made: `gameSeed/Pseat/d<decision>/a<attempt>`. */
  readonly sample: string;
  readonly request: unknown;
  readonly status: 'ok' | 'failed';
  readonly response: unknown;
  readonly error: TransportError | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** USD, null when the model has no price. */
  readonly cost: number | null;
  readonly attempts: number;
  readonly latencyMs: number;
  /** The run that paid for it. */
  readonly run: string;
  /** The prompt version it was asked with (PROMPT_VERSION; 1 for rows recorded before there was one). */
  readonly version: number;
}

/** A recorded call as a game is answered from it (`LlmStore.get`): all but the request it sent. */
export type StoredCall = Omit<CallRecord, 'request'>;

/** The columns `get` reads (all but the request; the version when the record has it). */
const ANSWER_COLUMNS = 'key, provider, model, sample, status, response, error, input_tokens, output_tokens, cost, attempts, latency_ms, run';

/** Tokens and cost of one seat in one game. */
export interface SeatUsage {
  readonly seat: number;
  readonly spec: string;
  calls: number;
  /** Calls answered from the record (no new cost). */
  cachedCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** USD of all its calls, as recorded when paid (null if a model had no price). */
  cost: number | null;
  /** USD paid by this session for it (0 for a replay). */
  newCost: number;
  invalid: number;
  fallbacks: number;
  /** The decisions the seat owed (each asked once, whatever its re-asks); null: a game stored before they were counted. */
  decisions: number | null;
}

/** Where a call was made: each game, seat, decision and re-ask gets its own answer, even for the same prompt. */
export function sampleName(gameSeed: string, seat: number, decision: number, attempt: number): string {
  return `${gameSeed}/P${seat + 1}/d${decision}/a${attempt}`;
}

/**
 * A run's name in the record (`sim`): its run key, shard and creation time — unique across
 * results files that share one record, the same when the run resumes.
 */
export function llmRunName(r: { readonly key: string; readonly shardK: number; readonly shardN: number; readonly created: string }): string {
  return `${r.key}:${r.shardK}/${r.shardN}:${r.created}`;
}

/** A game's name in the record (`sim`): its run key and index. Equal keys, equal games: a replay rewrites the same notes. */
export function llmGameName(runKey: string, index: number): string {
  return `${llmGamePrefix(runKey)}${index}`;
}

/** What the names of a run's games start with (`usageByPrefix`). */
export function llmGamePrefix(runKey: string): string {
  return `${runKey}/`;
}

/** Copies another file's record into this database (merge); calls already here are kept. */
export function copyLlmRecord(into: Database.Database, fromPath: string): void {
  migrate(into);
  into.prepare('ATTACH DATABASE ? AS src').run(fromPath);
  try {
    const has = (t: string) => (into.prepare("SELECT count(*) FROM src.sqlite_master WHERE type = 'table' AND name = ?").pluck().get(t) as number) === 1;
    into.transaction(() => {
      // By column name: a record from before a column was added copies without it (its default).
      for (const t of LLM_TABLES) {
        if (!has(t)) continue;
        const mine = columnsOf(into, 'main', t);
        const cols = columnsOf(into, 'src', t).filter((c) => mine.includes(c)).join(', ');
        into.exec(`INSERT OR IGNORE INTO main.${t} (${cols}) SELECT ${cols} FROM src.${t}`);
      }
    })();
  } finally {
    into.exec('DETACH DATABASE src');
  }
}

/** The key of a call: SHA-256 of what was sent (provider, model, body), where (the sample) and, past 1, the prompt version. */
export function callKey(provider: string, model: string, sample: string, body: unknown, version: number): string {
  const asked = version === 1 ? { provider, model, sample, body } : { provider, model, sample, body, version };
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS llm_calls (
  key TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  sample TEXT NOT NULL,
  request BLOB NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
  response BLOB,
  error TEXT,
  input_tokens INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  cost REAL,
  attempts INTEGER NOT NULL,
  latency_ms INTEGER NOT NULL,
  run TEXT NOT NULL,
  created_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS llm_calls_run ON llm_calls (run);
CREATE TABLE IF NOT EXISTS llm_notes (
  game TEXT NOT NULL,
  seq INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  decision INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  seat_events INTEGER NOT NULL,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS llm_runs (
  run TEXT PRIMARY KEY,
  max_cost REAL,
  created_at TEXT NOT NULL,
  version INTEGER
);
CREATE TABLE IF NOT EXISTS llm_usage (
  game TEXT NOT NULL,
  seat INTEGER NOT NULL,
  spec TEXT NOT NULL,
  calls INTEGER NOT NULL,
  cached_calls INTEGER NOT NULL,
  input_tokens INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  cost REAL,
  new_cost REAL NOT NULL,
  invalid INTEGER NOT NULL,
  fallbacks INTEGER NOT NULL,
  decisions INTEGER,
  PRIMARY KEY (game, seat)
);
`;

const pack = (x: unknown): Buffer => deflateRawSync(Buffer.from(JSON.stringify(x)));

/**
 * A stored body read back. One that does not inflate, or is not JSON, was never written
 * by this code (a file edited or damaged where SQLite's checks cannot see): the file is
 * damaged, and a model's seat is not charged for it (runs/stored-value.ts).
 */
function unpack(b: unknown, what: string, r: Pick<CallRow, 'sample' | 'provider' | 'model'>): unknown {
  if (b === null) return null;
  try {
    if (!Buffer.isBuffer(b)) throw new Error(`a ${typeof b}, not bytes`);
    return JSON.parse(inflateRawSync(b).toString('utf8'));
  } catch (e) {
    return unreadable(r, what, e);
  }
}

function parseError(r: Pick<CallRow, 'sample' | 'provider' | 'model' | 'error'>): TransportError {
  try {
    return JSON.parse(r.error!) as TransportError;
  } catch (e) {
    return unreadable(r, 'error', e);
  }
}

function unreadable(r: Pick<CallRow, 'sample' | 'provider' | 'model'>, what: string, why: unknown): never {
  return badStoredValue(`the LLM record's call ${r.sample} (${r.provider}:${r.model}): its ${what} cannot be read (${why instanceof Error ? why.message : String(why)})`);
}

interface CallRow {
  key: string;
  provider: string;
  model: string;
  sample: string;
  request: Buffer;
  status: 'ok' | 'failed';
  response: Buffer | null;
  error: string | null;
  input_tokens: number;
  output_tokens: number;
  cost: number | null;
  attempts: number;
  latency_ms: number;
  run: string;
  version?: number;
}

/** Adds what later versions added to a record made before them (a file opened to write). */
function migrate(db: Database.Database): void {
  db.exec(SCHEMA);
  if (!columnsOf(db, 'main', 'llm_calls').includes('version')) db.exec('ALTER TABLE llm_calls ADD COLUMN version INTEGER NOT NULL DEFAULT 1');
  // NULL for the runs already there: unknown (their calls say it).
  if (!columnsOf(db, 'main', 'llm_runs').includes('version')) db.exec('ALTER TABLE llm_runs ADD COLUMN version INTEGER');
  // NULL for the games already there: how many decisions their seats owed was not kept.
  if (!columnsOf(db, 'main', 'llm_usage').includes('decisions')) db.exec('ALTER TABLE llm_usage ADD COLUMN decisions INTEGER');
}

function columnsOf(db: Database.Database, schema: string, table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info(?, ?)`).all(table, schema) as { name: string }[]).map((c) => c.name);
}

/** The record's tables (for copying a record from one file to another). */
export const LLM_TABLES = ['llm_calls', 'llm_notes', 'llm_usage', 'llm_runs'] as const;

/** True if the database holds an LLM record. */
export function hasLlmRecord(db: Database.Database): boolean {
  return (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'llm_calls'").pluck().get() as number) === 1;
}

/** A run's entry in the record: made when the run starts, read when it resumes. */
export interface LlmRunRow {
  readonly run: string;
  /** USD; null: no limit. */
  readonly maxCost: number | null;
  readonly created: string;
}

export class LlmStore {
  private constructor(
    private readonly db: Database.Database,
    private readonly owned: boolean,
  ) {}

  /** `get`'s statement, made at its first call (a record from before the version column reads without it). */
  private getSql: string | undefined;
  /** `usage`'s decisions column, found at its first call (`decisionsColumn`). */
  private decisionsSql: string | undefined;

  /** The file the record is in. */
  get path(): string {
    return this.db.name;
  }

  /** Statements prepared once per store: a run asks the same few thousands of times (a prepare costs about as much as the insert). */
  private readonly statements = new Map<string, Database.Statement>();

  private statement(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (st === undefined) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  /** Opens (or creates) the store in a file of its own; a clear error if the file cannot be used. */
  static open(path: string): Result<LlmStore, string> {
    try {
      const db = new Database(path);
      try {
        switchToWal(db);
        db.pragma('synchronous = NORMAL');
        migrate(db);
      } catch (e) {
        db.close();
        throw e;
      }
      return ok(new LlmStore(db, true));
    } catch (e) {
      return err(`cannot open the LLM record ${path}: ${e instanceof Error ? e.message : String(e)} (check the path and its directory's permissions)`);
    }
  }

  /**
   * The record in an open database (its connection is shared, not closed by `close`).
   * `write` creates the tables if missing; `read` writes nothing and needs them there.
   */
  static attach(db: Database.Database, mode: 'read' | 'write'): Result<LlmStore, string> {
    if (mode === 'write') migrate(db);
    else if (!hasLlmRecord(db)) return err(`${db.name} holds no LLM record (no call was ever recorded in it)`);
    return ok(new LlmStore(db, false));
  }

  /**
   * Registers a run (its budget, and the prompt version it asks with; null: unknown); an
   * existing entry keeps its date and version, and takes `maxCost` if given.
   */
  beginRun(run: string, maxCost: number | null | undefined, version: number | null): void {
    this
      .statement('INSERT INTO llm_runs (run, max_cost, created_at, version) VALUES (?, ?, ?, ?) ON CONFLICT (run) DO NOTHING')
      .run(run, maxCost ?? null, new Date().toISOString(), version);
    if (maxCost !== undefined) this.statement('UPDATE llm_runs SET max_cost = ? WHERE run = ?').run(maxCost, run);
  }

  runInfo(run: string): LlmRunRow | undefined {
    if (!this.hasRunsTable()) return undefined;
    return this.statement('SELECT run, max_cost AS maxCost, created_at AS created FROM llm_runs WHERE run = ?').get(run) as LlmRunRow | undefined;
  }

  /** Forgets a run that recorded no call (a run refused at its first call is not kept). */
  dropRun(run: string): void {
    if (this.callsByRun(run) === 0) this.statement('DELETE FROM llm_runs WHERE run = ?').run(run);
  }

  /** Calls recorded as paid by a run. */
  callsByRun(run: string): number {
    return this.statement('SELECT count(*) FROM llm_calls WHERE run = ?').pluck().get(run) as number;
  }

  private hasRunsTable(): boolean {
    return (this.statement("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'llm_runs'").pluck().get() as number) === 1;
  }

  /**
   * The recorded call of `key`, as a game is answered from it: all but its request, which
   * answers nothing (the key already says what was asked) and is most of a row's bytes —
   * reading it back made a replayed call's inflate and parse some six times larger.
   */
  get(key: string): StoredCall | undefined {
    this.getSql ??= `SELECT ${ANSWER_COLUMNS}${columnsOf(this.db, 'main', 'llm_calls').includes('version') ? ', version' : ''} FROM llm_calls WHERE key = ?`;
    const r = this.statement(this.getSql).get(key) as Omit<CallRow, 'request'> | undefined;
    if (r === undefined) return undefined;
    // Any other status would be read as a failure the model made (a file without the table's CHECK, or the check turned off).
    if (r.status !== 'ok' && r.status !== 'failed') unreadable(r, 'status', `'${String(r.status)}' is neither ok nor failed`);
    return {
      key: r.key,
      provider: r.provider,
      model: r.model,
      sample: r.sample,
      status: r.status,
      response: unpack(r.response, 'response', r),
      error: r.error === null ? null : parseError(r),
      inputTokens: r.input_tokens,
      outputTokens: r.output_tokens,
      cost: r.cost,
      attempts: r.attempts,
      latencyMs: r.latency_ms,
      run: r.run,
      version: r.version ?? 1,
    };
  }

  /**
   * The prompt versions the record answered a game's calls with (its samples start with
   * `gameSeed/P`), for a replay that finds no answer: was the game recorded by another
   * version of the prompt? A scan, made only then.
   */
  versionsOfGame(gameSeed: string): number[] {
    const prefix = `${gameSeed}/P`;
    const hasVersion = columnsOf(this.db, 'main', 'llm_calls').includes('version');
    const rows = this
      .statement(`SELECT DISTINCT ${hasVersion ? 'version' : '1'} AS v FROM llm_calls WHERE sample >= ? AND sample < ? ORDER BY v`)
      .all(prefix, `${prefix}\uffff`) as { v: number }[];
    return rows.map((r) => r.v);
  }

  /**
   * The prompt versions a run (its name in the record) asked with — for game `gameSeed`
   * when given: the versions of the calls it paid for in that game, else of any call it
   * paid for (a run is played by one code: a resume needs the same), else the version its
   * entry records; undefined when none of these says (a run recorded elsewhere, or whose
   * every call was answered by another run's before versions were kept per run).
   */
  versionsOfRun(run: string, gameSeed?: string): number[] | undefined {
    const version = columnsOf(this.db, 'main', 'llm_calls').includes('version') ? 'version' : '1';
    const distinct = (where: string, ...args: string[]) =>
      (this.statement(`SELECT DISTINCT ${version} AS v FROM llm_calls WHERE ${where} ORDER BY v`).all(...args) as { v: number }[]).map((r) => r.v);
    if (gameSeed !== undefined) {
      const prefix = `${gameSeed}/P`;
      const inGame = distinct('run = ? AND sample >= ? AND sample < ?', run, prefix, `${prefix}\uffff`);
      if (inGame.length > 0) return inGame;
    }
    const any = distinct('run = ?', run);
    if (any.length > 0) return any;
    if (!this.hasRunsTable() || !columnsOf(this.db, 'main', 'llm_runs').includes('version')) return undefined;
    const entry = this.statement('SELECT version FROM llm_runs WHERE run = ?').pluck().get(run) as number | null | undefined;
    return entry === null || entry === undefined ? undefined : [entry];
  }

  /** Every answered call's latency in milliseconds (the request and its retries), by model (`${provider}:${model}`, spec.ts `modelKey`). */
  latencies(o: { readonly run?: string } = {}): Map<string, number[]> {
    const out = new Map<string, number[]>();
    const rows = (
      o.run === undefined
        ? this.statement("SELECT provider, model, latency_ms AS ms FROM llm_calls WHERE status = 'ok' ORDER BY key").iterate()
        : this.statement("SELECT provider, model, latency_ms AS ms FROM llm_calls WHERE status = 'ok' AND run = ? ORDER BY key").iterate(o.run)
    ) as IterableIterator<{ provider: string; model: string; ms: number }>;
    for (const r of rows) {
      const key = `${r.provider}:${r.model}`;
      const list = out.get(key) ?? [];
      list.push(r.ms);
      out.set(key, list);
    }
    return out;
  }

  /** Records a call (a failed call answered later is replaced by its answer). */
  put(c: CallRecord): void {
    this
      .statement(
        `INSERT OR REPLACE INTO llm_calls (key, provider, model, sample, request, status, response, error, input_tokens, output_tokens, cost, attempts, latency_ms, run, created_at, version)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        c.key,
        c.provider,
        c.model,
        c.sample,
        pack(c.request),
        c.status,
        c.status === 'ok' ? pack(c.response) : null,
        c.error === null ? null : JSON.stringify(c.error),
        c.inputTokens,
        c.outputTokens,
        c.cost,
        c.attempts,
        Math.round(c.latencyMs),
        c.run,
        new Date().toISOString(),
        c.version,
      );
  }

  /** A finished game's notes and usage, in one transaction (a replayed game's replace the old). */
  saveGame(game: string, notes: readonly LlmNote[], usage: readonly SeatUsage[]): void {
    const delNotes = this.statement('DELETE FROM llm_notes WHERE game = ?');
    const delUsage = this.statement('DELETE FROM llm_usage WHERE game = ?');
    const insNote = this.statement('INSERT INTO llm_notes (game, seq, seat, decision, attempt, seat_events, kind, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const insUsage = this.statement(
      'INSERT INTO llm_usage (game, seat, spec, calls, cached_calls, input_tokens, output_tokens, cost, new_cost, invalid, fallbacks, decisions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      delNotes.run(game);
      delUsage.run(game);
      notes.forEach((n, i) => insNote.run(game, i, n.seat, n.decision, n.attempt, n.seatEvents, n.kind, n.text));
      for (const u of usage)
        insUsage.run(game, u.seat, u.spec, u.calls, u.cachedCalls, u.inputTokens, u.outputTokens, u.cost, u.newCost, u.invalid, u.fallbacks, u.decisions);
    })();
  }

  notes(game: string): LlmNote[] {
    const rows = this
      .statement('SELECT seat, decision, attempt, seat_events AS seatEvents, kind, text FROM llm_notes WHERE game = ? ORDER BY seq')
      .all(game) as LlmNote[];
    return rows;
  }

  usage(game: string): SeatUsage[] {
    return this
      .statement(
        `SELECT seat, spec, calls, cached_calls AS cachedCalls, input_tokens AS inputTokens, output_tokens AS outputTokens, cost, new_cost AS newCost, invalid, fallbacks, ${this.decisionsColumn()}
         FROM llm_usage WHERE game = ? ORDER BY seat`,
      )
      .all(game) as SeatUsage[];
  }

  /** USD paid by a run's sessions so far (its calls with a price). */
  spentByRun(run: string): number {
    const r = this.statement('SELECT COALESCE(SUM(cost), 0) AS spent FROM llm_calls WHERE run = ?').get(run) as { spent: number };
    return r.spent;
  }

  /** Calls recorded, by status. */
  counts(): { ok: number; failed: number } {
    const rows = this.statement('SELECT status, COUNT(*) AS n FROM llm_calls GROUP BY status').all() as { status: string; n: number }[];
    return { ok: rows.find((r) => r.status === 'ok')?.n ?? 0, failed: rows.find((r) => r.status === 'failed')?.n ?? 0 };
  }

  /** The seats' usage of every finished game whose key starts with `prefix` (a run's games: `${runKey}/`). */
  usageByPrefix(prefix: string): (SeatUsage & { readonly game: string })[] {
    // A range on the primary key: every key that starts with the prefix sorts within it.
    return this
      .statement(
        `SELECT game, seat, spec, calls, cached_calls AS cachedCalls, input_tokens AS inputTokens, output_tokens AS outputTokens, cost, new_cost AS newCost, invalid, fallbacks, ${this.decisionsColumn()}
         FROM llm_usage WHERE game >= ? AND game < ? ORDER BY game, seat`,
      )
      .all(prefix, prefix + '\uffff') as (SeatUsage & { game: string })[];
  }

  /**
   * A record read without being migrated may predate the decisions column: its games' counts
   * are then unknown. Looked up once, as `get`'s columns are: reports and `sim show` read
   * usage game by game, and each lookup prepared a statement.
   */
  private decisionsColumn(): string {
    return (this.decisionsSql ??= columnsOf(this.db, 'main', 'llm_usage').includes('decisions') ? 'decisions' : 'NULL AS decisions');
  }

  /** Closes the file if the store opened it (an attached store leaves its connection alone). */
  close(): void {
    if (this.owned) this.db.close();
  }
}
