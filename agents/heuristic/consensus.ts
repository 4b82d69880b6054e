// Where the day's vote is heading. Votes are cast at once, so the day talk's vote
// intents are how a village converges: each player weighs the most suspect against the
// intents announced so far by players it trusts more than a seat drawn at random, and
// breaks ties from its own stream — not from a hash every seat shares, which made the
// whole table name the first speaker's target whoever he was. The pack, which knows its
// own, breaks ties alike (wolf.ts) so its votes do not split.

import type { Mind } from './mind.js';
import { argmaxRandomOf, argmaxSharedOf } from './pick.js';
import type { View } from './view.js';

/** How much a unanimous, trusted intent adds to a target's suspicion when choosing a vote. */
const BANDWAGON = 0.4;

/**
 * Today's announced intents for each target, over the living, each speaker weighed by
 * how far I trust him beyond a seat drawn at random: (prior − p(speaker)) / prior, 0 for
 * a speaker no less suspect than the prior. Following an unknown seat's intent is
 * following a werewolf's with the prior's probability, and the first speaker would lead
 * every vote. The `follow` knob moves the weight toward 1 − p(speaker), the herding
 * style (in the game's scratch array, scratch.ts).
 */
function intentSupport(m: Mind, v: View): number[] {
  const b = m.b;
  const out = b.scratch.support;
  // The record's arrays read once, not through the getters at every seat (this runs at every speech and vote).
  const n = b.n;
  const intent = b.intent;
  const alive = b.alive;
  const living = b.livingCount;
  const p = v.p;
  const prior = v.prior;
  const follow = m.knobs.follow;
  // A loop rather than `fill`: for a dozen seats the call costs more than the stores.
  for (let s = 0; s < n; s++) out[s] = 0;
  for (let s = 0; s < n; s++) {
    const t = intent[s]!;
    if (t < 0 || alive[s] === 0) continue;
    const trusted = prior > p[s]! ? (prior - p[s]!) / prior : 0;
    out[t]! += (follow === 0 ? trusted : trusted + follow * (1 - p[s]! - trusted)) / living;
  }
  return out;
}

/**
 * The candidate the village (as `v` sees it) is heading for: suspicion pulled toward the
 * announced intents. Ties are broken from my own stream, or, given `shared` (a salt my
 * team shares, as the pack's), alike for everyone with that salt.
 */
export function lynchTarget(m: Mind, v: View, cands: readonly number[], shared?: number): number {
  const sup = intentSupport(m, v);
  const p = v.p;
  const scores = m.b.scratch.scores;
  const bandwagon = m.bandwagon ?? BANDWAGON;
  for (const s of cands) scores[s] = p[s]! + bandwagon * sup[s]!;
  return shared === undefined ? argmaxRandomOf(cands, scores, m.rng) : argmaxSharedOf(cands, scores, shared);
}

/** Announced intents against `target` today by living players (those for whom `counted` is true, if given). */
export function intentsAgainst(m: Mind, target: number, counted?: (s: number) => boolean): number {
  const b = m.b;
  const intent = b.intent;
  const alive = b.alive;
  let k = 0;
  for (let s = 0; s < b.n; s++) if (intent[s] === target && alive[s] === 1 && (counted === undefined || counted(s))) k++;
  return k;
}

/**
 * I am about to be voted out: many announced intents against me, or an informed
 * claimant (a Seer or Little Girl claim not proven false) has named me a werewolf.
 */
export function underPressure(m: Mind): boolean {
  const b = m.b;
  const against = intentsAgainst(m, b.me);
  if (against >= Math.max(2, Math.ceil(b.livingCount / 4))) return true;
  for (const c of b.informed) {
    if (c.liar || c.seat === b.me || b.alive[c.seat] === 0) continue;
    for (const r of c.reports) if (r.target === b.me && r.wolf) return true;
  }
  return false;
}
