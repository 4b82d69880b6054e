// The per-seat counts a game yields (tally.ts), from which every metric is a function of
// totals (catalog.ts). Counts, not rates: rates are pooled over games as ratios of summed
// counts, and the bootstrap (stats/bootstrap.ts) resamples the sums.
//
// The names are stable keys: stored games keep their counters by index in this list
// (pack.ts), so a counter is only ever appended, never removed or moved; a change of what
// one means bumps METRICS_VERSION, and stored counters of another version are computed
// again.

/** Bins of a stated probability (for the AUC): bin b holds p in [b/20, (b+1)/20), p = 1 in the last. */
export const BELIEF_BINS = 20;

/** The counters with a name of their own; the belief bins follow them (BIN). */
const NAMED = [
  // Day votes (every round), cast by the seat.
  'votes', // votes cast on a player
  'votesOnWolf', // of them, on a werewolf
  'observerOnWolf', // the public-facts observer's vote among the same legal targets: its expected hits
  'observerExact', // votes at which the observer was exact (observer/: not approximate)
  'chanceOnWolf', // a uniformly random vote among the same legal targets: its expected hits
  'voteChances', // votes asked with at least one legal target
  'abstained', // of them, abstained
  'voteDecisions', // votes asked
  'selfVotes', // answers naming himself (refused)
  'vssDays', // rounds that voted out a werewolf in which the seat voted
  'vssFor', // of them, voting for that werewolf
  // Day votes received.
  'votesReceived',
  'votesExpected', // what a uniformly random electorate (the same voters, among their legal targets) would give
  // Survival.
  'seats', // 1 per seat
  'daysAlive', // days begun alive
  'keySeats', // 1 if the card at the end is a key village role
  'keyAlive', // ... and alive at the end
  // Talk.
  'speeches',
  'claims',
  'claimsTrue',
  'claimsFalse',
  'claimsUnverifiable',
  'falseRoleSpeeches', // speeches claiming a role the speaker does not hold
  'fakeSuccess', // of them, the speaker survived the day and the day's vote-out was one he accused
  'accusations', // suspect claims, and seen claims naming a werewolf
  'accusationsOnWolf',
  // Role KPIs.
  'seerWolves', // werewolves in the game (for the seer)
  'seerFound', // of them, seen by the seer
  'witchPotions',
  'witchSaves', // heals that saved a village-side victim
  'witchPoisonWolf', // poisonings of a werewolf
  'guardNights',
  'guardHits', // nights the guard protected the pack's target
  // Errors.
  'decisions',
  'answers',
  'invalid',
  'fallbacks',
  'packAnswers', // pack proposals given by a werewolf
  'packmateNamed', // of them, naming a packmate
  // Stated beliefs at votes, scored on the living other seats.
  'beliefPairs',
  'beliefSq', // Σ (p − truth)²
  'observerSq', // the public-facts observer's, on the same pairs
  // Kaggle's survival and its win-dependent readings (at the end of the game).
  'aliveEnd', // 1 if the seat is alive at the end (Kaggle's KSR, every role)
  'wonAlive', // 1 if the seat's side won and it is alive at the end (WD-KSR)
  'votesOnWolfWon', // votesOnWolf, in games the village won (WD-IRP)
  'vssForWon', // vssFor, in games the village won (WD-VSS)
] as const;

export type Counter = (typeof NAMED)[number];

/** The index of each named counter (C.votes, …). */
export const C = Object.fromEntries(NAMED.map((c, i) => [c, i])) as { readonly [K in Counter]: number };

/** The belief bins, after the named counters: stated (or the observer's) probabilities of werewolves and of the others. */
const BIN_GROUPS = ['beliefWolf', 'beliefNot', 'observerWolf', 'observerNot'] as const;

/** First index of each group of belief bins. */
export const BIN = Object.fromEntries(BIN_GROUPS.map((g, i) => [g, NAMED.length + i * BELIEF_BINS])) as {
  readonly [K in (typeof BIN_GROUPS)[number]]: number;
};

/** Every counter's name, in stored order. */
export const COUNTERS: readonly string[] = [...NAMED, ...BIN_GROUPS.flatMap((g) => Array.from({ length: BELIEF_BINS }, (_, b) => `${g}${b}`))];

export const COUNTER_COUNT = COUNTERS.length;

export function binOf(p: number): number {
  return Math.min(BELIEF_BINS - 1, Math.max(0, Math.floor(p * BELIEF_BINS)));
}

/** Bumped whenever a counter's meaning changes: stored counters of another version are recomputed. */
// 2: a game's fractional counters rounded to GRID (tally.ts), so that their sums are exact.
// 3: the public-facts observer keeps the worlds it dropped (the Harvest witch's turned card, lovers
//    outside the pack, the Piper's side, a lone werewolf's lover; metrics/observer/).
// 4: under nightCausePublic (000) the public-facts observer reads the dawn's named victim of the pack.
// 5: four counters appended (aliveEnd, wonAlive, votesOnWolfWon, vssForWon): the belief bins moved.
// 6: under the Harvest witch's potion the public-facts observer sums whole-number weights: its
//    posterior is the exact ratio, and one on a belief bin's edge (1/2, 0.35) is binned above
//    it, not below by the floats' rounding (66 of ~20,000 seat posteriors of 001's 12 with the
//    Harvest Festival and the New Moon, heuristic).
// 7: the public-facts observer reads the game not being over at a vote or at a death chain's end
//    as a new fact at once: a revote after a night nobody died read the posterior of before the
//    first round (001's 12 with the Harvest Festival and the New Moon, heuristic: observer-brier
//    0.1837624467 -> 0.1837624707 over 200 games; the other 12 cases of same-metrics unchanged).
export const METRICS_VERSION = 7;

/** The counters that take fractions in a game (the others count whole things). */
export const FRACTIONAL: readonly number[] = [C.observerOnWolf, C.chanceOnWolf, C.votesExpected, C.beliefSq, C.observerSq];

/**
 * A game's fractional counters are rounded to multiples of 1/GRID (2^-20, about 1e-6) when
 * the game is counted. Sums of such numbers are exact in a double (53 bits: k / 2^20 for
 * any whole k below 2^53) as long as a sum stays below 2^33 (8.6e9, some 10^9 games' votes
 * in one sum), so they do not depend on the order they are added in: the games of a run
 * summed in the order worker threads finish them, by shards merged or by a resume give the
 * same stored bytes as one thread does. Unrounded, 1/3 + 1/5 + 1/7 added in another order
 * may differ in its last bit. A game's value moves by at most 2^-21 per seat.
 */
export const GRID = 2 ** 20;
