// Stored games' counters (pack.ts) pooled as they are read: one pool per analysis group
// (a rule set and its agents, a tournament), each game's seats under their agent and card.
// A game whose counters are missing (stored before they were) or of another version is
// counted, not guessed: `sim metrics` replays such games (runs/metrics.ts).

import type { Role } from '../engine/index.js';
import { SparseCounters } from './pack.js';
import { MetricsPool, type PoolOptions } from './pool.js';

export interface CountedSeat {
  /** The agent spec that sat there ('?' when unknown). */
  readonly agent?: string | undefined;
  /** The card at the end of the game. */
  readonly role: Role;
}

/** The resampling block of game `index` of seed `seed`: one deal, whatever the run or pairing that played it. */
export function blockOf(seed: string, index: number): number {
  let h = 0;
  for (let i = 0; i < seed.length; i++) h = (Math.imul(h, 31) + seed.charCodeAt(i)) >>> 0;
  // Spread over the units with the index: games of one seed fill them in turn.
  return (h % 9973) + index;
}

export class MetricsCollector {
  private readonly pools = new Map<string, MetricsPool>();
  private readonly readers = new Map<number, SparseCounters>();
  /** Games read, and of them those without usable counters. */
  games = 0;
  missing = 0;

  constructor(private readonly options: PoolOptions = {}) {}

  /** The group's pool (made on first use). */
  pool(group: string): MetricsPool {
    let p = this.pools.get(group);
    if (p === undefined) this.pools.set(group, (p = new MetricsPool(this.options)));
    return p;
  }

  /** Pools a stored game's counters; false (and counted missing) when it has none usable. */
  add(group: string, block: number, metrics: string | null, seats: readonly CountedSeat[]): boolean {
    this.games++;
    if (metrics === null) {
      this.missing++;
      return false;
    }
    let r = this.readers.get(seats.length);
    if (r === undefined) this.readers.set(seats.length, (r = new SparseCounters(seats.length)));
    if (!r.read(metrics)) {
      this.missing++;
      return false;
    }
    const pool = this.pool(group);
    for (let s = 0; s < seats.length; s++) {
      const seat = seats[s]!;
      pool.addSparse(block, seat.agent ?? '?', seat.role, r.counter, r.value, r.start[s]!, r.start[s + 1]!);
    }
    return true;
  }

  /** Pools a game's counters computed now (a replayed game). */
  addCounted(group: string, block: number, seats: readonly CountedSeat[], counters: readonly ArrayLike<number>[]): void {
    this.games++;
    const pool = this.pool(group);
    seats.forEach((seat, s) => pool.addSeat(block, seat.agent ?? '?', seat.role, counters[s]!));
  }
}
