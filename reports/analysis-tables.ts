// The analysis tables of one rule set (preset, rule options, agents): win rates per
// configuration, per dealt role, game lengths and causes of death.

import { ROLES, type Cause } from '../engine/index.js';
import { FATES, quantile, rolesPresent, type ConfigSummary, type Fate, type SummaryGroup } from './analysis.js';
import type { PlayersBalance } from './balance.js';
import { compareRates, type Comparison } from '../stats/inference.js';
import { ClusterSums, type ClusteredMean } from '../stats/cluster-mean.js';
import { meanInterval, t975, type MeanInterval } from '../stats/mean.js';
import { shortMix } from '../stats/mix.js';
import { wilson } from '../stats/wilson.js';
import { COMPARISON_COLUMNS, comparisonCells, GROUP_COLUMNS, MIX_COLUMNS, rateColumns } from './columns.js';
import type { Column, Row, Table } from './table.js';

const OTHER_SIDES = ['lovers', 'piper', 'draw'] as const;

/** A configuration's mean game length in days with its 95% interval (Student's t over its games, from their lengths' histogram). */
export function meanDays(s: ConfigSummary): MeanInterval {
  let squares = 0;
  for (const [d, k] of s.days) squares += d * d * k;
  return meanInterval({ n: s.games, sum: s.totalDays, squares });
}

/** The cells of `daysColumns`: the mean and its bounds (null below 2 games). */
function daysCells(key: string, m: MeanInterval): Record<string, number | null> {
  return { [key]: m.mean, [`${key}_low`]: m.low, [`${key}_high`]: m.high };
}

/** The mean length `key` and its bounds (files only), and the interval as one column, in days; `shown` false: all of them in the files only. */
function daysColumns(key: string, title: string, shown = true): Column[] {
  const interval: Column[] = shown ? [{ key: `${key}_ci`, title: '95% CI', kind: 'interval', low: `${key}_low`, high: `${key}_high`, digits: 2 }] : [];
  return [
    { key, title, kind: 'num', digits: 2, shown },
    { key: `${key}_low`, title: `${title} low`, kind: 'num', digits: 2, shown: false },
    { key: `${key}_high`, title: `${title} high`, kind: 'num', digits: 2, shown: false },
    ...interval,
  ];
}

/** '300 of 1000' for a configuration whose runs hold fewer games than they plan; '' when complete. */
function storedText(s: ConfigSummary): string {
  let stored = 0;
  let planned = 0;
  for (const r of s.runs) {
    stored += r.games;
    planned += r.planned;
  }
  return stored < planned ? `${stored} of ${planned}` : '';
}

export function configTable(g: SummaryGroup, id: string, title: string): Table {
  const rows: Row[] = g.summaries.map((s) => {
    const v = wilson(s.wins.village, s.games);
    const w = wilson(s.wins.werewolves, s.games);
    const other = OTHER_SIDES.reduce((n, side) => n + s.wins[side], 0);
    return {
      preset: s.config.preset,
      rules: s.config.rules,
      agents: s.config.seating,
      players: s.config.players,
      mix: shortMix(s.counts),
      deck: s.config.deck,
      games: s.games,
      village_wins: s.wins.village,
      werewolves_wins: s.wins.werewolves,
      lovers_wins: s.wins.lovers,
      piper_wins: s.wins.piper,
      draws: s.wins.draw,
      village: s.wins.village / s.games,
      village_low: v.low,
      village_high: v.high,
      werewolves: s.wins.werewolves / s.games,
      werewolves_low: w.low,
      werewolves_high: w.high,
      other: other / s.games,
      ...daysCells('mean_days', meanDays(s)),
      runs: s.runs.map((r) => r.run).join(' '),
      seeds: [...new Set(s.runs.map((r) => r.seed))].join(' '),
      stored: storedText(s),
    };
  });
  const someIncomplete = rows.some((r) => r['stored'] !== '');
  return {
    id,
    title,
    columns: [
      ...GROUP_COLUMNS,
      ...MIX_COLUMNS,
      { key: 'games', title: 'games', kind: 'int' },
      ...['village_wins', 'werewolves_wins', 'lovers_wins', 'piper_wins', 'draws'].map((k) => ({ key: k, title: k.replace('_', ' '), kind: 'int' as const, shown: false })),
      ...rateColumns('village', 'village'),
      { key: 'werewolves', title: 'wolves', kind: 'pct' },
      { key: 'werewolves_low', title: 'wolves low', kind: 'pct', shown: false },
      { key: 'werewolves_high', title: 'wolves high', kind: 'pct', shown: false },
      { key: 'other', title: 'other', kind: 'pct' },
      // Files only: the terminal's 80 columns are the rates' (the Game length table shows the mean with its interval).
      ...daysColumns('mean_days', 'days', false),
      { key: 'runs', title: 'runs', kind: 'text', shown: false },
      { key: 'seeds', title: 'seeds', kind: 'text', shown: false },
      { key: 'stored', title: 'incomplete', kind: 'text', shown: someIncomplete },
    ],
    rows,
    notes: [
      'other: lovers, piper and draws together (CSV/JSON: each, and the mean game length with its 95% interval, as the Game length table shows it).',
      ...(someIncomplete ? ['incomplete: games stored of those planned, where a run is stopped or still being played; its figures are of the games stored so far.'] : []),
    ],
  };
}

/** How often a player dealt each role ends on the winning side, per configuration. */
export function roleWinTable(g: SummaryGroup, id: string, title: string): Table {
  const rows: Row[] = [];
  for (const s of g.summaries)
    for (const role of ROLES) {
      const t = s.roles.get(role);
      if (t === undefined || t.dealt === 0) continue;
      const m = clusteredRate(t.byGame.mean());
      rows.push({ players: s.config.players, mix: shortMix(s.counts), deck: s.config.deck, role, dealt: t.dealt, won: t.won, wins: m.rate, wins_low: m.low, wins_high: m.high });
    }
  return {
    id,
    title,
    columns: [
      ...MIX_COLUMNS,
      { key: 'role', title: 'role', kind: 'text' },
      { key: 'dealt', title: 'players', kind: 'int' },
      { key: 'won', title: 'won', kind: 'int', shown: false },
      ...rateColumns('wins', 'wins'),
    ],
    rows,
    notes: [
      'wins: the share of the players dealt the role who end on the winning side (a lover of the other team wins only with the couple). Its 95% interval takes the game as the unit: the players of one role in a game win or lose together (a cluster-robust error, Student’s t over the games).',
    ],
  };
}

/** A share whose observations come in clusters (a game's players), with its 95% interval: Student's t over the clusters, within [0, 1]; none below 2 clusters. */
function clusteredRate(m: ClusteredMean): { rate: number; low: number | null; high: number | null } {
  if (m.se === null) return { rate: m.mean, low: null, high: null };
  const half = t975(m.clusters - 1) * m.se;
  return { rate: m.mean, low: Math.max(0, m.mean - half), high: Math.min(1, m.mean + half) };
}

export function lengthTable(g: SummaryGroup, id: string, title: string): Table {
  const rows: Row[] = g.summaries.map((s) => {
    const keys = [...s.days.keys()];
    return {
      players: s.config.players,
      mix: shortMix(s.counts),
      deck: s.config.deck,
      games: s.games,
      ...daysCells('mean', meanDays(s)),
      min: Math.min(...keys),
      p10: quantile(s.days, s.games, 0.1),
      median: quantile(s.days, s.games, 0.5),
      p90: quantile(s.days, s.games, 0.9),
      max: Math.max(...keys),
    };
  });
  return {
    id,
    title,
    columns: [
      ...MIX_COLUMNS,
      { key: 'games', title: 'games', kind: 'int' },
      ...daysColumns('mean', 'mean'),
      { key: 'min', title: 'min', kind: 'int' },
      { key: 'p10', title: '10%', kind: 'int' },
      { key: 'median', title: 'median', kind: 'int' },
      { key: 'p90', title: '90%', kind: 'int' },
      { key: 'max', title: 'max', kind: 'int' },
    ],
    rows,
    notes: ['days begun (a game ends at a dawn or after a vote); the mean’s 95% interval is Student’s t over the games, the quantiles are of the games themselves.'],
  };
}

/** Pooled over the rule set's configurations: for each role (the card played at the end), how its players ended. */
export function fateCounts(g: SummaryGroup): Map<string, Map<Fate, number>> {
  const out = new Map<string, Map<Fate, number>>();
  for (const s of g.summaries)
    for (const [role, fates] of s.fates) {
      let m = out.get(role);
      if (m === undefined) out.set(role, (m = new Map()));
      for (const [f, n] of fates) m.set(f, (m.get(f) ?? 0) + n);
    }
  return out;
}

/** Pooled over the rule set's configurations: for each role (the card played at the end), each fate's share by game (FATES' order), for its error. */
function fateSums(g: SummaryGroup): Map<string, ClusterSums[]> {
  const out = new Map<string, ClusterSums[]>();
  for (const s of g.summaries)
    for (const [role, sums] of s.fatesByGame) {
      const pooled = out.get(role) ?? FATES.map(() => new ClusterSums());
      out.set(role, pooled);
      for (let i = 0; i < FATES.length; i++) pooled[i]!.merge(sums[i]!);
    }
  return out;
}

export function deathTable(g: SummaryGroup, id: string, title: string): Table {
  const counts = fateCounts(g);
  const byGame = fateSums(g);
  const roles = rolesPresent(g.summaries).filter((r) => counts.has(r));
  const rows: Row[] = [];
  for (const role of roles) {
    const m = counts.get(role)!;
    let total = 0;
    for (const n of m.values()) total += n;
    FATES.forEach((fate, i) => {
      const n = m.get(fate) ?? 0;
      if (n === 0) return;
      const share = clusteredRate(byGame.get(role)![i]!.mean());
      rows.push({ role, fate: CAUSE_TITLES[fate], players: total, ended: n, share: share.rate, share_low: share.low, share_high: share.high });
    });
  }
  const drawn = rows.some((r) => r['fate'] === CAUSE_TITLES.drawn);
  return {
    id,
    title,
    columns: [
      { key: 'role', title: 'role', kind: 'text' },
      { key: 'fate', title: 'ended by', kind: 'text' },
      { key: 'players', title: 'players', kind: 'int' },
      { key: 'ended', title: 'ended so', kind: 'int', shown: false },
      ...rateColumns('share', 'share'),
    ],
    rows,
    notes: [
      'share of the players of each role (the card at the end of the game) by how they ended: ' +
        'wolves = the pack’s kill, vote = the day vote, poison = the witch, shot = the hunter, grief = a lover’s death, alive = survived.' +
        (drawn ? ' drawn = still tied after the last re-vote, drawn by the moderator (lastTie=draw): the safeguard of 002’s “until someone goes”.' : '') +
        ' Its 95% interval takes the game as the unit (a cluster-robust error, Student’s t over the games).',
    ],
  };
}

export const CAUSE_TITLES: Record<Fate, string> = {
  wolves: 'wolves',
  vote: 'vote',
  poison: 'poison',
  grief: 'grief',
  shot: 'shot',
  guard: 'guard',
  scapegoat: 'scapegt',
  elder: 'elder',
  punishment: 'punish',
  drawn: 'drawn',
  hunger: 'hunger',
  survived: 'alive',
} satisfies Record<Cause | 'survived', string>;

/** The comparisons behind the balance table, one per line: each document row and the runner-up against the closest mix. */
export function comparisonTable(b: readonly PlayersBalance[], id: string): Table {
  const rows: Row[] = [];
  const add = (p: PlayersBalance, what: string, mix: string, c: Comparison) =>
    rows.push({
      preset: p.preset,
      rules: p.rules,
      agents: p.seating,
      players: p.players,
      what,
      mix,
      closest: shortMix(p.closest.counts),
      rate: c.p1,
      closest_rate: c.p2,
      ...comparisonCells(c),
    });
  for (const p of b) {
    for (const d of p.documents) if (d.mix !== null && d.vsClosest !== null) add(p, `table ${d.document}`, shortMix(d.counts), d.vsClosest);
    // The runner-up, unless it is a document's row already listed.
    if (p.runnerUp !== null && !p.documents.some((d) => d.mix === p.runnerUp!.mix)) add(p, 'runner-up', shortMix(p.runnerUp.mix.counts), p.runnerUp.vsClosest);
  }
  return {
    id,
    title: 'Is the difference real? Each mix against the closest to even (two-proportion z-test)',
    columns: [
      ...GROUP_COLUMNS,
      { key: 'players', title: 'n', kind: 'int' },
      { key: 'what', title: 'what', kind: 'text' },
      { key: 'mix', title: 'mix', kind: 'text' },
      { key: 'closest', title: 'closest', kind: 'text', shown: false },
      { key: 'rate', title: 'village', kind: 'pct' },
      { key: 'closest_rate', title: 'closest', kind: 'pct' },
      ...COMPARISON_COLUMNS,
    ],
    rows,
    notes: [
      'more: games still to play (both mixes together) to detect the observed difference with 80% power at the 5% level ' +
        '(Fleiss 1981); 0 once significant, ∞ when the two rates are equal so far.',
    ],
  };
}

/** A configuration named in one line: preset, players, mix, changed rules, agents. */
export function configLabel(s: ConfigSummary): string {
  const c = s.config;
  return `${c.preset} ${c.players}p ${shortMix(s.counts)}${c.rules === '' ? '' : ` ${c.rules}`} · ${c.seating}`;
}

/** Pairs of configurations the user asked about (any rule sets or agents): the village's win rates compared. */
export function pairTable(pairs: readonly { readonly a: ConfigSummary; readonly b: ConfigSummary }[], id: string): Table {
  const rows: Row[] = pairs.map(({ a, b }, i) => {
    const c = compareRates(a.wins.village, a.games, b.wins.village, b.games);
    return {
      pair: i + 1,
      a: configLabel(a),
      a_runs: a.runs.map((r) => r.run).join(' '),
      a_games: a.games,
      b: configLabel(b),
      b_runs: b.runs.map((r) => r.run).join(' '),
      b_games: b.games,
      a_village: c.p1,
      b_village: c.p2,
      ...comparisonCells(c),
    };
  });
  return {
    id,
    title: 'Requested comparisons: the village’s win rate, A against B (two-proportion z-test; A and B by their runs)',
    columns: [
      { key: 'pair', title: '#', kind: 'int' },
      { key: 'a', title: 'A', kind: 'text', shown: false },
      { key: 'a_runs', title: 'A runs', kind: 'text' },
      { key: 'a_games', title: 'A games', kind: 'int', shown: false },
      { key: 'b', title: 'B', kind: 'text', shown: false },
      { key: 'b_runs', title: 'B runs', kind: 'text' },
      { key: 'b_games', title: 'B games', kind: 'int', shown: false },
      { key: 'a_village', title: 'A', kind: 'pct' },
      { key: 'b_village', title: 'B', kind: 'pct' },
      ...COMPARISON_COLUMNS,
    ],
    rows,
    notes: [
      ...pairs.map(({ a, b }, i) => `${i + 1}: A = ${configLabel(a)}; B = ${configLabel(b)}.`),
      'more: games still to play (A and B together) to detect the observed difference with 80% power at the 5% level; 0 once significant, ∞ when equal so far.',
    ],
  };
}
