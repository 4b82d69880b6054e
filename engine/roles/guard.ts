// Guard (protector): each night protects one player from the werewolves (not from
// poison); may protect himself; not the same player two nights running (001, 004), or
// doing so kills him (002: guardRepeat=lethal). Protection on the Little Girl has no
// effect (004), or (001, guardLittleGirl=refused) he may not protect her: named, she is
// refused him with her card shown, and he chooses again.
//
// What the protection blocks is the option guardBlocks: the pack's attack only (001:
// 该人不會被狼人殺害（但仍然可以被女巫毒死）, he is not killed by the werewolves but can
// still be poisoned by the witch; 002: 如果那个人是当晚被狼人杀死的，那么那个人不会死) or
// every death of that night, the poison too (004: 守卫每晚指定任一玩家，该玩家在那晚不会死,
// the guarded player does not die that night). The deaths of the next dawn (a lover's
// grief, the hunter's shot) come after the night and are not blocked, nor the death a
// repeat causes under guardRepeat=lethal (the guard's own doing).
//
// Whether he may protect nobody on a night is the option guardMayPass (001, 002: he "may"
// guard one each night, 每晚可以守護一個人; 004: he names one every night).
//
// Harvest Festival (004): "the guard may protect only himself or one of his two
// neighbours" (living neighbours, flow/circle.ts).

import { only } from '../events.js';
import { first, type Flow } from '../flow/ask.js';
import { neighbours } from '../flow/circle.js';
import { livingExcept } from '../flow/targets.js';
import type { Game } from '../game.js';
import { powerSeat } from '../moon/april-fools.js';

export function* guardStep(g: Game): Flow {
  const s = g.state;
  const guard = powerSeat(g, 'guard');
  if (guard < 0 || !s.villagePowers) {
    s.lastGuarded = -1;
    return;
  }
  const repeatForbidden = g.setup.options.guardRepeat === 'forbidden';
  const skip = repeatForbidden ? s.lastGuarded : -1;
  const targets = g.setup.options.harvestFestival
    ? [guard, ...neighbours(s, guard)].filter((i) => i !== skip).sort((x, y) => x - y)
    : livingExcept(s, skip);
  if (targets.length === 0) {
    s.lastGuarded = -1;
    return;
  }
  const mayPass = g.setup.options.guardMayPass;
  let target = first<'guard'>(yield [{ kind: 'guard', id: g.id(), seat: guard, targets, mayPass }]).target;
  if (target !== null && g.setup.options.guardLittleGirl === 'refused' && s.seats[target]!.role === 'little-girl') {
    // 001: the moderator turns over the card of the one he names (守衛守護的人要由主持人翻看其身份牌)
    // and may not let him guard her (守衛不可以守護小女孩): he sees her card and chooses again.
    g.emit({ type: 'guard-refused', seat: guard, target, role: 'little-girl', vis: only(guard) });
    const others = targets.filter((t) => t !== target);
    if (others.length === 0) {
      s.lastGuarded = -1;
      return;
    }
    target = first<'guard'>(yield [{ kind: 'guard', id: g.id(), seat: guard, targets: others, mayPass }]).target;
  }
  g.emit({ type: 'guard', seat: guard, target, vis: only(guard) });
  if (target === null) {
    // A night off: nobody is protected, and tomorrow he may guard anyone.
    s.lastGuarded = -1;
    return;
  }
  s.tonight.guarded = target;
  s.tonight.guardedToDeath = !repeatForbidden && target === s.lastGuarded;
  s.lastGuarded = target;
}

/** Whether the guard's protection saves `victim` tonight (from the pack; under guardBlocks=night, from the poison too). */
export function guardSaves(g: Game, victim: number): boolean {
  const s = g.state;
  return s.tonight.guarded === victim && s.seats[victim]!.role !== 'little-girl';
}
