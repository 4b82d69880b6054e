// The players' ages and sexes, for the events that ask for them (Luncheon for Seniors,
// Gone Hunting, Spiritualism's questions about men and women). Around a real table
// they are facts about the people; here they are drawn once, at setup, from the
// moderator's stream: each seat is a man or a woman with probability 1/2, and the
// seats' seniority is a uniform random order (no two players share an age, so "the
// older half" is always well defined). They are public, as they are at a table.

import type { Rng } from '../rng.js';
import type { SeatAttributes } from './state.js';

export function drawAttributes(rng: Rng, players: number): SeatAttributes {
  const male: boolean[] = [];
  for (let i = 0; i < players; i++) male.push(rng.int(2) === 1);
  const oldestFirst = rng.shuffle(Array.from({ length: players }, (_, i) => i));
  const seniority = new Array<number>(players);
  oldestFirst.forEach((seat, rank) => (seniority[seat] = rank));
  return { male, seniority };
}
