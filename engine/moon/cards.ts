// New Moon (004): the event cards. 004 lists fifteen cards, all of them Full Moon (the
// event holds for the round it is drawn in: from the dawn it is drawn at to the next
// dawn), among them five Spiritualism cards, each with its own four questions. 004
// names the Crescent (until triggered) and Dark Moon (until the end) kinds but prints
// no card of either, so the engine has none (docs/rules.md "New Moon events").

export const MOON_EVENTS = [
  'miracle',
  'bleak-monday',
  'not-me-nor-wolf',
  'spiritualism',
  'luncheon-for-seniors',
  'end-of-the-harvest',
  'gone-hunting',
  'pact-with-the-devil',
  'april-fools',
  'punishment',
  'great-distrust',
] as const;
export type MoonEvent = (typeof MOON_EVENTS)[number];

export function isMoonEvent(s: string): s is MoonEvent {
  return (MOON_EVENTS as readonly string[]).includes(s);
}

/**
 * Spiritualism's questions that have a meaning in the game (the medium's choice). The
 * cards' questions about clothes, jewellery, glasses, smoking or where one lives have
 * none and are left out; the questions about sexes use the seeded seat attributes.
 */
export const SEANCE_QUESTIONS = [
  'seer-found-wolf', // has the seer found at least one werewolf?
  'wolves-adjacent', // are two werewolves sitting next to each other?
  'am-i-wolf', // am I a werewolf?
  'same-side', // are the two players I name on the same side?
  'witch-is-man', // is the witch a man?
  'sheriff-is-villager', // is the sheriff a plain villager?
  'all-wolves-men', // are all the werewolves men?
  'all-wolves-women', // are all the werewolves women?
  'am-i-villager', // am I a plain villager?
  'sheriff-is-wolf', // is the sheriff among the werewolves?
  'any-wolf-man', // is there a man among the werewolves?
  'any-wolf-woman', // is there a woman among the werewolves?
  'neighbour-wolf', // is one of the two neighbours of the player I name a werewolf?
  'is-villager', // is the player I name a plain villager?
] as const;
export type SeanceQuestion = (typeof SEANCE_QUESTIONS)[number];

/** How many players the medium names with the question. */
export function questionArity(q: SeanceQuestion): 0 | 1 | 2 {
  return q === 'same-side' ? 2 : q === 'neighbour-wolf' || q === 'is-villager' ? 1 : 0;
}

/** The five Spiritualism cards of 004, with the questions kept from each. */
export const SPIRITUALISM_CARDS: readonly (readonly SeanceQuestion[])[] = [
  ['seer-found-wolf', 'wolves-adjacent', 'am-i-wolf'], // + jewellery
  ['same-side', 'witch-is-man', 'sheriff-is-villager'], // + glasses
  ['all-wolves-men', 'all-wolves-women'], // + jeans, black top
  ['am-i-villager', 'sheriff-is-wolf'], // + lives here, smoker
  ['any-wolf-man', 'any-wolf-woman', 'neighbour-wolf', 'is-villager'],
];

/** One card of the deck: its event, and for Spiritualism which of the five cards (0–4). */
export interface MoonCard {
  readonly event: MoonEvent;
  readonly variant: number;
}

/** The deck for a set of events: every card of 004 whose event is in the set. */
export function buildMoonDeck(events: readonly MoonEvent[]): MoonCard[] {
  const deck: MoonCard[] = [];
  for (const event of MOON_EVENTS) {
    if (!events.includes(event)) continue;
    const copies = event === 'spiritualism' ? SPIRITUALISM_CARDS.length : 1;
    for (let variant = 0; variant < copies; variant++) deck.push({ event, variant });
  }
  return deck;
}

/** Events that need the players' seeded ages or sexes. */
export function needsAttributes(events: readonly MoonEvent[]): boolean {
  return events.includes('luncheon-for-seniors') || events.includes('gone-hunting') || events.includes('spiritualism');
}
