// Night decisions (and the first night's): Seer, Guard, Witch, Little Girl, Thief,
// Cupid, Pied Piper. The pack's choice is pack.ts.

import type { Answer } from '../../engine/index.js';
import type { Role } from '../../engine/index.js';
import type { DecisionFor, Mind } from './mind.js';
import { argmaxRandom } from './pick.js';
import type { View } from './view.js';

/** The Seer looks where she learns most: the unknown player whose card is most in doubt. */
export function seer(m: Mind, d: DecisionFor<'seer'>): Answer {
  const b = m.b;
  const v = m.mine();
  const open = d.targets.filter((s) => b.known[s] === 0);
  const cands = open.length > 0 ? open : d.targets;
  const target = argmaxRandom(
    cands,
    (s) => {
      const p = v.p[s]!;
      // Doubt is greatest at p = 1/2; the sheriff's and role claimants' cards matter more,
      // a believed Seer's or Little Girl's less (their claim already speaks for them).
      let x = p < 0.5 ? p : 1 - p;
      if (s === b.sheriff) x *= 1.3;
      if (b.claimed[s] !== null) x *= 1.2;
      return x * (1 - v.cred[s]!);
    },
    m.rng,
  );
  return { kind: 'seer', target };
}

/**
 * The Guard protects the believed Seer (or Little Girl), else a claimed Witch, the
 * sheriff, himself or whom he trusts; never the same player two nights running (even
 * where the rules would let him, at the cost of that player's life), never the Little
 * Girl (protection on her has no effect).
 */
export function guard(m: Mind, d: DecisionFor<'guard'>): Answer {
  const b = m.b;
  const v = m.mine();
  const fresh = d.targets.filter(
    (s) => !(s === b.lastGuard && b.lastGuardNight === b.night - 1) && b.claimed[s] !== 'little-girl' && b.roleOf[s] !== 'little-girl',
  );
  const cands = fresh.length > 0 ? fresh : d.targets;
  const target = argmaxRandom(
    cands,
    (s) =>
      1 +
      3 * v.cred[s]! +
      (b.claimed[s] === 'witch' && b.roleLiar[s] === 0 ? 1 : 0) +
      (s === b.me ? 0.3 : 0) +
      (b.ally(s) ? 0.5 : 0) +
      (s === b.sheriff ? 0.3 : 0) -
      2 * v.p[s]!,
    m.rng,
  );
  return { kind: 'guard', target };
}

/** Poison only a player this likely a werewolf (or less, when the village is about to lose). */
export const POISON_SURE = 0.85;
export const POISON_DANGER = 0.5;

/**
 * The Witch keeps her potion for the Seer: she heals herself, her lover, a believed
 * Seer or Little Girl, a claimed Guard; anyone she does not suspect once no Seer is left
 * to save (her card turned over, or none in the game) or when the village is close to
 * losing — never a suspect (a wolf offering himself to bait the potion, 001). She
 * poisons a werewolf she is sure of, or her best suspect when the village is close to
 * losing.
 */
export function witch(m: Mind, d: DecisionFor<'witch'>): Answer {
  const b = m.b;
  const v = m.mine();
  const victim = d.victim;
  const heal = d.canHeal && victim !== null && shouldHeal(m, v, victim);
  let poison: number | null = null;
  if (d.poisonTargets.length > 0 && (!heal || d.potionsTonight === 2)) {
    const cands = d.poisonTargets.filter((s) => s !== b.me && s !== victim && !b.ally(s));
    const t = argmaxRandom(cands, (s) => v.p[s]!, m.rng);
    if (t >= 0 && (v.p[t]! >= POISON_SURE || (v.p[t]! >= POISON_DANGER && villageInDanger(m, v)))) poison = t;
  }
  return { kind: 'witch', heal, poison };
}

function shouldHeal(m: Mind, v: View, victim: number): boolean {
  const b = m.b;
  if (victim === b.me || b.ally(victim)) return true;
  if (v.p[victim]! >= 0.5) return false;
  if (v.cred[victim]! > 0 || (b.claimed[victim] === 'guard' && b.roleLiar[victim] === 0)) return true;
  return !seerToSave(m) || villageInDanger(m, v);
}

/** A Seer may still need the potion: her card is in the deck and has not been turned over. */
function seerToSave(m: Mind): boolean {
  const b = m.b;
  if (!b.deck.includes('seer')) return false;
  for (let s = 0; s < b.n; s++) if (b.alive[s] === 0 && b.roleOf[s] === 'seer') return false;
  return true;
}

/** The werewolves (as many as the suspicions add up to) are within two of the others. */
export function villageInDanger(m: Mind, v: View): boolean {
  const b = m.b;
  let wolves = 0;
  for (let s = 0; s < b.n; s++) if (b.alive[s] === 1) wolves += v.p[s]!;
  return b.livingCount - wolves <= wolves + 2;
}

/**
 * The pack's leader kills a caught Little Girl (caughtGirl=pack-chooses): she has seen
 * every wolf, and spared she would name them all the next day; no victim is worth more.
 */
export function catchGirl(_m: Mind, d: DecisionFor<'catch'>): Answer {
  return { kind: 'catch', target: d.targets[0] ?? null };
}

/** The Little Girl peeks until she has seen the pack once. */
export function peek(m: Mind, _d: DecisionFor<'peek'>): Answer {
  return { kind: 'peek', peek: !m.b.peeked };
}

/** What a card is worth to a thief who plays for the village. */
const CARD_VALUE: Readonly<Record<Role, number>> = {
  seer: 6,
  witch: 5,
  guard: 4,
  'little-girl': 3.5,
  hunter: 3,
  elder: 2.5,
  idiot: 2,
  cupid: 1.5,
  scapegoat: 1,
  villager: 0,
  thief: 0,
  // Left face down, the Piper's and the werewolf's cards are out of play: better for the village.
  piper: -0.5,
  werewolf: -1,
};

/** The Thief takes the better power card; he must take a werewolf only when both are. */
export function thief(_m: Mind, d: DecisionFor<'thief'>): Answer {
  if (d.mustTake) return { kind: 'thief', take: 0 };
  const v0 = CARD_VALUE[d.cards[0]];
  const v1 = CARD_VALUE[d.cards[1]];
  const best = v1 > v0 ? 1 : 0;
  return { kind: 'thief', take: Math.max(v0, v1) > 0 ? best : null };
}

/** Cupid binds himself to another player (he then knows one lover for sure: himself). */
export function cupid(m: Mind, d: DecisionFor<'cupid'>): Answer {
  const b = m.b;
  const others = d.candidates.filter((s) => s !== b.me);
  if (d.candidates.includes(b.me) && others.length > 0) return { kind: 'cupid', lovers: [b.me, others[m.rng.int(others.length)]!] };
  const i = m.rng.int(d.candidates.length);
  let j = m.rng.int(d.candidates.length - 1);
  if (j >= i) j++;
  return { kind: 'cupid', lovers: [d.candidates[i]!, d.candidates[j]!] };
}

/** The Piper charms the players least likely to die soon (unsuspected, claiming no power). */
export function piper(m: Mind, d: DecisionFor<'piper'>): Answer {
  const b = m.b;
  const v = m.village();
  const keyed = d.candidates.map((s) => ({
    s,
    risk: v.p[s]! + 0.5 * v.cred[s]! + (b.claimed[s] !== null ? 0.2 : 0) + (s === b.sheriff ? 0.1 : 0) + m.rng.float() * 1e-6,
  }));
  keyed.sort((x, y) => x.risk - y.risk);
  return { kind: 'piper', targets: keyed.slice(0, d.count).map((x) => x.s).sort((x, y) => x - y) };
}
