// One ranking of every agent that played a setup in a results database (`sim leaderboard`):
// the side model (ratings.ts) fitted on all their games together — tournaments', sequential
// tests', pilots' and plain runs' alike — whatever grouped them.
//
// Which games: every run of the setup whose seating is one agent on the werewolves' cards
// and one on every other card (`Y werewolves=X`, or `X` alone: its self-play); runs that
// seat agents by seat or role are left out (they are not a side pairing). Runs of the same
// seating and seed share their game indices, and game i is the same game in each, so a
// game is counted once per (seating, seed, index) — a tournament of 1,000 games and a test
// of 10,000 of the same seed overlap on their first 1,000. Runs of other code are kept
// apart (their games may differ) and counted, and the board says how many versions it
// pools.
//
// The ranking is by overall score (ratings.ts `fitSideOverall`): an entrant's win rate
// against an average entrant of the board, as the village and as the werewolves, averaged.
// Each row is compared with the next: "above" when the 95% interval of their difference
// excludes 0, a tie when it lies within ±precision, open otherwise; and each row's 95%
// interval of rank, from the bootstrap over deals (rank-intervals.ts). The games of one deal
// (one seed, one index) share its cards across every pairing that played it, so the fit's
// errors take the deal, not the game, as the independent unit (ratings.ts `DealCells`).

import { parseAgentSpec } from '../agents/registry.js';
import { describeSetup, err, ok, SIDES, type GameSetup, type Result } from '../engine/index.js';
import { seatingFromText } from '../runs/run-config.js';
import type { RunRow, Store } from '../runs/storage.js';
import { chargeGame, NO_FAILURES, winnerUnder, type FailureCount, type FailurePolicy } from './failure-policy.js';
import { rankIntervals } from './rank-intervals.js';
import { pairings as tournamentPairings, tournaments } from './tournament-store.js';
import { quantileInterval, type QuantileEstimate } from '../stats/quantile.js';
import { fitSideOverall, rankEntrants, uncompared, uncomparedMessage, type DealCells, type ModelFit, type Ranked, type SideResult, type Uncompared } from './ratings.js';

/** A run's seating read as a side pairing, or null. */
export function sidesOf(seatingText: string): { readonly wolves: string; readonly village: string } | null {
  const s = seatingFromText(seatingText);
  if (!s.ok) return null;
  let village: string | null = null;
  let wolves: string | null = null;
  for (const a of s.value.assignments) {
    if (a.who.by === 'default' && village === null) village = a.spec.text;
    else if (a.who.by === 'side' && a.who.side === 'werewolves' && wolves === null) wolves = a.spec.text;
    else return null;
  }
  if (village === null) return null;
  return { wolves: wolves ?? village, village };
}

function isModel(spec: string): boolean {
  const s = parseAgentSpec(spec);
  return s.ok && s.value.kind.llm === true;
}

export interface BoardRow extends Ranked {
  /** Decisive games it played (either side; its self-play once). */
  readonly games: number;
  /** Dollars its model seats cost over those games, as recorded; 0 for a bot; null when unknown. */
  readonly dollars: number | null;
  /** Its 95% interval of rank, from the bootstrap over deals (rank-intervals.ts); absent where not computed. */
  readonly ranks?: { readonly low: number; readonly high: number };
  /** Its games in which its side fell back, and its fallback moves, over every game it played (whatever the policy counts). */
  readonly failures?: FailureCount;
  /** A model's calls, tokens, dollars per game and latency; absent for a bot. */
  readonly model?: ModelUse;
}

export interface Board {
  readonly setup: string;
  readonly rows: readonly BoardRow[];
  readonly model: ModelFit;
  readonly pairings: readonly SideResult[];
  /** Runs read, runs left out (not a side pairing), versions of the code pooled. */
  readonly runs: number;
  readonly skipped: number;
  readonly versions: number;
  readonly seeds: readonly string[];
  /** The failure policy the games were counted under; the entrants it left off (exclude), and the games it left out (void, forfeit). */
  readonly policy: FailurePolicy;
  readonly excluded: readonly { readonly entrant: string; readonly failures: FailureCount }[];
  /** The entrants left off because their games compare them with no other (self-play alone). */
  readonly uncompared: readonly Uncompared[];
  readonly voided: number;
}

/** One agent spec's seats in one game, from the LLM record: dollars (null: unknown), calls, tokens and decisions owed (null: not counted then). */
export interface SpecUsage {
  readonly usd: number | null;
  readonly calls: number;
  readonly tokens: number;
  readonly decisions: number | null;
}

/** A model's use summed over the board's games; decisions null once a game did not count them. */
interface UseSum {
  readonly games: number;
  readonly calls: number;
  readonly tokens: number;
  readonly decisions: number | null;
}

/** Per game of a run: the usage of each agent spec's seats (the LLM record's), by game index. */
export type RunCosts = (run: RunRow) => ReadonlyMap<number, ReadonlyMap<string, SpecUsage>>;

/** A model entrant's cost and speed over the board's games: calls, tokens per call and per decision, dollars per game, latency quantiles (ms) with 95% intervals. */
export interface ModelUse {
  readonly games: number;
  readonly calls: number;
  readonly tokensPerCall: number | null;
  /** Prompt and answer tokens per decision its seats owed, re-asks included (null: a game stored before decisions were counted). */
  readonly tokensPerDecision: number | null;
  readonly dollarsPerGame: number | null;
  readonly latency: { readonly median: QuantileEstimate; readonly p95: QuantileEstimate } | null;
}

/** Setups with side-pairing games in the database, with their run counts (for "which one?") and how many agents played them. */
export function boardSetups(store: Store): { readonly setup: string; readonly label: string; readonly runs: number; readonly entrants: number }[] {
  const by = new Map<string, { setup: string; label: string; runs: number; agents: Set<string> }>();
  for (const r of store.runs()) {
    const sides = sidesOf(r.seating);
    if (sides === null) continue;
    const e = by.get(r.setup) ?? { setup: r.setup, label: `${r.players} players ${r.deck} (${r.preset}${r.rules === '' ? '' : `, ${r.rules}`})`, runs: 0, agents: new Set<string>() };
    e.runs++;
    e.agents.add(sides.wolves).add(sides.village);
    by.set(r.setup, e);
  }
  return [...by.values()].map(({ agents, ...e }) => ({ ...e, entrants: agents.size }));
}

function modelUse(u: UseSum | undefined, dollars: number | null | undefined, latencies: readonly number[] | undefined): ModelUse {
  const median = latencies === undefined ? null : quantileInterval(latencies, 0.5);
  const p95 = latencies === undefined ? null : quantileInterval(latencies, 0.95);
  return {
    games: u?.games ?? 0,
    calls: u?.calls ?? 0,
    tokensPerCall: u === undefined || u.calls === 0 ? null : u.tokens / u.calls,
    tokensPerDecision: u === undefined || u.decisions === null || u.decisions === 0 ? null : u.tokens / u.decisions,
    dollarsPerGame: u === undefined || u.games === 0 || dollars === null || dollars === undefined ? null : dollars / u.games,
    latency: median === null || p95 === null ? null : { median, p95 },
  };
}

/**
 * The policy the board's games were played under: the one failure policy of every
 * tournament that holds one of its runs (keep when none does); an error naming them when
 * they differ, so that the reader chooses.
 */
function storedPolicy(store: Store, runs: ReadonlySet<number>): Result<FailurePolicy, string> {
  const found = new Map<FailurePolicy, number[]>();
  for (const t of tournaments(store))
    if (tournamentPairings(store, t.id).some((p) => runs.has(p.run))) found.set(t.policy, [...(found.get(t.policy) ?? []), t.id]);
  if (found.size <= 1) return ok([...found.keys()][0] ?? 'keep');
  const which = [...found].map(([p, ids]) => `${p} (tournament${ids.length === 1 ? '' : 's'} ${ids.join(', ')})`).join(', ');
  return err(`the games of this setup were played under different failure policies: ${which}; choose the one to count them under with --policy keep|forfeit|void|exclude`);
}

export function leaderboard(
  store: Store,
  setup: GameSetup,
  o: {
    readonly precision: number;
    readonly costs?: RunCosts | undefined;
    /** The entrants whose average is the scale's zero (default: every entrant's): boards with the same anchors and setup compare. */
    readonly anchors?: readonly string[] | undefined;
    /** What a game in which an agent failed counts for (failure-policy.ts; default: the policy its tournaments were played under, else keep). */
    readonly policy?: FailurePolicy | undefined;
    /** A model entrant's answered calls' latencies (ms), from the LLM record. */
    readonly latencies?: ((entrant: string) => readonly number[] | undefined) | undefined;
  },
): Result<Board, string> {
  const text = describeSetup(setup);
  const runs = store.runs().filter((r) => r.setup === text);
  const groups = new Map<string, { sides: { wolves: string; village: string }; runs: RunRow[] }>();
  let skipped = 0;
  for (const r of runs) {
    const sides = sidesOf(r.seating);
    if (sides === null) {
      skipped++;
      continue;
    }
    const key = `${r.codeHash}\0${r.seed}\0${r.seating}`;
    const g = groups.get(key) ?? { sides, runs: [] as RunRow[] };
    g.runs.push(r);
    groups.set(key, g);
  }
  if (groups.size === 0) return err(`no games of this setup between side pairings (${runs.length} runs of it${skipped > 0 ? `, all seating agents by seat or role` : ''}): play a tournament or a test of it first`);
  const stored = storedPolicy(store, new Set([...groups.values()].flatMap((g) => g.runs.map((r) => r.id))));
  if (o.policy === undefined && !stored.ok) return stored;
  const policy = o.policy ?? (stored.ok ? stored.value : 'keep');
  const entrants: string[] = [];
  const dollars = new Map<string, number | null>();
  const usage = new Map<string, UseSum>();
  const failures = new Map<string, FailureCount>();
  const played: PlayedGame[] = [];
  for (const { sides, runs: group } of groups.values()) {
    for (const e of [sides.wolves, sides.village]) if (!entrants.includes(e)) entrants.push(e);
    const seen = new Set<number>();
    for (const run of group) {
      const cost = o.costs?.(run);
      const winners = store.winnersIn(run.id, run);
      const fallbacks = store.sideFallbacksIn(run.id, run);
      for (let k = 0; k < winners.length; k++) {
        const idx = run.first + k;
        if (winners[k]! < 0 || seen.has(idx)) continue;
        seen.add(idx);
        const [villageFallbacks, wolvesFallbacks] = [fallbacks[2 * k]!, fallbacks[2 * k + 1]!];
        played.push({ sides, deal: `${run.seed}\0${idx}`, winner: winners[k]!, villageFallbacks, wolvesFallbacks });
        chargeGame(failures, sides, villageFallbacks, wolvesFallbacks);
        for (const [spec, u] of cost?.get(idx) ?? []) {
          const now = dollars.get(spec);
          dollars.set(spec, now === null || u.usd === null ? null : (now ?? 0) + u.usd);
          const t = usage.get(spec) ?? { games: 0, calls: 0, tokens: 0, decisions: 0 };
          const decisions = t.decisions === null || u.decisions === null ? null : t.decisions + u.decisions;
          usage.set(spec, { games: t.games + 1, calls: t.calls + u.calls, tokens: t.tokens + u.tokens, decisions });
        }
      }
    }
  }
  const excluded = policy === 'exclude' ? entrants.filter((e) => (failures.get(e)?.failed ?? 0) > 0) : [];
  let rated = entrants.filter((e) => !excluded.includes(e));
  let { pairings, dealCells, voided } = countGames(played, excluded, policy);
  // An entrant its games compare with no other (self-play alone) is left off with a note: no game measures its score.
  const lone = uncompared(rated, pairings);
  if (lone.length > 0) {
    if (rated.length - lone.length < 2) return err(`the games of this setup cannot be rated together: ${uncomparedMessage(rated, lone)}`);
    const left = lone.map((u) => u.entrant);
    rated = rated.filter((e) => !left.includes(e));
    ({ pairings, dealCells, voided } = countGames(played, [...excluded, ...left], policy));
  }
  const fit = fitSideOverall(rated, pairings, { deals: dealCells, anchors: o.anchors });
  if (!fit.ok) return err(`the games of this setup cannot be rated together${excluded.length > 0 ? ` without ${excluded.join(', ')} (--policy exclude: they failed in some game)` : ''}: ${fit.error}`);
  const decisiveOf = (e: string) => pairings.reduce((n, p) => n + (p.wolves === e || p.village === e ? p.villageWins + p.wolvesWins : 0), 0);
  const versions = new Set([...groups.values()].flatMap((g) => g.runs.map((r) => r.codeHash))).size;
  const seeds = [...new Set([...groups.values()].flatMap((g) => g.runs.map((r) => r.seed)))];
  // No rank intervals from a fit that stands on its prior for some strength: refitted on
  // resampled deals, the prior fixes that strength again each time, and the ranks would
  // look surer than the scores' intervals say.
  const ranks = fit.value.model.prior === null ? rankIntervals(rated, pairings, dealCells, { seed: seeds.join('\0'), anchors: o.anchors }).intervals : null;
  const rows = rankEntrants(fit.value, o.precision).map(
    (x): BoardRow => ({
      ...x,
      games: decisiveOf(x.entrant),
      dollars: isModel(x.entrant) ? (dollars.get(x.entrant) ?? null) : 0,
      ...(ranks === null ? {} : { ranks: { low: ranks[x.index]!.low, high: ranks[x.index]!.high } }),
      failures: failures.get(x.entrant) ?? NO_FAILURES,
      ...(isModel(x.entrant) ? { model: modelUse(usage.get(x.entrant), dollars.get(x.entrant), o.latencies?.(x.entrant)) } : {}),
    }),
  );
  const excludedRows = excluded.map((entrant) => ({ entrant, failures: failures.get(entrant)! }));
  return ok({ setup: text, rows, model: fit.value.model, pairings, runs: runs.length - skipped, skipped, versions, seeds, policy, excluded: excludedRows, uncompared: lone, voided });
}

/** A game of the board as read: its pairing, its deal (seed and index), its winner's place in SIDES and each side's fallback moves. */
interface PlayedGame {
  readonly sides: { readonly wolves: string; readonly village: string };
  readonly deal: string;
  readonly winner: number;
  readonly villageFallbacks: number;
  readonly wolvesFallbacks: number;
}

/** The games' pairings under `policy`, without those of the `skip` entrants; their deals (the fit's clusters); the games the policy voided. */
function countGames(played: readonly PlayedGame[], skip: readonly string[], policy: FailurePolicy): { pairings: SideResult[]; dealCells: DealCells; voided: number } {
  const counts = new Map<string, { wolves: string; village: string; games: number; villageWins: number; wolvesWins: number }>();
  // Per deal (seed, index), each pairing's decisive games of it: the fit's clusters. A pairing is its place in `counts`.
  const deals = new Map<string, Map<number, { successes: number; trials: number }>>();
  const rowOf = new Map<string, number>();
  let voided = 0;
  for (const g of played) {
    if (skip.includes(g.sides.wolves) || skip.includes(g.sides.village)) continue;
    const place = winnerUnder(policy, g.winner, g.villageFallbacks > 0, g.wolvesFallbacks > 0);
    if (place === null) {
      voided++;
      continue;
    }
    const key = `${g.sides.wolves}\0${g.sides.village}`;
    let c = counts.get(key);
    if (c === undefined) {
      c = { ...g.sides, games: 0, villageWins: 0, wolvesWins: 0 };
      rowOf.set(key, counts.size);
      counts.set(key, c);
    }
    const row = rowOf.get(key)!;
    const winner = SIDES[place];
    c.games++;
    if (winner === 'village') c.villageWins++;
    if (winner === 'werewolves') c.wolvesWins++;
    if (winner === 'village' || winner === 'werewolves') {
      const cells = deals.get(g.deal) ?? new Map<number, { successes: number; trials: number }>();
      deals.set(g.deal, cells);
      const cell = cells.get(row) ?? { successes: 0, trials: 0 };
      cells.set(row, { successes: cell.successes + (winner === 'village' ? 1 : 0), trials: cell.trials + 1 });
    }
  }
  const pairings = [...counts.values()];
  const dealCells: DealCells = [...deals.values()].map((cells) => [...cells].map(([row, c]) => ({ row, ...c })));
  return { pairings, dealCells, voided };
}
