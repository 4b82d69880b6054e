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
  'observerOnWolf', // the ideal observer's vote among the same legal targets: its expected hits
  'observerExact', // votes at which the observer was exact (observer.ts: not approximate)
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
  'observerSq', // the ideal observer's, on the same pairs
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
export const METRICS_VERSION = 2;
