// Little Girl: while the werewolves pick their victim she may peek and learn who they
// are. If they catch her she dies instead of their victim, who is spared; only one kill
// that night (000, 001, 002). She can be saved by the witch (001). The chance of a catch
// is the option littleGirlCaught (her rules give no number), drawn by the moderator.

import { only, type Vis } from '../events.js';
import type { Game } from '../game.js';
import { seatOf } from '../state.js';

/** The living Little Girl, who may peek tonight, or -1. */
export function littleGirlAwake(g: Game): number {
  return seatOf(g.state, 'little-girl');
}

/** She peeked: she sees the pack; if caught, she is the night's victim instead. Returns the victim. */
export function littleGirlPeeks(g: Game, girl: number, wolves: readonly number[], wolfVis: Vis, victim: number): number {
  const caught = g.moderator.chance(g.setup.options.littleGirlCaught);
  g.emit({ type: 'peek', seat: girl, wolves, caught, vis: only(girl) });
  if (!caught) return victim;
  g.emit({ type: 'caught', seat: girl, vis: wolfVis });
  return girl;
}
