// Reading the day talk into beliefs: role claims, a Seer's reports, suspicions, trust,
// ability claims and vote intents; and checking claims against the cards the dead
// reveal (a report contradicted by a card, or a claimed card someone else turns over,
// proves the claimant a liar). Reading is idempotent: a Seer restating yesterday's
// results each day adds nothing new.

import type { Claim } from '../../engine/index.js';
import { isRole, type Role } from '../../engine/index.js';
import { INTENT, SUSPECT, TRUST, type InformedClaim, type PublicRecord } from './public.js';

/** Roles that only one card holds, so two claimants cannot both be right. */
const UNIQUE_ROLES: ReadonlySet<Role> = new Set<Role>([
  'seer', 'witch', 'hunter', 'cupid', 'guard', 'thief', 'little-girl', 'elder', 'idiot', 'scapegoat', 'piper',
]);

/** Reads a statement; true if it changed what the views depend on (role claims and reports). */
export function readStatement(b: PublicRecord, speaker: number, claims: readonly Claim[]): boolean {
  let changed = false;
  for (const c of claims) {
    switch (c.type) {
      case 'role':
        claimRole(b, speaker, c.role);
        changed = true;
        break;
      case 'seen':
        changed = true;
        report(b, informedOf(b, speaker, 'seer'), c.target, c.result === 'werewolf', isRole(c.result) && c.result !== 'werewolf' ? c.result : null);
        break;
      case 'suspect': {
        b.said.push({ speaker, kind: SUSPECT, target: c.target, day: b.day });
        // A Little Girl's suspicions are what she saw.
        const girl = b.claimed[speaker] === 'little-girl' ? informedOf(b, speaker, 'little-girl') : null;
        if (girl !== null) {
          report(b, girl, c.target, true, null);
          changed = true;
        }
        break;
      }
      case 'trust':
        b.said.push({ speaker, kind: TRUST, target: c.target, day: b.day });
        b.trustToday[c.target]! += 1;
        break;
      case 'vote-intent':
        b.said.push({ speaker, kind: INTENT, target: c.target, day: b.day });
        b.intent[speaker] = c.target;
        break;
      case 'action':
        b.actions.push({ seat: speaker, action: c.action, target: c.target, day: b.day });
        break;
    }
  }
  return changed;
}

function claimRole(b: PublicRecord, speaker: number, role: Role): void {
  const before = b.claimed[speaker];
  if (before === role) return;
  // A changed story is a lie (one of the two claims is false).
  if (before !== null) b.roleLiar[speaker] = 1;
  b.claimed[speaker] = role;
  b.claimDay[speaker] = b.day;
  if (role === 'werewolf') b.roleLiar[speaker] = 1;
  // A unique card already turned over by someone else.
  if (UNIQUE_ROLES.has(role)) {
    for (let s = 0; s < b.n; s++) if (s !== speaker && b.alive[s] === 0 && b.roleOf[s] === role && b.known[s] !== 0) b.roleLiar[speaker] = 1;
  }
  if (role === 'seer' || role === 'little-girl') informedOf(b, speaker, role);
}

/** The speaker's claim to `role`, created on first use (a "seen" report implies a Seer claim). */
function informedOf(b: PublicRecord, speaker: number, role: 'seer' | 'little-girl'): InformedClaim {
  let order = 0;
  for (const c of b.informed) {
    if (c.role !== role) continue;
    if (c.seat === speaker) return c;
    order++;
  }
  // Named a werewolf by an earlier claimant before claiming himself?
  let accusedFirst = false;
  for (const c of b.informed) for (const r of c.reports) if (r.target === speaker && r.wolf) accusedFirst = true;
  const claim: InformedClaim = {
    seat: speaker,
    role,
    order,
    day: b.day,
    accusedFirst,
    reports: [],
    liar: false,
    proven: false,
    confirmed: 0,
  };
  b.informed.push(claim);
  if (b.claimed[speaker] !== role) {
    if (b.claimed[speaker] !== null) b.roleLiar[speaker] = 1;
    b.claimed[speaker] = role;
    b.claimDay[speaker] = b.day;
  }
  return claim;
}

function report(b: PublicRecord, c: InformedClaim, target: number, wolf: boolean, role: Role | null): void {
  for (const r of c.reports) {
    if (r.target !== target) continue;
    // A result cannot change: a changed report is a lie.
    if (r.wolf !== wolf || (role !== null && r.role !== null && r.role !== role)) c.liar = true;
    return;
  }
  c.reports.push({ target, wolf, role });
  // Reporting on a card already turned over must match it.
  if (b.known[target] !== 0) {
    if (!consistent(wolf, role, b.known[target] === 1, b.alive[target] === 0 ? (b.roleOf[target] ?? null) : null)) c.liar = true;
  }
}

function consistent(saidWolf: boolean, saidRole: Role | null, isWolf: boolean, actual: Role | null): boolean {
  if (saidWolf !== isWolf) return false;
  return saidRole === null || actual === null || saidRole === actual;
}

/** A card turned over: claims about it and by its holder are settled. */
export function checkClaimsOnReveal(b: PublicRecord, seat: number, role: Role): void {
  const wolf = role === 'werewolf';
  for (const c of b.informed) {
    if (c.seat === seat) {
      if (role === c.role) c.proven = true;
      else c.liar = true;
    }
    for (const r of c.reports) {
      if (r.target !== seat) continue;
      if (!consistent(r.wolf, r.role, wolf, role)) c.liar = true;
      // A werewolf or a power card named right is hard to guess; a plain villager is not.
      else if (r.wolf || (r.role !== null && r.role !== 'villager')) c.confirmed++;
    }
  }
  // A proven claimant's reports become public knowledge, and every rival claimant lied.
  for (const c of b.informed) {
    if (c.seat !== seat || !c.proven) continue;
    for (const r of c.reports) b.learn(r.target, r.wolf, r.role ?? (r.wolf ? 'werewolf' : null));
    for (const o of b.informed) if (o !== c && o.role === c.role) o.liar = true;
  }
  const claimedRole = b.claimed[seat];
  if (claimedRole !== null && claimedRole !== role) b.roleLiar[seat] = 1;
  if (UNIQUE_ROLES.has(role)) for (let s = 0; s < b.n; s++) if (s !== seat && b.claimed[s] === role) b.roleLiar[s] = 1;
}
