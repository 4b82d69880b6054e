// Where the day's vote is heading. Votes are cast at once, so the day talk's vote
// intents are how a village converges: each player weighs the most suspect against the
// intents announced so far (by players it does not suspect), and breaks ties by a hash
// of the public facts, so players reasoning alike vote alike instead of splitting.

import type { Mind } from './mind.js';
import { argmaxSharedOf } from './pick.js';
import type { View } from './view.js';

/** How much a unanimous, trusted intent adds to a target's suspicion when choosing a vote. */
const BANDWAGON = 0.4;

/** Today's announced intents for each target, each speaker counting 1 − p(speaker), over the living (in the game's scratch array, scratch.ts). */
function intentSupport(m: Mind, v: View): number[] {
  const b = m.b;
  const out = b.scratch.support;
  // The record's arrays read once, not through the getters at every seat (this runs at every speech and vote).
  const n = b.n;
  const intent = b.intent;
  const alive = b.alive;
  const living = b.livingCount;
  const p = v.p;
  // A loop rather than `fill`: for a dozen seats the call costs more than the stores.
  for (let s = 0; s < n; s++) out[s] = 0;
  for (let s = 0; s < n; s++) {
    const t = intent[s]!;
    if (t < 0 || alive[s] === 0) continue;
    out[t]! += (1 - p[s]!) / living;
  }
  return out;
}

/** The candidate the village (as `v` sees it) is heading for: suspicion pulled toward the announced intents. */
export function lynchTarget(m: Mind, v: View, cands: readonly number[]): number {
  const sup = intentSupport(m, v);
  const p = v.p;
  const scores = m.b.scratch.scores;
  for (const s of cands) scores[s] = p[s]! + BANDWAGON * sup[s]!;
  return argmaxSharedOf(cands, scores, m.b.salt);
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
