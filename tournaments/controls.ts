// The invariance test's controls (invariance.ts): what each changes that should not matter.
// Apart from the test, so that the command line's flags can list them without loading it.

import type { GameControl } from '../runs/games.js';

export const CONTROLS = ['seats', 'speaking', 'choices', 'wording', 'names'] as const;
export type Control = (typeof CONTROLS)[number] & GameControl;

/** What each control changes, in words. */
export const CONTROL_WORDS: Readonly<Record<Control, string>> = {
  seats: 'the deal’s cards moved to other seats (each agent with its card): seating and speaking positions',
  speaking: 'the day’s speeches in the other speaking order (by seat, or from the left of the night’s victim): who speaks first',
  choices: 'a model’s legal choices listed in another order, drawn per decision (bots play as dealt)',
  wording: 'a model’s prompt in its second wording: the system text and section titles said otherwise (bots play as dealt)',
  names: 'a model reads and answers with names for the players instead of P1..Pn, drawn per game (bots play as dealt)',
};
