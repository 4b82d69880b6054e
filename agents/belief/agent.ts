// The belief agent: the heuristic's play (its decision handlers, talk and plan) steered
// by a posterior over deals instead of the heuristic's suspicion scores. Both of the
// views a handler reads are posteriors (posterior.ts): its own, from the placements of
// the werewolf cards its knowledge allows, weighed by the public acts; and the village's,
// from public knowledge alone — what an ideal reader of the public record believes, which
// is what the pack plays against. Where no posterior can be had (posterior.ts says when)
// it plays on the heuristic's view.

import type { Role } from '../../engine/index.js';
import { HeuristicAgent } from '../heuristic/agent.js';
import { intentsAgainst } from '../heuristic/consensus.js';
import type { Beliefs } from '../heuristic/beliefs.js';
import type { PublicRecord } from '../heuristic/public.js';
import type { SharedRecords } from '../heuristic/shared.js';
import { View } from '../heuristic/view.js';
import { parseBelief, type ParsedBelief } from './params.js';
import { bitCount, PublicPosterior, placements, seatPosterior, type SeatKnowledge } from './posterior.js';

/** A pack's kill lifts (`PublicPosterior.killLifts`) and what they were computed from; ok false where the pack's placement is not known. */
interface PackLifts {
  readonly post: PublicPosterior;
  readonly values: Float64Array;
  night: number;
  pack: number;
  version: number;
  postVersion: number;
  ok: boolean;
}

/** What the belief seats of one game share: each public record's posterior, per parameter text; each argument parsed; the pack's kill lifts. */
export class BeliefRecords {
  private readonly made: { readonly record: PublicRecord; readonly text: string; readonly post: PublicPosterior | null }[] = [];
  private readonly arguments: { readonly argument: string | undefined; readonly parsed: ParsedBelief }[] = [];
  private readonly lifts: PackLifts[] = [];

  /**
   * The kill lifts of `pack` on `night` under `post` (read the record first: `sync`), at the
   * record's `version`: made once for the whole pack, whose werewolves each weigh every victim
   * alike (the same posterior, the same pack), not once by each of them.
   */
  packLifts(post: PublicPosterior, pack: number, night: number, version: number): PackLifts {
    let lifts: PackLifts | undefined;
    for (const l of this.lifts) if (l.post === post) lifts = l;
    if (lifts === undefined) this.lifts.push((lifts = { post, values: new Float64Array(post.record.n), night: -1, pack: 0, version: -1, postVersion: -1, ok: false }));
    if (lifts.night !== night || lifts.version !== version || lifts.postVersion !== post.version || lifts.pack !== pack) {
      lifts.night = night;
      lifts.version = version;
      lifts.postVersion = post.version;
      lifts.pack = pack;
      lifts.ok = bitCount(pack) === post.wolves;
      if (lifts.ok) post.killLifts(pack, lifts.values);
    }
    return lifts;
  }

  /** `argument` parsed once for the game's seats that give it (read-only, shared); the spec was checked before any game was made. */
  parsed(argument: string | undefined): ParsedBelief {
    for (const a of this.arguments) if (a.argument === argument) return a.parsed;
    const r = parseBelief(argument);
    if (!r.ok) throw new Error(`belief agent: ${r.error} (the spec should have been checked first)`);
    this.arguments.push({ argument, parsed: r.value });
    return r.value;
  }

  /** The posterior of `record` under `parsed`'s parameters, made on first use; null where there are too many placements. */
  posterior(record: PublicRecord, deck: readonly Role[], parsed: ParsedBelief): PublicPosterior | null {
    for (const m of this.made) if (m.record === record && m.text === parsed.text) return m.post;
    let wolves = 0;
    for (const r of deck) if (r === 'werewolf') wolves++;
    const masks = placements(deck.length, wolves);
    const post = masks === null ? null : new PublicPosterior(record, masks, deck, parsed.params);
    this.made.push({ record, text: parsed.text, post });
    return post;
  }
}

/** Roles whose claims the posterior weighs as informed (their holder reports what she saw). */
const INFORMED: ReadonlySet<Role> = new Set<Role>(['seer', 'little-girl']);

/** A view and what it was computed from. */
interface Kept {
  readonly view: View;
  version: number;
  postVersion: number;
  /** False: no posterior fit, the heuristic's view is used. */
  ok: boolean;
}

/** Lifts closer than this are equal (the same sums in another order). */
const TIED = 1e-9;

export class BeliefAgent extends HeuristicAgent {
  private own: Kept | null = null;
  private public: Kept | null = null;

  constructor(
    name: string,
    private readonly parsed: ParsedBelief,
    seat: number,
    shared: SharedRecords,
    private readonly records: BeliefRecords,
  ) {
    super(name, parsed.knobs, seat, shared);
  }

  get bandwagon(): number {
    return this.parsed.params.bandwagon;
  }

  override mine(): View {
    const b = this.b;
    const kept = (this.own ??= { view: new View(b.n), version: -1, postVersion: -1, ok: false });
    return this.refresh(kept, true) ? kept.view : super.mine();
  }

  override village(): View {
    const b = this.b;
    const kept = (this.public ??= { view: new View(b.n), version: -1, postVersion: -1, ok: false });
    return this.refresh(kept, false) ? kept.view : super.village();
  }

  /**
   * The pack deceives on purpose: a victim whose death would make the public likelier to
   * see the pack for what it is (the silence model: the pack kills those who accused it)
   * is worth `deceive` times that log-factor less. The pack knows its placement; where it
   * does not (a werewolf card among a Thief's left-over cards), it values victims alone.
   */
  packLift(victim: number): number {
    const b = this.b;
    const post = this.records.posterior(b.record, b.deck, this.parsed);
    if (post === null) return 0;
    post.sync();
    // Every victim of one night's pack decision reads the same record (nothing public happens
    // between the pack's rounds): the lifts are made once per night for the whole pack, and
    // again if anything changed.
    const { pack } = this.packSeats();
    const lifts = this.records.packLifts(post, pack, b.night, b.publicVersion);
    return lifts.ok ? this.parsed.params.deceive * lifts.values[victim]! : 0;
  }

  /**
   * The pack deceives on purpose with its ballots. The village's ballots are read for how
   * often a werewolf spares his packmates (`voteMate`), so a werewolf who joins the
   * village against an innocent looks like one. Where the village's own announced intents
   * send the innocent out whatever the pack does, and a packmate cannot be sent out even
   * if the whole pack votes for him, a ballot for that packmate costs nothing: if, under
   * the public's model (the pick, and the broken word if I announced another target), it
   * makes the pack look less likely than joining would, I cast it with probability
   * `distance` (for the packmate whose ballot lowers the public's belief in the pack most).
   * Off by default: docs/belief.md says what it does to the table.
   */
  packBallot(heading: number, legal: readonly number[]): number {
    const b = this.b;
    const params = this.parsed.params;
    if (params.distance === 0) return -1;
    const post = this.records.posterior(b.record, b.deck, this.parsed);
    if (post === null) return -1;
    const { pack, packAlive } = this.packSeats();
    if (bitCount(pack) !== post.wolves) return -1;
    const villagers = (s: number) => b.packmate[s] === 0 && s !== b.me;
    const forHeading = intentsAgainst(this, heading, villagers);
    const safe = legal.filter((s) => b.packmate[s] === 1 && b.alive[s] === 1 && s !== b.lover && intentsAgainst(this, s, villagers) + packAlive < forHeading);
    if (safe.length === 0) return -1;
    post.sync();
    // A ballot weighs as the reader weighs it: less the more of the round votes alike (intents as the forecast).
    const living = Math.max(1, b.livingCount);
    const weight = (votes: number) => 1 - params.herd * Math.min(1, votes / living);
    const join = post.ballotLift(b.me, heading, weight(forHeading + packAlive), pack);
    let best = -1;
    let bestLift = join;
    for (const s of safe) {
      const lift = post.ballotLift(b.me, s, weight(intentsAgainst(this, s, villagers) + 1), pack);
      if (lift < bestLift) {
        best = s;
        bestLift = lift;
      }
    }
    return best >= 0 && this.rng.chance(params.distance) ? best : -1;
  }

  /**
   * The pack's fake Seer, chosen by what the claim serves (`claimBy`; the pack's whether to
   * fake is drawn alike by all, heuristic/wolf.ts). 1: the first packmate to speak that day,
   * for a village favours the first of rival claimants. 2: of the `candidates` (living
   * packmates still to speak today), those whose claim would multiply the public's belief in
   * the true pack by the least (PublicPosterior `claimLift`; equal lifts tie, as on a first
   * day when nothing tells the packmates apart). Every packmate computes it alike: the
   * record is public, the pack is known to each. Null (the heuristic's draw) where
   * `claimBy` is 0, or for 2 where the pack's placement is not known.
   */
  packClaimants(candidates: readonly number[]): readonly number[] | null {
    const by = this.parsed.params.claimBy;
    if (by === 0) return null;
    // The first packmate to speak (I speak now; had one spoken before me, he would have claimed).
    if (by === 1) return [this.b.me];
    const b = this.b;
    const post = this.records.posterior(b.record, b.deck, this.parsed);
    if (post === null) return null;
    const { pack } = this.packSeats();
    if (bitCount(pack) !== post.wolves) return null;
    post.sync();
    const lifts = candidates.map((w) => post.claimLift(w, 'seer', pack));
    const least = Math.min(...lifts);
    return candidates.filter((_, i) => lifts[i]! <= least + TIED);
  }

  /**
   * A bystander knows nothing the public record does not say, so its likeliest werewolf is
   * every bystander's, and naming it adds nothing but a lead for the others to follow. The
   * day's first voices (while fewer than `openers` of the living have spoken) name one drawn
   * from their posterior instead (each in proportion to the chance he holds a werewolf
   * card, from the seat's own stream), so the village hears more than one name before the
   * later voices, nearer the vote, name their likeliest.
   */
  talkTarget(others: readonly number[]): number {
    const b = this.b;
    const openers = this.parsed.params.openers;
    if (openers === 0 || b.wolfTeam || !b.bystander()) return -1;
    let spoke = 0;
    for (let s = 0; s < b.n; s++) spoke += b.record.spokeToday[s]!;
    if (spoke >= openers * b.livingCount) return -1;
    const cands = b.withoutAllies(others);
    const p = this.mine().p;
    let total = 0;
    for (const s of cands) total += p[s]!;
    if (!(total > 0)) return -1;
    let x = this.rng.float() * total;
    for (const s of cands) {
      x -= p[s]!;
      if (x < 0) return s;
    }
    return cands[cands.length - 1]!;
  }

  /** My pack's seats as a bitmask (mine among them), and how many of them are alive (I am). */
  private packSeats(): { readonly pack: number; readonly packAlive: number } {
    const b = this.b;
    let pack = 1 << b.me;
    let packAlive = 1;
    for (let s = 0; s < b.n; s++) {
      if (b.packmate[s] !== 1 || s === b.me) continue;
      pack |= 1 << s;
      if (b.alive[s] === 1) packAlive++;
    }
    return { pack, packAlive };
  }

  /** Recomputes `kept` if anything it reads changed; false when no posterior fits. */
  private refresh(kept: Kept, priv: boolean): boolean {
    const b = this.b;
    const post = this.records.posterior(b.record, b.deck, this.parsed);
    if (post === null) return false;
    post.sync();
    const version = priv ? b.version : b.publicVersion;
    if (kept.version === version && kept.postVersion === post.version) return kept.ok;
    kept.version = version;
    kept.postVersion = post.version;
    // A bystander (heuristic/beliefs.ts: I know nothing the public facts do not say but my
    // own innocence) reads the public posterior with its own seat cleared, not one
    // renormalised on its innocence: that inference is true, but it gives every innocent a
    // slightly different ranking, and a village that ranks alike votes alike. Renormalised,
    // the village split its day-2 vote over 1.69 targets instead of 1.28 and won 58.2% of
    // 004's 8-player games against heuristic werewolves instead of 71.7% (docs/belief.md).
    const bystander = priv && b.bystander();
    kept.ok = priv && !bystander ? seatPosterior(post, ownKnowledge(b, post), kept.view.p) : post.publicPosterior(kept.view.p);
    if (bystander) kept.view.p[b.me] = 0;
    if (kept.ok) finish(b, priv ? b.known : b.pub, priv, kept.view);
    return kept.ok;
  }
}

function ownKnowledge(b: Beliefs, post: PublicPosterior): SeatKnowledge {
  const falseClaimants: number[] = [];
  const role = b.role;
  if (role !== 'villager' && role !== 'werewolf' && post.copies(role) === 1) {
    for (let s = 0; s < b.n; s++) if (s !== b.me && b.claimed[s] === role) falseClaimants.push(s);
  }
  return { known: b.known, spareWolves: b.wolvesOut, falseClaimants };
}

/**
 * The rest of a view from its posterior: the dead are no one's target (0 unless known
 * werewolves), the prior is the mean over the living seats not known, and an informed
 * claimant's credibility is the chance she is no werewolf (1 when proven or when it is me).
 */
function finish(b: Beliefs, K: Int8Array, priv: boolean, v: View): void {
  const n = b.n;
  const p = v.p;
  const alive = b.alive;
  let sum = 0;
  let unknown = 0;
  for (let s = 0; s < n; s++) {
    if (K[s] === 1) p[s] = 1;
    else if (K[s] === -1 || alive[s] === 0) p[s] = 0;
    else {
      sum += p[s]!;
      unknown++;
    }
  }
  v.prior = unknown > 0 ? sum / unknown : 0;
  const cred = v.cred;
  for (let s = 0; s < n; s++) cred[s] = 0;
  for (const c of b.informed) {
    if (!INFORMED.has(c.role)) continue;
    const s = c.seat;
    if (c.proven || (priv && s === b.me && b.role === c.role)) cred[s] = 1;
    else if (!c.liar && alive[s] === 1 && K[s] !== 1) cred[s] = Math.max(cred[s]!, 1 - p[s]!);
  }
}
