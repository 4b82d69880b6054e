// Pooling seats' counters over games into the metrics' rows: one row per agent × side and
// per agent × role (the card at the end of the game) for each metric that applies, with a
// 95% interval by the block bootstrap over deals (stats/bootstrap.ts: the games of one
// deal — one seed index — are resampled together).

import { teamOf, type Role, type Team } from '../engine/index.js';
import { BlockBootstrap, DEFAULT_UNITS, MIN_UNITS, unitOfBlock, type BootstrapOptions } from '../stats/bootstrap.js';
import { METRICS, type MetricSpec } from './catalog.js';
import { COUNTER_COUNT } from './counters.js';

export interface MetricsRow {
  readonly agent: string;
  readonly side: Team;
  /** null: the row of the whole side. */
  readonly role: Role | null;
  readonly metric: string;
  readonly value: number;
  readonly low: number;
  readonly high: number;
  /** Observations behind it: the metric's denominator (votes, seats, claims, belief pairs …). */
  readonly n: number;
}

interface Group {
  readonly agent: string;
  readonly side: Team;
  readonly role: Role | null;
  /** Unit-major: counter j of unit u at u × COUNTER_COUNT + j. */
  readonly sums: Float64Array;
}

export interface PoolOptions {
  /** Resampling units (default 100): deal d counts in unit d mod units (stats/bootstrap.ts). */
  readonly units?: number;
  readonly bootstrap?: BootstrapOptions;
}

export class MetricsPool {
  readonly units: number;
  private readonly options: BootstrapOptions;
  private readonly groups = new Map<string, Group>();
  /** An agent's groups by its card at the end: [side group, role group]. */
  private readonly byAgent = new Map<string, Map<Role, readonly [Group, Group]>>();
  /** Units that received a seat: only those are resampled. */
  private readonly filled: Uint8Array;
  /** Resamples over the filled units, made when rows are asked for. */
  private boot: BlockBootstrap | null = null;
  private compactOf: Int32Array | null = null;

  constructor(options: PoolOptions = {}) {
    this.units = options.units ?? DEFAULT_UNITS;
    this.options = options.bootstrap ?? {};
    this.filled = new Uint8Array(this.units);
  }

  private unitOf(block: number): number {
    const u = unitOfBlock(block, this.units);
    this.filled[u] = 1;
    this.boot = null;
    return u;
  }

  /** True when no seat was added. */
  get empty(): boolean {
    return !this.filled.includes(1);
  }

  /** Adds another pool's seats (same units): one analysis of both. */
  merge(other: MetricsPool): void {
    if (other.units !== this.units) throw new Error(`cannot merge pools of ${other.units} and ${this.units} units`);
    for (const g of other.groups.values()) {
      const mine = g.role === null ? this.group(g.agent, g.side, null) : this.groupsOf(g.agent, g.role)[1];
      for (let i = 0; i < g.sums.length; i++) mine.sums[i]! += g.sums[i]!;
    }
    other.filled.forEach((f, u) => {
      if (f === 1) this.filled[u] = 1;
    });
    this.boot = null;
  }

  private group(agent: string, side: Team, role: Role | null): Group {
    const key = `${agent}\u0000${side}\u0000${role ?? ''}`;
    let g = this.groups.get(key);
    if (g === undefined) {
      g = { agent, side, role, sums: new Float64Array(COUNTER_COUNT * this.units) };
      this.groups.set(key, g);
    }
    return g;
  }

  private groupsOf(agent: string, role: Role): readonly [Group, Group] {
    let roles = this.byAgent.get(agent);
    if (roles === undefined) this.byAgent.set(agent, (roles = new Map()));
    let pair = roles.get(role);
    if (pair === undefined) {
      const side = teamOf(role);
      pair = [this.group(agent, side, null), this.group(agent, side, role)];
      roles.set(role, pair);
    }
    return pair;
  }

  /** Adds counters already summed over a unit's games (stored sums, metrics/pack.ts): unit is in [0, units). */
  addUnit(unit: number, agent: string, role: Role, counters: ArrayLike<number>): void {
    if (!(unit >= 0 && unit < this.units)) throw new RangeError(`unit ${unit} is outside [0, ${this.units})`);
    this.filled[unit] = 1;
    this.boot = null;
    this.addAt(unit * COUNTER_COUNT, agent, role, counters);
  }

  /** Adds one seat of a game of deal `block`: its agent, its card at the end, its counters. */
  addSeat(block: number, agent: string, role: Role, counters: ArrayLike<number>): void {
    this.addAt(this.unitOf(block) * COUNTER_COUNT, agent, role, counters);
  }

  private addAt(at: number, agent: string, role: Role, counters: ArrayLike<number>): void {
    const [side, card] = this.groupsOf(agent, role);
    const a = side.sums;
    const b = card.sums;
    for (let j = 0; j < COUNTER_COUNT; j++) {
      const x = counters[j]!;
      if (x === 0) continue;
      a[at + j]! += x;
      b[at + j]! += x;
    }
  }

  /** Every row with at least one observation, by agent, side, then the side's row before its roles'. */
  rows(): MetricsRow[] {
    const out: MetricsRow[] = [];
    if (this.boot === null) {
      const compactOf = new Int32Array(this.units).fill(-1);
      let k = 0;
      this.filled.forEach((f, u) => {
        if (f === 1) compactOf[u] = k++;
      });
      if (k === 0) return out;
      this.boot = new BlockBootstrap(k, this.options);
      this.compactOf = compactOf;
    }
    const sides = [...this.groups.values()]
      .filter((g) => g.role === null)
      .sort((a, b) => a.agent.localeCompare(b.agent) || a.side.localeCompare(b.side));
    for (const side of sides) {
      const roles = [...this.groups.values()]
        .filter((g) => g.role !== null && g.agent === side.agent && g.side === side.side)
        .sort((a, b) => a.role!.localeCompare(b.role!));
      out.push(...this.sideRows(side, roles));
    }
    return out;
  }

  /**
   * A side's rows and its roles': each role's counters are resampled, and the side's
   * resampled sums are theirs added up (a sum is linear in the resample weights), which
   * spares resampling the side apart.
   */
  private sideRows(side: Group, roles: readonly Group[]): MetricsRow[] {
    const boot = this.boot!;
    const compactOf = this.compactOf!;
    const total = totalsOf(side.sums, this.units);
    // Only the counters the side ever counted are resampled.
    const used: number[] = [];
    for (let j = 0; j < COUNTER_COUNT; j++) if (total[j] !== 0) used.push(j);
    const k = used.length;
    const sideSums = new Float64Array((1 + boot.replicates) * k);
    const roleSums = roles.map((g) => {
      const compact = new Float64Array(boot.units * k);
      for (let u = 0; u < this.units; u++) {
        const c = compactOf[u]!;
        if (c >= 0) for (let i = 0; i < k; i++) compact[c * k + i] = g.sums[u * COUNTER_COUNT + used[i]!]!;
      }
      const sums = boot.resampledSums(compact, k);
      for (let x = 0; x < sums.length; x++) sideSums[x]! += sums[x]!;
      return sums;
    });
    const out = this.groupRows(side, used, sideSums);
    roles.forEach((g, i) => out.push(...this.groupRows(g, used, roleSums[i]!)));
    return out;
  }

  /** A group's rows from its sums of the `used` counters (row 0 the sample, then each replicate). */
  private groupRows(g: Group, used: readonly number[], sums: Float64Array): MetricsRow[] {
    const boot = this.boot!;
    const k = used.length;
    const total = new Float64Array(COUNTER_COUNT);
    for (let i = 0; i < k; i++) total[used[i]!] = sums[i]!;
    const metrics = METRICS.filter((m) => applies(m, g.side, g.role) && total[m.n]! > 0 && !Number.isNaN(m.value(total)));
    const reps = metrics.map(() => new Float64Array(boot.replicates));
    const full = new Float64Array(COUNTER_COUNT);
    for (let r = 0; r < boot.replicates; r++) {
      const row = (1 + r) * k;
      for (let i = 0; i < k; i++) full[used[i]!] = sums[row + i]!;
      for (let m = 0; m < metrics.length; m++) reps[m]![r] = metrics[m]!.value(full);
    }
    return metrics.map((m, i) => {
      const e = boot.interval(m.value(total), reps[i]!);
      // Resampling one unit gives every replicate the same value: a width-0 interval that
      // would read as certainty. Games of one deal cannot say how a metric varies.
      const spread = unitsWith(g.sums, m.n) >= MIN_UNITS;
      return { agent: g.agent, side: g.side, role: g.role, metric: m.key, value: e.value, low: spread ? e.low : NaN, high: spread ? e.high : NaN, n: Math.round(total[m.n]!) };
    });
  }
}

/** Units in which counter `j` is not 0. */
function unitsWith(sums: Float64Array, j: number): number {
  let n = 0;
  for (let at = j; at < sums.length; at += COUNTER_COUNT) if (sums[at]! !== 0) n++;
  return n;
}

function totalsOf(sums: Float64Array, units: number): Float64Array {
  const total = new Float64Array(COUNTER_COUNT);
  for (let u = 0; u < units; u++) for (let j = 0; j < COUNTER_COUNT; j++) total[j]! += sums[u * COUNTER_COUNT + j]!;
  return total;
}

function applies(m: MetricSpec, side: Team, role: Role | null): boolean {
  if (m.roles !== undefined) return role !== null && m.roles.includes(role);
  return m.sides.includes(side);
}
