// A game's log as a readable transcript: who is who, every night action, every
// statement, vote and death, each line marked with who could see it.

import type { Claim } from '../engine/claims.js';
import { ALL, MODERATOR, seatsOf, type Event, type Vote } from '../engine/events.js';

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

/** One event as text (null for events the transcript folds into others). */
export function describe(e: Event): string | null {
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
      return `${P(e.seat)} wakes as a lover and sees ${P(e.partner)}${e.partnerIs === null ? '' : ` (${e.partnerIs})`}`;
    case 'guard':
      return `${P(e.seat)} (guard) protects ${P(e.target)}`;
    case 'seer':
      return `${P(e.seat)} (seer) looks at ${P(e.target)}: ${e.result}`;
    case 'pack':
      return `the werewolves wake: ${list(e.wolves)}`;
    case 'pack-proposals': {
      const said = e.proposals.filter((p) => p.say).map((p) => ` ${P(p.voter)}: “${p.say}”`);
      return `pack proposals, round ${e.round}: ${e.proposals.map((p) => `${P(p.voter)}→${p.target === null ? '—' : P(p.target)}`).join(' ')}${said.join('')}`;
    }
    case 'pack-victim':
      return e.target === null ? `the pack kills nobody${e.agreed ? '' : ' (no agreement)'}` : `the pack chooses ${P(e.target)}`;
    case 'peek':
      return `${P(e.seat)} (little girl) peeks and sees ${list(e.wolves)}${e.caught ? ' — and is caught' : ''}`;
    case 'caught':
      return `the werewolves catch ${P(e.seat)} peeking: she is their victim instead`;
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
      return `the attack on ${P(e.target)}: ${e.result}`;
    case 'death':
      return `${P(e.seat)} dies (${e.cause === 'night' ? 'in the night' : e.cause}) and is revealed: ${e.role}`;
    case 'death-cause':
      return `cause of ${P(e.seat)}'s death: ${e.cause}`;
    case 'powers-lost':
      return `the Elder ${P(e.elder)} died by the village's hand: the village's powers are lost`;
    case 'speech': {
      const said = [...e.claims.map(claimText), ...(e.text ? [`“${e.text}”`] : [])];
      return `${P(e.seat)}: ${said.length === 0 ? '(says nothing)' : said.join(' ')}`;
    }
    case 'election':
      return `sheriff election${e.round > 1 ? ` (round ${e.round})` : ''}: ${votesText(e.votes)} [${tally(e.votes)}]`;
    case 'sheriff':
      return `${P(e.seat)} is sheriff (${e.how})`;
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
  }
}

function audience(e: Event, players: number, roles: readonly string[]): string {
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

/**
 * The whole transcript of a log. `annotations`: lines kept outside the log (an LLM
 * seat's private reasoning, its refused answers, fallbacks) to print before log[i]
 * (key i; key log.length: at the end), as `transcriptAnnotations` in agents/llm/notes.ts makes them.
 */
export function transcript(log: readonly Event[], header: TranscriptHeader, annotations?: ReadonlyMap<number, readonly string[]>): string {
  const start = log.find((e) => e.type === 'start');
  const players = start?.type === 'start' ? start.players : 0;
  const roles: string[] = new Array<string>(players).fill('?');
  for (const e of log) if (e.type === 'deal') roles[e.seat] = e.role;
  const current = [...roles];
  const out: string[] = [header.title, ...(header.lines ?? [])];
  out.push(`Seats: ${roles.map((r, i) => `${P(i)} ${r}`).join(' · ')}`);
  const annotate = (i: number) => {
    for (const line of annotations?.get(i) ?? []) out.push(`  ${line}`);
  };
  log.forEach((e, i) => {
    if (e.type === 'thief-swap' && e.took !== null) current[e.seat] = e.took;
    const text = describe(e);
    const heading = e.type === 'night' || e.type === 'day';
    if (heading && text !== null) out.push(`\n${text}`);
    annotate(i);
    if (text !== null && !heading) out.push(`  ${audience(e, players, current)}${text}`);
  });
  annotate(log.length);
  return out.join('\n') + '\n';
}
