// A tournament's ratings, from counts of stored games (tournament-data.ts reads them):
//
// - scores: per entrant, its win rate on the werewolves' side (deception) and on the
//   village's (detection), pooled over its opponents and per opponent, with 95% Wilson
//   intervals; in seat mode, per role too, beside the reference agent's rate in the same
//   seats of the same deals (a paired difference);
// - a model fitted on all games (stats/logistic.ts, IRLS):
//     side mode   logit P(village wins | X wolves, Y village) = c + v_Y − w_X
//                 with Σv = Σw = 0 (effects coding): every entrant gets a village strength
//                 v and a wolf strength w with a standard error; c is the village's edge
//                 between two average entrants;
//     mixed mode  logit P(village wins) = c + Σ_X (a_X − b_X)·s_X, a and b each entrant's
//                 share of the village's and the werewolves' seats (`LineupResult`), one
//                 skill s per entrant (its wolf and village strengths cannot be told apart
//                 at a table that seats every entrant), Σs = 0;
//     seat mode   seat-ratings.ts.
//   Only games won by the village or the werewolves enter the model (lovers, the piper
//   and draws are counted apart). Given the deals (`DealCells`), side-mode errors take a
//   deal as the unit (a cluster-robust covariance): the games of one deal share its cards.
//   Given anchors, the side model's zero is the anchors' average instead of every
//   entrant's (Σ over the anchors of v = Σ of w = 0), so two boards with the same anchors
//   and setup share a scale: an entrant joining one moves no one's strength but by noise.
// No Elo-style online rating: it depends on the order of games; the fitted model does not.

import { err, ok, SIDES, type Result } from '../engine/index.js';
import { clusterCovariance, fitLogistic, type BinomialRow, type ClusterCell, type LogisticFit } from '../stats/logistic.js';
import { wilson, Z95 } from '../stats/wilson.js';

/** A rate with its 95% Wilson interval (rate/low/high null before any game). */
export interface Rate {
  readonly games: number;
  readonly wins: number;
  readonly rate: number | null;
  readonly low: number | null;
  readonly high: number | null;
}

export function rateOf(wins: number, games: number): Rate {
  if (games === 0) return { games, wins, rate: null, low: null, high: null };
  const ci = wilson(wins, games);
  return { games, wins, rate: wins / games, low: ci.low, high: ci.high };
}

/** A side pairing's stored games: who won. */
export interface SideResult {
  readonly wolves: string;
  readonly village: string;
  readonly games: number;
  readonly villageWins: number;
  readonly wolvesWins: number;
}

export interface SideScore {
  readonly entrant: string;
  /** Its wolves' win rate against the other entrants (self-play left out). */
  readonly asWolves: Rate;
  /** Its village's win rate against the other entrants. */
  readonly asVillage: Rate;
  /** Its self-play games (null without): the village's win rate when it plays every seat. */
  readonly selfPlay: Rate | null;
}

export interface Strength {
  readonly entrant: string;
  readonly village: number;
  readonly villageSe: number;
  readonly wolves: number;
  readonly wolvesSe: number;
  /** The standard error of wolves + village (the two are estimated together: not the errors' root sum of squares). */
  readonly sumSe: number;
  /** The reference of seat mode (0 by definition). */
  readonly reference: boolean;
}

export interface ModelFit {
  /** c: the village's log-odds between average entrants (side) or among reference agents (seat). */
  readonly advantage: number;
  readonly advantageSe: number;
  readonly strengths: readonly Strength[];
  /** Games in the model (won by the village or the werewolves). */
  readonly games: number;
  readonly deviance: number;
  readonly df: number;
  /** null: the maximum-likelihood fit; else the prior's standard deviation the fit needed (PRIOR_SD). */
  readonly prior: number | null;
  /** True when the errors take a deal as the unit (`DealCells` given), false when they treat every game as independent. */
  readonly byDeal?: boolean;
  /** Side mode: the entrants whose strengths average 0 (null: every entrant's). */
  readonly anchors?: readonly string[] | null;
}

/**
 * Per deal — the games of every pairing dealt the same cards (one seed, one index) — each
 * pairing's decisive games of it, the pairing named by its place in the results: the
 * clusters of a fit's errors (stats/logistic.ts `clusterCovariance`).
 */
export type DealCells = readonly (readonly ClusterCell[])[];

/**
 * The deals of side pairings' games: for each game index, each pairing's decisive game of
 * it (village won: a success). `winners[p]` is pairing p's winner of game i at place i
 * (its side's place in SIDES; −1 where none is stored); `read[p]`, when given, the games
 * of it read so far (an adaptive look's prefix).
 */
export function dealCells(winners: readonly Int8Array[], read?: readonly number[]): DealCells {
  const village = SIDES.indexOf('village');
  const wolves = SIDES.indexOf('werewolves');
  const limit = (p: number) => Math.min(winners[p]!.length, read?.[p] ?? Infinity);
  const longest = Math.max(0, ...winners.map((_, p) => limit(p)));
  const deals: ClusterCell[][] = [];
  for (let i = 0; i < longest; i++) {
    const cell: ClusterCell[] = [];
    winners.forEach((w, p) => {
      if (i >= limit(p)) return;
      const x = w[i]!;
      if (x === village || x === wolves) cell.push({ row: p, successes: x === village ? 1 : 0, trials: 1 });
    });
    if (cell.length > 0) deals.push(cell);
  }
  return deals;
}

export function sideScores(entrants: readonly string[], results: readonly SideResult[]): SideScore[] {
  return entrants.map((e) => {
    let wg = 0;
    let ww = 0;
    let vg = 0;
    let vw = 0;
    let self: Rate | null = null;
    for (const r of results) {
      if (r.wolves === e && r.village === e) self = rateOf(r.villageWins, r.games);
      else if (r.wolves === e) {
        wg += r.games;
        ww += r.wolvesWins;
      } else if (r.village === e) {
        vg += r.games;
        vw += r.villageWins;
      }
    }
    return { entrant: e, asWolves: rateOf(ww, wg), asVillage: rateOf(vw, vg), selfPlay: self };
  });
}

/** aᵀβ and its standard error √(aᵀ Σ a). */
export function linear(fit: LogisticFit, a: readonly number[]): { value: number; se: number } {
  let value = 0;
  let v = 0;
  for (let i = 0; i < a.length; i++) {
    value += a[i]! * fit.coef[i]!;
    for (let j = 0; j < a.length; j++) v += a[i]! * a[j]! * fit.cov[i]![j]!;
  }
  return { value, se: Math.sqrt(Math.max(0, v)) };
}

/** How a side fit is read: its deals (errors by deal) and its anchors (the entrants whose strengths average 0). */
export interface SideFitOptions {
  readonly deals?: DealCells | undefined;
  /** Default: every entrant (effects coding: the zero is the average entrant). */
  readonly anchors?: readonly string[] | undefined;
}

/**
 * Each entrant's strength in the k − 1 free coefficients, so that the anchors' strengths
 * sum to 0: the last anchor is minus the other anchors; every other entrant has its own
 * coefficient. With every entrant an anchor this is effects coding (unit vectors, the last
 * entrant all −1).
 */
function strengthCoding(entrants: readonly string[], anchors: readonly string[] | undefined): number[][] {
  const k = entrants.length;
  const anchored = anchors === undefined ? entrants.map((_, j) => j) : entrants.flatMap((e, j) => (anchors.includes(e) ? [j] : []));
  const dependent = anchored[anchored.length - 1]!;
  const place = (j: number) => (j < dependent ? j : j - 1);
  return entrants.map((_, j) => {
    const code = new Array<number>(k - 1).fill(0);
    if (j === dependent) for (const a of anchored) if (a !== dependent) code[place(a)] = -1;
    if (j !== dependent) code[place(j)] = 1;
    return code;
  });
}

/**
 * The prior's standard deviation (log-odds) when the plain fit does not exist: some
 * pairing was won by the same side in every game (common with a few games per pairing,
 * as with models), so a strength runs off to infinity; or some strength is not in the
 * games at all (a leaderboard's entrant that only ever played one side). Each strength
 * and c then gets a
 * N(0, 2.5²) prior — weak next to any real tournament (a strength of 2.5 turns an even
 * game into 92%) — and the estimate is the posterior mode, said in the table's notes.
 */
export const PRIOR_SD = 2.5;

/** The maximum-likelihood fit; where the data separate, the fit under the weak prior (P = `prior` / σ²). */
export function fitWithFallback(rows: readonly BinomialRow[], prior: (lambda: number) => number[][]): Result<{ fit: LogisticFit; prior: number | null }, string> {
  const plain = fitLogistic(rows);
  if (plain.ok) return ok({ fit: plain.value, prior: null });
  if (!/separate|diverges|linear combinations/.test(plain.error)) return plain;
  const penalised = fitLogistic(rows, { penalty: prior(1 / (PRIOR_SD * PRIOR_SD)) });
  if (!penalised.ok) return err(`${penalised.error} (even under a weak prior)`);
  return ok({ fit: penalised.value, prior: PRIOR_SD });
}

/** λ on the diagonal (intercept included). */
export function diagonal(p: number, lambda: number): number[][] {
  return Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => (i === j ? lambda : 0)));
}

export const decisive = (r: { villageWins: number; wolvesWins: number }) => r.villageWins + r.wolvesWins;

/**
 * The games of one line-up: each entrant's share of the village team's seats and of the
 * werewolves' seats (in the order of the entrants, each list summing to 1). A side
 * pairing is the line-up of two shares of 1; a mixed table's line-up is whatever its deal
 * made of its seats.
 */
export interface LineupResult {
  readonly village: readonly number[];
  readonly wolves: readonly number[];
  readonly games: number;
  readonly villageWins: number;
  readonly wolvesWins: number;
}

/** A line-up's covariates: the village's shares of the entrants' codings, then minus the werewolves'. */
function lineupRow(coding: readonly (readonly number[])[], village: readonly number[], wolves: readonly number[]): number[] {
  const mix = (shares: readonly number[], sign: number) => coding[0]!.map((_, i) => sign * coding.reduce((sum, code, e) => sum + (shares[e] ?? 0) * code[i]!, 0));
  return [...mix(village, 1), ...mix(wolves, -1)];
}

/** A side pairing as a line-up: the village entrant holds every village seat, the wolves entrant every werewolf seat. */
export function lineupOf(k: number, wolves: number, village: number): { readonly village: number[]; readonly wolves: number[] } {
  const one = (j: number) => Array.from({ length: k }, (_, e) => (e === j ? 1 : 0));
  return { village: one(village), wolves: one(wolves) };
}

/** A side pairing's covariates: the village entrant's coding, then minus the wolves entrant's. */
function sideRow(coding: readonly (readonly number[])[], wolves: number, village: number): number[] {
  const l = lineupOf(coding.length, wolves, village);
  return lineupRow(coding, l.village, l.wolves);
}

/** Side mode: logit P(village) = c + v_village − w_wolves, Σv = Σw = 0. */
export function fitSideModel(entrants: readonly string[], results: readonly SideResult[], o: SideFitOptions = {}): Result<ModelFit, string> {
  const r = fitSide(entrants, results, o);
  return r.ok ? ok(r.value.model) : r;
}

/** An entrant's mean win rate against an average entrant, over both sides (its overall score). */
export interface Overall {
  readonly entrant: string;
  /** ½·[P(its village beats average wolves) + P(its wolves beat an average village)], decisive games. */
  readonly score: number;
  readonly se: number;
  readonly asVillage: number;
  readonly asWolves: number;
  /** Each half's 95% interval: the delta method on the logit scale, so within 0 and 1. */
  readonly village: { readonly low: number; readonly high: number };
  readonly wolves: { readonly low: number; readonly high: number };
}

export interface OverallFit {
  readonly model: ModelFit;
  /** In the order of the entrants. */
  readonly overall: readonly Overall[];
  /** score_i − score_j and its standard error (the delta method on the fit's covariance). */
  difference(i: number, j: number): { readonly value: number; readonly se: number };
  /**
   * What a schedule needs to foresee how more games would narrow a difference: the fit's
   * coefficients [c, v_0..v_{k−2}, w_0..w_{k−2}] and their covariance, each score's
   * gradient in them, and a pairing's row of the design (entrants by index).
   */
  readonly coef: readonly number[];
  readonly cov: readonly (readonly number[])[];
  readonly gradients: readonly (readonly number[])[];
  row(wolves: number, village: number): number[];
}

/**
 * Side mode, one number per entrant: score = ½·[σ(c + v) + 1 − σ(c − w)], its win rate
 * against an average entrant (Σv = Σw = 0), as the village and as the werewolves, averaged;
 * differences between two entrants carry the covariance of their strengths.
 */
export function fitSideOverall(entrants: readonly string[], results: readonly SideResult[], o: SideFitOptions = {}): Result<OverallFit, string> {
  const r = fitSide(entrants, results, o);
  return r.ok ? ok(overallOf(entrants, r.value)) : r;
}

/**
 * How a line-up fit reads its entrants: `sides`, a village and a wolf strength each (the side
 * model, for side pairings as line-ups); `one`, one skill s each, the same on both teams
 * (v = w = s). At a mixed table where every entrant sits at every table, an entrant's share
 * of the village is fixed by its share of the werewolves (it holds the same number of seats
 * in every game), so only one number per entrant can be told from the games: its skill.
 */
export interface LineupFitOptions extends SideFitOptions {
  readonly skill: 'sides' | 'one';
}

/** Line-ups: each entrant's overall score (its win rate when it holds a whole side against average entrants). */
export function fitLineupOverall(entrants: readonly string[], lineups: readonly LineupResult[], o: LineupFitOptions): Result<OverallFit, string> {
  const r = fitLineups(entrants, lineups, o);
  return r.ok ? ok(overallOf(entrants, r.value)) : r;
}

/**
 * Line-ups: logit P(village) = c + Σ_e a_e·v_e − Σ_e b_e·w_e (a, b: the entrants' shares of
 * the two teams' seats), Σv = Σw = 0; with one skill, v = w = s: c + Σ_e (a_e − b_e)·s_e.
 */
export function fitLineupModel(entrants: readonly string[], lineups: readonly LineupResult[], o: LineupFitOptions): Result<ModelFit, string> {
  const r = fitLineups(entrants, lineups, o);
  return r.ok ? ok(r.value.model) : r;
}

function overallOf(entrants: readonly string[], fitted: { f: LogisticFit; model: ModelFit; coding: number[][] }): OverallFit {
  const { f, model, coding } = fitted;
  const k = entrants.length;
  const sigma = (x: number) => 1 / (1 + Math.exp(-x));
  // The score and its gradient in the coefficients [c, v_0..v_{k−2}, w_0..w_{k−2}].
  const parts = entrants.map((_, j) => {
    const e1 = coding[j]!;
    const c = f.coef[0]!;
    const v = e1.reduce((s, x, i) => s + x * f.coef[1 + i]!, 0);
    const w = e1.reduce((s, x, i) => s + x * f.coef[k + i]!, 0);
    const pv = sigma(c + v);
    const pw = 1 - sigma(c - w);
    const dv = pv * (1 - pv);
    const dw = pw * (1 - pw);
    const gradient = [(dv - dw) / 2, ...e1.map((x) => (dv * x) / 2), ...e1.map((x) => (dw * x) / 2)];
    // The halves' logits, c + v and w − c, in the same coefficients.
    const zeros = e1.map(() => 0);
    const villageLogit = { value: c + v, gradient: [1, ...e1, ...zeros] };
    const wolvesLogit = { value: w - c, gradient: [-1, ...zeros, ...e1] };
    return { score: (pv + pw) / 2, asVillage: pv, asWolves: pw, gradient, villageLogit, wolvesLogit };
  });
  const quad = (g: readonly number[]) => {
    let q = 0;
    for (let i = 0; i < g.length; i++) for (let j = 0; j < g.length; j++) q += g[i]! * g[j]! * f.cov[i]![j]!;
    return Math.sqrt(Math.max(0, q));
  };
  const interval = (l: { value: number; gradient: readonly number[] }) => {
    const half = Z95 * quad(l.gradient);
    return { low: sigma(l.value - half), high: sigma(l.value + half) };
  };
  const overall = entrants.map((entrant, j) => {
    const x = parts[j]!;
    return { entrant, score: x.score, se: quad(x.gradient), asVillage: x.asVillage, asWolves: x.asWolves, village: interval(x.villageLogit), wolves: interval(x.wolvesLogit) };
  });
  return {
    model,
    overall,
    difference: (i, j) => ({ value: parts[i]!.score - parts[j]!.score, se: quad(parts[i]!.gradient.map((x, n) => x - parts[j]!.gradient[n]!)) }),
    coef: f.coef,
    cov: f.cov,
    gradients: parts.map((x) => x.gradient),
    row: (wolves, village) => [1, ...sideRow(coding, wolves, village)],
  };
}

export type NextVerdict = 'above' | 'tie' | 'open';

/** An entrant's place in a ranking by overall score, and how it stands against the next one. */
export interface Ranked {
  readonly rank: number;
  /** Its index among the fit's entrants. */
  readonly index: number;
  readonly entrant: string;
  readonly score: number;
  readonly low: number;
  readonly high: number;
  readonly asVillage: number;
  readonly asWolves: number;
  /** Each half's 95% interval (Overall's). */
  readonly village: { readonly low: number; readonly high: number };
  readonly wolves: { readonly low: number; readonly high: number };
  /**
   * Against the next row: the difference in score and its interval (95%, or the level the
   * ranking was asked for); "above" when the interval excludes 0, "tie" when it lies within
   * ±precision, "open" otherwise. Null on the last row.
   */
  readonly next: { readonly diff: number; readonly low: number; readonly high: number; readonly verdict: NextVerdict } | null;
}

/**
 * The entrants by overall score, best first (ties in score by name), each against the
 * next; `z` sets the verdicts' level (default 95%; a schedule that looks many times asks
 * for more).
 */
export function rankEntrants(fit: OverallFit, precision: number, z = Z95): Ranked[] {
  const order = fit.overall.map((x, index) => ({ ...x, index })).sort((a, b) => b.score - a.score || a.entrant.localeCompare(b.entrant));
  return order.map((x, r): Ranked => {
    const below = order[r + 1];
    let next: Ranked['next'] = null;
    if (below !== undefined) {
      const d = fit.difference(x.index, below.index);
      const half = z * d.se;
      const verdict: NextVerdict = d.value - half > 0 ? 'above' : Math.abs(d.value) + half < precision ? 'tie' : 'open';
      next = { diff: d.value, low: d.value - half, high: d.value + half, verdict };
    }
    return {
      rank: r + 1,
      index: x.index,
      entrant: x.entrant,
      score: x.score,
      low: Math.max(0, x.score - Z95 * x.se),
      high: Math.min(1, x.score + Z95 * x.se),
      asVillage: x.asVillage,
      asWolves: x.asWolves,
      village: x.village,
      wolves: x.wolves,
      next,
    };
  });
}

function fitSide(entrants: readonly string[], results: readonly SideResult[], o: SideFitOptions): Result<{ f: LogisticFit; model: ModelFit; coding: number[][] }, string> {
  const k = entrants.length;
  if (k < 2) return err('a side tournament needs two entrants');
  const hasSelf = results.some((r) => r.wolves === r.village && decisive(r) > 0);
  if (k === 2 && !hasSelf)
    return err('with two entrants and no self-play, only the sum of village and wolf strength can be told apart (play the self-play pairings: drop --no-self-play)');
  const lone = uncompared(entrants, results);
  if (lone.length > 0) return err(uncomparedMessage(entrants, lone));
  const idx = new Map(entrants.map((e, i) => [e, i]));
  return fitLineups(
    entrants,
    results.map((r) => ({ ...lineupOf(k, idx.get(r.wolves)!, idx.get(r.village)!), games: r.games, villageWins: r.villageWins, wolvesWins: r.wolvesWins })),
    { ...o, skill: 'sides' },
  );
}

/** An entrant the games compare with no other, and why (its only games: itself, or none on a side). */
export interface Uncompared {
  readonly entrant: string;
  readonly why: string;
}

/**
 * The entrants the games compare with no other. A decisive game of X's werewolves against
 * Y's village links w_X to v_Y, and through the links a strength is compared with those it
 * joins. An entrant none of whose two strengths joins another entrant's — it played only
 * itself, or nothing decisive — has a score that no game measures: the fit would stand on
 * its prior there, and a covariance by deal, which sees only the data, would call it exact
 * (an interval of 50.0–50.0%, a "tie" with whoever stands beside it).
 */
export function uncompared(entrants: readonly string[], results: readonly SideResult[]): Uncompared[] {
  const k = entrants.length;
  const idx = new Map(entrants.map((e, i) => [e, i]));
  // Union-find over the strengths: v_j is node j, w_j node k + j.
  const parent = Array.from({ length: 2 * k }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const played = new Array<number>(k).fill(0);
  for (const r of results) {
    if (decisive(r) === 0) continue;
    const v = idx.get(r.village);
    const w = idx.get(r.wolves);
    if (v === undefined || w === undefined) continue;
    played[v]!++;
    played[w]!++;
    parent[root(v)] = root(k + w);
  }
  // How many entrants each group of joined strengths holds.
  const members = new Map<number, Set<number>>();
  for (let i = 0; i < 2 * k; i++) {
    const g = members.get(root(i)) ?? new Set<number>();
    g.add(i % k);
    members.set(root(i), g);
  }
  const out: Uncompared[] = [];
  for (let j = 0; j < k; j++) {
    if (members.get(root(j))!.size > 1 || members.get(root(k + j))!.size > 1) continue;
    out.push({ entrant: entrants[j]!, why: played[j] === 0 ? 'played no decisive game' : 'only played itself' });
  }
  return out;
}

/** Why `uncompared` entrants cannot be rated, and how to give them games that compare them. */
export function uncomparedMessage(entrants: readonly string[], lone: readonly Uncompared[]): string {
  const every = lone.length === entrants.length && lone.every((u) => u.why === 'only played itself');
  const what = every ? 'each entrant only played itself' : lone.map((u) => `${u.entrant} ${u.why}`).join('; ');
  return `${what}, so no game compares ${every || lone.length > 1 ? 'them' : 'it'} with another entrant: play them against each other (sim tournament --agents ${entrants.join(',')}), or a side against a common opponent (--agents X --agents werewolves=Y)`;
}

/** A line-up's covariates under one skill per entrant: its share of the village's seats minus its share of the werewolves', coded. */
function skillRow(coding: readonly (readonly number[])[], village: readonly number[], wolves: readonly number[]): number[] {
  return coding[0]!.map((_, i) => coding.reduce((sum, code, e) => sum + ((village[e] ?? 0) - (wolves[e] ?? 0)) * code[i]!, 0));
}

/** A one-skill fit [c, s] written as the two-strength fit [c, v, w] with v = w = s (coefficients and their covariance), so that every reading of a side fit reads it. */
function twinned(f: LogisticFit, k: number): LogisticFit {
  const p = 1 + 2 * (k - 1);
  const from = (i: number) => (i === 0 ? 0 : 1 + ((i - 1) % (k - 1)));
  const coef = Array.from({ length: p }, (_, i) => f.coef[from(i)]!);
  const cov = Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => f.cov[from(i)]![from(j)]!));
  return { ...f, coef, cov, se: cov.map((row, i) => Math.sqrt(Math.max(0, row[i]!))) };
}

function fitLineups(entrants: readonly string[], lineups: readonly LineupResult[], o: LineupFitOptions): Result<{ f: LogisticFit; model: ModelFit; coding: number[][] }, string> {
  const k = entrants.length;
  if (k < 2) return err('a rating needs two entrants');
  const { deals, anchors } = o;
  const strangers = (anchors ?? []).filter((a) => !entrants.includes(a));
  if (strangers.length > 0) return err(`the anchor${strangers.length === 1 ? '' : 's'} ${strangers.join(', ')} played no game here (the entrants are ${entrants.join(', ')})`);
  if (anchors !== undefined && anchors.length === 0) return err('anchors: name at least one entrant');
  const coding = strengthCoding(entrants, anchors);
  const one = o.skill === 'one';
  const rows: BinomialRow[] = lineups.map((r) => ({ x: (one ? skillRow : lineupRow)(coding, r.village, r.wolves), successes: r.villageWins, trials: decisive(r) }));
  const played = rows.filter((r) => r.trials > 0);
  const p = 1 + 2 * (k - 1);
  const fitted = 1 + (one ? 1 : 2) * (k - 1);
  // The prior is on every entrant's strength, the dependent anchor's included: Σ_j v_j² =
  // vᵀ(CᵀC)v over the k − 1 free ones, C the coding (I + 11ᵀ for effects coding); the same for w.
  const gram = (i: number, j: number) => coding.reduce((sum, code) => sum + code[i]! * code[j]!, 0);
  const priorOf = (lambda: number) => {
    const m = diagonal(fitted, lambda);
    for (const block of one ? [1] : [1, k]) for (let i = 0; i < k - 1; i++) for (let j = 0; j < k - 1; j++) m[block + i]![block + j] = lambda * gram(i, j);
    return m;
  };
  const fit = fitWithFallback(played, priorOf);
  if (!fit.ok) return fit;
  // With the deals, the errors take a deal as the unit: the pairings' games of one deal share
  // its cards. Under the prior, its information joins the deals' (where no game speaks, as
  // on a side an entrant never played, the interval is the prior's, not 0).
  const prior = fit.value.prior === null ? undefined : priorOf(1 / (fit.value.prior * fit.value.prior));
  const clustered = deals === undefined ? fit.value.fit : { ...fit.value.fit, ...clusterCovariance(fit.value.fit, rows, deals, prior) };
  const f = one ? twinned(clustered, k) : clustered;
  const strengths = entrants.map((e, j): Strength => {
    const e1 = coding[j]!;
    const va = [0, ...e1, ...new Array<number>(k - 1).fill(0)];
    const wa = [0, ...new Array<number>(k - 1).fill(0), ...e1];
    if (va.length !== p) throw new Error('fitLineups: bad design');
    const v = linear(f, va);
    const w = linear(f, wa);
    const sum = linear(f, va.map((x, i) => x + wa[i]!));
    return { entrant: e, village: v.value, villageSe: v.se, wolves: w.value, wolvesSe: w.se, sumSe: sum.se, reference: false };
  });
  return ok({
    f,
    coding,
    model: { advantage: f.coef[0]!, advantageSe: f.se[0]!, strengths, games: played.reduce((s, r) => s + r.trials, 0), deviance: f.deviance, df: f.df, prior: fit.value.prior, byDeal: deals !== undefined, anchors: anchors ?? null },
  });
}
