// One pass over the games of each configuration: wins per side, game lengths, each
// dealt role's share of wins, and how each role's players died. Everything the tables
// and charts show is derived from these summaries, never from the games again.

import { CAUSES, type Cause } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import { ROLES, SIDES, type Role, type Side } from '../engine/index.js';
import { ClusterSums } from '../stats/cluster-mean.js';
import { configKey, deckCounts, groupKey, type ConfigInfo, type GameSource, type SourceRun } from './records.js';

export type Fate = Cause | 'survived';
export const FATES: readonly Fate[] = [...CAUSES, 'survived'];

export interface RoleTally {
  /** Players dealt the role. */
  dealt: number;
  /** Of them, on the winning side at the end. */
  won: number;
  /** The same by game, for the rate's error: the players of one role in a game win or lose together. */
  readonly byGame: ClusterSums;
}

export interface ConfigSummary {
  readonly key: string;
  readonly config: ConfigInfo;
  readonly counts: ReadonlyMap<Role, number>;
  readonly runs: readonly SourceRun[];
  games: number;
  readonly wins: Record<Side, number>;
  /** Games by length in days. */
  readonly days: Map<number, number>;
  totalDays: number;
  /** By the card dealt. */
  readonly roles: Map<Role, RoleTally>;
  /** By the card played at the end (a thief's taken card): how its players ended. */
  readonly fates: Map<Role, Map<Fate, number>>;
  /** The same by game, a ClusterSums per fate in FATES' order: the errors of the shares (a game's players of one card end alike more often than not). */
  readonly fatesByGame: Map<Role, ClusterSums[]>;
}

function emptySummary(config: ConfigInfo, counts: Map<Role, number>, runs: readonly SourceRun[]): ConfigSummary {
  return {
    key: configKey(config),
    config,
    counts,
    runs,
    games: 0,
    wins: Object.fromEntries(SIDES.map((s) => [s, 0])) as Record<Side, number>,
    days: new Map(),
    totalDays: 0,
    roles: new Map(),
    fates: new Map(),
    fatesByGame: new Map(),
  };
}

/** Reads every game of the source once. Configurations without games are left out. */
export function summarize(source: GameSource): Result<ConfigSummary[], string> {
  const out: ConfigSummary[] = [];
  for (const c of source.configurations()) {
    const counts = deckCounts(c.config.deck);
    if (!counts.ok) return counts;
    const s = emptySummary(c.config, counts.value, c.runs);
    for (const g of c.games()) {
      s.games++;
      s.wins[g.winner]++;
      s.days.set(g.days, (s.days.get(g.days) ?? 0) + 1);
      s.totalDays += g.days;
      // This game's own counts, for the errors that take the game as the unit.
      const dealt = new Map<Role, { won: number; players: number }>();
      const ended = new Map<Role, number[]>();
      for (const seat of g.seats) {
        let t = s.roles.get(seat.dealt);
        if (t === undefined) s.roles.set(seat.dealt, (t = { dealt: 0, won: 0, byGame: new ClusterSums() }));
        t.dealt++;
        if (seat.won) t.won++;
        let d = dealt.get(seat.dealt);
        if (d === undefined) dealt.set(seat.dealt, (d = { won: 0, players: 0 }));
        d.players++;
        if (seat.won) d.won++;
        let f = s.fates.get(seat.role);
        if (f === undefined) s.fates.set(seat.role, (f = new Map()));
        const fate: Fate = seat.death === null ? 'survived' : seat.death.cause;
        f.set(fate, (f.get(fate) ?? 0) + 1);
        let e = ended.get(seat.role);
        if (e === undefined) ended.set(seat.role, (e = FATES.map(() => 0)));
        e[FATES.indexOf(fate)]!++;
      }
      for (const [role, d] of dealt) s.roles.get(role)!.byGame.add(d.won, d.players);
      for (const [role, e] of ended) {
        let sums = s.fatesByGame.get(role);
        if (sums === undefined) s.fatesByGame.set(role, (sums = FATES.map(() => new ClusterSums())));
        const players = e.reduce((a, k) => a + k, 0);
        for (let i = 0; i < FATES.length; i++) sums[i]!.add(e[i]!, players);
      }
    }
    if (s.games > 0) out.push(s);
  }
  if (out.length === 0) return err(`${source.label} holds no games: play some first (e.g. sim --games 1000 --db ${source.label})`);
  out.sort(compareSummaries);
  return ok(out);
}

/** Rule set and agents, then players, then werewolves, then the deck's text. */
export function compareSummaries(a: ConfigSummary, b: ConfigSummary): number {
  return (
    groupKey(a.config).localeCompare(groupKey(b.config)) ||
    a.config.players - b.config.players ||
    (a.counts.get('werewolf') ?? 0) - (b.counts.get('werewolf') ?? 0) ||
    a.config.deck.localeCompare(b.config.deck)
  );
}

/** The q-quantile of a days histogram (lower median for q = 0.5). */
export function quantile(hist: ReadonlyMap<number, number>, total: number, q: number): number {
  const keys = [...hist.keys()].sort((a, b) => a - b);
  const target = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const k of keys) {
    seen += hist.get(k)!;
    if (seen >= target) return k;
  }
  return keys[keys.length - 1] ?? 0;
}

/** Roles in ROLES order, of those present in any summary. */
export function rolesPresent(summaries: readonly ConfigSummary[]): Role[] {
  const seen = new Set<Role>();
  for (const s of summaries) for (const r of s.counts.keys()) seen.add(r);
  return ROLES.filter((r) => seen.has(r));
}

/** Configurations sharing a rule set and agents (the unit of the balance analysis). */
export interface SummaryGroup {
  readonly key: string;
  readonly preset: string;
  readonly rules: string;
  readonly seating: string;
  readonly summaries: readonly ConfigSummary[];
}

export function groupsOf(summaries: readonly ConfigSummary[]): SummaryGroup[] {
  const m = new Map<string, ConfigSummary[]>();
  for (const s of summaries) {
    const k = groupKey(s.config);
    let list = m.get(k);
    if (list === undefined) m.set(k, (list = []));
    list.push(s);
  }
  return [...m.entries()].map(([key, list]) => ({
    key,
    preset: list[0]!.config.preset,
    rules: list[0]!.config.rules,
    seating: list[0]!.config.seating,
    summaries: list,
  }));
}

/** How a group is named in headers: `standard · rules as preset · agents random`. */
export function groupLabel(g: Pick<SummaryGroup, 'preset' | 'rules' | 'seating'>): string {
  return `${g.preset} · ${g.rules === '' ? 'rules as preset' : `rules ${g.rules}`} · agents ${g.seating}`;
}
