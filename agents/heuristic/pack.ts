// The pack's night: one victim through the pack protocol (werewolves.ts). Every wolf
// values the living non-wolves from the same public facts with the same tie-break (a
// hash of the pack and the night), so the proposals agree in round 1; in round 2 each
// follows the leader's proposal; in round 3 a wolf who could not follow is followed.
//
// A victim's value: a believed Seer or Little Girl first (they know), then a claimed
// Witch or Guard, the sheriff, players who accuse packmates, the players the village
// trusts (suspected villagers are worth more alive, as tomorrow's lynch); less for a
// claimed Hunter (he shoots back) or an Elder's first life; discounted by the chance
// that the Guard protects him tonight. A victim saved last night cannot be guarded again
// (no repeats), so he is attacked again.

import type { Answer, PackDecision } from '../../engine/index.js';
import type { Role } from '../../engine/index.js';
import { INTENT, SUSPECT } from './beliefs.js';
import type { Mind } from './mind.js';
import { argmaxShared, mix, without } from './pick.js';
import type { View } from './view.js';

const CLAIMED_POWER: Readonly<Partial<Record<Role, number>>> = { witch: 2, guard: 1.5, 'little-girl': 3 };
const INFORMED = 4;
const RIVAL_OF_FAKE = -2;
const SHERIFF = 0.6;
const THREAT_PER_ACCUSATION = 0.3;
const THREAT_MAX = 1.5;
const EXPOSE = 0.35;
const FRAME_PER_ACCUSATION = 0.2;
const FRAME_MAX = 1;
const TRUSTED = 0.8;
const HUNTER = -1.5;
const ELDER_FIRST_LIFE = -0.8;
const REVEALED_IDIOT = -0.4;
const SAVED_LAST_NIGHT = 1;
/** The chance the Guard protects the believed Seer on a night he may (he does not repeat). */
const GUARD_ON_SEER = 0.75;

export function pack(m: Mind, d: PackDecision): Answer {
  const b = m.b;
  // The targets themselves when none is dropped (the engine offers no packmate under most rules).
  const cands = without(d.targets, (s) => b.packmate[s] === 1 || s === b.lover || s === b.me);
  if (cands.length === 0) {
    // Only packmates (or myself) are legal: abstain if we may (unless a pack that abstains
    // starves, 000), else offer myself rather than a packmate.
    if (d.mayPass && (!b.options.packStarves || d.targets.length === 0)) return { kind: 'pack', target: null };
    return { kind: 'pack', target: d.targets.includes(b.me) ? b.me : d.targets[0]! };
  }
  if (d.round > 1) {
    const last = d.previous.find((p) => p.voter === followed(d))?.target;
    if (last !== undefined && last !== null && cands.includes(last)) return { kind: 'pack', target: last };
    const mine = d.previous.find((p) => p.voter === b.me)?.target;
    if (mine !== undefined && mine !== null && cands.includes(mine)) return { kind: 'pack', target: mine };
  }
  const v = m.village();
  const night = nightFacts(m);
  const lift = m.packLift === undefined ? null : (s: number) => m.packLift!(s);
  const target = argmaxShared(cands, (s) => victimValue(m, v, night, s) - (lift === null ? 0 : lift(s)), mix(b.packSalt, b.night));
  return { kind: 'pack', target };
}

/** What the pack's valuation needs to know once per night, not once per victim. */
interface NightFacts {
  readonly guard: boolean;
  readonly fakeSeer: boolean;
  /** Accusations by each seat against packmates / against villagers still alive. */
  readonly ofPack: Uint8Array;
  readonly ofVillagers: Uint8Array;
}

function nightFacts(m: Mind): NightFacts {
  const b = m.b;
  // Counts in the game's scratch arrays (scratch.ts).
  const { ofPack, ofVillagers } = b.scratch;
  // A loop rather than `fill` calls: for a dozen seats the calls cost more than the stores.
  for (let s = 0; s < b.n; s++) ofPack[s] = ofVillagers[s] = 0;
  for (const x of b.said) {
    if ((x.kind !== SUSPECT && x.kind !== INTENT) || b.alive[x.target] === 0) continue;
    if (b.packmate[x.target] === 1) ofPack[x.speaker] = Math.min(255, ofPack[x.speaker]! + 1);
    else ofVillagers[x.speaker] = Math.min(255, ofVillagers[x.speaker]! + 1);
  }
  return { guard: guardActive(m), fakeSeer: packmateFakesSeer(m), ofPack, ofVillagers };
}

/**
 * Whose last proposal to take up: in round 2 the leader's; from round 3, a wolf who did
 * not follow the leader in round 2 could not (the victim is his lover, 001), so the
 * pack takes up his instead (the lowest such seat).
 */
function followed(d: PackDecision): number {
  if (d.round === 2) return d.leader;
  const lead = d.previous.find((p) => p.voter === d.leader)?.target;
  for (const p of d.previous) if (p.voter !== d.leader && p.target !== lead) return p.voter;
  return d.leader;
}

function victimValue(m: Mind, v: View, night: NightFacts, s: number): number {
  const b = m.b;
  let value = 1;
  const claimed = b.claimed[s] ?? null;
  if (v.cred[s]! > 0 || (claimed === 'seer' && b.roleLiar[s] === 0)) {
    // Killing the rival of a packmate who poses as the Seer would turn her card over and prove him a liar.
    if (claimed === 'seer' && night.fakeSeer) value += RIVAL_OF_FAKE;
    else value += INFORMED * Math.max(v.cred[s]!, 0.5);
  }
  if (claimed !== null && b.roleLiar[s] === 0) {
    value += CLAIMED_POWER[claimed] ?? 0;
    if (claimed === 'hunter' && b.options.hunterShootsOn.includes('wolves')) value += HUNTER;
    if (claimed === 'elder' && !attackedBefore(m, s)) value += ELDER_FIRST_LIFE;
    if (claimed === 'idiot' && b.pub[s] === -1) value += REVEALED_IDIOT;
  }
  if (s === b.sheriff) value += SHERIFF;
  value += accusationValue(night, s);
  if (v.prior > 0) value += (TRUSTED * (v.prior - v.p[s]!)) / v.prior;
  if (savedLastNight(m, s)) return value + SAVED_LAST_NIGHT;
  return value * (1 - guardChance(m, v, night, s));
}

/** A living packmate claims to be the Seer and has not been caught lying. */
function packmateFakesSeer(m: Mind): boolean {
  const b = m.b;
  for (const c of b.informed) if (c.role === 'seer' && b.packmate[c.seat] === 1 && b.alive[c.seat] === 1 && !c.liar) return true;
  return false;
}

/**
 * What killing an accuser does: the village reads a night victim's accusations as
 * pointing at the pack (evidence.ts), so the pack prefers victims who accused villagers
 * (framing them) and spares those whose accusations would point at a packmate. The
 * threat an accuser of packmates poses still counts, against that.
 */
function accusationValue(night: NightFacts, s: number): number {
  const ofPack = night.ofPack[s]!;
  const ofVillagers = night.ofVillagers[s]!;
  return Math.min(FRAME_MAX, FRAME_PER_ACCUSATION * ofVillagers) + Math.min(THREAT_MAX, THREAT_PER_ACCUSATION * ofPack) - EXPOSE * Math.min(ofPack, 3);
}

/** We attacked `s` on some earlier night and he did not die of it. */
function attackedBefore(m: Mind, s: number): boolean {
  return m.b.lastPackTarget === s;
}

/** We attacked `s` last night and he is alive (the Guard, the Witch or an Elder's life saved him). */
function savedLastNight(m: Mind, s: number): boolean {
  const b = m.b;
  return b.lastPackTarget === s && b.lastPackNight === b.night - 1 && b.caughtNight !== b.night - 1 && b.alive[s] === 1;
}

/** A living Guard may protect tonight. */
function guardActive(m: Mind): boolean {
  const b = m.b;
  if (b.powersLost || !b.deck.includes('guard')) return false;
  for (let s = 0; s < b.n; s++) if (b.alive[s] === 0 && b.roleOf[s] === 'guard') return false;
  return true;
}

/**
 * The chance the Guard protects `s` tonight, as far as the pack can tell: a Guard who
 * said whom he protected last night cannot protect him again; one who protects the
 * believed Seer does so every other night from the night after her claim.
 */
function guardChance(m: Mind, v: View, night: NightFacts, s: number): number {
  const b = m.b;
  if (!night.guard) return 0;
  for (const a of b.actions)
    if (a.action === 'protected' && a.target === s && a.day === b.night - 1 && b.claimed[a.seat] === 'guard') return 0;
  if (b.claimed[s] === 'little-girl') return 0; // protection on her has no effect
  if (v.cred[s]! <= 0) return 0;
  const first = b.claimDay[s]! + 1;
  return (b.night - first) % 2 === 0 ? Math.min(0.95, GUARD_ON_SEER * v.cred[s]! * 1.25) : 0.05;
}
