// The behaviour counters as stored: summed per run over the games of each resampling unit
// (stats/bootstrap.ts: deal d in unit d mod 100), per agent and card at the end. A report
// then reads a few hundred sums per run, not every game (issue 12: the metrics may add at
// most a fifth to `sim report` on 100,000 games), and the results file grows by about
// 100 KB a run whatever its number of games. Unit sums are all the block bootstrap needs:
// its totals are sums over the units' games.
//
// A row's counters are written sparse (only those not zero: a byte for the counter, eight
// for its value), tagged with METRICS_VERSION: sums of another version are not read, and
// `sim metrics` counts those games again by replaying them.

import { DEFAULT_UNITS } from '../stats/bootstrap.js';
import { BIN, COUNTER_COUNT } from './counters.js';

/** The resampling block of game `index` of seed `seed`: one deal, whatever the run or pairing that played it. */
export function blockOf(seed: string, index: number): number {
  return firstBlock(seed) + index;
}

/** The block of a seed's game 0: games of one seed fill the units in turn from a point the seed sets. */
export function firstBlock(seed: string): number {
  let h = 0;
  for (let i = 0; i < seed.length; i++) h = (Math.imul(h, 31) + seed.charCodeAt(i)) >>> 0;
  return h % 9973;
}

/** Resampling units of stored sums (deal d in unit d mod STORED_UNITS). */
export const STORED_UNITS = DEFAULT_UNITS;

export function storedUnit(seed: string, index: number): number {
  return storedUnits(seed)(index);
}

/** `storedUnit` of one seed, its hash taken once (a run asks it for every game). */
export function storedUnits(seed: string): (index: number) => number {
  const first = firstBlock(seed);
  return (index) => (first + index) % STORED_UNITS;
}

/**
 * A sum row's counters as bytes: (counter, value) pairs for the counters not zero. Written
 * into `scratch` when it is given (the bytes are then a view of it, valid until its next
 * use: SQLite copies what it is bound to), else into a buffer of their own.
 */
export function encodeSums(counters: ArrayLike<number>, scratch?: Buffer): Buffer {
  let n = 0;
  for (let j = 0; j < COUNTER_COUNT; j++) if (counters[j] !== 0) n++;
  const buf = scratch === undefined || scratch.length < n * 9 ? Buffer.alloc(n * 9) : scratch.subarray(0, n * 9);
  let at = 0;
  for (let j = 0; j < COUNTER_COUNT; j++) {
    const x = counters[j]!;
    if (x === 0) continue;
    buf[at] = j;
    buf.writeDoubleLE(x, at + 1);
    at += 9;
  }
  return buf;
}

/** Bytes enough for any row (encodeSums' scratch). */
export const ROW_BYTES = COUNTER_COUNT * 9;

/** Adds a stored row's counters to `into`; false (nothing added) when the bytes are not such a row. */
export function addSums(bytes: Uint8Array, into: Float64Array): boolean {
  if (bytes.length % 9 !== 0) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.length; at += 9) if (view.getUint8(at) >= COUNTER_COUNT || !Number.isFinite(view.getFloat64(at + 1, true))) return false;
  for (let at = 0; at < bytes.length; at += 9) into[view.getUint8(at)]! += view.getFloat64(at + 1, true);
  return true;
}

/**
 * Sum rows end to end, in two arrays (cheap to make, to send from a worker and to read):
 * row r is resampling unit keys[3r], agent code keys[3r + 1], role code keys[3r + 2], and
 * its counters are counters[r × COUNTER_COUNT …].
 */
export interface PackedSums {
  readonly rows: number;
  readonly keys: Int32Array;
  readonly counters: Float64Array;
}

/**
 * A sum row's key among a run's: a small integer while it can be (a map hashes those
 * fastest: units below 1024, agent codes below 4096, role codes below 256), text beyond.
 */
export function sumKey(unit: number, agent: number, role: number): number | string {
  return unit < 1024 && agent < 4096 && role < 256 ? (unit * 4096 + agent) * 256 + role : `${unit},${agent},${role}`;
}

/** The counters before the belief bins: all a game has when no seat stated beliefs (metrics/tally.ts GameTally.span). */
const HEAD = BIN.beliefWolf;
const TAIL = COUNTER_COUNT - HEAD;

/**
 * Sums of one run's games per (unit, agent code, role code), as the games are played. A
 * row's counters are kept in two arrays: those before the belief bins, and the bins,
 * which games without stated beliefs (random agents') leave at 0 and which are then never
 * made. A 12-player run's chunk has some 900 rows: a third of the memory the games' adds
 * walk over, when the rows hold 42 counters instead of 122.
 */
export class UnitSums {
  /** Row index by key. */
  private readonly index = new Map<number | string, number>();
  private keys = new Int32Array(3 * 64);
  private head = new Float64Array(HEAD * 64);
  /** The belief bins' rows (null until a game has some: a span past HEAD). */
  private tail: Float64Array | null = null;
  private rows = 0;

  /** Adds a seat's counters; those from `span` on are 0 (metrics/tally.ts GameTally.span). */
  add(unit: number, agent: number, role: number, counters: ArrayLike<number>, span = COUNTER_COUNT): void {
    const r = this.rowOf(unit, agent, role);
    const head = this.head;
    const at = r * HEAD;
    const first = span < HEAD ? span : HEAD;
    for (let j = 0; j < first; j++) head[at + j]! += counters[j]!;
    if (span <= HEAD) return;
    const tail = (this.tail ??= new Float64Array((this.head.length / HEAD) * TAIL));
    const t = r * TAIL - HEAD;
    for (let j = HEAD; j < span; j++) tail[t + j]! += counters[j]!;
  }

  private rowOf(unit: number, agent: number, role: number): number {
    const key = sumKey(unit, agent, role);
    let r = this.index.get(key);
    if (r !== undefined) return r;
    r = this.rows++;
    this.index.set(key, r);
    if (3 * this.rows > this.keys.length) {
      const keys = new Int32Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
      const head = new Float64Array(this.head.length * 2);
      head.set(this.head);
      this.head = head;
      if (this.tail !== null) {
        const tail = new Float64Array(this.tail.length * 2);
        tail.set(this.tail);
        this.tail = tail;
      }
    }
    this.keys[3 * r] = unit;
    this.keys[3 * r + 1] = agent;
    this.keys[3 * r + 2] = role;
    return r;
  }

  get size(): number {
    return this.rows;
  }

  /** No rows, its arrays kept at their size (a player's next chunk fills them again: runs/record.ts `ChunkScratch`). */
  clear(): void {
    if (this.rows === 0) return;
    this.head.fill(0, 0, this.rows * HEAD);
    this.tail?.fill(0, 0, this.rows * TAIL);
    this.index.clear();
    this.rows = 0;
  }

  /** The rows, packed: copies, exactly their size (this object may be cleared and reused; a worker sends them whole). */
  packed(): PackedSums {
    const counters = new Float64Array(this.rows * COUNTER_COUNT);
    const { head, tail } = this;
    // Loops, not a view and a set() per row: some 900 rows a chunk at 12 players.
    for (let r = 0; r < this.rows; r++) {
      const out = r * COUNTER_COUNT;
      for (let j = 0, at = r * HEAD; j < HEAD; j++) counters[out + j] = head[at + j]!;
      if (tail !== null) for (let j = 0, at = r * TAIL; j < TAIL; j++) counters[out + HEAD + j] = tail[at + j]!;
    }
    return { rows: this.rows, keys: this.keys.slice(0, 3 * this.rows), counters };
  }
}
