// Little Girl: while the werewolves pick their victim she may peek and learn who they
// are. If they catch her she dies instead of their victim, who is spared; only one kill
// that night (000, 001, 002). She can be saved by the witch (001). The chance of a catch
// is the option littleGirlCaught (her rules give no number), drawn by the moderator.
//
// Harvest Festival (004): "the little girl may not peek in the werewolves' turn, only in
// the witch's". Peeking then, she sees who the witch is (whoever wakes for the witch's
// power; nobody if no witch wakes). Caught (the same littleGirlCaught chance), she is
// not killed (the witch's rules say nothing of it): the witch sees her, and learns she
// is the Little Girl. She is asked whether to peek every night she lives, witch or not,
// so being asked tells her nothing.

import { only, type Vis } from '../events.js';
import type { Game } from '../game.js';
import { powerSeat } from '../moon/april-fools.js';

/** The living Little Girl (or, April Fools, her power's holder), who may peek tonight, or -1. */
export function littleGirlAwake(g: Game): number {
  return powerSeat(g, 'little-girl');
}

/** Harvest Festival: she peeked in the witch's turn (`witch`: who woke, or -1). */
export function littleGirlPeeksAtWitch(g: Game, girl: number, witch: number): void {
  const caught = witch >= 0 && g.moderator.chance(g.setup.options.littleGirlCaught);
  g.emit({ type: 'peek-witch', seat: girl, witch: witch < 0 ? null : witch, caught, vis: only(girl) });
  if (caught) g.emit({ type: 'girl-seen', seat: girl, vis: only(witch) });
}

/** She peeked: she sees the pack; if caught, she is the night's victim instead. Returns the victim. */
export function littleGirlPeeks(g: Game, girl: number, wolves: readonly number[], wolfVis: Vis, victim: number): number {
  const caught = g.moderator.chance(g.setup.options.littleGirlCaught);
  g.emit({ type: 'peek', seat: girl, wolves, caught, vis: only(girl) });
  if (!caught) return victim;
  g.emit({ type: 'caught', seat: girl, vis: wolfVis });
  return girl;
}
