// The planner's tables (`sim plan`, tournaments/plan.ts): what a pilot forecasts per side,
// and how far each comparison of a played tournament is from settled. Counts are games of
// each entrant (pairs); dollars, when given, are estimated prices per game (the dry run's).

import type { SideForecast, StoredComparison } from '../tournaments/plan.js';
import type { Table } from './table.js';

export interface PlanPrices {
  /** Estimated dollars per pair (a game of A and a game of B) on each side; null: some model has no price. */
  readonly perPair: Readonly<Record<string, number | null>>;
}

const range = (low: number, high: number) => (low === high ? String(low) : `${low}–${high}`);

export function forecastTable(forecasts: readonly SideForecast[], o: { readonly delta: number; readonly alpha: number; readonly power: number; readonly prices?: PlanPrices | undefined }): Table {
  const dollars = o.prices !== undefined;
  return {
    id: 'plan',
    title: 'Games of each entrant to separate them by delta, from the pilot',
    columns: [
      { key: 'side', title: 'side', kind: 'text' },
      { key: 'pilot', title: 'pilot', kind: 'int' },
      { key: 'diff', title: 'A - B', kind: 'pct' },
      { key: 'diff_low', title: 'A - B low', kind: 'pct', shown: false },
      { key: 'diff_high', title: 'A - B high', kind: 'pct', shown: false },
      { key: 'differ', title: 'differ', kind: 'pct' },
      { key: 'spread', title: 'spread', kind: 'num', digits: 3, shown: false },
      { key: 'fixed', title: 'fixed', kind: 'int' },
      { key: 'fixed_low', title: 'fixed low', kind: 'int', shown: false },
      { key: 'fixed_high', title: 'fixed high', kind: 'int', shown: false },
      { key: 'fixed_range', title: 'range', kind: 'text' },
      { key: 'sprt_h0', title: 'SPRT H0', kind: 'int' },
      { key: 'sprt_h1', title: 'SPRT H1', kind: 'int' },
      { key: 'sprt_halfway', title: 'halfway', kind: 'int' },
      ...(dollars
        ? ([
            { key: 'fixed_usd', title: '$ fixed', kind: 'num', digits: 2 },
            { key: 'sprt_usd', title: '$ SPRT H1', kind: 'num', digits: 2 },
          ] as const)
        : []),
    ],
    rows: forecasts.map((s) => {
      const f = s.forecast;
      const price = o.prices?.perPair[s.side] ?? null;
      return {
        side: s.side,
        pilot: f.pairs,
        diff: f.mean,
        diff_low: f.low,
        diff_high: f.high,
        differ: f.pairs === 0 ? null : (s.counts.plus + s.counts.minus) / f.pairs,
        spread: f.spread,
        fixed: f.fixed,
        fixed_low: f.fixedRange.low,
        fixed_high: f.fixedRange.high,
        fixed_range: range(f.fixedRange.low, f.fixedRange.high),
        sprt_h0: Math.ceil(f.sprt.h0),
        sprt_h1: Math.ceil(f.sprt.h1),
        sprt_halfway: Math.ceil(f.sprt.halfway),
        ...(dollars ? { fixed_usd: price === null ? null : price * f.fixed, sprt_usd: price === null ? null : price * Math.ceil(f.sprt.h1) } : {}),
      };
    }),
    notes: [
      `A - B: the pilot's difference in win rate on that side (95% interval in the JSON); differ: the share of deals on which A and B did not both win or both lose (the rest cost no information).`,
      `fixed: games of each for a fixed-size comparison that tells a difference of ${o.delta} either way (alpha ${o.alpha}, two-sided) with power ${o.power}; range: the same at the ends of the 95% interval of "differ" (the pilot's own uncertainty).`,
      `SPRT: the mean games of each of sim sprt --delta ${o.delta} --alpha ${o.alpha} --beta ${+(1 - o.power).toFixed(6)} when A is no better (H0), better by ${o.delta} (H1), and halfway (its slowest); any one test may take more or fewer.`,
      ...(dollars ? ['$: estimated dollars for the games of both entrants (the dry run\'s price per game; a price, not a quote).'] : []),
    ],
  };
}

export function comparisonTable(rows: readonly StoredComparison[], o: { readonly delta: number; readonly power: number }): Table {
  return {
    id: 'plan-tournament',
    title: 'Each two entrants on each side, paired on shared deals over the opponents both met',
    columns: [
      { key: 'side', title: 'side', kind: 'text' },
      { key: 'x', title: 'X', kind: 'text' },
      { key: 'y', title: 'Y', kind: 'text' },
      { key: 'pairs', title: 'pairs', kind: 'int' },
      { key: 'diff', title: 'X - Y', kind: 'pct' },
      { key: 'diff_low', title: 'low', kind: 'pct', shown: false },
      { key: 'diff_high', title: 'high', kind: 'pct', shown: false },
      { key: 'diff_ci', title: '95% CI', kind: 'interval', low: 'diff_low', high: 'diff_high' },
      { key: 'status', title: 'settled', kind: 'text' },
      { key: 'more', title: 'more each', kind: 'int' },
      { key: 'more_pairs', title: 'more pairs', kind: 'int', shown: false },
      { key: 'opponents', title: 'opponents', kind: 'int', shown: false },
    ],
    rows: rows.map((c) => ({
      side: c.side,
      x: c.x,
      y: c.y,
      pairs: c.counts.plus + c.counts.zero + c.counts.minus,
      diff: c.mean,
      diff_low: c.low,
      diff_high: c.high,
      status: c.status === 'different' ? 'differ' : c.status === 'tie' ? `tie ±${o.delta}` : 'open',
      more: c.moreGamesPerPairing,
      more_pairs: c.morePairs,
      opponents: c.opponents.length,
    })),
    notes: [
      `settled: differ (the 95% interval of X - Y excludes 0), a tie (it lies within ±${o.delta}), or open; more each: games to add to each pairing of X and of Y (against every opponent both met) for an open comparison to settle with power ${o.power} if its difference held.`,
    ],
  };
}
