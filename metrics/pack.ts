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
import { COUNTER_COUNT } from './counters.js';

/** The resampling block of game `index` of seed `seed`: one deal, whatever the run or pairing that played it. */
export function blockOf(seed: string, index: number): number {
  let h = 0;
  for (let i = 0; i < seed.length; i++) h = (Math.imul(h, 31) + seed.charCodeAt(i)) >>> 0;
  // Games of one seed fill the units in turn from a point the seed sets.
  return (h % 9973) + index;
}

/** Resampling units of stored sums (deal d in unit d mod STORED_UNITS). */
export const STORED_UNITS = DEFAULT_UNITS;

export function storedUnit(seed: string, index: number): number {
  return blockOf(seed, index) % STORED_UNITS;
}

/** A sum row's counters as bytes: (counter, value) pairs for the counters not zero. */
export function encodeSums(counters: ArrayLike<number>): Buffer {
  let n = 0;
  for (let j = 0; j < COUNTER_COUNT; j++) if (counters[j] !== 0) n++;
  const buf = Buffer.alloc(n * 9);
  let at = 0;
  for (let j = 0; j < COUNTER_COUNT; j++) {
    const x = counters[j]!;
    if (x === 0) continue;
    buf.writeUInt8(j, at);
    buf.writeDoubleLE(x, at + 1);
    at += 9;
  }
  return buf;
}

/** Adds a stored row's counters to `into`; false (nothing added) when the bytes are not such a row. */
export function addSums(bytes: Uint8Array, into: Float64Array): boolean {
  if (bytes.length % 9 !== 0) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.length; at += 9) if (view.getUint8(at) >= COUNTER_COUNT || !Number.isFinite(view.getFloat64(at + 1, true))) return false;
  for (let at = 0; at < bytes.length; at += 9) into[view.getUint8(at)]! += view.getFloat64(at + 1, true);
  return true;
}

/** Sums of one run's games per (unit, agent code, role code), as the games are played. */
export class UnitSums {
  private readonly rows = new Map<number, { unit: number; agent: number; role: number; counters: Float64Array }>();

  add(unit: number, agent: number, role: number, counters: ArrayLike<number>): void {
    const key = (unit * 4096 + agent) * 64 + role;
    let row = this.rows.get(key);
    if (row === undefined) this.rows.set(key, (row = { unit, agent, role, counters: new Float64Array(COUNTER_COUNT) }));
    const c = row.counters;
    for (let j = 0; j < COUNTER_COUNT; j++) {
      const x = counters[j]!;
      if (x !== 0) c[j]! += x;
    }
  }

  get size(): number {
    return this.rows.size;
  }

  entries(): { unit: number; agent: number; role: number; counters: Float64Array }[] {
    return [...this.rows.values()];
  }
}
