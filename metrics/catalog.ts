// The metrics: each a stable key, a function of summed counters (counters.ts), the rows it
// applies to, and where it comes from. docs/metrics.md says for each what it can and
// cannot tell.

import type { Role, Team } from '../engine/index.js';
import { BELIEF_BINS, BIN, C } from './counters.js';

export interface MetricSpec {
  readonly key: string;
  /** One line: what it is. */
  readonly doc: string;
  /** The published benchmark it comes from, or null (ours). */
  readonly source: string | null;
  /** Rows it applies to: these sides (a role row when its card's team is one of them) … */
  readonly sides: readonly Team[];
  /** … or these roles only (then no side row). */
  readonly roles?: readonly Role[];
  /** Its value from the counters summed over games (indexed by counters.ts `C`); NaN where undefined. */
  readonly value: (s: Float64Array) => number;
  /** The counter whose sum is the number of observations behind it (a row's `n`): its denominator. */
  readonly n: number;
  /**
   * What it can be read as: `skill`, a signal of play that ranks agents of known skill in
   * the right order (test/metrics/known-order.test.ts checks each; `better` says which way),
   * or `description`, what an agent did, which no such test backs (a higher value is not a
   * better agent: wolf-survival is lower for wolves that win sooner).
   */
  readonly reads: 'skill' | 'description';
  readonly better?: 'higher' | 'lower';
}

const ALL_SIDES: readonly Team[] = ['village', 'werewolves', 'piper'];
const VILLAGE: readonly Team[] = ['village'];
const WOLVES: readonly Team[] = ['werewolves'];

/** How a metric reads: a description, or a skill signal that is better when higher or lower. */
type Reading = 'description' | 'higher' | 'lower';

const reading = (r: Reading): Pick<MetricSpec, 'reads' | 'better'> => (r === 'description' ? { reads: 'description' } : { reads: 'skill', better: r });

function share(key: string, r: Reading, numerator: number, denominator: number, sides: readonly Team[], doc: string, source: string | null, roles?: readonly Role[]): MetricSpec {
  return {
    key,
    doc,
    source,
    sides,
    ...(roles === undefined ? {} : { roles }),
    value: (s) => (s[denominator]! === 0 ? NaN : s[numerator]! / s[denominator]!),
    n: denominator,
    ...reading(r),
  };
}

/** The area under the ROC curve from binned probabilities (ties within a bin count half). */
export function binnedAuc(wolf: ArrayLike<number>, not: ArrayLike<number>): number {
  let nw = 0;
  let nn = 0;
  for (let b = 0; b < BELIEF_BINS; b++) {
    nw += wolf[b]!;
    nn += not[b]!;
  }
  if (nw === 0 || nn === 0) return NaN;
  let below = 0;
  let area = 0;
  for (let b = 0; b < BELIEF_BINS; b++) {
    area += wolf[b]! * (below + not[b]! / 2);
    below += not[b]!;
  }
  return area / (nw * nn);
}

function auc(key: string, r: Reading, wolfBin: number, notBin: number, doc: string): MetricSpec {
  return {
    key,
    doc,
    source: null,
    // A werewolf knows its pack: its stated beliefs score a trivial 0 (Brier) or 1 (AUC).
    sides: VILLAGE,
    ...reading(r),
    value: (s) => binnedAuc(s.subarray(wolfBin, wolfBin + BELIEF_BINS), s.subarray(notBin, notBin + BELIEF_BINS)),
    n: C.beliefPairs,
  };
}

const KAGGLE = 'Kaggle Game Arena (Werewolf)';
const AIWOLF = 'AIWolf';
const PLUS = 'WereWolf-Plus';

export const METRICS: readonly MetricSpec[] = [
  share('irp', 'higher', C.votesOnWolf, C.votes, VILLAGE, "share of the seat's day votes that land on a werewolf", KAGGLE),
  share('observer-irp', 'description', C.observerOnWolf, C.votes, VILLAGE, "the same votes cast for the public-facts observer's most likely werewolf among the same legal targets", null),
  {
    key: 'informed-irp',
    doc: 'irp minus observer-irp on the same votes: above 0 the seat used more than the public record, below 0 it wasted it',
    source: null,
    sides: VILLAGE,
    value: (s) => (s[C.votes]! === 0 ? NaN : (s[C.votesOnWolf]! - s[C.observerOnWolf]!) / s[C.votes]!),
    n: C.votes,
    ...reading('higher'),
  },
  share('random-irp', 'description', C.chanceOnWolf, C.votes, VILLAGE, 'the same votes cast uniformly at random among the same legal targets (the ratio-to-random baseline)', AIWOLF),
  share('observer-exact', 'description', C.observerExact, C.votes, VILLAGE, 'share of those votes at which the public-facts observer was exact, not approximate', null),
  share('vss', 'higher', C.vssFor, C.vssDays, VILLAGE, 'on rounds that voted a werewolf out, the share of the seat\'s votes that were for him', KAGGLE),
  share('ksr', 'higher', C.keyAlive, C.keySeats, VILLAGE, 'share of key village roles (seer, witch, guard, hunter, little girl, elder) alive at the end (ours: not Kaggle\'s KSR, which counts every player)', null),
  share('kaggle-ksr', 'description', C.aliveEnd, C.seats, ALL_SIDES, "share of the seat's games it was alive at the end, whatever its role (Kaggle's KSR)", KAGGLE),
  // The village's only: on the werewolves' side it ranked heuristic werewolves below their half-random copy (0.084 against 0.094).
  share('wd-ksr', 'higher', C.wonAlive, C.seats, VILLAGE, "share of the seat's games the village won with it alive at the end (Kaggle's WD-KSR)", KAGGLE),
  share('wd-irp', 'higher', C.votesOnWolfWon, C.votes, VILLAGE, "irp counting only the votes of games the village won: a vote on a werewolf in a lost game counts as a miss (Kaggle's WD-IRP)", KAGGLE),
  share('wd-vss', 'higher', C.vssForWon, C.vssDays, VILLAGE, "vss counting only games the village won (Kaggle's WD-VSS)", KAGGLE),
  share('votes-received', 'description', C.votesReceived, C.votesExpected, ALL_SIDES, 'day votes received, as a ratio to what a uniformly random electorate would give (1: no attention)', null),
  share('wolf-survival', 'description', C.daysAlive, C.seats, WOLVES, 'days begun alive, per werewolf', PLUS),
  share('bus-rate', 'description', C.votesOnWolf, C.votes, WOLVES, "share of a werewolf's day votes cast against a packmate", PLUS),
  share('claims-true', 'description', C.claimsTrue, C.claims, ALL_SIDES, 'share of structured claims true when spoken (role, seen, action claims)', null),
  share('claims-false', 'description', C.claimsFalse, C.claims, ALL_SIDES, 'share of structured claims false when spoken', null),
  share('claims-unverifiable', 'description', C.claimsUnverifiable, C.claims, ALL_SIDES, 'share of claims that state an opinion or a promise (suspect, trust, vote intent)', null),
  share('fake-claim-rate', 'description', C.falseRoleSpeeches, C.speeches, ALL_SIDES, 'share of speeches claiming a role the speaker does not hold', PLUS),
  share('fake-claim-success', 'description', C.fakeSuccess, C.falseRoleSpeeches, ALL_SIDES, 'false role claims after which the claimant survived the day and the vote-out was one he accused', PLUS),
  share('accusation-accuracy', 'description', C.accusationsOnWolf, C.accusations, ALL_SIDES, 'share of accusations (suspect, seen as werewolf) naming a werewolf', PLUS),
  share('seer-found', 'higher', C.seerFound, C.seerWolves, [], "share of the game's werewolves the seer saw", PLUS, ['seer']),
  share('witch-saves', 'higher', C.witchSaves, C.witchPotions, [], "heals that saved a village-side victim, per potion used", PLUS, ['witch']),
  share('witch-poisons', 'higher', C.witchPoisonWolf, C.witchPotions, [], 'poisonings of a werewolf, per potion used', PLUS, ['witch']),
  share('guard-hits', 'higher', C.guardHits, C.guardNights, [], "nights the guard protected the pack's chosen victim", PLUS, ['guard']),
  share('invalid-rate', 'lower', C.invalid, C.answers, ALL_SIDES, 'answers refused by the engine (illegal or malformed), per answer given', AIWOLF),
  share('fallback-rate', 'lower', C.fallbacks, C.decisions, ALL_SIDES, 'decisions settled by the fallback after the retries, per decision', null),
  share('abstention-rate', 'description', C.abstained, C.voteChances, ALL_SIDES, 'day votes abstained where a vote was possible', null),
  share('self-vote-rate', 'description', C.selfVotes, C.voteDecisions, ALL_SIDES, 'day-vote answers naming oneself (refused), per vote asked', null),
  share('packmate-rate', 'description', C.packmateNamed, C.packAnswers, WOLVES, "the pack's proposals naming a packmate, per proposal", null),
  share('brier', 'lower', C.beliefSq, C.beliefPairs, VILLAGE, "mean squared error of the seat's stated werewolf probabilities at its votes (living others)", null),
  share('observer-brier', 'description', C.observerSq, C.beliefPairs, VILLAGE, "the public-facts observer's, on the same seats at the same votes", null),
  auc('auc', 'higher', BIN.beliefWolf, BIN.beliefNot, 'probability that a werewolf gets a higher stated probability than a non-werewolf (20 bins; ties half)'),
  auc('observer-auc', 'description', BIN.observerWolf, BIN.observerNot, "the public-facts observer's, on the same seats at the same votes"),
];

export const METRIC_KEYS: readonly string[] = METRICS.map((m) => m.key);

export function metricSpec(key: string): MetricSpec | undefined {
  return METRICS.find((m) => m.key === key);
}
