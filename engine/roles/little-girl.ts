// Little Girl: while the werewolves pick their victim she may peek and learn who they
// are. If they catch her she dies instead of their victim, who is spared; only one kill
// that night (000, 004: 如被发现立刻死，同时那晚，狼人不能杀其他人). 001 and 002 let the
// pack choose (option caughtGirl=pack-chooses): 001 如果狼人發現了，就可以立刻殺掉小女孩
// (the wolves *may* kill her at once), 002 当然狼人也可以选择不杀死小女孩 (they may also
// choose not to kill her). The pack's leader (the lowest living wolf seat, the one its
// protocol names) decides for the pack, at once: a catch leaves no time for rounds of
// proposals. Spared, she lives and the pack's victim stands; the pack sees the choice.
// She can be saved by the witch (001). The chance of a catch is the option
// littleGirlCaught (her rules give no number), drawn by the moderator.
//
// Harvest Festival (004): "the little girl may not peek in the werewolves' turn, only in
// the witch's". Peeking then, she sees who the witch is (whoever wakes for the witch's
// power; nobody if no witch wakes). Caught (the same littleGirlCaught chance), she is
// not killed (the witch's rules say nothing of it): the witch sees her, and learns she
// is the Little Girl. She is asked whether to peek every night she lives, witch or not,
// so being asked tells her nothing.

import { only, type Vis } from '../events.js';
import { first, type Flow } from '../flow/ask.js';
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

/**
 * She peeked: she sees the pack; if caught, she is the night's victim instead (caughtGirl=
 * dies), or the pack's leader chooses (pack-chooses). Returns the victim.
 */
export function* littleGirlPeeks(g: Game, girl: number, wolves: readonly number[], wolfVis: Vis, victim: number): Flow<number> {
  const caught = g.moderator.chance(g.setup.options.littleGirlCaught);
  g.emit({ type: 'peek', seat: girl, wolves, caught, vis: only(girl) });
  if (!caught) return victim;
  if (g.setup.options.caughtGirl === 'pack-chooses' && victim !== girl) {
    const leader = wolves[0]!;
    const a = first<'catch'>(yield [{ kind: 'catch', id: g.id(), seat: leader, targets: [girl], mayPass: true, victim: victim < 0 ? null : victim }]);
    if (a.target === null) {
      g.emit({ type: 'girl-spared', seat: girl, leader, vis: wolfVis });
      return victim;
    }
  }
  g.emit({ type: 'caught', seat: girl, vis: wolfVis });
  return girl;
}
