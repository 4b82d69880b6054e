// A game's log as a readable transcript: who is who, every night action, every
// statement, vote and death, each line marked with who could see it. What a player wrote
// (speeches, the pack's night words) is a model's or an outside program's text: in a
// transcript it is shown with narrate/escape.ts `visibleLine` (nothing raw that acts on a
// terminal, no newline that could begin a forged line); a prompt writes it its own way
// (`describe`'s `words`, agents/llm/quote.ts).

import type { Claim } from '../engine/index.js';
import { ALL, MODERATOR, seatsOf, type Event, type PotionEffect, type PublicCause, type Vote } from '../engine/index.js';
import type { MoonEvent, SeanceQuestion } from '../engine/index.js';
import { ELDER_LIVES } from '../engine/index.js';
import { visible, visibleLine } from './escape.js';
import { hanging } from './width.js';

/** Seats are 0-based in data and shown 1-based ("P1") to people. */
export const P = (seat: number): string => `P${seat + 1}`;
const list = (seats: readonly number[]) => (seats.length === 0 ? 'nobody' : seats.map(P).join(', '));

function claimText(c: Claim): string {
  switch (c.type) {
    case 'role':
      return `I am the ${c.role}.`;
    case 'seen':
      return `I saw ${P(c.target)}: ${c.result}.`;
    case 'suspect':
      return `I suspect ${P(c.target)}.`;
    case 'trust':
      return `I trust ${P(c.target)}.`;
    case 'action':
      return `I ${c.action} ${P(c.target)}.`;
    case 'vote-intent':
      return `I will vote for ${P(c.target)}.`;
  }
}

function votesText(votes: readonly Vote[]): string {
  return votes.map((v) => `${P(v.voter)}${v.weight > 1 ? `(×${v.weight})` : ''}→${v.target === null ? '—' : P(v.target)}`).join(' ');
}

function tally(votes: readonly Vote[]): string {
  const t = new Map<number, number>();
  for (const v of votes) if (v.target !== null) t.set(v.target, (t.get(v.target) ?? 0) + v.weight);
  return [...t.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([s, n]) => `${P(s)} ${n}`).join(', ');
}

/** What became of the pack's attack on `target`. */
function attackText(target: number, result: 'protected' | 'healed' | 'life-lost' | 'killed'): string {
  switch (result) {
    case 'protected':
      return `the attack on ${P(target)} fails: protected`;
    case 'healed':
      return `the attack on ${P(target)} fails: healed`;
    case 'life-lost':
      return `the attack on ${P(target)} costs a life: ${P(target)} survives`;
    case 'killed':
      return `the attack on ${P(target)} kills`;
  }
}

/** How a line writes a player's own words: for people, in “…” and escaped (`shownWords`); a prompt quotes them as JSON. */
export type Words = (text: string) => string;

export const shownWords: Words = (text) => `“${visibleLine(text)}”`;

/** A public cause of death in words (a night death's cause is public only under nightCausePublic, 000). */
export function causeWords(cause: PublicCause): string {
  switch (cause) {
    case 'night':
      return 'in the night';
    case 'wolves':
      return 'killed by the werewolves in the night';
    case 'poison':
      return 'poisoned in the night';
    case 'guard':
      return 'guarded to death in the night';
    case 'hunger':
      return 'starved: no werewolf opened its eyes';
    default:
      return cause;
  }
}

/** One event as text (null for events the transcript folds into others); `words` writes what players said. */
export function describe(e: Event, words: Words = shownWords): string | null {
  switch (e.type) {
    case 'start':
      return null;
    case 'deal':
      return null; // shown in the header's seat list
    case 'night':
      return `Night ${e.night}`;
    case 'day':
      return `Day ${e.day}`;
    case 'thief-cards':
      return `${P(e.seat)} (thief) sees the two left-over cards: ${e.cards.join(', ')}`;
    case 'thief-swap':
      return e.took === null ? `${P(e.seat)} (thief) keeps his card` : `${P(e.seat)} (thief) takes the ${e.took} card`;
    case 'cupid':
      return `${P(e.seat)} (cupid) makes ${P(e.lovers[0])} and ${P(e.lovers[1])} lovers`;
    case 'lover':
      return `${P(e.seat)} wakes as ${e.secret === true ? 'a secret lover' : 'a lover'} and sees ${P(e.partner)}${e.partnerIs === null ? '' : ` (${e.partnerIs})`}`;
    case 'guard':
      return e.target === null ? `${P(e.seat)} (guard) protects nobody tonight` : `${P(e.seat)} (guard) protects ${P(e.target)}`;
    case 'seer':
      return `${P(e.seat)} (seer) looks at ${P(e.target)}: ${e.result}`;
    case 'pack':
      return `the werewolves wake: ${list(e.wolves)}`;
    case 'pack-proposals': {
      const said = e.proposals.flatMap((p) => (p.say ? [` ${P(p.voter)}: ${words(p.say)}`] : []));
      return `pack proposals, round ${e.round}: ${e.proposals.map((p) => `${P(p.voter)}→${p.target === null ? '—' : P(p.target)}`).join(' ')}${said.join('')}`;
    }
    case 'pack-victim':
      return e.target === null ? `the pack kills nobody${e.agreed ? '' : ' (no agreement)'}` : `the pack chooses ${P(e.target)}`;
    case 'peek':
      return `${P(e.seat)} (little girl) peeks and sees ${list(e.wolves)}${e.caught ? ' — and is caught' : ''}`;
    case 'caught':
      return `the werewolves catch ${P(e.seat)} peeking: she is their victim instead`;
    case 'girl-spared':
      return `the werewolves catch ${P(e.seat)} peeking; ${P(e.leader)}, for the pack, lets her live: their victim stands`;
    case 'witch-victim':
      return `${P(e.seat)} (witch) is shown the victim: ${e.victim === null ? 'nobody' : P(e.victim)}`;
    case 'witch': {
      const parts: string[] = [];
      if (e.heal !== null) parts.push(`heals ${P(e.heal)}`);
      if (e.poison !== null) parts.push(`poisons ${P(e.poison)}`);
      return `${P(e.seat)} (witch) ${parts.length === 0 ? 'uses no potion' : parts.join(' and ')}`;
    }
    case 'charm':
      return `${P(e.seat)} (piper) charms ${list(e.targets)}`;
    case 'charmed':
      return `the charmed wake and see each other: ${list(e.charmed)}`;
    case 'attack':
      return attackText(e.target, e.result);
    case 'poison-blocked':
      return `the guard's protection saves ${P(e.target)} from the poison`;
    case 'death':
      return `${P(e.seat)} dies (${causeWords(e.cause)}) and is revealed: ${e.role}`;
    case 'death-cause':
      return `cause of ${P(e.seat)}'s death: ${e.cause}`;
    case 'powers-lost':
      return `the Elder ${P(e.elder)} died by the village's hand: the village's powers are lost`;
    case 'speech': {
      const said = [...e.claims.map(claimText), ...(e.text ? [words(e.text)] : [])];
      return `${P(e.seat)}: ${said.length === 0 ? '(says nothing)' : said.join(' ')}`;
    }
    case 'election':
      return `sheriff election${e.round > 1 ? ` (round ${e.round})` : ''}: ${votesText(e.votes)} [${tally(e.votes)}]`;
    case 'sheriff':
      return `${P(e.seat)} is sheriff (${e.how})`;
    case 'guard-refused':
      return `${P(e.seat)} (guard) may not protect ${P(e.target)}: the moderator shows him her card, ${e.role}, and he chooses again`;
    case 'no-successor':
      return `${P(e.seat)}, the dying sheriff, names no successor: there is no sheriff from now on`;
    case 'votes':
      return `vote${e.round > 1 ? ` (round ${e.round})` : ''}: ${votesText(e.votes)} [${tally(e.votes) || 'no votes'}]`;
    case 'tie':
      return `tie between ${list(e.tied)}`;
    case 'tie-break':
      return `the sheriff ${P(e.sheriff)} breaks the tie: ${e.target === null ? 'the vote is void' : P(e.target)}`;
    case 'verdict':
      return e.target === null ? `nobody is eliminated (${e.reason})` : `${P(e.target)} is eliminated (${e.reason})`;
    case 'idiot-revealed':
      return `${P(e.seat)} is the Idiot: revealed, he survives but will never vote again`;
    case 'scapegoat-voters':
      return `the scapegoat ${P(e.seat)} names who may vote tomorrow: ${list(e.voters)}`;
    case 'shot':
      return e.target === null ? `${P(e.seat)} (hunter) holds fire` : `${P(e.seat)} (hunter) shoots ${P(e.target)}`;
    case 'end':
      return `${e.winner === 'draw' ? 'Draw: nobody is left' : `The ${e.winner} win`} — winners: ${list(e.winners)}`;
    // Harvest Festival
    case 'seer-glimpse':
      return `${P(e.seat)} (seer) looks at ${P(e.target)} and is shown the cards of ${list(e.seats)}, unlabelled: ${e.results.join(', ')}`;
    case 'thief-steal':
      return e.target === null ? `${P(e.seat)} (thief) keeps his card` : `${P(e.seat)} (thief) swaps cards with ${P(e.target)} and takes the ${e.took} card`;
    case 'role-change':
      return `${P(e.seat)} now plays the ${e.role} card (${e.reason === 'stolen' ? 'the thief took his' : e.reason})`;
    case 'secret-lover':
      return `${P(e.seat)} (cupid) wakes again: ${P(e.unfaithful)} is unfaithful, ${P(e.secret)} the secret lover`;
    case 'sheriff-vote':
      return `the sheriff ${P(e.voter)} votes first: ${e.target === null ? 'abstains' : P(e.target)}`;
    case 'sacrifice':
      return `the scapegoat's neighbours are put to the vote: ${votesText(e.votes)} [${tally(e.votes) || 'no votes'}]${e.target === null ? '' : ` — ${P(e.target)} dies in his place`}`;
    case 'witch-potion':
      return `${P(e.seat)} (witch) gives her potion to ${P(e.target)}; the box says: ${POTION_TEXT[e.effect]}`;
    case 'peek-dark':
      return `${P(e.seat)} (little girl) peeks, but the werewolves keep their eyes closed: she sees nothing`;
    case 'peek-witch':
      return `${P(e.seat)} (little girl) peeks in the witch's turn and sees ${e.witch === null ? 'nobody' : P(e.witch)}${e.caught ? ' — and is seen' : ''}`;
    case 'girl-seen':
      return `the witch sees ${P(e.seat)} peeking: she is the little girl`;
    // New Moon
    case 'attributes':
      return null; // shown in the header
    case 'moon':
      return `event card: ${MOON_TITLES[e.event]}${e.event === 'spiritualism' ? ` (card ${e.variant + 1})` : ''}`;
    case 'moon-void':
      return `${MOON_TITLES[e.event]} has no effect: ${e.reason}`;
    case 'miracle':
      return `Miracle: ${P(e.seat)}, the werewolves' victim, is revealed (${e.role}) but comes back as a plain villager`;
    case 'away':
      return `${list(e.seats)} ${e.seats.length === 1 ? 'is' : 'are'} away today (${MOON_TITLES[e.event]}): no talk, no vote, cannot be voted for`;
    case 'power-swap':
      return `${P(e.seat)} holds the ${e.power}'s power this round (April Fools)`;
    case 'lovers-parted':
      return `${P(e.seat)} died in an April Fools round: ${e.freed.length === 0 ? 'nobody grieves' : `${list(e.freed)} ${e.freed.length === 1 ? 'lives' : 'live'} on and love him no more`}`;
    case 'banned-word':
      return `${P(e.seat)} said ${words(e.word)} and loses the vote today`;
    case 'seance':
      return `${P(e.medium)} (medium) asks the ghost of ${P(e.ghost)}: ${questionText(e.question, e.about)} — ${e.answer ? 'yes' : 'no'}`;
    case 'punish':
      return `${P(e.seat)}, the last dead, names ${P(e.target)} for punishment`;
    case 'defence':
      return `vouching for ${P(e.accused)}: ${list(e.defenders)} — ${e.saved ? 'spared' : 'not enough'}`;
    case 'vouch':
      return `${P(e.seat)} vouches for ${P(e.target)}`;
    case 'friends':
      return `best friends: ${e.votes.map((v) => `${P(v.voter)}→${v.friends.map(P).join('+')}`).join(' ')}`;
    case 'pact':
      return e.accepted ? `${P(e.seat)} makes a pact with the devil and is not hanged` : `${P(e.seat)} refuses the devil's pact`;
  }
}

const POTION_TEXT: Record<PotionEffect, string> = {
  heal: 'heal',
  'heal-villager': 'heal, and he becomes a plain villager',
  'heal-werewolf': 'heal, and he becomes a werewolf',
  poison: 'poison',
};

const MOON_TITLES: Record<MoonEvent, string> = {
  miracle: 'Miracle',
  'bleak-monday': 'Bleak Monday',
  'not-me-nor-wolf': 'Not Me – Nor Wolf',
  spiritualism: 'Spiritualism',
  'luncheon-for-seniors': 'Luncheon for Seniors',
  'end-of-the-harvest': 'End of the Harvest',
  'gone-hunting': 'Gone Hunting',
  'pact-with-the-devil': 'Pact with the Devil',
  'april-fools': 'April Fools',
  punishment: 'Punishment',
  'great-distrust': 'Great Distrust',
};

function questionText(q: SeanceQuestion, about: readonly number[]): string {
  const [a, b] = about.map(P);
  switch (q) {
    case 'seer-found-wolf':
      return 'has the seer found a werewolf?';
    case 'wolves-adjacent':
      return 'are two werewolves sitting next to each other?';
    case 'am-i-wolf':
      return 'am I a werewolf?';
    case 'same-side':
      return `are ${a} and ${b} on the same side?`;
    case 'witch-is-man':
      return 'is the witch a man?';
    case 'sheriff-is-villager':
      return 'is the sheriff a plain villager?';
    case 'all-wolves-men':
      return 'are all the werewolves men?';
    case 'all-wolves-women':
      return 'are all the werewolves women?';
    case 'am-i-villager':
      return 'am I a plain villager?';
    case 'sheriff-is-wolf':
      return 'is the sheriff a werewolf?';
    case 'any-wolf-man':
      return 'is there a man among the werewolves?';
    case 'any-wolf-woman':
      return 'is there a woman among the werewolves?';
    case 'neighbour-wolf':
      return `is one of ${a}'s neighbours a werewolf?`;
    case 'is-villager':
      return `is ${a} a plain villager?`;
  }
}

/** Who saw an event, as the transcript marks it ("[P3 only] ", "[wolves] ", "[moderator] "; "" for everybody). */
export function audience(e: Event, players: number, roles: readonly string[]): string {
  if (e.vis === ALL) return '';
  if (e.vis === MODERATOR) return '[moderator] ';
  const seats = seatsOf(e.vis, players);
  if (seats.length === 1) return `[${P(seats[0]!)} only] `;
  if (seats.every((s) => roles[s] === 'werewolf')) return '[wolves] ';
  return `[${list(seats)}] `;
}

export interface TranscriptHeader {
  readonly title: string;
  readonly lines?: readonly string[];
}

export interface TranscriptOptions {
  /**
   * A mark in a gutter before the line of log[i] (key i): the numbers of the decisions
   * answered by that event (`decisionMarks`), so a reader can name one (`sim fork --at N`).
   */
  readonly marks?: ReadonlyMap<number, string> | undefined;
}

/**
 * The whole transcript of a log. `annotations`: lines kept outside the log (an LLM
 * seat's private reasoning, its refused answers, fallbacks) to print before log[i]
 * (key i; key log.length: at the end), as `transcriptAnnotations` in agents/llm/notes.ts makes them.
 */
/** A transcript fits an 80-column terminal: its header, and each event's line wrapped under its text. */
const TRANSCRIPT_WIDTH = 80;
const HEADER_WIDTH = TRANSCRIPT_WIDTH;

/**
 * A header line of ` · `-separated parts within HEADER_WIDTH columns: broken after a ` ·`,
 * the parts after the first line indented by four. A part wider than the line stays whole.
 */
export function headerLines(line: string): string[] {
  const parts = line.split(' · ');
  const out: string[] = [];
  let cur = parts[0]!;
  for (const part of parts.slice(1)) {
    // Room is kept for the ' ·' that ends a line broken after this part.
    if ([...cur].length + 3 + [...part].length > HEADER_WIDTH - 2) {
      out.push(`${cur} ·`);
      cur = `    ${part}`;
    } else cur = `${cur} · ${part}`;
  }
  out.push(cur);
  return out;
}

export function transcript(
  log: readonly Event[],
  header: TranscriptHeader,
  annotations?: ReadonlyMap<number, readonly string[]>,
  opts: TranscriptOptions = {},
): string {
  const start = log.find((e) => e.type === 'start');
  const players = start?.type === 'start' ? start.players : 0;
  const roles: string[] = new Array<string>(players).fill('?');
  for (const e of log) if (e.type === 'deal') roles[e.seat] = e.role;
  const current = [...roles];
  // Header lines and annotations may quote what models wrote (their notes, a spec): shown escaped too.
  const out: string[] = [visible(header.title), ...(header.lines ?? []).map(visible)].flatMap((l) => headerLines(l));
  out.push(...headerLines(`Seats: ${roles.map((r, i) => `${P(i)} ${r}`).join(' · ')}`));
  const attributes = log.find((e) => e.type === 'attributes');
  if (attributes?.type === 'attributes') {
    const oldestFirst = roles.map((_, i) => i).sort((a, b) => attributes.seniority[a]! - attributes.seniority[b]!);
    out.push(...headerLines(`Players: ${roles.map((_, i) => `${P(i)} ${attributes.male[i] ? 'man' : 'woman'}`).join(' · ')} · oldest first: ${oldestFirst.map(P).join(' ')}`));
  }
  const marks = opts.marks;
  const width = marks === undefined || marks.size === 0 ? 0 : Math.max(...[...marks.values()].map((m) => m.length)) + 1;
  const gutter = (i: number) => (width === 0 ? '' : (marks?.get(i) ?? '').padEnd(width));
  // Annotations keep their place at the left: they are notes beside the log, not events.
  const annotate = (i: number) => {
    for (const line of annotations?.get(i) ?? []) out.push(...hanging('  ', visibleLine(line), { width: TRANSCRIPT_WIDTH, indent: 4 }));
  };
  // The Elder's lives, followed through the attacks (001/004: two against the wolves, one
  // left after a witch's heal), so the transcript says how many he has after each.
  const lives = new Array<number>(players).fill(ELDER_LIVES);
  const livesText = (e: Event): string => {
    if (e.type !== 'attack' || current[e.target] !== 'elder' || e.result === 'protected') return '';
    if (e.result === 'healed') lives[e.target] = Math.min(lives[e.target]!, 1);
    else lives[e.target]!--;
    const left = Math.max(0, lives[e.target]!);
    return ` (the elder has ${left} ${left === 1 ? 'life' : 'lives'} left)`;
  };
  log.forEach((e, i) => {
    if (e.type === 'thief-swap' && e.took !== null) current[e.seat] = e.took;
    if (e.type === 'thief-steal' && e.took !== null) current[e.seat] = e.took;
    if (e.type === 'role-change') current[e.seat] = e.role;
    if (e.type === 'miracle') current[e.seat] = 'villager';
    const described = describe(e);
    const text = described === null ? null : described + livesText(e);
    const heading = e.type === 'night' || e.type === 'day';
    if (heading && text !== null) out.push(`\n${text}`);
    annotate(i);
    // Wrapped at 80 columns, the lines after the first two deeper than the event's text: the
    // decision numbers stay alone at the left, and a wrapped line never reads as an event.
    if (text !== null && !heading) out.push(...hanging(`  ${gutter(i)}`, `${audience(e, players, current)}${text}`, { width: TRANSCRIPT_WIDTH, indent: 4 + width }));
  });
  annotate(log.length);
  return out.join('\n') + '\n';
}
