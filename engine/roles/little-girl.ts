// Little Girl: while the werewolves pick their victim she may peek and learn who they
// are. If they catch her she dies instead of their victim, who is spared; only one kill
// that night (000, 004: 如被发现立刻死，同时那晚，狼人不能杀其他人). 001 and 002 let the
// pack choose (option caughtGirl=pack-chooses): 001 如果狼人發現了，就可以立刻殺掉小女孩
// (the wolves *may* kill her at once), 002 当然狼人也可以选择不杀死小女孩 (they may also
// choose not to kill her). The pack's leader (the lowest living wolf seat, the one its
// protocol names) decides for the pack, at once: a catch leaves no time for rounds of
// proposals. Spared, she lives and the pack's victim stands; the pack sees the choice.
// The chance of a catch is the option littleGirlCaught (her rules give no number), drawn
// by the moderator.
//
// Her lover (001: 戀人之間永遠不能互指互殺, lovers may never point at or kill each other;
// loversMayKillEachOther=false) is never the wolf who kills her: a catch is made by
// pointing at her (001: 立即做八字手勢指向小女孩). If he leads the pack, the next living
// wolf decides for it; if he is the only wolf awake, nobody may kill her and she is
// spared, whatever caughtGirl says.
//
// Whether the witch's heal saves the caught girl is the option witchSavesCaughtGirl: 001
// 小女孩被守衛守護無效。但可以被女巫拯救 (the guard cannot protect her, but the witch can
// save her); 000 "she will be killed immediately", 002 小女孩立即死亡, 004 如被发现立刻死:
// she dies at once, beyond the heal (a heal on her is spent for nothing, flow/night.ts).
//
// Harvest Festival (004): "the little girl may not peek in the werewolves' turn, only in
// the witch's". Peeking then, she sees who the witch is (whoever wakes for the witch's
// power; nobody if no witch wakes). Caught (the same littleGirlCaught chance), she is
// not killed (the witch's rules say nothing of it): the witch sees her, and learns she
// is the Little Girl. She is asked whether to peek every night she lives, witch or not,
// so being asked tells her nothing.

import { only, type Vis } from '../events.js';
import { first, type Flow } from '../flow/ask.js';
import { protectedLover } from '../flow/targets.js';
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
 * dies), or the pack's leader chooses (pack-chooses) — the first living wolf who is not
 * her lover (loversMayKillEachOther=false). Returns the victim; `g.state.tonight.caught`
 * says whether it is she.
 */
export function* littleGirlPeeks(g: Game, girl: number, wolves: readonly number[], wolfVis: Vis, victim: number): Flow<number> {
  const caught = g.moderator.chance(g.setup.options.littleGirlCaught);
  g.emit({ type: 'peek', seat: girl, wolves, caught, vis: only(girl) });
  if (!caught) return victim;
  const decider = wolves.find((w) => protectedLover(g, w) !== girl);
  if (decider === undefined) {
    // Her lover is the only wolf awake: he may not point at her (001).
    g.emit({ type: 'girl-spared', seat: girl, leader: wolves[0]!, vis: wolfVis });
    return victim;
  }
  if (g.setup.options.caughtGirl === 'pack-chooses' && victim !== girl) {
    const a = first<'catch'>(yield [{ kind: 'catch', id: g.id(), seat: decider, targets: [girl], mayPass: true, victim: victim < 0 ? null : victim }]);
    if (a.target === null) {
      g.emit({ type: 'girl-spared', seat: girl, leader: decider, vis: wolfVis });
      return victim;
    }
  }
  g.emit({ type: 'caught', seat: girl, vis: wolfVis });
  g.state.tonight.caught = true;
  return girl;
}
