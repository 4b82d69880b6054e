// The designers' question, per rule set and player count: which mix gives the village
// closest to an even chance, and where do the documents' own tables (001, 004) stand
// against it — each rate with its 95% Wilson interval, each table row tested against
// the closest mix (two-proportion test) with the games that would settle the question.

import type { Role } from '../engine/index.js';
import { compareRates, type Comparison } from '../stats/inference.js';
import { documentMix, documentsOf, extrasLabel, sameCounts, shortMix, TABLE_DOCUMENTS, wolvesOf, type Counts, type TableDocument } from '../stats/mix.js';
import { groupKey, type ConfigInfo } from './records.js';
import { wilson } from '../stats/wilson.js';
import { GROUP_COLUMNS, MIX_COLUMNS, rateColumns } from './columns.js';
import type { Column, Row, Table } from './table.js';

export interface MixRate {
  readonly config: ConfigInfo;
  readonly counts: Counts;
  readonly games: number;
  /** Games the village won. */
  readonly village: number;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
  readonly wolves: number;
  readonly extras: string;
  /** Documents whose table row this mix is. */
  readonly documents: readonly TableDocument[];
}

export function mixRate(config: ConfigInfo, counts: Counts, games: number, village: number): MixRate {
  const ci = wilson(village, games);
  return {
    config,
    counts,
    games,
    village,
    rate: village / games,
    low: ci.low,
    high: ci.high,
    wolves: wolvesOf(counts),
    extras: extrasLabel(counts),
    documents: documentsOf(counts, config.players),
  };
}

export const distanceFromEven = (m: MixRate) => Math.abs(m.rate - 0.5);
export const coversEven = (m: MixRate) => m.low <= 0.5 && m.high >= 0.5;

export interface DocumentStanding {
  readonly document: TableDocument;
  readonly counts: Counts;
  /** The row as played; null when no game of it is in the data. */
  readonly mix: MixRate | null;
  /** Against the closest mix (null when the row is the closest, or unplayed). */
  readonly vsClosest: Comparison | null;
}

export interface PlayersBalance {
  readonly preset: string;
  readonly rules: string;
  readonly seating: string;
  readonly players: number;
  /** By werewolves, then extras. */
  readonly mixes: readonly MixRate[];
  readonly closest: MixRate;
  /** The runner-up against the closest: is the best one really better? */
  readonly runnerUp: { readonly mix: MixRate; readonly vsClosest: Comparison } | null;
  /** One per document with a row for this many players. */
  readonly documents: readonly DocumentStanding[];
}

function byDistance(a: MixRate, b: MixRate): number {
  return distanceFromEven(a) - distanceFromEven(b) || b.games - a.games || a.config.deck.localeCompare(b.config.deck);
}

const compare = (a: MixRate, b: MixRate) => compareRates(a.village, a.games, b.village, b.games);

/** Groups mixes by rule set, agents and player count. */
export function balanceByPlayers(rates: readonly MixRate[]): PlayersBalance[] {
  const groups = new Map<string, MixRate[]>();
  for (const m of rates) {
    const k = `${groupKey(m.config)}|${m.config.players}`;
    let list = groups.get(k);
    if (list === undefined) groups.set(k, (list = []));
    list.push(m);
  }
  const out: PlayersBalance[] = [];
  for (const list of groups.values()) {
    const mixes = [...list].sort((a, b) => a.wolves - b.wolves || a.extras.localeCompare(b.extras) || a.config.deck.localeCompare(b.config.deck));
    const ranked = [...list].sort(byDistance);
    const closest = ranked[0]!;
    const second = ranked[1];
    const { preset, rules, seating, players } = closest.config;
    const documents: DocumentStanding[] = [];
    for (const doc of TABLE_DOCUMENTS) {
      const counts = documentMix(doc, players);
      if (counts === undefined) continue;
      const mix = mixes.find((m) => sameCounts(m.counts, counts)) ?? null;
      documents.push({ document: doc, counts, mix, vsClosest: mix === null || mix === closest ? null : compare(mix, closest) });
    }
    out.push({
      preset,
      rules,
      seating,
      players,
      mixes,
      closest,
      runnerUp: second === undefined ? null : { mix: second, vsClosest: compare(second, closest) },
      documents,
    });
  }
  return out.sort((a, b) => groupKey(a).localeCompare(groupKey(b)) || a.players - b.players);
}

/** A heat-map cell: one mix family (extras) at one player count and number of werewolves. */
export interface HeatCell {
  readonly extras: string;
  readonly players: number;
  readonly wolves: number;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
  readonly games: number;
  /** Documents whose table row this cell is. */
  readonly documents: readonly TableDocument[];
}

export function heatCells(b: readonly PlayersBalance[]): HeatCell[] {
  const out: HeatCell[] = [];
  for (const p of b)
    for (const m of p.mixes) out.push({ extras: m.extras, players: p.players, wolves: m.wolves, rate: m.rate, low: m.low, high: m.high, games: m.games, documents: m.documents });
  return out;
}

const fmtP = (c: Comparison | null) => (c === null ? null : c.pValue);

const settleText = (c: Comparison): string =>
  c.significant ? 'settled' : c.moreGames === Infinity ? 'equal so far' : `~${c.moreGames} more`;

/** One row per rule set and player count: the closest mix, the runner-up, the documents' rows. */
export function balanceSummaryTable(b: readonly PlayersBalance[], id = 'balance'): Table {
  const rows: Row[] = b.map((p) => {
    const row: Record<string, string | number | boolean | null> = {
      preset: p.preset,
      rules: p.rules,
      agents: p.seating,
      players: p.players,
      mixes: p.mixes.length,
      closest: shortMix(p.closest.counts),
      closest_deck: p.closest.config.deck,
      closest_games: p.closest.games,
      closest_rate: p.closest.rate,
      closest_low: p.closest.low,
      closest_high: p.closest.high,
      runner_up: p.runnerUp === null ? null : shortMix(p.runnerUp.mix.counts),
      runner_up_rate: p.runnerUp?.mix.rate ?? null,
      runner_up_p: fmtP(p.runnerUp?.vsClosest ?? null),
      runner_up_settle: p.runnerUp === null ? null : settleText(p.runnerUp.vsClosest),
    };
    for (const d of TABLE_DOCUMENTS) {
      const s = p.documents.find((x) => x.document === d);
      row[`t${d}`] = s === undefined ? null : s.mix === null ? 'not played' : s.mix === p.closest ? 'closest' : shortMix(s.counts);
      row[`t${d}_rate`] = s?.mix?.rate ?? null;
      row[`t${d}_low`] = s?.mix?.low ?? null;
      row[`t${d}_high`] = s?.mix?.high ?? null;
      row[`t${d}_p`] = fmtP(s?.vsClosest ?? null);
      row[`t${d}_settle`] = s?.vsClosest == null ? null : settleText(s.vsClosest);
    }
    return row;
  });
  return {
    id,
    title: 'Balance by player count: the mix closest to an even game, and the documents’ tables',
    columns: [
      ...GROUP_COLUMNS,
      { key: 'players', title: 'n', kind: 'int' },
      { key: 'mixes', title: 'mixes', kind: 'int', shown: false },
      { key: 'closest', title: 'closest mix', kind: 'text' },
      { key: 'closest_deck', title: 'closest deck', kind: 'text', shown: false },
      { key: 'closest_games', title: 'games', kind: 'int', shown: false },
      { key: 'closest_rate', title: 'village', kind: 'pct' },
      { key: 'closest_low', title: 'low', kind: 'pct', shown: false },
      { key: 'closest_high', title: 'high', kind: 'pct', shown: false },
      { key: 'closest_ci', title: '95% CI', kind: 'interval', low: 'closest_low', high: 'closest_high' },
      { key: 'runner_up', title: 'runner-up', kind: 'text', shown: false },
      { key: 'runner_up_rate', title: 'runner-up village', kind: 'pct', shown: false },
      { key: 'runner_up_p', title: 'runner-up p', kind: 'p', shown: false },
      { key: 'runner_up_settle', title: 'runner-up settled', kind: 'text', shown: false },
      ...TABLE_DOCUMENTS.flatMap((d) => [
        { key: `t${d}`, title: `${d} mix`, kind: 'text' as const, shown: false },
        { key: `t${d}_rate`, title: `${d}`, kind: 'pct' as const },
        { key: `t${d}_low`, title: `${d} low`, kind: 'pct' as const, shown: false },
        { key: `t${d}_high`, title: `${d} high`, kind: 'pct' as const, shown: false },
        { key: `t${d}_p`, title: `p`, kind: 'p' as const },
        { key: `t${d}_settle`, title: `${d} vs closest`, kind: 'text' as const, shown: false },
      ]),
    ],
    rows,
    notes: [
      'village: the village’s win rate with the closest mix; 001 and 004: the documents’ own table rows for that many players (blank: no row; each row’s 95% interval: its mix in the table of every mix played, CSV/JSON: here too), ' +
        'p: two-proportion test of the row against the closest mix (CSV/JSON: games that would settle it).',
    ],
  };
}

/** Every mix played, per rule set and player count. */
export function balanceDetailTable(b: readonly PlayersBalance[], id = 'balance-mixes'): Table {
  const rows: Row[] = [];
  for (const p of b)
    for (const m of p.mixes)
      rows.push({
        preset: p.preset,
        rules: p.rules,
        agents: p.seating,
        players: p.players,
        mix: shortMix(m.counts),
        deck: m.config.deck,
        wolves: m.wolves,
        extras: m.extras,
        games: m.games,
        village_wins: m.village,
        village: m.rate,
        low: m.low,
        high: m.high,
        even: coversEven(m),
        note: [m === p.closest ? 'closest' : '', ...m.documents.map((d) => `table ${d}`)].filter((x) => x !== '').join(', '),
      });
  return {
    id,
    title: 'Every mix played: the village’s win rate',
    columns: [
      ...GROUP_COLUMNS,
      ...MIX_COLUMNS,
      { key: 'wolves', title: 'wolves', kind: 'int', shown: false },
      { key: 'extras', title: 'extras', kind: 'text', shown: false },
      { key: 'games', title: 'games', kind: 'int' },
      { key: 'village_wins', title: 'village wins', kind: 'int', shown: false },
      ...rateColumns('village', 'village', 'low', 'high'),
      { key: 'even', title: '50% in CI', kind: 'text', shown: false },
      { key: 'note', title: 'note', kind: 'text' },
    ],
    rows,
  };
}

/** The heat-map as a table: rows are player counts, columns numbers of werewolves. */
export function heatTable(cells: readonly HeatCell[], extras: string, id: string): Table {
  const mine = cells.filter((c) => c.extras === extras);
  const wolves = [...new Set(mine.map((c) => c.wolves))].sort((a, b) => a - b);
  const players = [...new Set(mine.map((c) => c.players))].sort((a, b) => a - b);
  const rows: Row[] = players.map((n) => {
    const row: Record<string, number | null> = { players: n };
    for (const w of wolves) {
      const c = mine.find((x) => x.players === n && x.wolves === w);
      row[`w${w}`] = c?.rate ?? null;
      row[`w${w}_low`] = c?.low ?? null;
      row[`w${w}_high`] = c?.high ?? null;
    }
    return row;
  });
  return {
    id,
    title: `Village win rate by players × werewolves (extras: ${extras})`,
    columns: [
      { key: 'players', title: 'n', kind: 'int' },
      // The bounds in the files only: a grid of intervals would not fit 80 columns.
      ...wolves.flatMap((w): Column[] => [
        { key: `w${w}`, title: `${w}W`, kind: 'pct' },
        { key: `w${w}_low`, title: `${w}W low`, kind: 'pct', shown: false },
        { key: `w${w}_high`, title: `${w}W high`, kind: 'pct', shown: false },
      ]),
    ],
    rows,
    notes: ['each cell’s 95% Wilson interval: its mix’s row in the table of every mix played (CSV/JSON: here too, wN_low and wN_high).'],
  };
}

/** Counts of each role in ROLES order, for the regression. */
export function roleVector(c: Counts, roles: readonly Role[]): number[] {
  return roles.map((r) => c.get(r) ?? 0);
}
