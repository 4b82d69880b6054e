// A persuasion study's figures: per agent × side (role null) and per agent × side × the
// card held, the mean per speech of each measure (persuasion.ts), with a 95% percentile
// interval from a bootstrap over games — a game's speeches are resampled with it, since
// they share a deal, players and a day's votes (stats/bootstrap.ts). One set of resamples
// serves every row, so the rows of two agents are computed on the same resampled games.
// Rows have the shape of `sim metrics`': {agent, side, role, metric, value, low, high, n},
// n the speeches behind the figure.

import type { Role, Team } from '../engine/index.js';
import { BlockBootstrap, DEFAULT_UNITS, unitOfBlock, type Estimate } from '../stats/bootstrap.js';
import type { SpeechResult } from './persuasion.js';

export const PERSUASION_METRICS = ['vote-shift', 'outcome-shift', 'side-shift', 'accused-shift'] as const;
export type PersuasionMetric = (typeof PERSUASION_METRICS)[number];

export interface PersuasionRow {
  readonly agent: string;
  readonly side: Team;
  /** The card the speakers held; null: every card of the side. */
  readonly role: Role | null;
  readonly metric: PersuasionMetric;
  readonly value: number;
  readonly low: number;
  readonly high: number;
  /** Speeches behind the figure (accused-shift: those that accuse someone). */
  readonly n: number;
}

/** A speech's value of a metric, and whether it counts for it. */
function valueOf(s: SpeechResult, m: PersuasionMetric): number | null {
  switch (m) {
    case 'vote-shift':
      return s.voteShift;
    case 'outcome-shift':
      return s.outcomeShift;
    case 'side-shift':
      return s.sideShift;
    case 'accused-shift':
      return s.accuses ? s.accusedShift : null;
  }
}

export interface SummaryOptions {
  readonly replicates?: number;
  readonly seed?: string;
}

/** The rows of a study's speeches, pooled by side first, then by card; agents and sides in order of appearance. */
export function summarize(speeches: readonly SpeechResult[], o: SummaryOptions = {}): PersuasionRow[] {
  const games = new Map<string, number>();
  for (const s of speeches) {
    const k = `${s.run}:${s.game}`;
    if (!games.has(k)) games.set(k, games.size);
  }
  if (games.size === 0) return [];
  const units = Math.min(games.size, DEFAULT_UNITS);
  const boot = new BlockBootstrap(units, { replicates: o.replicates, seed: o.seed ?? 'persuasion' });
  interface Group {
    readonly agent: string;
    readonly side: Team;
    readonly role: Role | null;
    readonly sums: Map<PersuasionMetric, { num: Float64Array; den: Float64Array; n: number }>;
  }
  const groups = new Map<string, Group>();
  const groupOf = (agent: string, side: Team, role: Role | null) => {
    const key = `${agent}\u0000${side}\u0000${role ?? ''}`;
    let g = groups.get(key);
    if (g === undefined) {
      g = { agent, side, role, sums: new Map() };
      groups.set(key, g);
    }
    return g;
  };
  for (const s of speeches) {
    const unit = unitOfBlock(games.get(`${s.run}:${s.game}`)!, units);
    for (const g of [groupOf(s.agent, s.side, null), groupOf(s.agent, s.side, s.role)])
      for (const m of PERSUASION_METRICS) {
        const v = valueOf(s, m);
        if (v === null) continue;
        let t = g.sums.get(m);
        if (t === undefined) g.sums.set(m, (t = { num: new Float64Array(units), den: new Float64Array(units), n: 0 }));
        t.num[unit]! += v;
        t.den[unit]! += 1;
        t.n++;
      }
  }
  const rows: PersuasionRow[] = [];
  const ordered = [...groups.values()].sort((a, b) => (a.role === null ? 0 : 1) - (b.role === null ? 0 : 1));
  for (const g of ordered)
    for (const m of PERSUASION_METRICS) {
      const t = g.sums.get(m);
      if (t === undefined) continue;
      const e = boot.ratio(t.num, t.den);
      rows.push({ agent: g.agent, side: g.side, role: g.role, metric: m, value: e.value, low: e.low, high: e.high, n: t.n });
    }
  return rows;
}

/**
 * The mean per speech of any figure of a speech (null: the speech does not count), with
 * the same 95% interval: a bootstrap over games, each game's speeches resampled with it.
 */
export function speechMean(speeches: readonly SpeechResult[], value: (s: SpeechResult) => number | null, o: SummaryOptions = {}): Estimate & { readonly n: number } {
  const games = new Map<string, number>();
  const kept: { unit: number; v: number }[] = [];
  for (const s of speeches) {
    const v = value(s);
    if (v === null) continue;
    const k = `${s.run}:${s.game}`;
    if (!games.has(k)) games.set(k, games.size);
    kept.push({ unit: games.get(k)!, v });
  }
  if (kept.length === 0) return { value: NaN, low: NaN, high: NaN, n: 0 };
  const units = Math.min(games.size, DEFAULT_UNITS);
  const num = new Float64Array(units);
  const den = new Float64Array(units);
  for (const { unit, v } of kept) {
    num[unitOfBlock(unit, units)]! += v;
    den[unitOfBlock(unit, units)]! += 1;
  }
  return { ...new BlockBootstrap(units, { replicates: o.replicates, seed: o.seed ?? 'persuasion' }).ratio(num, den), n: kept.length };
}

/** Votes a Seer's report moved onto the werewolves it named (`seen … werewolf`), with the speech minus without; null for other speeches. */
export function namedWolfShift(s: SpeechResult): number | null {
  let moved = 0;
  let named = false;
  for (const c of s.claims)
    if (c.type === 'seen' && c.result === 'werewolf') {
      moved += s.delta[c.target] ?? 0;
      named = true;
    }
  return named ? moved : null;
}
