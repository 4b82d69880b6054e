// New Moon's round: at setup the deck is shuffled (and the players' attributes drawn);
// at each dawn a card is drawn and shown to all; it holds until the next dawn.
//
// The dawn, in order: the card is drawn; Miracle acts on the night's dead; the night's
// deaths are resolved under the previous card (its night is part of its round: an April
// Fools night's dead cause no grief); then the new card takes effect for the day and the
// night after: who is away, the swapped powers, Spiritualism's séance and Punishment.

import { ALL, maskOf } from '../events.js';
import type { Flow } from '../flow/ask.js';
import type { Death } from '../flow/deaths.js';
import type { Game } from '../game.js';
import { living, setRole } from '../state.js';
import { swapPowers } from './april-fools.js';
import { drawAttributes } from './attributes.js';
import { buildMoonDeck, needsAttributes, type MoonCard } from './cards.js';
import { punishment } from './punishment.js';
import { seance } from './spiritualism.js';

/** At the start of the game: the players' attributes (if an event needs them) and the shuffled deck. */
export function setupMoon(g: Game): void {
  const o = g.setup.options;
  if (o.newMoon.length === 0) return;
  const attributes = needsAttributes(o.newMoon) ? drawAttributes(g.moderator, g.state.players) : null;
  if (attributes !== null) g.emit({ type: 'attributes', male: attributes.male, seniority: attributes.seniority, vis: ALL });
  const deck = g.moderator.shuffle(buildMoonDeck(o.newMoon));
  g.state.moon = { deck, next: 0, card: null, attributes, away: 0, noVote: 0, powers: null };
}

/** Draws the dawn's card (the discards are reshuffled when the deck runs out) and shows it. */
export function drawCard(g: Game): MoonCard {
  const m = g.state.moon!;
  if (m.next === m.deck.length) {
    g.moderator.shuffle(m.deck);
    m.next = 0;
  }
  const card = m.deck[m.next++]!;
  g.emit({ type: 'moon', event: card.event, variant: card.variant, vis: ALL });
  return card;
}

/**
 * Miracle: "the last victim was not really killed; she was knocked out, came to, and
 * returns to the village, but only as a plain villager." The night's victim of the
 * werewolves (if any: otherwise the card does nothing) is announced and her card turned
 * over as at a death, but she lives on as a plain villager. A poisoning the same night
 * still kills her.
 */
export function miracle(g: Game, deaths: readonly Death[]): Death[] {
  const s = g.state;
  const victim = deaths.find((d) => d.cause === 'wolves');
  if (victim === undefined) {
    g.emit({ type: 'moon-void', event: 'miracle', reason: 'the werewolves killed nobody last night', vis: ALL });
    return [...deaths];
  }
  const rest = deaths.filter((d) => d !== victim);
  // Poisoned (or guarded to death) the same night, she dies of that instead.
  const t = s.tonight;
  if (t.poisoned === victim.seat) return deaths.map((d) => (d === victim ? { seat: d.seat, cause: 'poison' } : d));
  if (t.guardedToDeath && t.guarded === victim.seat) return deaths.map((d) => (d === victim ? { seat: d.seat, cause: 'guard' } : d));
  g.emit({ type: 'miracle', seat: victim.seat, role: s.seats[victim.seat]!.role, vis: ALL });
  setRole(s, victim.seat, 'villager');
  return rest;
}

/** The new card takes effect: the last round's effects end, this one's begin. */
export function* beginRound(g: Game, card: MoonCard): Flow {
  const s = g.state;
  const m = s.moon!;
  m.card = card;
  m.away = 0;
  m.noVote = 0;
  m.powers = null;
  switch (card.event) {
    case 'luncheon-for-seniors': {
      // 004: 所有玩家报出年龄，然后所有游戏者中年龄偏大的那半数玩家被称为"年长者" ("all
      // players say their age; the older half of all the players are the seniors"): the
      // older half of every seat, dead or alive, rounded down (the middle player of an odd
      // number is young); the living among them are away.
      const seniority = m.attributes!.seniority;
      const all = Array.from({ length: s.players }, (_, i) => i);
      const seniors = all.sort((a, b) => seniority[a]! - seniority[b]!).slice(0, Math.floor(s.players / 2));
      setAway(g, seniors.filter((i) => s.seats[i]!.alive).sort((a, b) => a - b), card);
      return;
    }
    case 'gone-hunting':
      setAway(g, living(s).filter((i) => m.attributes!.male[i]), card);
      return;
    case 'april-fools':
      m.powers = swapPowers(g);
      return;
    case 'spiritualism':
      return yield* seance(g, card.variant);
    case 'punishment':
      return yield* punishment(g);
    case 'miracle': // acted at the dawn
    case 'bleak-monday': // the day's judgement (day.ts)
    case 'great-distrust': // the day's judgement (day.ts)
    case 'not-me-nor-wolf': // the day's talk (day.ts)
    case 'pact-with-the-devil': // the verdict (day.ts)
    case 'end-of-the-harvest': // "everyone is a little tired; nothing special happens"
      return;
  }
}

/**
 * Nightfall: the seniors are back from their luncheon ("before sunset"), the day's lost
 * votes are over; the hunters (Gone Hunting) stay away until dawn.
 */
export function nightfall(g: Game): void {
  const m = g.state.moon!;
  m.noVote = 0;
  if (m.card !== null && m.card.event !== 'gone-hunting') m.away = 0;
}

function setAway(g: Game, seats: number[], card: MoonCard): void {
  g.state.moon!.away = maskOf(seats);
  g.emit({ type: 'away', seats, event: card.event, vis: ALL });
}

/** The round's event, or null (no New Moon, or before the first dawn). */
export function moonEvent(g: Game): MoonCard['event'] | null {
  const m = g.state.moon;
  return m === null || m.card === null ? null : m.card.event;
}

/** A seat that may not vote today because of the round's event (away, or a banned word said). */
export function moonBarsVote(g: Game, seat: number): boolean {
  const m = g.state.moon;
  return m !== null && ((m.away | m.noVote) & (1 << seat)) !== 0;
}

/** A seat nobody may vote for today (away). */
export function moonAway(g: Game, seat: number): boolean {
  const m = g.state.moon;
  return m !== null && (m.away & (1 << seat)) !== 0;
}
