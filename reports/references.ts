// Figures from outside the project that reports print beside ours
// (/work/shared/REFERENCES.md, each with its source).

import type { Role } from '../engine/index.js';

/**
 * Ultimate Werewolf's role weights (Bezier Games): a deck summing to about 0 is meant to
 * be even. Transcribed identically in kennethbigler/react-home
 * (src/constants/werewolf.ts) and jwolfman/Werewolf (public/js/roles.js). The elder's
 * figure is Tough Guy's, the nearest card (two lives).
 */
export const ULTIMATE_WEREWOLF_WEIGHTS: Readonly<Partial<Record<Role, number>>> = {
  villager: 1,
  werewolf: -6,
  seer: 7,
  witch: 4,
  hunter: 3,
  guard: 3,
  cupid: -3,
  idiot: 2,
  elder: 3,
};

/** Document 004 (and the Thiercelieux box): werewolves by player count. */
export const WOLVES_004: Readonly<Record<number, number>> = { 8: 2, 9: 2, 10: 2, 11: 2, 12: 3, 13: 3, 14: 3, 15: 3, 16: 3, 17: 3, 18: 4 };

/** Ultimate Werewolf's basic game: werewolves by player count (6–15). */
export const WOLVES_ULTIMATE: Readonly<Record<number, number>> = { 6: 1, 7: 1, 8: 1, 9: 2, 10: 2, 11: 2, 12: 3, 13: 3, 14: 3, 15: 3 };
