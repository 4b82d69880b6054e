// The behaviour counter sums (table metric_sums, metrics/pack.ts) of the runs being stored,
// kept in memory while their chunks are stored: a chunk's sums are added to the rows held
// here and the rows it changed are written, in the chunk's transaction — no row read back
// and decoded per chunk (that was a tenth of `sim`'s time). A run's rows are read once,
// when its first chunk is stored (a resumed run's, or none), so what is written is the
// stored totals plus the chunk's, as before. Rows of another METRICS_VERSION are not read:
// the first chunk that adds to one replaces it (`sim metrics` counts such a run's games
// again from the games).
//
// The rows held are the file's only while every write of them commits, and while no one
// else writes the file: the caller drops a run's rows (`forget`) when its transaction
// fails, and when the chunk was stored inside a transaction of someone else's (which may
// still roll back); and every row held is dropped when another connection has committed
// to the file since (SQLite's data_version: another `sim` resuming the same run, whose
// games' sums the rows held would overwrite). Runs are kept up to LIMIT rows in all (about
// 1 KB each), the least recently used dropped first.

import type Database from 'better-sqlite3';
import { COUNTER_COUNT, METRICS_VERSION } from '../metrics/counters.js';
import { addSums, encodeSums, ROW_BYTES, sumKey, type PackedSums } from '../metrics/pack.js';
import { badStoredValue } from './stored-value.js';

/** Counters summed over the games of one resampling unit, agent code and role code. */
interface SumRow {
  readonly unit: number;
  readonly agent: number;
  readonly role: number;
  readonly counters: Float64Array;
}

/** Rows held at most, over all runs (a run of 004's 8 with one agent has 300, 001's 12 with two agents up to 2,000). */
const LIMIT = 20_000;

export class SumRows {
  /** Per run, its rows by key; runs in the order of their last use. */
  private readonly runs = new Map<number, Map<number | string, SumRow>>();
  private held = 0;
  private readonly get: Database.Statement;
  private readonly put: Database.Statement;
  private readonly dataVersion: Database.Statement;
  /** The file's data_version when the rows held were last right (null: none held yet). */
  private seen: number | null = null;
  /** A row's bytes as written (SQLite copies them). */
  private readonly bytes = Buffer.alloc(ROW_BYTES);

  constructor(db: Database.Database) {
    this.get = db.prepare('SELECT unit, agent, role, version, counters FROM metric_sums WHERE run = ?');
    this.put = db.prepare('INSERT OR REPLACE INTO metric_sums (run, unit, agent, role, version, counters) VALUES (?, ?, ?, ?, ?, ?)');
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
  }

  /**
   * Adds sums to a run's rows (made if missing) and writes the rows changed: call it in the
   * transaction storing their games, after their first write (the file is then locked to
   * other writers, and what it holds now is what this transaction changes).
   */
  add(run: number, sums: PackedSums): void {
    const version = this.dataVersion.get() as number;
    if (version !== this.seen) {
      this.runs.clear();
      this.held = 0;
      this.seen = version;
    }
    const rows = this.rowsOf(run);
    const { keys, counters } = sums;
    for (let r = 0; r < sums.rows; r++) {
      const unit = keys[3 * r]!;
      const agent = keys[3 * r + 1]!;
      const role = keys[3 * r + 2]!;
      const key = sumKey(unit, agent, role);
      let row = rows.get(key);
      if (row === undefined) {
        rows.set(key, (row = { unit, agent, role, counters: new Float64Array(COUNTER_COUNT) }));
        this.held++;
      }
      const total = row.counters;
      const at = r * COUNTER_COUNT;
      for (let j = 0; j < COUNTER_COUNT; j++) total[j]! += counters[at + j]!;
      this.put.run(run, unit, agent, role, METRICS_VERSION, encodeSums(total, this.bytes));
    }
  }

  /** Drops a run's rows: they are read from the file when next needed. */
  forget(run: number): void {
    const rows = this.runs.get(run);
    if (rows === undefined) return;
    this.held -= rows.size;
    this.runs.delete(run);
  }

  /** The run's rows, read on first use and marked used last; the least recently used runs dropped beyond LIMIT. */
  private rowsOf(run: number): Map<number | string, SumRow> {
    let rows = this.runs.get(run);
    if (rows !== undefined) {
      this.runs.delete(run);
    } else {
      rows = this.read(run);
      this.held += rows.size;
      for (const [other, r] of this.runs) {
        if (this.held <= LIMIT) break;
        this.held -= r.size;
        this.runs.delete(other);
      }
    }
    this.runs.set(run, rows);
    return rows;
  }

  /** A run's stored rows of this metrics version, decoded; an error if one is damaged. */
  private read(run: number): Map<number | string, SumRow> {
    const rows = new Map<number | string, SumRow>();
    for (const r of this.get.iterate(run) as IterableIterator<{ unit: number; agent: number; role: number; version: number; counters: unknown }>) {
      if (r.version !== METRICS_VERSION) continue;
      const counters = new Float64Array(COUNTER_COUNT);
      if (!(r.counters instanceof Uint8Array) || !addSums(r.counters, counters)) badStoredValue(`run ${run}: a stored metric sum (unit ${r.unit}) is damaged`);
      rows.set(sumKey(r.unit, r.agent, r.role), { unit: r.unit, agent: r.agent, role: r.role, counters });
    }
    return rows;
  }
}
