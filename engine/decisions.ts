// What the engine asks of a player, and what the player answers. Every decision lists
// its legal choices; an answer is validated against that list and an illegal one is
// returned as a typed error (never thrown), so a bot's or a model's mistake can be
// counted, re-asked or replaced by a fallback by whoever drives the game.

import { MAX_TEXT, validateStatement, type Claim, type Statement } from './claims.js';
import { questionArity, type SeanceQuestion } from './moon/cards.js';
import { err, ok, type Result } from './result.js';
import type { Role } from './teams.js';

/** Decisions whose answer is one target (or null where `mayPass`). */
export const TARGET_KINDS = [
  'guard',
  'seer',
  'pack',
  'hunter',
  'successor',
  'election',
  'vote',
  'tie-break',
  'catch', // caughtGirl=pack-chooses: the pack's leader kills the caught Little Girl (her seat) or not (null)
  // Harvest Festival (004)
  'steal', // the thief swaps his card with a player's (null: keeps his own)
  'potion', // the witch's single potion, on a player (null: not tonight)
  'sacrifice', // the village votes which of the scapegoat's neighbours dies on a tie
  // New Moon (004)
  'vouch', // Bleak Monday: the standing player vouches for another
  'punish', // Punishment: the last dead names a player
] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const DECISION_KINDS = [
  ...TARGET_KINDS,
  'thief',
  'cupid',
  'peek',
  'witch',
  'piper',
  'scapegoat',
  'speech',
  'secret-lover', // Harvest Festival: Cupid wakes again for the third lover
  'medium', // New Moon, Spiritualism: the medium's question
  'defend', // New Moon, Punishment: vouch for the accused or not
  'friends', // New Moon, Great Distrust: two best friends
  'pact', // New Moon, Pact with the Devil: the convicted's choice
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

interface Base {
  /** Unique within a game, increasing. */
  readonly id: number;
  readonly seat: number;
}

export interface TargetDecision<K extends TargetKind = TargetKind> extends Base {
  readonly kind: K;
  /** The legal targets, ascending by seat. */
  readonly targets: readonly number[];
  /** Whether null (no target: abstain, hold fire, void) is legal. */
  readonly mayPass: boolean;
}

export interface PackDecision extends TargetDecision<'pack'> {
  readonly round: number;
  readonly rounds: number;
  /** The living wolf whose proposal the others may follow (the lowest seat). */
  readonly leader: number;
  /** The pack's proposals (and what each wolf said) in the previous round; empty in round 1. */
  readonly previous: readonly Proposal[];
}

/** A wolf's proposal in the pack's night chat: a victim (null: none) and words for the pack. */
export interface Proposal {
  readonly voter: number;
  readonly target: number | null;
  readonly say?: string | undefined;
}

export interface VoteDecision extends TargetDecision<'vote'> {
  readonly round: number;
  /** Votes count this much (2 for the sheriff). */
  readonly weight: number;
}

/**
 * caughtGirl=pack-chooses (001, 002): the pack caught the Little Girl peeking; its leader
 * (the first living wolf who is not her lover, under loversMayKillEachOther=false) names
 * her (she is the night's victim instead) or passes (she lives, the victim stands).
 */
export interface CatchDecision extends TargetDecision<'catch'> {
  /** The pack's victim, who dies instead if she is spared (null: nobody). */
  readonly victim: number | null;
}

/** Harvest Festival: the witch's single potion; a draw decides its effect when she uses it. */
export interface PotionDecision extends TargetDecision<'potion'> {
  /** The pack's victim she is shown (null: nobody). */
  readonly victim: number | null;
}

/** Harvest Festival: on a tie, the village votes which of the Scapegoat's two neighbours dies. */
export interface SacrificeDecision extends TargetDecision<'sacrifice'> {
  readonly scapegoat: number;
  /** Votes count this much (2 for the sheriff). */
  readonly weight: number;
}

export type Decision =
  | TargetDecision<'guard' | 'seer' | 'hunter' | 'successor' | 'election' | 'tie-break' | 'steal' | 'vouch' | 'punish'>
  | PackDecision
  | CatchDecision
  | VoteDecision
  | PotionDecision
  | SacrificeDecision
  | (Base & { readonly kind: 'thief'; readonly cards: readonly [Role, Role]; readonly mustTake: boolean })
  | (Base & { readonly kind: 'cupid'; readonly candidates: readonly number[] })
  | (Base & { readonly kind: 'peek' })
  | (Base & {
      readonly kind: 'witch';
      /** The pack's victim she is shown (null: nobody). */
      readonly victim: number | null;
      readonly canHeal: boolean;
      /** Empty when the poison is spent. */
      readonly poisonTargets: readonly number[];
      /** Potions she may use tonight (witchPotionsPerNight). */
      readonly potionsTonight: 1 | 2;
    })
  | (Base & { readonly kind: 'piper'; readonly candidates: readonly number[]; readonly count: number })
  | (Base & { readonly kind: 'scapegoat'; readonly candidates: readonly number[] })
  | (Base & {
      readonly kind: 'speech';
      readonly day: number;
      /** Set when the tied players speak again before a re-vote. */
      readonly revote: boolean;
      /** 001: a Little Girl claim may name at most this many werewolves (null: no limit). */
      readonly littleGirlMaxNamed: number | null;
      readonly players: number;
    })
  /** Harvest Festival: Cupid names one of the two lovers (the unfaithful, B) and a new, secret lover (C). */
  | (Base & { readonly kind: 'secret-lover'; readonly lovers: readonly [number, number]; readonly candidates: readonly number[] })
  /** Spiritualism: the medium asks the ghost one of the card's questions, naming players where it asks about them. */
  | (Base & {
      readonly kind: 'medium';
      readonly ghost: number;
      readonly questions: readonly SeanceQuestion[];
      /** Whom a question may name: the living, but the medium. */
      readonly targets: readonly number[];
    })
  /** Punishment: vouch for the accused's innocence (two vouchers save him). */
  | (Base & { readonly kind: 'defend'; readonly accused: number })
  /** Great Distrust: name `count` best friends among the targets. */
  | (Base & { readonly kind: 'friends'; readonly targets: readonly number[]; readonly count: number })
  /** Pact with the Devil: the convicted may make a pact and not be hanged. */
  | (Base & { readonly kind: 'pact' });

export type DecisionOf<K extends DecisionKind> = Extract<Decision, { kind: K }>;

export type Answer =
  | { readonly kind: Exclude<TargetKind, 'pack'>; readonly target: number | null }
  /** `say`: words for the pack, shown with the proposals (the wolves' night chat). */
  | { readonly kind: 'pack'; readonly target: number | null; readonly say?: string | undefined }
  | { readonly kind: 'thief'; readonly take: 0 | 1 | null }
  | { readonly kind: 'cupid'; readonly lovers: readonly [number, number] }
  | { readonly kind: 'peek'; readonly peek: boolean }
  | { readonly kind: 'witch'; readonly heal: boolean; readonly poison: number | null }
  | { readonly kind: 'piper'; readonly targets: readonly number[] }
  | { readonly kind: 'scapegoat'; readonly voters: readonly number[] }
  | { readonly kind: 'speech'; readonly claims: readonly Claim[]; readonly text?: string | undefined }
  | { readonly kind: 'secret-lover'; readonly unfaithful: number; readonly secret: number }
  | { readonly kind: 'medium'; readonly question: SeanceQuestion; readonly about: readonly number[] }
  | { readonly kind: 'defend'; readonly defend: boolean }
  | { readonly kind: 'friends'; readonly friends: readonly number[] }
  | { readonly kind: 'pact'; readonly accept: boolean };

export type AnswerOf<K extends DecisionKind> = K extends 'pack'
  ? Extract<Answer, { kind: 'pack' }>
  : K extends TargetKind
    ? { readonly kind: K; readonly target: number | null }
    : Extract<Answer, { kind: K }>;

/** Why an answer was not taken: the engine's reasons, and the drivers' `agent-failed` (agents/play.ts: the agent threw instead of answering). */
export const DECISION_ERRORS = ['no-decision', 'wrong-kind', 'malformed', 'illegal', 'game-over', 'agent-failed'] as const;
export type DecisionErrorCode = (typeof DECISION_ERRORS)[number];

export interface DecisionError {
  readonly code: DecisionErrorCode;
  readonly seat: number;
  readonly message: string;
}

const fail = (code: DecisionErrorCode, seat: number, message: string): Result<never, DecisionError> =>
  err({ code, seat, message });

/**
 * A switch, the commonest kinds first: a set's lookup cost some two hundred instructions,
 * and every answer is checked with it. test/engine/decisions.test.ts holds it to TARGET_KINDS.
 */
export function isTargetKind(kind: string): kind is TargetKind {
  switch (kind) {
    case 'vote':
    case 'election':
    case 'pack':
    case 'seer':
    case 'guard':
    case 'hunter':
    case 'successor':
    case 'tie-break':
    case 'catch':
    case 'steal':
    case 'potion':
    case 'sacrifice':
    case 'vouch':
    case 'punish':
      return true;
    default:
      return false;
  }
}

/** A decision whose answer is one target: narrowed once, so no switch writes out the target kinds. */
export type AnyTargetDecision = Extract<Decision, { kind: TargetKind }>;

export function isTargetDecision(d: Decision): d is AnyTargetDecision {
  return isTargetKind(d.kind);
}

function isSeatOrNull(x: unknown): x is number | null {
  return x === null || (typeof x === 'number' && Number.isInteger(x));
}

function distinctSeats(xs: unknown, allowed: readonly number[]): xs is number[] {
  if (!Array.isArray(xs)) return false;
  const seen = new Set<number>();
  for (const x of xs) {
    if (typeof x !== 'number' || !allowed.includes(x) || seen.has(x)) return false;
    seen.add(x);
  }
  return true;
}

/** `t` is in `xs` (a loop: for a handful of seats the builtin's call costs more than the search). */
function listed(xs: readonly number[], t: number): boolean {
  for (let i = 0; i < xs.length; i++) if (xs[i] === t) return true;
  return false;
}

const list = (xs: readonly number[]) => (xs.length === 0 ? 'nobody' : xs.join(', '));

/**
 * Checks an answer against a decision's legal choices, and returns it rebuilt from the
 * checked fields alone: what an agent sent besides (extra fields, a missing optional list)
 * never reaches the game, its log or what reads the log.
 */
/**
 * The accepted answer of every speech that says nothing (no claims, no text): most of a
 * simple agent's speeches, accepted without building anything. Frozen: the log's speech
 * events share its claims.
 */
const SILENT_SPEECH: Result<Answer, DecisionError> = Object.freeze(ok(Object.freeze({ kind: 'speech', claims: Object.freeze([]) }) as Answer));

export function validateAnswer(d: Decision, a: unknown): Result<Answer, DecisionError> {
  if (typeof a !== 'object' || a === null || typeof (a as { kind?: unknown }).kind !== 'string')
    return fail('malformed', d.seat, `an answer is an object with a kind ('${d.kind}' is owed)`);
  const ans = a as Record<string, unknown>;
  if (ans.kind !== d.kind) return fail('wrong-kind', d.seat, `a '${d.kind}' answer is owed, not '${String(ans.kind)}'`);
  // Speech, the most frequent decision, skips the lookup.
  return d.kind !== 'speech' && isTargetDecision(d) ? validateTarget(d, ans) : validateOther(d, ans);
}

function validateTarget(d: AnyTargetDecision, ans: Record<string, unknown>): Result<Answer, DecisionError> {
  const t = ans.target;
  if (!isSeatOrNull(t)) return fail('malformed', d.seat, 'target must be a seat number or null');
  const say = d.kind === 'pack' ? ans.say : undefined;
  if (say !== undefined && (typeof say !== 'string' || say.length > MAX_TEXT))
    return fail('malformed', d.seat, `say is a string of at most ${MAX_TEXT} characters`);
  if (t === null) {
    if (!d.mayPass) return fail('illegal', d.seat, `a target is required; legal: ${list(d.targets)}`);
  } else if (!listed(d.targets, t)) {
    return fail('illegal', d.seat, `seat ${t} is not a legal ${d.kind} target; legal: ${list(d.targets)}${d.mayPass ? ' or null' : ''}`);
  }
  if (d.kind !== 'pack') return ok({ kind: d.kind, target: t } as Answer);
  return ok(say === undefined ? { kind: 'pack', target: t } : { kind: 'pack', target: t, say });
}

function validateOther(d: Exclude<Decision, AnyTargetDecision>, ans: Record<string, unknown>): Result<Answer, DecisionError> {
  switch (d.kind) {
    case 'speech': {
      // Silence needs no more checking, and is one answer for all: nothing of the agent's object is kept.
      if (ans.text === undefined && Array.isArray(ans.claims) && ans.claims.length === 0) return SILENT_SPEECH;
      const v = validateStatement(ans, d.seat, d.players, d.littleGirlMaxNamed);
      if (!v.ok) return fail('illegal', d.seat, v.error);
      const st = v.value;
      return ok(st.text === undefined ? { kind: 'speech', claims: st.claims } : { kind: 'speech', claims: st.claims, text: st.text });
    }
    case 'thief': {
      const t = ans.take;
      if (t !== null && t !== 0 && t !== 1) return fail('malformed', d.seat, 'take is 0, 1 or null');
      if (t === null && d.mustTake) return fail('illegal', d.seat, 'both cards are werewolves: the thief must take one');
      return ok({ kind: 'thief', take: t });
    }
    case 'cupid': {
      const l = ans.lovers;
      if (!distinctSeats(l, d.candidates) || l.length !== 2)
        return fail('illegal', d.seat, 'cupid names two different players');
      return ok({ kind: 'cupid', lovers: [l[0]!, l[1]!] });
    }
    case 'peek':
      if (typeof ans.peek !== 'boolean') return fail('malformed', d.seat, 'peek is true or false');
      return ok({ kind: 'peek', peek: ans.peek });
    case 'witch': {
      if (typeof ans.heal !== 'boolean') return fail('malformed', d.seat, 'heal is true or false');
      if (!isSeatOrNull(ans.poison)) return fail('malformed', d.seat, 'poison is a seat number or null');
      if (ans.heal && !d.canHeal) return fail('illegal', d.seat, 'the witch cannot heal tonight');
      if (ans.poison !== null && !d.poisonTargets.includes(ans.poison))
        return fail('illegal', d.seat, `seat ${ans.poison} cannot be poisoned; legal: ${list(d.poisonTargets)}`);
      if (ans.heal && ans.poison !== null && d.potionsTonight < 2)
        return fail('illegal', d.seat, 'only one potion may be used per night');
      return ok({ kind: 'witch', heal: ans.heal, poison: ans.poison });
    }
    case 'piper': {
      if (!distinctSeats(ans.targets, d.candidates) || ans.targets.length !== d.count)
        return fail('illegal', d.seat, `the piper charms ${d.count} different players among ${list(d.candidates)}`);
      return ok({ kind: 'piper', targets: [...ans.targets] });
    }
    case 'scapegoat':
      if (!distinctSeats(ans.voters, d.candidates))
        return fail('illegal', d.seat, `the scapegoat names voters among ${list(d.candidates)}, each once`);
      return ok({ kind: 'scapegoat', voters: [...ans.voters] });
    case 'secret-lover': {
      if (typeof ans.unfaithful !== 'number' || typeof ans.secret !== 'number')
        return fail('malformed', d.seat, 'unfaithful and secret are seat numbers');
      if (!d.lovers.includes(ans.unfaithful))
        return fail('illegal', d.seat, `the unfaithful lover is one of the two lovers, ${d.lovers.join(' or ')}`);
      if (!d.candidates.includes(ans.secret))
        return fail('illegal', d.seat, `the secret lover is a new player among ${list(d.candidates)}`);
      return ok({ kind: 'secret-lover', unfaithful: ans.unfaithful, secret: ans.secret });
    }
    case 'medium': {
      const q = ans.question;
      if (typeof q !== 'string' || !(d.questions as readonly string[]).includes(q))
        return fail('illegal', d.seat, `the question is one of the card's: ${d.questions.join(', ')}`);
      const n = questionArity(q as SeanceQuestion);
      if (!distinctSeats(ans.about, d.targets) || ans.about.length !== n)
        return fail('illegal', d.seat, `question ${q} names ${n} different player${n === 1 ? '' : 's'} among ${list(d.targets)} in about`);
      return ok({ kind: 'medium', question: q as SeanceQuestion, about: [...ans.about] });
    }
    case 'defend':
      if (typeof ans.defend !== 'boolean') return fail('malformed', d.seat, 'defend is true or false');
      return ok({ kind: 'defend', defend: ans.defend });
    case 'friends':
      if (!distinctSeats(ans.friends, d.targets) || ans.friends.length !== d.count)
        return fail('illegal', d.seat, `name ${d.count} different friends among ${list(d.targets)}`);
      return ok({ kind: 'friends', friends: [...ans.friends] });
    case 'pact':
      if (typeof ans.accept !== 'boolean') return fail('malformed', d.seat, 'accept is true or false');
      return ok({ kind: 'pact', accept: ans.accept });
  }
}

/** The questions of a medium's card that can be asked with the players there are to name. */
export function askableQuestions(questions: readonly SeanceQuestion[], targets: number): SeanceQuestion[] {
  return questions.filter((q) => questionArity(q) <= targets);
}

/** Subsets of `xs` of size k, in lexicographic order. */
function combinations(xs: readonly number[], k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const rec = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i < xs.length; i++) {
      pick.push(xs[i]!);
      rec(i + 1);
      pick.pop();
    }
  };
  rec(0);
  return out;
}

/**
 * Every legal answer of a decision, for agents that choose among them (random play,
 * LLM prompts) and for tests. A speech is open (free claims and text): null.
 */
export function legalAnswers(d: Decision): Answer[] | null {
  if (isTargetDecision(d)) {
    const out: Answer[] = d.targets.map((target) => ({ kind: d.kind, target }));
    if (d.mayPass) out.push({ kind: d.kind, target: null });
    return out;
  }
  switch (d.kind) {
    case 'thief': {
      const out: Answer[] = [
        { kind: 'thief', take: 0 },
        { kind: 'thief', take: 1 },
      ];
      if (!d.mustTake) out.unshift({ kind: 'thief', take: null });
      return out;
    }
    case 'cupid':
      return combinations(d.candidates, 2).map(([a, b]) => ({ kind: 'cupid', lovers: [a!, b!] as const }));
    case 'peek':
      return [
        { kind: 'peek', peek: false },
        { kind: 'peek', peek: true },
      ];
    case 'witch': {
      const heals = d.canHeal ? [false, true] : [false];
      const out: Answer[] = [];
      for (const heal of heals) {
        out.push({ kind: 'witch', heal, poison: null });
        if (heal && d.potionsTonight < 2) continue;
        for (const poison of d.poisonTargets) out.push({ kind: 'witch', heal, poison });
      }
      return out;
    }
    case 'piper':
      return combinations(d.candidates, d.count).map((targets) => ({ kind: 'piper', targets }));
    case 'scapegoat': {
      const out: Answer[] = [];
      for (let k = 0; k <= d.candidates.length; k++)
        for (const voters of combinations(d.candidates, k)) out.push({ kind: 'scapegoat', voters });
      return out;
    }
    case 'speech':
      return null;
    case 'secret-lover': {
      const out: Answer[] = [];
      for (const unfaithful of d.lovers) for (const secret of d.candidates) out.push({ kind: 'secret-lover', unfaithful, secret });
      return out;
    }
    case 'medium': {
      const out: Answer[] = [];
      for (const question of d.questions)
        for (const about of combinations(d.targets, questionArity(question))) out.push({ kind: 'medium', question, about });
      return out;
    }
    case 'defend':
      return [
        { kind: 'defend', defend: false },
        { kind: 'defend', defend: true },
      ];
    case 'friends':
      return combinations(d.targets, d.count).map((friends) => ({ kind: 'friends', friends }));
    case 'pact':
      return [
        { kind: 'pact', accept: false },
        { kind: 'pact', accept: true },
      ];
  }
}

/**
 * The answer played for a seat whose agent failed (documented fallback): pass where
 * passing is legal (abstain, hold fire, no potion, keep the card, say nothing; decline a
 * pact, vouch for nobody), else the first legal choice.
 */
export function fallbackAnswer(d: Decision): Answer {
  if (isTargetDecision(d)) {
    if (d.mayPass) return { kind: d.kind, target: null };
    // A wolf never offers itself (self-or-non-wolves lists its own seat): a failing wolf is no bait.
    const first = d.kind === 'pack' ? (d.targets.find((t) => t !== d.seat) ?? d.targets[0]!) : d.targets[0]!;
    return { kind: d.kind, target: first };
  }
  switch (d.kind) {
    case 'thief':
      return { kind: 'thief', take: d.mustTake ? 0 : null };
    case 'cupid':
      return { kind: 'cupid', lovers: [d.candidates[0]!, d.candidates[1]!] };
    case 'peek':
      return { kind: 'peek', peek: false };
    case 'witch':
      return { kind: 'witch', heal: false, poison: null };
    case 'piper':
      return { kind: 'piper', targets: d.candidates.slice(0, d.count) };
    case 'scapegoat':
      return { kind: 'scapegoat', voters: [] };
    case 'speech':
      return { kind: 'speech', claims: [] };
    case 'secret-lover':
      return { kind: 'secret-lover', unfaithful: d.lovers[0], secret: d.candidates[0]! };
    case 'medium': {
      const question = d.questions[0]!;
      return { kind: 'medium', question, about: d.targets.slice(0, questionArity(question)) };
    }
    case 'defend':
      return { kind: 'defend', defend: false };
    case 'friends':
      return { kind: 'friends', friends: d.targets.slice(0, d.count) };
    case 'pact':
      return { kind: 'pact', accept: false };
  }
}

export type { Statement };
