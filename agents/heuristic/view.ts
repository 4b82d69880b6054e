// The suspicion model: for each seat, the probability that it is a werewolf, as one
// player sees it now. Computed on demand from the beliefs (cached until the next event):
//   1. a prior, the werewolves still unaccounted for spread over the unknown seats;
//   2. the public evidence (`PublicRecord.llr`, evidence.ts) added in log-odds;
//   3. the informed claims (Seer, Little Girl): each claimant gets a credibility — the
//      `trust` knob shared among rival claimants (the first favoured, a player who only
//      claimed after being named a werewolf discounted, confirmed reports rewarded,
//      liars at zero) — and its reports move their targets by that much; a claimant who
//      is not believed is likely a werewolf himself;
//   4. role claims: a proven lie makes a werewolf likely, an uncontested claim helps;
//   5. certain knowledge overrides everything (1 or 0).
// `priv` false gives the village's view, from public facts only: what a werewolf
// expects the others to think.

import type { Beliefs, InformedClaim } from './beliefs.js';
import { doubles } from '../doubles.js';

/** How likely a claimant who is lying is a werewolf (villagers rarely bluff). */
const LIAR_WOLF = 0.9;
/** Weight of the first claimant of a role against later rivals. */
const FIRST_CLAIM = 1.5;
/** Weight of a claimant who claimed only after being named a werewolf. */
const DEFENSIVE_CLAIM = 0.25;
/** An uncontested claim of another special role multiplies suspicion by this. */
const ROLE_CLAIM = 0.75;
/** The prior stays inside these bounds so evidence can always move it. */
const PRIOR_MIN = 0.02;
const PRIOR_MAX = 0.95;

/**
 * Suspicions closer than this are equal: a seat the evidence has not moved sits at the
 * prior only up to rounding, and a decision must not turn on the last bit of a float.
 */
export const TOLERANCE = 1e-9;

export class View {
  readonly p: number[];
  /** Credibility of each seat's informed claim (0: none or not believed). */
  readonly cred: number[];
  prior = 0;
  version = -1;
  constructor(
    n: number,
    /** The trust knob of the seats sharing this village view (NaN for a seat's own views). */
    readonly trust = NaN,
  ) {
    this.p = doubles(n);
    this.cred = doubles(n);
  }
}

/** The view of `b`, recomputed if events arrived since it was last computed. */
export function viewOf(b: Beliefs, priv: boolean, v: View): View {
  if (v.version === b.version) return v;
  if (priv && b.bystander()) fromBystanderView(b, v);
  else compute(b, priv, v);
  v.version = b.version;
  return v;
}

/** The view of `b` computed from its own beliefs alone, without the shared views (for tests of the shortcuts). */
export function viewAlone(b: Beliefs, priv: boolean, v: View): View {
  compute(b, priv, v);
  return v;
}

/**
 * My own view when I am a bystander (`Beliefs.bystander`: I know nothing private but
 * that I am no werewolf), from the view every bystander of the game with my trust knob
 * shares, computed once per public event instead of once by each of them: most seats'
 * first decision of a day (their speech) needed a view of their own, a sixth of the
 * agent's time. The shared one is computed with the public facts as the known ones and
 * one unknown seat fewer (the bystander's own, known innocent): every seat other than
 * mine then comes out as mine would, since knowing myself innocent changes nothing
 * else, unless a claimant reported me a werewolf (a lie I would see through), which
 * `bystander` rules out. My own seat is 0, as known innocent.
 */
function fromBystanderView(b: Beliefs, v: View): void {
  const shared = b.sharedBystanderView();
  if (shared.version !== b.publicVersion) {
    computeWith(b, true, b.pub, 1, shared);
    shared.version = b.publicVersion;
  }
  const n = b.n;
  for (let s = 0; s < n; s++) {
    v.p[s] = shared.p[s]!;
    v.cred[s] = shared.cred[s]!;
  }
  v.p[b.me] = 0;
  v.prior = shared.prior;
}

/**
 * The village's view of `b` for every seat of the game with the same trust knob (the
 * one knob it depends on), kept in the public record: computed once per public event
 * instead of once by each werewolf. It reads public facts only, with one exception: a
 * Pied Piper's card the seat knows (applyRoleClaims), so a seat that knows one keeps
 * its own (`Beliefs.knowsPiper`); the others, all alike, share this one.
 */
export function sharedVillageView(b: Beliefs): View {
  const v = b.sharedVillageView();
  if (v.version === b.publicVersion) return v;
  compute(b, false, v);
  v.version = b.publicVersion;
  return v;
}

function compute(b: Beliefs, priv: boolean, v: View): void {
  computeWith(b, priv, priv ? b.known : b.pub, 0, v);
}

/** The view from certain knowledge `K`, with `unseen` of the living seats it leaves unknown known innocent all the same. */
function computeWith(b: Beliefs, priv: boolean, K: Int8Array, unseen: number, v: View): void {
  const n = b.n;
  const p = v.p;
  const alive = b.alive;
  let knownWolves = 0;
  let unknown = 0;
  for (let s = 0; s < n; s++) {
    if (alive[s] === 0) continue;
    if (K[s] === 1) knownWolves++;
    else if (K[s] === 0) unknown++;
  }
  unknown -= unseen;
  const left = Math.max(knownWolves, b.wolvesInPlay(priv) - b.deadWolves) - knownWolves;
  const prior = unknown > 0 ? Math.min(PRIOR_MAX, Math.max(PRIOR_MIN, left / unknown)) : 0;
  v.prior = prior;
  // sigmoid(logit(prior) + llr) = 1 / (1 + (1 - prior) / prior * exp(-llr)).
  const q0 = (1 - prior) / prior;
  const odds = b.odds;
  for (let s = 0; s < n; s++) {
    const k = K[s]!;
    p[s] = k === 1 ? 1 : k === -1 || alive[s] === 0 ? 0 : 1 / (1 + q0 * odds[s]!);
  }
  credibilities(b, priv, K, v.cred);
  if (b.informed.length > 0) applyInformed(b, K, v);
  applyRoleClaims(b, K, p);
}

/** A claim's reports contradict what this view knows for certain. */
function contradicted(c: InformedClaim, K: Int8Array): boolean {
  for (const r of c.reports) {
    const k = K[r.target]!;
    if (k !== 0 && (k === 1) !== r.wolf) return true;
  }
  return false;
}

function credibilities(b: Beliefs, priv: boolean, K: Int8Array, cred: number[]): void {
  // A loop rather than `fill`: for a dozen seats the call costs more than the stores.
  for (let s = 0; s < cred.length; s++) cred[s] = 0;
  const informed = b.informed;
  if (informed.length === 0) return;
  // Each weight once (it was computed twice per claim: for the total, then for the share),
  // in the game's scratch array (scratch.ts).
  const weights = b.scratch.weights;
  for (let i = 0; i < informed.length; i++) weights[i] = weight(b, priv, K, informed[i]!);
  roleCredibilities('seer', b, priv, weights, cred);
  roleCredibilities('little-girl', b, priv, weights, cred);
}

/** The credibility of the claimants of one informed role, from each claim's weight. */
function roleCredibilities(role: InformedClaim['role'], b: Beliefs, priv: boolean, weights: readonly number[], cred: number[]): void {
  const informed = b.informed;
  let proven = -1;
  let total = 0;
  for (let i = 0; i < informed.length; i++) {
    const c = informed[i]!;
    if (c.role !== role) continue;
    if (c.proven) proven = c.seat;
    total += weights[i]!;
  }
  if (proven >= 0) {
    cred[proven] = 1;
    return;
  }
  // I hold the card: every other claimant lies, and I believe myself.
  if (priv && b.role === role) {
    cred[b.me] = 1;
    return;
  }
  if (total <= 0) return;
  const trust = b.knobs.trust;
  for (let i = 0; i < informed.length; i++) {
    const c = informed[i]!;
    if (c.role !== role) continue;
    const w = weights[i]!;
    // Confirmed werewolf reports are facts, not trust: each removes most of the remaining doubt.
    if (w > 0) cred[c.seat] = (w / total) * (1 - (1 - trust) * Math.pow(0.25, c.confirmed));
  }
}

/** A claimant's share of belief among rivals (0: disbelieved). */
function weight(b: Beliefs, priv: boolean, K: Int8Array, c: InformedClaim): number {
  if (c.liar || b.alive[c.seat] === 0 || K[c.seat] === 1) return 0;
  if (priv && contradicted(c, K)) return 0;
  let w = c.order === 0 ? FIRST_CLAIM : 1;
  if (c.accusedFirst) w *= DEFENSIVE_CLAIM;
  return w * (1 + 3 * c.confirmed);
}

function applyInformed(b: Beliefs, K: Int8Array, v: View): void {
  const p = v.p;
  const cred = v.cred;
  const alive = b.alive;
  // The claimants themselves first, then what they report (so rival claimants' accusations of each other land on top).
  // A lone claimant is no more suspect for claiming; rivals are (one of them lies).
  for (const c of b.informed) {
    const s = c.seat;
    if (alive[s] === 0 || K[s] !== 0) continue;
    const cr = cred[s]!;
    if (cr <= 0) p[s] = Math.max(p[s]!, LIAR_WOLF);
    else if (rivals(b, c) === 0) p[s] = Math.min(p[s]!, (1 - cr) * LIAR_WOLF);
    else p[s] = (1 - cr) * Math.max(p[s]!, LIAR_WOLF);
  }
  for (const c of b.informed) {
    const cr = cred[c.seat]!;
    const believed = cr > 0;
    for (const r of c.reports) {
      const t = r.target;
      if (alive[t] === 0 || K[t] !== 0) continue;
      // The Pied Piper is the village's enemy as much as a werewolf.
      const bad = r.wolf || r.role === 'piper';
      if (believed) p[t] = bad ? cr + (1 - cr) * p[t]! : (1 - cr) * p[t]!;
      // A liar's words still say something: he accuses villagers and clears his pack.
      else if (c.liar || b.alive[c.seat] === 0) p[t] = bad ? 0.7 * p[t]! : p[t]! + 0.3 * (1 - p[t]!);
    }
  }
}

/** Living rival claimants of the same role (not caught lying). */
function rivals(b: Beliefs, c: InformedClaim): number {
  let k = 0;
  for (const o of b.informed) if (o !== c && o.role === c.role && !o.liar && b.alive[o.seat] === 1) k++;
  return k;
}

function applyRoleClaims(b: Beliefs, K: Int8Array, p: number[]): void {
  const n = b.n;
  // The record's arrays read once, not through the getters at every seat (this runs at every view computed).
  const alive = b.alive;
  const claimed = b.claimed;
  const roleLiar = b.roleLiar;
  const knowsPiper = b.knowsPiper;
  for (let s = 0; s < n; s++) {
    if (alive[s] === 0) continue;
    // A known Pied Piper is an enemy of everyone else (he wins alone): suspicion 1.
    if (knowsPiper && b.roleOf[s] === 'piper' && s !== b.me && (K === b.known || b.pub[s] !== 0 || claimed[s] === 'piper')) {
      p[s] = 1;
      continue;
    }
    if (K[s] !== 0) continue;
    if (roleLiar[s] === 1) {
      p[s] = Math.max(p[s]!, LIAR_WOLF);
      continue;
    }
    const r = claimed[s];
    if (r === null || r === 'seer' || r === 'little-girl' || r === 'villager') continue;
    let rivals = 0;
    for (let o = 0; o < n; o++) if (o !== s && alive[o] === 1 && claimed[o] === r) rivals++;
    if (rivals === 0) p[s] = p[s]! * ROLE_CLAIM;
  }
}
