// What a speech changed, measured by intervention rather than by watching: for a day
// speech at decision N of a stored game, the rest of that day (the speeches after it, the
// votes, the verdict and its deaths) is played K times WITH the speech and K times
// WITHOUT it (silenced: no text, no claims; or, by `Silence`, only its claims or only its
// words), and the two arms are compared pair by pair.
//
// Sample k of both arms draws from the same fresh streams after N — every seat's and the
// moderator's, seeded from (the study's seed, the game, N, k) — so the two arms of a pair
// differ by the speech alone (common random numbers), and the K pairs are K draws of what
// the rest of the day could have been: never the stored day, whose votes are one draw of
// their own. Models are asked again in both arms (the record answers only the prefix),
// under the same sampling seed where the provider takes one (llm-fork.ts).
//
// Per speech, averaged over its K pairs:
//   vote-shift     votes moved: ½ Σ over candidates (and abstention) of |votes with − votes
//                  without| in the first ballot after the speech, weighted as counted (the
//                  sheriff's ×2). One voter who changes his mind moves 1.
//   outcome-shift  whether who went out that day (the verdicts' targets) differs.
//   side-shift     whether the day's outcome for the speaker's side differs: one of its
//                  own went out, an opponent, or nobody.
//   accused-shift  (speeches that accuse: a `suspect` claim or a `seen … werewolf`) the
//                  votes the accused gained: Σ over them of (with − without). Signed.
// The study reports each as a mean per speech per agent × side (and × role), with a 95%
// interval from a bootstrap over games, a game's speeches resampled with it (summary.ts).

import type { StudySpeechRow } from '../runs/study-table.js';
import type { AskedDecision } from '../agents/asked.js';
import { SILENCE, teamOf, type Answer, type Claim, type Event, type Role, type Team } from '../engine/index.js';
import { ok, type Result } from '../engine/index.js';
import { nightAfter, sharedPrefix, type ForkPlan } from './fork.js';
import type { TracedGame } from './stored.js';

/** Bumped whenever what a study measures changes: a study is continued only by the same measurement. */
// 2: the silenced speaker is not told of its silence (fork.ts `hiddenFromSpeaker`).
// 3: a seat's fresh streams are keyed by its decision's kind and rank (fork.ts `streamOf`).
export const STUDY_VERSION = 3;

export const DEFAULT_SAMPLES = 8;

/** The two arms of sample k: the plan of each. */
export interface ArmPlans {
  readonly with: ForkPlan;
  readonly without: ForkPlan;
}

/** Where sample k of a speech draws its streams after the speech (both arms). */
export function sampleSeed(studySeed: string, seedOfGame: string, at: number, k: number): string {
  return `${seedOfGame}/study:${studySeed}/d${at}/k${k}`;
}

/**
 * What the arm without the speech takes from it: `all` (no words, no claims: silence),
 * `claims` (its claims; its words stay: what the claims did) or `words` (its words; its
 * claims stay: what the words did). Bots read claims only, so on bots `words` moves nothing.
 */
export const SILENCES = ['all', 'claims', 'words'] as const;
export type Silence = (typeof SILENCES)[number];

/** The speech as the arm without it says it. */
function silenced(d: AskedDecision, silence: Silence): Answer {
  const a = d.answer;
  if (silence === 'all' || a.kind !== 'speech') return { kind: 'speech', ...SILENCE };
  return silence === 'claims' ? { kind: 'speech', claims: [], ...(a.text === undefined ? {} : { text: a.text }) } : { kind: 'speech', claims: a.claims };
}

/** Whether the speech holds what the arm would take away (a speech with no claims has nothing for `claims` to silence). */
export function silences(d: AskedDecision, silence: Silence): boolean {
  const a = d.answer;
  if (silence === 'all') return true;
  if (a.kind !== 'speech') return false;
  return silence === 'claims' ? a.claims.length > 0 : (a.text ?? '').trim() !== '';
}

/** The plans of sample k's arms for the speech at decision `d`. */
export function armPlans(d: AskedDecision, fresh: string, silence: Silence = 'all'): ArmPlans {
  return {
    with: { at: d.id, fresh, stop: nightAfter(d.asked) },
    // The speaker is not told of its silence: it believes it spoke (fork.ts `hiddenFromSpeaker`).
    without: { at: d.id, answer: silenced(d, silence), fresh, stop: nightAfter(d.asked), hiddenFromSpeaker: true },
  };
}

/** What one arm's rest of the day came to. */
export interface ArmOutcome {
  /** Weighted votes per candidate in the first ballot after the speech; the last entry is abstentions. */
  readonly ballot: readonly number[];
  /** The verdicts' targets (who went out), sorted; empty: nobody. */
  readonly out: readonly number[];
  /** For the speaker's side: 'own' / 'other' per player who went out (sorted), '' when nobody did. */
  readonly forSide: string;
}

/** The card each seat holds after the first `end` events (deals, thieves, Harvest swaps, Miracles). */
export function cardsAt(log: readonly Event[], end: number): Role[] {
  const cards: Role[] = [];
  for (let i = 0; i < end; i++) {
    const e = log[i]!;
    if (e.type === 'deal') cards[e.seat] = e.role;
    else if ((e.type === 'thief-swap' || e.type === 'thief-steal') && e.took !== null) cards[e.seat] = e.took;
    else if (e.type === 'role-change') cards[e.seat] = e.role;
    else if (e.type === 'miracle') cards[e.seat] = 'villager';
  }
  return cards;
}

/** The rest of the day after event `from` in an arm's log. */
export function armOutcome(log: readonly Event[], from: number, players: number, side: Team): ArmOutcome {
  const ballot = new Array<number>(players + 1).fill(0);
  let counted = false;
  const out: number[] = [];
  let end = log.length;
  for (let i = from; i < log.length; i++) {
    const e = log[i]!;
    if (e.type === 'night') {
      end = i;
      break;
    }
    if (e.type === 'votes' && !counted) {
      counted = true;
      for (const v of e.votes) ballot[v.target === null ? players : v.target]! += v.weight;
    } else if (e.type === 'verdict' && e.target !== null) out.push(e.target);
  }
  out.sort((a, b) => a - b);
  const cards = cardsAt(log, end);
  const forSide = out.map((s) => (cards[s] !== undefined && teamOf(cards[s]) === side ? 'own' : 'other')).join(',');
  return { ballot, out, forSide };
}

/** The players a speech accuses: its `suspect` claims and its `seen … werewolf` reports. */
export function accusedBy(claims: readonly Claim[]): number[] {
  const out = new Set<number>();
  for (const c of claims) if (c.type === 'suspect' || (c.type === 'seen' && c.result === 'werewolf')) out.add(c.target);
  return [...out].sort((a, b) => a - b);
}

/** One speech measured: who spoke, as what, and the four figures averaged over its samples. */
/** A measured speech (runs/study-table.ts says each field), its side, card and claims as this code knows them. */
export interface SpeechResult extends Omit<StudySpeechRow, 'side' | 'role' | 'claims'> {
  /** The team of the card the speaker held, and the card. */
  readonly side: Team;
  readonly role: Role;
  /** The speech's claims, as it made them (its words are in the stored game). */
  readonly claims: readonly Claim[];
}

/** The speeches of a recorded game made by seats whose agent `measured` accepts. */
export function speechesOf(original: TracedGame, measured: (spec: string) => boolean): AskedDecision[] {
  return original.asked.filter((d): d is AskedDecision => d !== undefined && d.kind === 'speech' && measured(original.specs[d.seat] ?? ''));
}

/** The claims the speech decision `d` made in the original game. */
function claimsAt(o: TracedGame, d: AskedDecision): readonly Claim[] {
  const e = o.game.log[d.asked];
  return e?.type === 'speech' ? e.claims : [];
}

/** A Seer's speech that reports a werewolf she saw (the acceptance figures' choice of speeches). */
export const seerNaming = (o: TracedGame, d: AskedDecision): boolean =>
  o.game.state.seats[d.seat]!.dealt === 'seer' && claimsAt(o, d).some((c) => c.type === 'seen' && c.result === 'werewolf');

/** A werewolf's speech that claims the Seer's card. */
export const fakeSeer = (o: TracedGame, d: AskedDecision): boolean =>
  o.game.state.seats[d.seat]!.dealt === 'werewolf' && claimsAt(o, d).some((c) => c.type === 'role' && c.role === 'seer');

/** Who the speaker is at the speech: its agent, the card it holds and that card's team. */
export function speakerOf(original: TracedGame, d: AskedDecision): { readonly agent: string; readonly role: Role; readonly side: Team } {
  const role = cardsAt(original.game.log, d.asked)[d.seat]!;
  return { agent: original.specs[d.seat] ?? '?', role, side: teamOf(role) };
}

/** A speech's figures from its K pairs of arms. */
export function measure(
  at: { readonly run: number; readonly game: number; readonly original: TracedGame; readonly decision: AskedDecision },
  pairs: readonly { readonly with: ArmOutcome; readonly without: ArmOutcome }[],
): SpeechResult {
  const d = at.decision;
  const speaker = speakerOf(at.original, d);
  const players = at.original.game.setup.players;
  const speech = at.original.game.log[d.asked];
  const claims = speech?.type === 'speech' ? speech.claims : [];
  const accused = accusedBy(claims);
  const delta = new Array<number>(players + 1).fill(0);
  let shift = 0;
  let outcome = 0;
  let side = 0;
  let gained = 0;
  for (const p of pairs) {
    let moved = 0;
    for (let c = 0; c <= players; c++) {
      const diff = p.with.ballot[c]! - p.without.ballot[c]!;
      delta[c]! += diff;
      moved += Math.abs(diff);
    }
    shift += moved / 2;
    if (p.with.out.join(',') !== p.without.out.join(',')) outcome++;
    if (p.with.forSide !== p.without.forSide) side++;
    for (const t of accused) gained += p.with.ballot[t]! - p.without.ballot[t]!;
  }
  const k = pairs.length;
  const day = d.decision.kind === 'speech' ? d.decision.day : 0;
  return {
    run: at.run,
    game: at.game,
    decision: d.id,
    seat: d.seat,
    agent: speaker.agent,
    side: speaker.side,
    role: speaker.role,
    day,
    samples: k,
    voteShift: shift / k,
    outcomeShift: outcome / k,
    sideShift: side / k,
    accuses: accused.length > 0,
    accusedShift: accused.length > 0 ? gained / k : 0,
    delta: delta.map((x) => x / k),
    claims,
  };
}

/**
 * Plays one arm (a bot game at once; a game with models through its session): null when
 * it could not be played to the end of the day (a model session stopped: budget, Ctrl-C).
 */
export type ArmPlayer = (plan: ForkPlan) => Promise<Result<TracedGame | null, string>>;

/**
 * Measures the speech at `d`: K samples, each a pair of arms from the same fresh streams.
 * Null when an arm could not be played (a model session stopped: budget, Ctrl-C).
 */
export async function measureSpeech(o: {
  readonly run: number;
  readonly game: number;
  readonly original: TracedGame;
  readonly decision: AskedDecision;
  readonly samples: number;
  readonly studySeed: string;
  readonly play: ArmPlayer;
  /** Check that the arms are the stored game up to the speech, event for event (once a game is enough: the arms of its speeches share their code path). */
  readonly checkPrefix?: boolean | undefined;
  /** What the arm without the speech takes from it (default all). */
  readonly silence?: Silence | undefined;
}): Promise<Result<SpeechResult | null, string>> {
  const d = o.decision;
  const g = o.original.game;
  const side = speakerOf(o.original, d).side;
  const players = g.setup.players;
  const plays: Promise<Result<{ with: ArmOutcome; without: ArmOutcome } | null, string>>[] = [];
  for (let k = 0; k < o.samples; k++) {
    const plans = armPlans(d, sampleSeed(o.studySeed, g.seed, d.id, k), o.silence);
    plays.push(
      Promise.all([o.play(plans.with), o.play(plans.without)]).then(([ra, rb]) => {
        if (!ra.ok) return ra;
        if (!rb.ok) return rb;
        const a = ra.value;
        const b = rb.value;
        if (a === null || b === null) return ok(null);
        // Both arms are the stored game up to the speech (checked on the first sample of a game's first speech).
        if (k === 0 && o.checkPrefix === true && (sharedPrefix(a.game.log, g.log) < d.asked || sharedPrefix(b.game.log, g.log) < d.asked))
          throw new Error(`an arm of game ${o.game} (run ${o.run}) departs from the stored game before decision #${d.id}`);
        return ok({ with: armOutcome(a.game.log, d.asked, players, side), without: armOutcome(b.game.log, d.asked, players, side) });
      }),
    );
  }
  const pairs: { with: ArmOutcome; without: ArmOutcome }[] = [];
  for (const r of await Promise.all(plays)) {
    if (!r.ok) return r;
    if (r.value === null) return ok(null);
    pairs.push(r.value);
  }
  return ok(measure({ run: o.run, game: o.game, original: o.original, decision: d }, pairs));
}
