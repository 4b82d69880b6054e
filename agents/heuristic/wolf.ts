// Werewolves by day: vote with the village while it is safe (its target, as the public
// facts point), never against a packmate unless he is cornered — then, sometimes, vote
// him out too ("bussing") to look like villagers; and, sometimes, one wolf claims to be
// the Seer and reports false results (a counter-claim when the real Seer has spoken).
// Wolves reason from the same public facts with the pack's own tie-breaks, so the pack
// votes together without talking.

import type { Claim, SeenResult } from '../../engine/index.js';
import { intentsAgainst, lynchTarget } from './consensus.js';
import type { Mind } from './mind.js';
import { argmaxShared, mix, without } from './pick.js';
import { TOLERANCE } from './view.js';

/**
 * My vote among `cands` (legal, no allies): the village's target if it is not a
 * packmate; if it is, another target, unless the packmate is cornered and I bus him.
 * A `ballot` (not an announced intent) may go to a safe packmate instead (mind.ts packBallot).
 */
export function wolfVoteTarget(m: Mind, cands: readonly number[], legal: readonly number[], ballot = false): number {
  const b = m.b;
  const v = m.village();
  // The fake Seer votes as his reports say: against the living villager he named, never one he cleared.
  const plan = m.plan;
  if (plan.faking) {
    for (const r of plan.fakeReports) if (r.result === 'werewolf' && cands.includes(r.target)) return r.target;
    const cleared = (s: number) => plan.fakeReports.some((r) => r.target === s);
    const uncleared = without(cands, cleared);
    if (uncleared.length > 0) {
      cands = uncleared;
      legal = without(legal, cleared);
    }
  }
  // The pack breaks ties alike (a salt of the public facts and its own seats), so its votes do not split.
  const salt = b.salt ^ b.packSalt;
  const heading = lynchTarget(m, v, legal, salt);
  if (heading >= 0 && b.packmate[heading] === 0 && heading !== b.lover) {
    // Words stay with the village; a ballot may distance me from the pack (mind.ts packBallot).
    const other = ballot && m.packBallot !== undefined ? m.packBallot(heading, legal) : -1;
    return other >= 0 ? other : heading;
  }
  const alt = lynchTarget(m, v, cands, salt);
  if (heading >= 0 && b.packmate[heading] === 1 && heading !== b.lover && busToday(m, heading, alt)) return heading;
  return alt;
}

/** Whether I vote out cornered packmate `mate` now (the draw is made once per day and packmate). */
function busToday(m: Mind, mate: number, alt: number): boolean {
  const b = m.b;
  // Cornered: the village's intents against him beat those for the alternative even with the whole pack on it.
  const villagers = (s: number) => b.packmate[s] === 0;
  let packAlive = 0;
  for (const w of b.pack) if (b.alive[w] === 1) packAlive++;
  const cornered = intentsAgainst(m, mate, villagers) > (alt >= 0 ? intentsAgainst(m, alt, villagers) : 0) + packAlive;
  if (!cornered) return false;
  const plan = m.plan;
  if (plan.busDay !== b.day || plan.busTarget !== mate) {
    plan.busDay = b.day;
    plan.busTarget = mate;
    plan.busYes = m.rng.chance(m.knobs.bus);
  }
  return plan.busYes;
}

/**
 * The packmate who would fake the Seer: one of the living pack drawn by a salt only the
 * pack knows (its seats), so every wolf names the same one without talking and the
 * claimant is no particular seat.
 */
function fakeClaimant(m: Mind): number {
  const b = m.b;
  return fakeClaimantOf(m, b.pack.filter((w) => b.alive[w] === 1));
}

/** One of `candidates` drawn by the pack's salt. */
function fakeClaimantOf(m: Mind, candidates: readonly number[]): number {
  return argmaxShared(candidates, () => 0, mix(m.b.packSalt, FAKE_CLAIMANT));
}

/**
 * Whether I am the pack's fake claimant today, `best` being the packmates whose claim
 * serves the pack most (packClaimants). Whether the pack fakes at all is drawn once per
 * game, and alike by every packmate: from the day's salt (the public facts at dawn) and
 * the pack's, on the first day the pack may fake — not from a packmate's own stream, which
 * would let each packmate who speaks draw again, and give a pack more chances the more of
 * it speaks after the first. Ties are drawn by the pack's salt, never by seat number.
 * Whoever is chosen claims in his turn; chosen by no earlier packmate, he chooses among
 * those left.
 */
function sharedChoice(m: Mind, best: readonly number[]): boolean {
  const b = m.b;
  const plan = m.plan;
  plan.fakeShared ??= unitOf(mix(b.record.daySalt ^ b.packSalt, FAKE_WHETHER)) < m.knobs.fakeClaim;
  return plan.fakeShared && fakeClaimantOf(m, best) === b.me;
}

/** A hash as a number in [0, 1). */
const unitOf = (h: number): number => (h >>> 0) / 2 ** 32;

/** The pack's shared whether-to-fake draw's salt. */
const FAKE_WHETHER = 0xfa4e0;

/** The fake claimant draw's salt, apart from the pack's other shared draws. */
const FAKE_CLAIMANT = 0xfa4e;

/** Seer results are reported as roles or as teams, as the rules have the Seer see them. */
function seerSeesRoles(m: Mind): boolean {
  const o = m.b.options.seerSees;
  return o === 'role' || (o === 'team-under-10' && m.b.n >= 10);
}

/** The fake Seer's claims for today: the role, and one false result per night so far. */
function fakeSeerClaims(m: Mind, out: Claim[]): void {
  const b = m.b;
  const plan = m.plan;
  if (!plan.fakeDrawn) {
    // Only the pack's claimant fakes, and only if no packmate ever did (the pack has one Seer) and the
    // Seer's card has not been turned over (a claim would be a proven lie).
    for (let s = 0; s < b.n; s++) if (s !== b.me && b.packmate[s] === 1 && b.claimed[s] === 'seer') return;
    for (let s = 0; s < b.n; s++) if (b.alive[s] === 0 && b.roleOf[s] === 'seer') return;
    // By what the claim serves: among the living packmates still to speak today (me, who speak now, among them).
    const candidates = m.packClaimants === undefined ? null : b.pack.filter((w) => b.alive[w] === 1 && (w === b.me || b.record.spokeToday[w] === 0));
    const best = candidates === null ? null : m.packClaimants!(candidates);
    if (candidates !== null && best !== null) {
      if (!sharedChoice(m, best.length > 0 ? best : candidates)) return;
      plan.fakeDrawn = true;
      plan.faking = true;
    } else {
      if (fakeClaimant(m) !== b.me) return;
      plan.fakeDrawn = true;
      plan.faking = m.rng.chance(m.knobs.fakeClaim);
    }
  }
  if (!plan.faking) return;
  while (plan.fakeReports.length < b.night) {
    const r = fakeReport(m);
    if (r === null) break;
    plan.fakeReports.push(r);
  }
  out.push({ type: 'role', role: 'seer' });
  for (const r of plan.fakeReports) out.push({ type: 'seen', target: r.target, result: r.result });
}

/**
 * Tonight's false result: the real Seer (a rival claimant) named a werewolf; else a
 * suspected packmate cleared; else a villager cleared. He names no villager a werewolf
 * otherwise: that villager's card, once turned over, would prove him a liar, and an
 * early villager for a wolf is a trade the pack loses.
 */
function fakeReport(m: Mind): { target: number; result: SeenResult } | null {
  const b = m.b;
  const v = m.village();
  // A report on a card already known (turned over, or proven) would be checked: report on the unknown only.
  const done = (s: number) => b.pub[s] !== 0 || m.plan.fakeReports.some((r) => r.target === s);
  const wolf: SeenResult = 'werewolf';
  const clear: SeenResult = seerSeesRoles(m) ? 'villager' : 'not-werewolf';
  for (const c of b.informed) {
    if (c.role === 'seer' && c.seat !== b.me && b.alive[c.seat] === 1 && b.packmate[c.seat] === 0 && !done(c.seat))
      return { target: c.seat, result: wolf };
  }
  const salt = b.salt ^ b.packSalt;
  const open: number[] = [];
  for (let s = 0; s < b.n; s++) if (s !== b.me && b.alive[s] === 1 && !done(s)) open.push(s);
  const mates = open.filter((s) => b.packmate[s] === 1 && v.p[s]! > v.prior + TOLERANCE);
  if (mates.length > 0) return { target: argmaxShared(mates, (s) => v.p[s]!, salt), result: clear };
  const villagers = open.filter((s) => b.packmate[s] === 0 && s !== b.lover);
  if (villagers.length === 0) return null;
  return { target: villagers[m.rng.int(villagers.length)]!, result: clear };
}

/** A wolf's statement: perhaps the fake Seer's, then a suspicion and a vote intent in line with the village. */
export function wolfClaims(m: Mind, out: Claim[]): void {
  const b = m.b;
  fakeSeerClaims(m, out);
  const legal = b.livingOthers();
  const cands = b.withoutAllies(legal);
  const t = cands.length > 0 ? wolfVoteTarget(m, cands, legal) : -1;
  if (t >= 0) {
    // Worded as a villager would (speech.ts): a suspicion only where the facts point.
    const v = m.village();
    if (v.p[t]! > v.prior * 1.2) out.push({ type: 'suspect', target: t });
    out.push({ type: 'vote-intent', target: t });
  }
}
