// The belief agent's posterior over deals. A deal, for this purpose, is where the
// werewolf cards lie: a placement of the deck's werewolf cards over its positions — the
// seats, and with a Thief the two cards left over (the cards as they are now, so his
// exchange moves a werewolf card without changing their number). Every placement starts
// alike; the public acts of the game (ballots, suspicions, vouches, intents, Seer and
// Little Girl claims and their reports, players caught lying about their card) multiply
// each placement's weight by how likely the act is from the players it makes werewolves
// and innocents (params.ts). That part depends on public facts only, so one
// `PublicPosterior` per game's public record serves every seat, updated by the acts added
// since it last read the record. A placement the public knowledge rules out (a card
// shown at a death: a villager it makes a werewolf, a werewolf it makes innocent) is
// dropped for good: every reader of the posterior — a seat's view, the pack's lifts —
// weighs only the placements the public still allows, and the acts that follow update
// only those. A seat then keeps the placements its own knowledge allows (the cards it
// knows, public or private: `seatPosterior`) and reads its posterior off them: each
// seat's probability of holding a werewolf card.
//
// Where it plays simply: the Pied Piper's charms, Cupid's lovers and New Moon's events
// are not evidence here; a placement count beyond `PLACEMENT_LIMIT`, or knowledge no
// placement fits (a Harvest Festival witch turned a card: a seat's own, or the public's
// once the card is shown) gets no posterior (`seatPosterior` returns false; the lifts
// are 0), and the agent falls back on the heuristic's view.

import { isNightCause, type Role } from '../../engine/index.js';
import { INTENT, SUSPECT, TRUST, type PublicRecord } from '../heuristic/public.js';
import type { BeliefParams } from './params.js';
import { doubles } from '../doubles.js';

/** Beyond this many placements the agent plays on the heuristic's view (C(17,4) = 2,380 is 004's largest table). */
export const PLACEMENT_LIMIT = 20_000;

/** The placements of `wolves` cards over `positions` positions (at most 32) as bitmasks, or null beyond the limit. */
export function placements(positions: number, wolves: number): Int32Array | null {
  if (positions > 32 || wolves < 0 || wolves > positions) return null;
  let count = 1;
  for (let i = 0; i < wolves; i++) {
    count = (count * (positions - i)) / (i + 1);
    if (count > PLACEMENT_LIMIT) return null;
  }
  const out = new Int32Array(Math.round(count));
  let k = 0;
  const walk = (from: number, left: number, mask: number): void => {
    if (left === 0) {
      out[k++] = mask;
      return;
    }
    for (let s = from; s <= positions - left; s++) walk(s + 1, left - 1, mask | (1 << s));
  };
  walk(0, wolves, 0);
  return out;
}

const NO_SEATS: readonly number[] = [];

/** How many values of `killLifts`' normalizer one call keeps (past them, a value's pair is made again: the same numbers). */
const KILL_MEMO = 64;

/** How many bits of `m` are set. */
export function bitCount(m: number): number {
  // In parallel (the sums of bit pairs, nibbles, then bytes): no loop to predict.
  let x = m - ((m >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * The silence model: the chance that the pack, werewolves `m`, kills `x` at night among the
 * `living` (x included): an innocent who accused one of its werewolves (`accused`: per seat,
 * the seats it accused) `silence` times as often as another; a werewolf, `slip`.
 */
function killLikelihood(x: number, m: number, living: number, accused: Int32Array, p: BeliefParams): number {
  if (((m >>> x) & 1) === 1) return p.slip;
  return ((accused[x]! & m) !== 0 ? p.silence : 1) / killNormalizer(m, living, accused, p.silence);
}

/** The silence model's normalizer under werewolves `m`: each living innocent's weight, `silence` for one who accused a werewolf of m, else 1. */
function killNormalizer(m: number, living: number, accused: Int32Array, silence: number): number {
  let z = 0;
  for (let y = living & ~m; y !== 0; y &= y - 1) {
    const s = 31 - Math.clz32(y & -y);
    z += (accused[s]! & m) !== 0 ? silence : 1;
  }
  return z;
}

/** The cell of a pick's table (`choiceTable`) that placement m reads: by whether it makes `a` and `b` werewolves, and how many of `cand`. */
function pickCell(m: number, a: number, b: number, cand: number, span: number): number {
  return (2 * ((m >>> a) & 1) + ((m >>> b) & 1)) * span + bitCount(m & cand);
}

/** How many of `claimants` are innocent under placement `m` beyond the `copies` of the card innocents can hold. */
function innocentExcess(m: number, claimants: readonly number[], copies: number): number {
  let innocent = 0;
  for (const s of claimants) if (((m >>> s) & 1) === 0) innocent++;
  return Math.max(0, innocent - copies);
}

/** One informed role's claimants, in order, and the rivalry term applied for them. */
interface Rivalry {
  readonly role: Role;
  readonly claimants: number[];
}

export class PublicPosterior {
  /** The seats, then the left-over cards. */
  readonly positions: number;
  /** The werewolf cards each placement places. */
  readonly wolves: number;
  /**
   * The placements as bitmasks (a werewolf card at each set position): the first `size`
   * are those the public knowledge allows, in the order `placements` made them; the
   * entries past them are dropped placements, never read again.
   */
  readonly masks: Int32Array;
  /** Log-weight of each placement from the public acts read so far (the first `size` entries, as `masks`). */
  readonly logW: Float64Array;
  /** exp(logW − max), computed when read after a change. */
  private readonly w: Float64Array;
  private changes = 0;
  /** The version at which the weights were last computed. */
  private weighedAt = -1;
  /** The largest log-weight, and the version it was found at. */
  private max = -Infinity;
  private maxAt = -1;
  /** How many placements the public knowledge allows (`readKnowledge`). */
  private allowed: number;
  /** The public knowledge the placements were last kept for: its werewolves and innocents as masks, and a count of its changes (-1: never read). */
  private knownWolves = 0;
  private knownInnocents = 0;
  private knowledge = -1;
  // How far the record has been read.
  private casts = 0;
  private said = 0;
  private claims = 0;
  private readonly reports: number[] = [];
  private readonly liars: Uint8Array;
  private readonly rivalries: Rivalry[] = [];
  private events = 0;
  private day = 0;
  /** Per seat, the seats it accused (a ballot, a suspicion, an intent, a werewolf report) before the current dawn; and how far the lists were read for it. */
  private readonly accused: Int32Array;
  private accusedCasts = 0;
  private accusedSaid = 0;
  private accusedClaims = 0;
  /** The public posterior (`publicPosterior`): the version it was made at, its values and whether any placement fit. */
  private publicAt = -1;
  private readonly publicP: Float64Array;
  private publicOk = false;
  /** The tables of `choiceTable` made so far, by the candidates' number and the two factors. */
  private readonly choiceTables: { readonly size: number; readonly upInnocent: number; readonly upWolf: number; readonly ll: Float64Array }[] = [];
  /** Per allowed placement, its werewolves among the living (`livingWolves`), and the living and the knowledge they were counted for. */
  private wolvesLiving: Uint8Array | null = null;
  private countedLiving = 0;
  private countedKnowledge = -1;
  /** `killLifts`' per-placement likelihoods, kept from call to call. */
  private killCases: Float64Array | null = null;
  /** `killLifts`' values of z met in one call (at most KILL_MEMO; z, then its two cases). */
  private killMemo: Float64Array | null = null;
  private readonly ln: { slip: number; accuseRival: number; accuse: number; clear: number; accuseMate: number; clearMate: number; turn: number };

  constructor(
    readonly record: PublicRecord,
    /** Every placement (`placements`): copied, the posterior drops from its copy. */
    masks: Int32Array,
    /** The deck's cards: how many of a role there are, and how many positions and werewolves. */
    private readonly deck: readonly Role[],
    readonly params: BeliefParams,
  ) {
    this.positions = deck.length;
    this.wolves = bitCount(masks[0] ?? 0);
    this.masks = masks.slice();
    this.allowed = masks.length;
    this.logW = new Float64Array(masks.length);
    this.w = new Float64Array(masks.length);
    this.liars = new Uint8Array(record.n);
    this.publicP = new Float64Array(record.n);
    this.accused = new Int32Array(record.n);
    this.ln = {
      slip: Math.log(params.slip),
      accuseRival: Math.log(params.accuseRival),
      accuse: Math.log(params.accuse),
      clear: Math.log(1 - Math.min(params.accuse, 1 - 1e-9)),
      accuseMate: Math.log(params.accuseMate),
      clearMate: Math.log(params.clearMate),
      turn: Math.log(params.turn),
    };
  }

  /** Bumped whenever a weight changes or placements are dropped. */
  get version(): number {
    return this.changes;
  }

  /** How many placements the public knowledge allows: the first `size` of `masks` and `logW` (read the record first: `sync`). */
  get size(): number {
    this.readKnowledge();
    return this.allowed;
  }

  /** The weight of each allowed placement, exp(logW − max), the first `size` entries (read the record first: `sync`). */
  weights(): Float64Array {
    this.readKnowledge();
    if (this.weighedAt === this.changes) return this.w;
    const logW = this.logW;
    const max = this.maxLogW();
    const w = this.w;
    const allowed = this.allowed;
    for (let i = 0; i < allowed; i++) w[i] = Math.exp(logW[i]! - max);
    this.weighedAt = this.changes;
    return this.w;
  }

  /** The largest log-weight of an allowed placement now (every weight is exp of its distance from it). */
  private maxLogW(): number {
    if (this.maxAt === this.changes) return this.max;
    const logW = this.logW;
    let max = -Infinity;
    const allowed = this.allowed;
    for (let i = 0; i < allowed; i++) if (logW[i]! > max) max = logW[i]!;
    this.max = max;
    this.maxAt = this.changes;
    return max;
  }

  /**
   * Reads the record's public knowledge. When it learned more (a death, a card shown), the
   * placements it now rules out are dropped — each seat it knows a werewolf must be one,
   * none it knows innocent may be — the others kept in their order with their log-weights,
   * and the version bumped. A seat's card shown otherwise than known before (the Harvest
   * witch's potion turned it) leaves none: every placement kept held it as it was, and the
   * model's fixed deck is wrong from then on.
   */
  private readKnowledge(): void {
    const known = this.record.known;
    let wolves = 0;
    let innocents = 0;
    for (let s = 0; s < known.length; s++) {
      if (known[s] === 1) wolves |= 1 << s;
      else if (known[s] === -1) innocents |= 1 << s;
    }
    if (this.knowledge >= 0 && wolves === this.knownWolves && innocents === this.knownInnocents) return;
    const masks = this.masks;
    const logW = this.logW;
    let kept = 0;
    const allowed = this.allowed;
    for (let i = 0; i < allowed; i++) {
      const m = masks[i]!;
      if ((m & wolves) !== wolves || (m & innocents) !== 0) continue;
      masks[kept] = m;
      logW[kept] = logW[i]!;
      kept++;
    }
    this.allowed = kept;
    this.knownWolves = wolves;
    this.knownInnocents = innocents;
    this.knowledge++;
    this.changes++;
  }

  /**
   * `seatPosterior` of the record's own knowledge (what the public knows of each seat), into
   * `p`: the view of every seat that knows no more than the public, which the seats of a
   * game ask alike, so it is made once for each state of the weights and the placements
   * and copied after (the same numbers: `p` untouched when no placement fits).
   */
  publicPosterior(p: number[] | Float64Array): boolean {
    const known = this.record.known;
    this.readKnowledge();
    if (this.publicAt !== this.changes) {
      this.publicOk = seatPosterior(this, { known, spareWolves: -1, falseClaimants: NO_SEATS }, this.publicP);
      this.publicAt = this.changes;
    }
    if (this.publicOk) for (let s = 0; s < known.length; s++) p[s] = this.publicP[s]!;
    return this.publicOk;
  }

  /** Reads the acts the record gained since the last call. */
  sync(): void {
    const rec = this.record;
    const p = this.params;
    const ln = this.ln;
    // The placements the public now rules out first: no act is weighed for them again.
    this.readKnowledge();
    // Night deaths first, each weighed with the accusations made before its dawn.
    for (; this.events < rec.events.length; this.events++) {
      const e = rec.events[this.events]!;
      if (e.type === 'day') this.day = e.day;
      else if (e.type === 'death' && isNightCause(e.cause)) this.nightDeath(e.seat);
    }
    for (; this.casts < rec.casts.length; this.casts++) {
      const c = rec.casts[this.casts]!;
      const weight = 1 - p.herd * c.share;
      this.choice(c.voter, c.target, weight, p.voteAim, p.voteMate);
      if (ln.turn !== 0 && c.round === 1 && this.brokeWord(c.voter, c.target, c.day)) this.one(c.voter, 0, ln.turn);
    }
    for (; this.said < rec.said.length; this.said++) {
      const s = rec.said[this.said]!;
      if (s.kind === SUSPECT || s.kind === INTENT) this.choice(s.speaker, s.target, p.talk, p.voteAim, p.voteMate);
      else if (s.kind === TRUST) this.choice(s.speaker, s.target, p.talk, 1 / p.voteAim, p.vouchMate);
    }
    for (; this.claims < rec.informed.length; this.claims++) this.claim(this.claims);
    for (let i = 0; i < this.claims; i++) {
      const c = rec.informed[i]!;
      for (; this.reports[i]! < c.reports.length; this.reports[i]!++) {
        const r = c.reports[this.reports[i]!]!;
        if (r.target === c.seat || r.target >= rec.n) continue;
        // An honest claimant reports the truth; a false one accuses or clears as the model says.
        // A false claimant names his rival a werewolf far more often than an honest one, who
        // names him only if she happened to look at him (read when the report is first seen,
        // so a rival who claimed later does not count).
        const rival = r.wolf && rec.informed.some((o) => o.seat === r.target && o.role === c.role) ? ln.accuseRival : 0;
        if (r.wolf) this.pair(c.seat, r.target, ln.slip, 0, ln.accuse + rival, ln.accuse + rival + ln.accuseMate);
        else this.pair(c.seat, r.target, 0, ln.slip, ln.clear, ln.clear + ln.clearMate);
      }
    }
    const roleLiar = rec.roleLiar;
    for (let s = 0; s < rec.n; s++) {
      if (roleLiar[s] === 1 && this.liars[s] === 0) {
        this.liars[s] = 1;
        this.one(s, ln.slip, 0);
      }
    }
  }

  /**
   * Whether a first-round ballot of `voter` for `target` on `day` breaks the vote intent he
   * announced that day (his last one; none announced: no word to break). Read before the
   * ballots of that day are read, the day's talk is all in the record.
   */
  private brokeWord(voter: number, target: number, day: number): boolean {
    const said = this.record.said;
    for (let i = said.length - 1; i >= 0; i--) {
      const x = said[i]!;
      if (x.day < day) break;
      if (x.day === day && x.speaker === voter && x.kind === INTENT) return x.target !== target;
    }
    return false;
  }

  /**
   * A death at night, most often the pack's victim: the pack spares its own and picks an
   * innocent who accused one of its werewolves `silence` times as often as another.
   */
  private nightDeath(x: number): void {
    const rec = this.record;
    const accused = this.accused;
    // Accusations made before this dawn (acts of earlier days).
    for (; this.accusedCasts < rec.casts.length && rec.casts[this.accusedCasts]!.day < this.day; this.accusedCasts++) {
      const c = rec.casts[this.accusedCasts]!;
      accused[c.voter]! |= 1 << c.target;
    }
    for (; this.accusedSaid < rec.said.length && rec.said[this.accusedSaid]!.day < this.day; this.accusedSaid++) {
      const s = rec.said[this.accusedSaid]!;
      if (s.kind !== TRUST) accused[s.speaker]! |= 1 << s.target;
    }
    for (; this.accusedClaims < rec.informed.length && rec.informed[this.accusedClaims]!.day < this.day; this.accusedClaims++) {
      const c = rec.informed[this.accusedClaims]!;
      for (const r of c.reports) if (r.wolf) accused[c.seat]! |= 1 << r.target;
    }
    const living = this.livingMask() | (1 << x);
    const masks = this.masks;
    const logW = this.logW;
    const allowed = this.allowed;
    for (let i = 0; i < allowed; i++) logW[i]! += Math.log(killLikelihood(x, masks[i]!, living, accused, this.params));
    this.changes++;
  }

  /**
   * What a night kill of `x` tonight would do to the public's belief in the placement
   * `pack` (the pack's own seats): the log of the factor by which its posterior would be
   * multiplied, under the same silence model `nightDeath` reads deaths with. Negative: the
   * kill makes the pack look less likely. Nothing is changed (read the record first: `sync`).
   */
  killLift(x: number, pack: number): number {
    return this.killLiftWith(x, pack, this.accusedNow());
  }

  /**
   * `killLift` for every seat at once (the record read once): 0 for the dead and the pack's
   * own, and for every seat when no placement is left. The same numbers as asking
   * `killLift` seat by seat, made with a placement's work shared by the seats: under
   * placement m a living victim's likelihood is one of three
   * values — `slip` (a werewolf of m), silence / z(m) or 1 / z(m), z(m) summed over m's
   * living innocents whoever the victim (he is one of them) — so each is made once per
   * placement, by the same operations in the same order, and each seat's mean adds the
   * placements in the same order as `liftOf` does.
   */
  killLifts(pack: number, out: Float64Array): void {
    if (this.size === 0) {
      out.fill(0);
      return;
    }
    const accused = this.accusedNow();
    const alive = this.record.alive;
    const living = this.livingMask();
    const p = this.params;
    const w = this.weights();
    const masks = this.masks;
    const count = this.allowed;
    // Per placement: exp(log(·)) of its two innocent cases, as liftOf reads an act's likelihood.
    // z takes a few values over the placements (sums of so many `silence` and 1): each
    // value's pair is made once, kept beside it (a pure function's memo: the same numbers).
    const cases = (this.killCases ??= new Float64Array(2 * count));
    const memo = (this.killMemo ??= new Float64Array(3 * KILL_MEMO));
    let kept = 0;
    let total = 0;
    for (let i = 0; i < count; i++) {
      const z = killNormalizer(masks[i]!, living, accused, p.silence);
      let j = 0;
      while (j < kept && memo[3 * j] !== z) j++;
      if (j === kept) {
        const silent = Math.exp(Math.log(p.silence / z));
        const plain = Math.exp(Math.log(1 / z));
        if (kept < KILL_MEMO) {
          memo[3 * kept] = z;
          memo[3 * kept + 1] = silent;
          memo[3 * kept + 2] = plain;
          kept++;
        }
        cases[2 * i] = silent;
        cases[2 * i + 1] = plain;
      } else {
        cases[2 * i] = memo[3 * j + 1]!;
        cases[2 * i + 1] = memo[3 * j + 2]!;
      }
      total += w[i]!;
    }
    const slip = Math.exp(Math.log(p.slip));
    for (let x = 0; x < out.length; x++) {
      if (alive[x] !== 1 || ((pack >>> x) & 1) === 1) {
        out[x] = 0;
        continue;
      }
      const mine = accused[x]!;
      let mean = 0;
      for (let i = 0; i < count; i++) {
        const m = masks[i]!;
        mean += w[i]! * (((m >>> x) & 1) === 1 ? slip : (mine & m) !== 0 ? cases[2 * i]! : cases[2 * i + 1]!);
      }
      out[x] = Math.log(killLikelihood(x, pack, living, accused, p)) - Math.log(mean / total);
    }
  }

  /** Per seat, the seats it has accused so far: tonight's dawn comes after all of it. */
  private accusedNow(): Int32Array {
    const rec = this.record;
    const accused = new Int32Array(rec.n);
    for (const c of rec.casts) accused[c.voter]! |= 1 << c.target;
    for (const s of rec.said) if (s.kind !== TRUST) accused[s.speaker]! |= 1 << s.target;
    for (const c of rec.informed) for (const r of c.reports) if (r.wolf && r.target < rec.n) accused[c.seat]! |= 1 << r.target;
    return accused;
  }

  private killLiftWith(x: number, pack: number, accused: Int32Array): number {
    const living = this.livingMask() | (1 << x);
    return this.liftOf((m) => Math.log(killLikelihood(x, m, living, accused, this.params)), pack);
  }

  /**
   * The log of the factor by which an act of log-likelihood `ll` (per placement) would
   * multiply the posterior of placement `pack`: ll(pack) less the log of its mean over the
   * posterior.
   */
  private liftOf(ll: (m: number) => number, pack: number): number {
    const w = this.weights();
    const masks = this.masks;
    let total = 0;
    let mean = 0;
    const allowed = this.allowed;
    for (let i = 0; i < allowed; i++) {
      total += w[i]!;
      mean += w[i]! * Math.exp(ll(masks[i]!));
    }
    return total > 0 ? ll(pack) - Math.log(mean / total) : 0;
  }

  /** The living seats, as a bitmask. */
  private livingMask(): number {
    const rec = this.record;
    let m = 0;
    for (let s = 0; s < rec.n; s++) if (rec.alive[s] === 1) m |= 1 << s;
    return m;
  }

  /** How many cards of `role` the deck holds. */
  copies(role: Role): number {
    let k = 0;
    for (const r of this.deck) if (r === role) k++;
    return k;
  }

  /** A new claim to an informed card: the claim itself, and the rivalry among its claimants. */
  private claim(i: number): void {
    const c = this.record.informed[i]!;
    this.reports[i] = 0;
    const copies = Math.max(1, this.copies(c.role));
    const innocents = Math.max(1, this.positions - this.wolves);
    const p = this.params;
    this.one(c.seat, Math.log((p.claimReal * copies) / innocents), Math.log(p.claimWolf));
    let rivalry = this.rivalries.find((r) => r.role === c.role);
    if (rivalry === undefined) this.rivalries.push((rivalry = { role: c.role, claimants: [] }));
    if (rivalry.claimants.includes(c.seat)) return;
    const before = rivalry.claimants.slice();
    rivalry.claimants.push(c.seat);
    // Only so many innocents can hold the card: each innocent claimant beyond that lies.
    const masks = this.masks;
    const logW = this.logW;
    const allowed = this.allowed;
    for (let k = 0; k < allowed; k++) {
      const m = masks[k]!;
      logW[k]! += (innocentExcess(m, rivalry.claimants, copies) - innocentExcess(m, before, copies)) * this.ln.slip;
    }
    this.changes++;
  }

  /**
   * The log-likelihood, per placement, of a claim of `role` by `seat` now: the claim itself
   * (an innocent holding the card claims it, a werewolf fakes it), and — the first time
   * this seat claims it — the rivalry: only so many innocents can hold the card, and
   * each innocent claimant beyond that lies (a slip).
   */
  private claimLogLikelihood(seat: number, role: Role): (m: number) => number {
    const copies = Math.max(1, this.copies(role));
    const innocents = Math.max(1, this.positions - this.wolves);
    const p = this.params;
    const l0 = Math.log((p.claimReal * copies) / innocents);
    const l1 = Math.log(p.claimWolf);
    const before = this.rivalries.find((r) => r.role === role)?.claimants ?? [];
    const fresh = !before.includes(seat);
    const after = fresh ? [...before, seat] : before;
    const slip = this.ln.slip;
    return (m) => (((m >>> seat) & 1) === 1 ? l1 : l0) + (fresh ? (innocentExcess(m, after, copies) - innocentExcess(m, before, copies)) * slip : 0);
  }

  /**
   * What a claim of `role` by `seat` now would do to the public's belief in the placement
   * `pack`: the log of the factor its posterior would be multiplied by, under the model
   * claims are read with. Negative: the claim makes the pack look less likely. Nothing is
   * changed (read the record first: `sync`).
   */
  claimLift(seat: number, role: Role, pack: number): number {
    return this.liftOf(this.claimLogLikelihood(seat, role), pack);
  }

  /** Adds, per placement, the log-likelihood of an act of `s` alone: `l0` if innocent, `l1` if a werewolf. */
  private one(s: number, l0: number, l1: number): void {
    const masks = this.masks;
    const logW = this.logW;
    const allowed = this.allowed;
    for (let i = 0; i < allowed; i++) logW[i]! += ((masks[i]! >>> s) & 1) === 1 ? l1 : l0;
    this.changes++;
  }

  /**
   * Adds the log-likelihood, to the power `weight`, of `a` picking `b` among the other
   * living seats (`b` included: it may have died of the pick since): a werewolf target
   * `upInnocent` times as likely as an innocent one when `a` is innocent, `upWolf` times
   * when `a` is a werewolf. Normalised over the seats `a` could have picked, so that picking
   * an innocent is evidence too: a werewolf, who spares his packmates, picks innocents more.
   */
  private choice(a: number, b: number, weight: number, upInnocent: number, upWolf: number): void {
    const living = this.livingMask();
    const { ll } = this.choiceTable(a, b, upInnocent, upWolf, living);
    const span = this.wolves + 1;
    const masks = this.masks;
    const logW = this.logW;
    // pickCell's count of werewolves among the candidates, (living | b) less a, from each
    // placement's count among the living: less a if he lives, plus b if he does not (and is not a).
    const counts = this.livingWolves(living);
    const aLiving = (living >>> a) & 1;
    const bDead = b !== a && ((living >>> b) & 1) === 0 ? 1 : 0;
    const allowed = this.allowed;
    for (let i = 0; i < allowed; i++) {
      const m = masks[i]!;
      const wolfA = (m >>> a) & 1;
      const wolfB = (m >>> b) & 1;
      logW[i]! += weight * ll[(2 * wolfA + wolfB) * span + counts[i]! - (wolfA & aLiving) + (wolfB & bDead)]!;
    }
    this.changes++;
  }

  /** Per allowed placement, how many of its werewolves are among `living` (made again when the living or the placements change). */
  private livingWolves(living: number): Uint8Array {
    if (this.countedLiving === living && this.countedKnowledge === this.knowledge && this.wolvesLiving !== null) return this.wolvesLiving;
    const masks = this.masks;
    const counts = (this.wolvesLiving ??= new Uint8Array(masks.length));
    const allowed = this.allowed;
    for (let i = 0; i < allowed; i++) counts[i] = bitCount(masks[i]! & living);
    this.countedLiving = living;
    this.countedKnowledge = this.knowledge;
    return counts;
  }

  /** The log-likelihood of `a` picking `b` under placement m, as `choice` weighs it (before its weight). */
  private choiceLogLikelihood(a: number, b: number, upInnocent: number, upWolf: number): (m: number) => number {
    const { cand, ll } = this.choiceTable(a, b, upInnocent, upWolf);
    const span = this.wolves + 1;
    return (m) => ll[pickCell(m, a, b, cand, span)]!;
  }

  /**
   * `a` picking `b`: the seats he could pick (`cand`), and the log-likelihood of the pick
   * under a placement by what it makes of the two and how many werewolves it puts among
   * the candidates — ll[(2·aWolf + bWolf)·(wolves + 1) + k] — a dozen cells read by a few
   * hundred placements, not a closure's logarithms computed for each.
   */
  private choiceTable(a: number, b: number, upInnocent: number, upWolf: number, living = this.livingMask()): { cand: number; ll: Float64Array } {
    const cand = (living | (1 << b)) & ~(1 << a);
    const size = bitCount(cand);
    // The cells depend on the candidates' number and the two factors alone: a game asks a
    // few dozen such tables over some hundred acts, each made once (the same numbers).
    for (const t of this.choiceTables) if (t.size === size && t.upInnocent === upInnocent && t.upWolf === upWolf) return { cand, ll: t.ll };
    const ll = this.newChoiceTable(size, upInnocent, upWolf);
    this.choiceTables.push({ size, upInnocent, upWolf, ll });
    return { cand, ll };
  }

  private newChoiceTable(size: number, upInnocent: number, upWolf: number): Float64Array {
    // log Z by whether a is a werewolf and how many werewolves are among the candidates.
    const wolves = this.wolves;
    const span = wolves + 1;
    const lnInnocent = Math.log(upInnocent);
    const lnWolf = Math.log(upWolf);
    const ll = new Float64Array(4 * span);
    for (let w = 0; w <= wolves; w++) {
      const lnZInnocent = Math.log(upInnocent * w + Math.max(size - w, 0) || 1);
      const lnZWolf = Math.log(upWolf * w + Math.max(size - w, 0) || 1);
      ll[0 * span + w] = 0 - lnZInnocent;
      ll[1 * span + w] = lnInnocent - lnZInnocent;
      ll[2 * span + w] = 0 - lnZWolf;
      ll[3 * span + w] = lnWolf - lnZWolf;
    }
    return ll;
  }

  /**
   * What a first-round ballot of `a` for `b` today (weighing `weight` of a full ballot: the
   * herd discount) would do to the public's belief in the placement `pack`: the log of the
   * factor its posterior would be multiplied by, under the model ballots are read with (the
   * pick, and a broken word).
   * Negative: the ballot makes the pack look less likely. Nothing is changed (`sync` first).
   */
  ballotLift(a: number, b: number, weight: number, pack: number): number {
    const pick = this.choiceLogLikelihood(a, b, this.params.voteAim, this.params.voteMate);
    const broke = this.brokeWord(a, b, this.record.day) ? this.ln.turn : 0;
    return this.liftOf((m) => weight * pick(m) + (((m >>> a) & 1) === 1 ? broke : 0), pack);
  }

  /** Adds the log-likelihood of an act of `a` about `b`, by which of them are werewolves (innocent a, innocent b first). */
  private pair(a: number, b: number, l00: number, l01: number, l10: number, l11: number): void {
    const masks = this.masks;
    const logW = this.logW;
    const allowed = this.allowed;
    for (let i = 0; i < allowed; i++) {
      const m = masks[i]!;
      const k = (((m >>> a) & 1) << 1) | ((m >>> b) & 1);
      logW[i]! += k === 0 ? l00 : k === 1 ? l01 : k === 2 ? l10 : l11;
    }
    this.changes++;
  }
}

/** What one seat knows beyond the public acts: the cards it knows, and what it knows of the left-over cards. */
export interface SeatKnowledge {
  /** Per seat: 1 a werewolf, -1 not, 0 unknown. */
  readonly known: Int8Array;
  /** How many werewolf cards lie among the left-over cards, if this seat knows (-1: unknown). */
  readonly spareWolves: number;
  /** Seats that claimed a card this seat knows they cannot hold (it holds the only one): each is an innocent only by a slip. */
  readonly falseClaimants: readonly number[];
}

/**
 * The seat's posterior, each seat's probability of holding a werewolf card, into `p`
 * (length n); false when no placement fits its knowledge (then `p` is untouched).
 */
export function seatPosterior(post: PublicPosterior, k: SeatKnowledge, p: number[] | Float64Array): boolean {
  const n = post.record.n;
  const masks = post.masks;
  // The placements the public allows, of which the seat's knowledge keeps its own.
  const w = post.weights();
  const count = post.size;
  let wolfMask = 0;
  let innocentMask = 0;
  for (let s = 0; s < n; s++) {
    if (k.known[s] === 1) wolfMask |= 1 << s;
    else if (k.known[s] === -1) innocentMask |= 1 << s;
  }
  let spareMask = 0;
  for (let s = n; s < post.positions; s++) spareMask |= 1 << s;
  let falseMask = 0;
  for (const s of k.falseClaimants) falseMask |= 1 << s;
  const slip = post.params.slip;
  const spareWolves = k.spareWolves;
  const acc = doubles(n);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const m = masks[i]!;
    if ((m & wolfMask) !== wolfMask || (m & innocentMask) !== 0) continue;
    if (spareWolves >= 0 && bitCount(m & spareMask) !== spareWolves) continue;
    let x = w[i]!;
    if (falseMask !== 0) for (let f = falseMask & ~m; f !== 0; f &= f - 1) x *= slip;
    if (x === 0) continue;
    total += x;
    for (let b = m & ~spareMask; b !== 0; b &= b - 1) acc[31 - Math.clz32(b & -b)]! += x;
  }
  if (!(total > 0)) return false;
  for (let s = 0; s < n; s++) p[s] = acc[s]! / total;
  return true;
}
