// A tournament as a part of a report, answer first: the leaderboard (the entrants ranked,
// each with its win rates and their intervals) and the chart of wolf against village
// strength, then the fitted model, then its pairings or roles — with a link to a game of
// each pairing, not a balance analysis of each. `sim tournament` prints it after play;
// `sim report` puts one per tournament of the database before everything else.

import { fitLineupModel, fitLineupOverall, fitSideModel, fitSideOverall, rankEntrants, sideScores, type ModelFit, type OverallFit, type Ranked } from '../tournaments/ratings.js';
import { fitSeatModel, seatScores } from '../tournaments/seat-ratings.js';
import { RANK_REPS, rankIntervals, rankLineupIntervals } from '../tournaments/rank-intervals.js';
import type { TournamentData } from '../tournaments/tournament-data.js';
import type { TournamentRow } from '../tournaments/tournament-store.js';
import type { Result } from '../engine/index.js';
import { strengthChart } from './charts.js';
import { behaviourSummary, type GroupReport, type Section } from './report.js';
import { metricsTable } from './metrics-tables.js';
import { policyNotes, RANK_COLUMNS, rankCells } from './leaderboard-table.js';
import type { Row, Table } from './table.js';
import { mixedSeatTable, mixedTableTable, modelTable, noModelTable, seatRoleTable, seatScoreTable, sidePairingTable, sideScoreTable } from './tournament-tables.js';

export function tournamentLabel(t: TournamentRow): string {
  const who =
    t.mode === 'side'
      ? `${t.entrants.join(' vs ')}${t.selfPlay ? ' (with self-play)' : ''}`
      : t.mode === 'mixed'
        ? `${t.entrants.join(', ')} at one table`
        : `${t.entrants.join(', ')} among ${t.reference} bots`;
  return `Tournament ${t.id} (${t.mode} mode): ${who}`;
}

export function modelOf(data: TournamentData): Result<ModelFit, string> {
  const t = data.tournament;
  switch (data.mode) {
    case 'side':
      return fitSideModel(data.rated, data.results, { deals: data.deals });
    case 'mixed':
      return fitLineupModel(t.entrants, data.lineups, { deals: data.deals, skill: 'one' });
    case 'seat':
      return fitSeatModel(data.rated, data.reference, data.baseline, data.cells, { deals: data.deals });
  }
}

/** A game page per pairing's run (`sim report --out` writes them), keyed by run id. */
export type PairingLinks = ReadonlyMap<number, { readonly href: string; readonly text: string }>;

/** `adaptive`: the tournament was played by an adaptive schedule (its pairings stop short of their caps by design). */
/** `about` (default true): the opening paragraph on the pairings, games and deals (a command that printed them in its header leaves it out). */
export function tournamentReport(data: TournamentData, opts: { readonly charts: boolean; readonly adaptive?: boolean; readonly links?: PairingLinks; readonly about?: boolean }): GroupReport {
  const t = data.tournament;
  const id = (what: string) => `tournament-${t.id}-${what}`;
  const stored = data.pairings.reduce((n, p) => n + p.stored, 0);
  const planned = data.pairings.reduce((n, p) => n + p.planned, 0);
  const fit = modelOf(data);
  const sections: Section[] = [];
  const about =
    (opts.adaptive === true
      ? `${data.pairings.length} pairings of at most ${t.games} games each, as the adaptive schedule chose (${stored} games stored), seed ${t.seed}, ${data.setupLabel}. `
      : `${data.pairings.length} ${t.mode === 'mixed' ? 'rotations of the table' : 'pairings'} of ${t.games} games each, seed ${t.seed}, ${data.setupLabel}. `) +
    `Game i of every ${t.mode === 'mixed' ? 'rotation' : 'pairing'} is dealt from the same seed (${t.seed}#i), so entrants meet the same deals.` +
    (stored < planned && opts.adaptive !== true ? ` Unfinished: ${stored} of ${planned} games stored (run the same sim tournament again to continue).` : '');
  const charts =
    opts.charts && fit.ok
      ? [strengthChart(fit.value.strengths.map((s) => ({ entrant: s.reference ? `${s.entrant} (reference)` : s.entrant, wolves: s.wolves, wolvesSe: s.wolvesSe, village: s.village, villageSe: s.villageSe })), 'Wolf strength against village strength (bars: 95% intervals)')]
      : [];
  const board =
    data.mode === 'side'
      ? sideScoreTable(sideScores(data.rated, data.results), id('scores'))
      : data.mode === 'mixed'
        ? mixedSeatTable(data, id('scores'))
        : seatScoreTable(seatScores(data.rated, data.cells), data.reference, id('scores'));
  const policy = policyNotes({
    policy: t.policy,
    anyFailed: [...data.failures.values()].some((f) => f.failed > 0),
    voided: data.voided,
    excluded: data.mode === 'mixed' ? [] : data.excluded.map((entrant) => ({ entrant, failures: data.failures.get(entrant)! })),
  });
  sections.push({ title: 'Leaderboard', text: [...(opts.about === false ? [] : [about]), ...policy], charts, tables: [leaderboard(board, fittedRanking(data))], tableFirst: true });
  sections.push({ title: 'Strengths', text: [], charts: [], tables: [fit.ok ? modelTable(t.mode, fit.value, id('model')) : noModelTable(fit.error, id('model'))] });
  const m = data.metrics;
  const uncounted =
    m.uncounted.length === 0 ? [] : [`Runs ${m.uncounted.join(', ')} stored no behaviour counts (played before they were kept): sim metrics --tournament ${t.id} replays them to count them.`];
  if (m.rows.length > 0 || uncounted.length > 0)
    sections.push({
      title: 'Behaviour',
      text: [
        'How each entrant played, beside its fitted strength: irp against the public-facts observer’s and a random electorate’s, claims, role KPIs and errors, pooled over the pairings (a deal’s games resampled together; docs/metrics.md).',
        ...(m.rows.length === 0 ? uncounted : []),
      ],
      charts: [],
      tables: m.rows.length === 0 ? [] : [metricsTable(m.rows, id('metrics'), `Behaviour metrics (tournament ${t.id})`, uncounted)],
      summary: m.rows.length === 0 ? undefined : behaviourSummary(m.rows, id('metrics'), `Behaviour metrics in short (tournament ${t.id})`),
    });
  const links = data.pairings.flatMap((p) => {
    const l = opts.links?.get(p.row.run);
    return l === undefined ? [] : [l];
  });
  if (data.mode === 'side') sections.push({ title: 'Pairings', text: [], charts: [], tables: [sidePairingTable(data, id('pairings'))], links });
  else if (data.mode === 'mixed') sections.push({ title: 'Tables', text: [], charts: [], tables: [mixedTableTable(data, id('tables'))], links });
  else sections.push({ title: 'Roles', text: [], charts: [], tables: [seatRoleTable(data, id('roles'))], links });
  return { label: tournamentLabel(t), games: stored, sections };
}

/** A side or line-up tournament's overall fit: the scores `sim leaderboard` ranks by. */
function overallFitOf(data: Exclude<TournamentData, { readonly mode: 'seat' }>): Result<OverallFit, string> {
  return data.mode === 'side'
    ? fitSideOverall(data.rated, data.results, { deals: data.deals })
    : fitLineupOverall(data.tournament.entrants, data.lineups, { deals: data.deals, skill: 'one' });
}

/**
 * The standing so far, for a tournament in play: the entrants by the fitted score, each
 * with its 95% interval and against the next (no bootstrap of ranks: cheap enough to
 * draw during play). Null in seat mode, and until the games let the model be fitted.
 */
export function liveStanding(data: TournamentData): readonly Ranked[] | null {
  if (data.mode === 'seat') return null;
  const fit = overallFitOf(data);
  return fit.ok ? rankEntrants(fit.value, 0.02) : null;
}

/** A side tournament's ranking from the fitted model: entrants best first, each with its 95% interval of rank (null where the fit stands on its prior). */
export interface FittedRanking {
  readonly order: readonly string[];
  readonly ranks: ReadonlyMap<string, { readonly low: number; readonly high: number }> | null;
}

/** The side model's ranking of a side tournament (as `sim leaderboard` ranks), or null where the model cannot be fitted. */
export function fittedRanking(data: TournamentData): FittedRanking | null {
  if (data.mode === 'seat') return null;
  const t = data.tournament;
  const fit = overallFitOf(data);
  if (!fit.ok) return null;
  const order = rankEntrants(fit.value, 0.02).map((r) => r.entrant);
  // A fit on its prior gets no rank intervals: refitted on resampled deals, the prior would fix the same strengths again each time.
  if (fit.value.model.prior !== null) return { order, ranks: null };
  const boot = data.mode === 'side' ? rankIntervals(data.rated, data.results, data.deals, { seed: t.seed }) : rankLineupIntervals(t.entrants, data.lineups, data.deals, { seed: t.seed, skill: 'one' });
  return { order, ranks: new Map(boot.intervals.map((r) => [r.entrant, { low: r.low, high: r.high }])) };
}

/**
 * The score table ranked, best first, with a rank column. A side tournament is ranked by
 * the side model's overall score (`fitted`: as `sim leaderboard` ranks), each rank with its
 * 95% interval from the bootstrap over deals; otherwise (seat mode, or no fit) by the mean
 * of the entrant's two win rates (deception and detection; in seat mode, of its two rows),
 * the point estimates' order.
 */
export function leaderboard(t: Table, fitted?: FittedRanking | null): Table {
  const rateOf = (r: Row) => (t.columns.some((c) => c.key === 'wolves') ? ((r['wolves'] as number) + (r['village'] as number)) / 2 : (r['rate'] as number));
  const byEntrant = new Map<string, number[]>();
  for (const r of t.rows) {
    const e = String(r['entrant']);
    byEntrant.set(e, [...(byEntrant.get(e) ?? []), rateOf(r)]);
  }
  const score = (e: string) => {
    const xs = byEntrant.get(e) ?? [];
    return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  };
  const order = fitted?.order ?? [...byEntrant.keys()].sort((a, b) => score(b) - score(a) || a.localeCompare(b));
  const rank = new Map(order.map((e, i) => [e, i + 1]));
  const ranks = fitted?.ranks ?? null;
  const withRanks = ranks !== null;
  const ranksOf = (e: string): Row => (ranks === null ? {} : rankCells(ranks.get(e)));
  const rows = [...t.rows].sort((a, b) => rank.get(String(a['entrant']))! - rank.get(String(b['entrant']))!).map((r) => ({ rank: rank.get(String(r['entrant']))!, ...ranksOf(String(r['entrant'])), ...r }));
  return {
    ...t,
    columns: [
      { key: 'rank', title: '#', kind: 'int' },
      ...(withRanks ? RANK_COLUMNS : []),
      ...t.columns,
    ],
    rows,
    notes: [
      ...(t.notes ?? []),
      fitted !== undefined && fitted !== null
        ? `Ranked by the fitted model's overall score (its win rate holding a whole side against average entrants, both sides averaged: the strengths below; sim leaderboard ranks side pairings so), best first; ${
            withRanks
              ? `ranks: the 95% interval of its rank from ${RANK_REPS} resamples of the deals (a deal's games together), the model fitted again on each.`
              : 'no rank intervals: the fit stands on its weak prior (a pairing won by one side in every game), which resampled deals refitted would fix again each time.'
          }`
        : 'Ranked by the mean of the entrant’s two win rates (as werewolves and as village), best first; ranks whose intervals overlap are not told apart by these games.',
    ],
  };
}
