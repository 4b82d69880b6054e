// What a seat knows, as prompt text: its card, what it knows of each player, and the
// game so far as it saw it. Built from the seat's observation only (the public setup and
// the events its bit may see), so nothing it may not know can get in. The game log is
// one line an event, in the transcript's words (narrate/transcript.ts `describe`), with
// what players said quoted as JSON strings (quote.ts): no line a player could forge.

import type { Event } from '../../engine/index.js';
import type { Observation } from '../../engine/index.js';
import { teamOf, type Role } from '../../engine/index.js';
import { causeWords, describe, P } from '../../narrate/transcript.js';
import { quote } from './quote.js';

/** The seat's card now: the dealt card, or the one a thief took. */
export function currentRole(obs: Observation): Role | undefined {
  let role: Role | undefined;
  for (const e of obs.events) {
    if (e.type === 'deal' && e.seat === obs.seat) role = e.role;
    else if (e.type === 'thief-swap' && e.seat === obs.seat && e.took !== null) role = e.took;
  }
  return role;
}

interface PlayerFacts {
  dead: string | null;
  known: string[];
  marks: string[];
}

/** Facts per player, from the events the seat saw. */
function playerFacts(obs: Observation): PlayerFacts[] {
  const facts: PlayerFacts[] = Array.from({ length: obs.players }, () => ({ dead: null, known: [], marks: [] }));
  const me = obs.seat;
  let sheriff = -1;
  let pack: readonly number[] = [];
  let charmed: readonly number[] = [];
  const add = (seat: number, fact: string) => {
    const k = facts[seat]!.known;
    if (!k.includes(fact)) k.push(fact);
  };
  for (const e of obs.events) {
    switch (e.type) {
      case 'death':
        facts[e.seat]!.dead = `dead (${e.cause === 'night' ? 'killed in the night' : causeWords(e.cause)}), was ${e.role}`;
        break;
      case 'pack':
        pack = e.wolves;
        break;
      case 'seer':
        if (e.seat === me) add(e.target, `you saw: ${e.result}`);
        break;
      case 'lover':
        if (e.seat === me) add(e.partner, `your lover${e.partnerIs === null ? '' : ` (${e.partnerIs})`}`);
        break;
      case 'cupid':
        if (e.seat === me) for (const l of e.lovers) add(l, 'a lover (you named the lovers)');
        break;
      case 'peek':
        if (e.seat === me) for (const w of e.wolves) add(w, 'werewolf (you saw them peeking)');
        break;
      case 'idiot-revealed':
        add(e.seat, 'the idiot (revealed; may not vote)');
        break;
      case 'charmed':
        charmed = e.charmed;
        break;
      case 'sheriff':
        sheriff = e.seat;
        break;
      case 'no-successor':
        sheriff = -1;
        break;
      default:
        break;
    }
  }
  for (const w of pack) if (w !== me) add(w, 'werewolf (your pack)');
  for (const c of charmed) facts[c]!.marks.push('charmed');
  if (sheriff >= 0) facts[sheriff]!.marks.push('sheriff');
  return facts;
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** The players' lines: alive or dead (with the revealed card), and what the seat knows of each. */
export function playersText(obs: Observation): string {
  const facts = playerFacts(obs);
  const role = currentRole(obs);
  const attributes = obs.events.find((e) => e.type === 'attributes');
  const lines: string[] = [];
  for (let i = 0; i < obs.players; i++) {
    const f = facts[i]!;
    const who = i === obs.seat ? `${P(i)} (you, ${role ?? 'unknown card'})` : P(i);
    const state = f.dead ?? 'alive';
    // New Moon's seat attributes (public): sex and age rank.
    const person = attributes?.type === 'attributes' ? [`${attributes.male[i] ? 'a man' : 'a woman'}, ${(attributes.seniority[i] ?? 0) === 0 ? 'the oldest' : `${ordinal((attributes.seniority[i] ?? 0) + 1)} oldest`}`] : [];
    const extra = [...person, ...f.marks, ...(i === obs.seat ? [] : f.known)];
    lines.push(`- ${who}: ${state}${extra.length > 0 ? `; ${extra.join('; ')}` : ''}`);
  }
  return lines.join('\n');
}

/** One event of the game log (null: an event the log does not show), players' words quoted. */
export function logLine(e: Event): string | null {
  const text = describe(e, quote);
  if (text === null) return null;
  return e.type === 'night' || e.type === 'day' ? text : `  ${text}`;
}

/** The game so far as the seat saw and heard it, one line an event. */
export function historyText(events: readonly Event[]): string {
  const out: string[] = [];
  for (const e of events) {
    const line = logLine(e);
    if (line !== null) out.push(line);
  }
  return out.length === 0 ? '(nothing yet)' : out.join('\n');
}

/**
 * `historyText` of a seat's observation, kept from one decision to the next: a seat's
 * observation is one array its driver only appends to (engine/observation.ts Observer),
 * so the lines of the events already read are kept and the new ones added. The events
 * read are checked first, one identity comparison each (a fraction of making one line):
 * an observation that does not begin with them — another game's, a fork's edited copy —
 * is read again from its start. The same text as `historyText`: each line is its event's
 * alone. A replayed call made its prompt's log from every event again, some twelve times
 * a game for each model's seat.
 */
export class HistoryLines {
  private readonly read: Event[] = [];
  private readonly lines: string[] = [];

  text(events: readonly Event[]): string {
    const read = this.read;
    let same = read.length <= events.length;
    for (let i = 0; same && i < read.length; i++) same = events[i] === read[i];
    if (!same) {
      read.length = 0;
      this.lines.length = 0;
    }
    for (let i = read.length; i < events.length; i++) {
      const e = events[i]!;
      read.push(e);
      const line = logLine(e);
      if (line !== null) this.lines.push(line);
    }
    return this.lines.length === 0 ? '(nothing yet)' : this.lines.join('\n');
  }
}

/** "You are P3, the seer (village)." */
export function identityText(obs: Observation): string {
  const role = currentRole(obs);
  if (role === undefined) return `You are ${P(obs.seat)}.`;
  const dealt = obs.events.find((e) => e.type === 'deal' && e.seat === obs.seat);
  const swapped = dealt?.type === 'deal' && dealt.role !== role ? ` (dealt the ${dealt.role}, you took the ${role} card)` : '';
  return `You are ${P(obs.seat)}. Your card: ${role}${swapped}; your team: ${teamOf(role)}.`;
}
