// The report: for each rule set (preset, rule options, agents) in the data, its
// configurations, the balance by player count, role values, wins by role, game length and
// causes of death — as tables (terminal, CSV, JSON, HTML) and charts (HTML).

import { FATES, groupLabel, groupsOf, quantile, type ConfigSummary, type SummaryGroup } from './analysis.js';
import { comparisonTable, configTable, deathTable, fateCounts, lengthTable, meanDays, pairTable, roleWinTable } from './analysis-tables.js';
import { balanceByPlayers, balanceDetailTable, balanceSummaryTable, heatCells, heatTable, mixRate, type MixRate, type PlayersBalance } from './balance.js';
import { daysHistogram, deathChart, heatmapChart, lengthChart, roleValueChart, winRateChart, type FateBar, type LengthPoint, type RatePoint } from './charts.js';
import { shortMix, TABLE_DOCUMENTS } from '../stats/mix.js';
import { configKey, incompleteRuns, type SourceRun } from './records.js';
import { fitRoleValues, roleValueTable } from './role-values.js';
import type { Table } from './table.js';
import type { MetricsRow } from '../metrics/pool.js';
import type { TournamentData } from '../tournaments/tournament-data.js';
import { metricsSummary, metricsTable } from './metrics-tables.js';
import { tournamentReport, type PairingLinks } from './tournament-report.js';
import { DEFAULT_TOLERANCE, ensembleMembersTable, ensembleTable, storedEnsembles, type StoredEnsemble } from './ensemble.js';
import { grouped } from '../narrate/numbers.js';

export interface Section {
  readonly title: string;
  /** Paragraphs of plain text. */
  readonly text: readonly string[];
  /** SVG/figure markup. */
  readonly charts: readonly string[];
  readonly tables: readonly Table[];
  /** Pages to link to (a game of each pairing of a tournament). */
  readonly links?: readonly { readonly href: string; readonly text: string }[];
  /**
   * A long section's short form, read first (the behaviour metrics): these tables, and
   * `more`, what the full tables hold beyond them. The terminal prints the short form unless
   * asked for all; the page shows it and keeps the full tables in a collapsed part.
   */
  readonly summary?: { readonly tables: readonly Table[]; readonly more: string };
  /** The table is the answer (a leaderboard): on the page it goes before the charts. */
  readonly tableFirst?: boolean;
}

export interface GroupReport {
  readonly label: string;
  readonly games: number;
  readonly sections: readonly Section[];
}

export interface Report {
  readonly source: string;
  readonly configurations: number;
  readonly games: number;
  /** Runs that hold fewer games than they plan (stopped, or still being played): said beside the figures. */
  readonly incomplete: readonly SourceRun[];
  /** Comparisons the user asked for (`sim report --compare`), across rule sets too. */
  readonly comparisons: Table | null;
  readonly groups: readonly GroupReport[];
  /** One leaderboard per setup of the database with side pairings of two entrants or more (`sim leaderboard`'s, its defaults). */
  readonly boards: readonly GroupReport[];
  /** The database's tournaments (tournament-report.ts), each rated. */
  readonly tournaments: readonly GroupReport[];
}

export interface BuildOptions {
  /** Draw charts (the terminal report needs none: ~15 ms each). */
  readonly charts: boolean;
  /** Pairs of configurations to compare. */
  readonly pairs?: readonly { readonly a: ConfigSummary; readonly b: ConfigSummary }[];
  /** Tournaments to rate (sim report: every tournament of the database, or --tournament ID). */
  readonly tournaments?: readonly TournamentData[];
  /** The leaderboards, ready (report-command.ts makes them from the file). */
  readonly boards?: readonly GroupReport[];
  /** A game page of each tournament pairing's run, by run id. */
  readonly pairingLinks?: PairingLinks;
  /** The behaviour metrics of the games of these runs (report-command.ts reads them from the file). */
  readonly metrics?: (runs: readonly number[]) => MetricsSection | null;
}

/** A group's behaviour metrics, and what the reader should know of them (runs without any, …). */
export interface MetricsSection {
  readonly rows: readonly MetricsRow[];
  readonly notes: readonly string[];
}

/**
 * What the report holds, in words: its configurations and their games, and its
 * tournaments and theirs (a tournament's pairing runs are not configurations of the report:
 * a report of one tournament holds 0 of them, and says so beside the tournament's games).
 */
/** A behaviour section's short form: the skill signals of each agent × side, and what the full table adds. */
export function behaviourSummary(rows: readonly MetricsRow[], id: string, title: string): NonNullable<Section['summary']> {
  const s = metricsSummary(rows, id, title);
  return {
    tables: [s.table],
    more: `${s.more} more rows in the full table (every metric per role, and those that describe play rather than rate it): sim report --metrics all, or sim metrics.`,
  };
}

export function contentsText(r: Report): string {
  const n = grouped;
  const parts: string[] = [];
  if (r.configurations > 0 || r.tournaments.length === 0) parts.push(`${n(r.configurations)} configuration${r.configurations === 1 ? '' : 's'} · ${n(r.games)} games`);
  if (r.tournaments.length > 0) {
    const games = r.tournaments.reduce((k, t) => k + t.games, 0);
    parts.push(`${n(r.tournaments.length)} tournament${r.tournaments.length === 1 ? '' : 's'} · ${n(games)} games`);
  }
  return parts.join(' · ');
}

/** Every table of the report, in order, a section's short form before its full tables (each is a CSV and JSON file of the report). */
export function allTables(r: Report): Table[] {
  const of = (s: Section) => [...(s.summary?.tables ?? []), ...s.tables];
  return [
    ...(r.comparisons === null ? [] : [r.comparisons]),
    ...r.groups.flatMap((g) => g.sections.flatMap(of)),
    ...r.boards.flatMap((g) => g.sections.flatMap(of)),
    ...r.tournaments.flatMap((g) => g.sections.flatMap(of)),
  ];
}

export function mixRates(summaries: readonly ConfigSummary[]): MixRate[] {
  return summaries.map((s) => mixRate(s.config, s.counts, s.games, s.wins.village));
}

/** Series for the by-player-count charts: each document's table, then each mix family (wolves + extras). */
function seriesOf(b: readonly PlayersBalance[]): Map<string, MixRate[]> {
  const out = new Map<string, MixRate[]>();
  const add = (name: string, m: MixRate) => {
    let list = out.get(name);
    if (list === undefined) out.set(name, (list = []));
    list.push(m);
  };
  for (const p of b) for (const m of p.mixes) for (const d of m.documents) add(`table ${d}`, m);
  const families = new Map<string, MixRate[]>();
  for (const p of b)
    for (const m of p.mixes) {
      const k = shortMix(m.counts);
      let list = families.get(k);
      if (list === undefined) families.set(k, (list = []));
      list.push(m);
    }
  // A family seen at one player count draws no line; too many lines draw none legibly.
  const lines = [...families.entries()].filter(([, ms]) => ms.length > 1);
  if (lines.length <= 8) for (const [k, ms] of lines) for (const m of ms) add(k, m);
  else for (const p of b) add('closest to even', p.closest);
  return out;
}

/** A table worth showing: one with rows. */
const nonEmpty = (t: Table): Table[] => (t.rows.length === 0 ? [] : [t]);

function suffix(i: number, n: number): string {
  return n === 1 ? '' : `-${i + 1}`;
}

/** ' · 2 runs incomplete' for the report's header ('' when every run is complete). */
export function incompleteNote(r: Pick<Report, 'incomplete'>): string {
  const n = r.incomplete.length;
  return n === 0 ? '' : ` · ${n} run${n === 1 ? '' : 's'} INCOMPLETE (${r.incomplete.map((x) => `run ${x.run}: ${x.games} of ${x.planned} games`).join(', ')})`;
}

/** What the figures of runs still short of their games are: those of the games stored so far. */
export function incompleteText(runs: readonly SourceRun[], source: string): string {
  const each = runs.map((r) => `run ${r.run} holds ${r.games} of its ${r.planned} games`).join('; ');
  return (
    `INCOMPLETE: ${each} (stopped, or still being played). The figures here are of the games stored so far; ` +
    `\`sim resume --db ${source} --run ${runs[0]!.run}\` plays the rest.`
  );
}

function groupReport(g: SummaryGroup, i: number, n: number, source: string, opts: BuildOptions): GroupReport {
  const sfx = suffix(i, n);
  const label = groupLabel(g);
  const games = g.summaries.reduce((s, c) => s + c.games, 0);
  const sections: Section[] = [];
  const rates = mixRates(g.summaries);
  const balance = balanceByPlayers(rates);

  const incomplete = incompleteRuns(g.summaries.flatMap((s) => s.runs));
  sections.push({
    title: 'Configurations',
    text: [
      `${g.summaries.length} configuration${g.summaries.length === 1 ? '' : 's'}, ${games} games. Win rates with 95% Wilson intervals.`,
      ...(incomplete.length === 0 ? [] : [incompleteText(incomplete, source)]),
    ],
    charts: [],
    tables: [configTable(g, `configurations${sfx}`, `Win rate per side, per configuration (${label})`)],
  });

  const series = seriesOf(balance);
  const cells = heatCells(balance);
  const families = [...new Set(cells.map((c) => c.extras))].sort();
  const balanceCharts: string[] = [];
  if (opts.charts) {
    const points: RatePoint[] = [];
    for (const [name, ms] of series)
      for (const m of ms) points.push({ series: name, players: m.config.players, rate: m.rate, low: m.low, high: m.high, games: m.games });
    if (points.length > 0) balanceCharts.push(winRateChart(points, 'Village win rate by player count (bands: 95% intervals)'));
    for (const f of families) {
      const mine = cells.filter((c) => c.extras === f);
      if (mine.length > 1) balanceCharts.push(heatmapChart(mine, `Village win rate: players × werewolves (extras: ${f}${mine.some((c) => c.documents.length > 0) ? '; outlined: the documents’ table rows' : ''})`));
    }
  }
  const heatTables = families.filter((f) => cells.filter((c) => c.extras === f).length > 1).map((f, j) => heatTable(cells, f, `heatmap${sfx}-${j + 1}`));
  sections.push({
    title: 'Balance',
    text: [
      'For each player count: the mix whose village win rate is closest to 50%, and the rows of the documents’ own tables ' +
        `(${TABLE_DOCUMENTS.join(' and ')}) where played. A mix is even within the evidence when its interval contains 50%.`,
    ],
    charts: balanceCharts,
    tables: [balanceSummaryTable(balance, `balance${sfx}`), ...heatTables, ...nonEmpty(comparisonTable(balance, `comparisons${sfx}`)), balanceDetailTable(balance, `mixes${sfx}`)],
  });

  const fit = fitRoleValues(rates);
  if (fit.ok) {
    const t = roleValueTable(fit.value, `role-values${sfx}`);
    const charts =
      opts.charts && fit.value.values.some((v) => v.ve !== null)
        ? [
            roleValueChart(
              fit.value.values.filter((v) => v.ve !== null).map((v) => ({ role: v.role, value: v.ve!, low: v.veLow, high: v.veHigh, ultimate: v.ultimate })),
              'Role values (villager-equivalents) beside Ultimate Werewolf’s weights',
            ),
          ]
        : [];
    sections.push({ title: 'Role values', text: [], charts, tables: [t] });
  } else sections.push({ title: 'Role values', text: [`Not fitted: ${fit.error}.`], charts: [], tables: [] });

  sections.push({ title: 'Wins by role', text: [], charts: [], tables: [roleWinTable(g, `roles${sfx}`, 'Win rate of a player by the role dealt')] });

  const lengthCharts: string[] = [];
  if (opts.charts) {
    const points: LengthPoint[] = [];
    const byKey = new Map(g.summaries.map((s) => [s.key, s]));
    for (const [name, ms] of series)
      for (const m of ms) {
        const s = byKey.get(configKey(m.config));
        if (s === undefined) continue;
        const days = meanDays(s);
        points.push({ series: name, players: s.config.players, mean: days.mean, low: days.low, high: days.high });
      }
    if (points.length > 1) lengthCharts.push(lengthChart(points, 'Mean game length by player count'));
    const hist = new Map<number, number>();
    for (const s of g.summaries) for (const [d, k] of s.days) hist.set(d, (hist.get(d) ?? 0) + k);
    lengthCharts.push(
      daysHistogram(
        [...hist.entries()].sort((a, b) => a[0] - b[0]).map(([days, k]) => ({ days, share: k / games })),
        `Game length, all ${games} games (median ${quantile(hist, games, 0.5)} days)`,
      ),
    );
  }
  sections.push({ title: 'Game length', text: [], charts: lengthCharts, tables: [lengthTable(g, `length${sfx}`, 'Game length in days')] });

  const deaths = deathTable(g, `deaths${sfx}`, 'How the players of each role ended (all configurations of this rule set)');
  const deathCharts: string[] = [];
  if (opts.charts) {
    const counts = fateCounts(g);
    const bars: FateBar[] = [];
    for (const role of new Set(deaths.rows.map((row) => row['role'] as string))) {
      const m = counts.get(role)!;
      let total = 0;
      for (const n of m.values()) total += n;
      for (const f of FATES) if ((m.get(f) ?? 0) > 0) bars.push({ role, fate: f, share: m.get(f)! / total });
    }
    deathCharts.push(deathChart(bars, FATES.filter((f) => bars.some((b) => b.fate === f)), 'Causes of death by role'));
  }
  sections.push({ title: 'Causes of death', text: [], charts: deathCharts, tables: [deaths] });
  const m = opts.metrics?.(g.summaries.flatMap((c) => c.runs.map((r) => r.run)));
  if (m !== undefined && m !== null)
    sections.push({
      title: 'Behaviour',
      text: [
        'How the agents played, per side and role: irp (votes on werewolves) beside the public-facts observer’s (the public record alone) and a random electorate’s, claims checked against the truth, role KPIs and errors (docs/metrics.md).',
        ...(m.rows.length === 0 ? m.notes : []),
      ],
      charts: [],
      tables: m.rows.length === 0 ? [] : [metricsTable(m.rows, `metrics${sfx}`, `Behaviour metrics (${label})`, m.notes)],
      summary: m.rows.length === 0 ? undefined : behaviourSummary(m.rows, `metrics${sfx}`, `Behaviour metrics in short (${label})`),
    });
  return { label, games, sections };
}

/**
 * A rule set's mixes across the seatings and speaking orders the database holds them
 * under (reports/ensemble.ts): the range, each member's interval, the verdict.
 */
function ensembleReport(e: StoredEnsemble, i: number, n: number): GroupReport {
  const sfx = suffix(i, n);
  return {
    label: `${e.label}: across agents (${e.members} members)`,
    games: e.rates.reduce((k, r) => k + r.rate.games, 0),
    sections: [
      {
        title: 'Balance across agents',
        text: [
          'The same mixes under several seatings or speaking orders: the village’s win rate as the range across them, and a mix called even only when every member’s 95% interval lies within ' +
            `50% ± ${(100 * DEFAULT_TOLERANCE).toFixed(0)} points (docs/balance.md, “Balance that survives the choice of agent”).`,
        ],
        charts: [],
        tables: [ensembleTable(e.rates, e.members, DEFAULT_TOLERANCE, `ensemble${sfx}`), ensembleMembersTable(e.rates, `ensemble-members${sfx}`)],
      },
    ],
  };
}

export function buildReport(source: string, summaries: readonly ConfigSummary[], opts: BuildOptions): Report {
  const groups = groupsOf(summaries);
  const ensembles = storedEnsembles(mixRates(summaries));
  return {
    source,
    configurations: summaries.length,
    games: summaries.reduce((s, c) => s + c.games, 0),
    incomplete: incompleteRuns(summaries.flatMap((s) => s.runs)),
    comparisons: opts.pairs === undefined || opts.pairs.length === 0 ? null : pairTable(opts.pairs, 'compare'),
    groups: [...groups.map((g, i) => groupReport(g, i, groups.length, source, opts)), ...ensembles.map((e, i) => ensembleReport(e, i, ensembles.length))],
    boards: opts.boards ?? [],
    tournaments: (opts.tournaments ?? []).map((t) => tournamentReport(t, { charts: opts.charts, links: opts.pairingLinks })),
  };
}
