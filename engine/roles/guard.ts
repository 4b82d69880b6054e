// Guard (protector): each night protects one player from the werewolves (not from
// poison); may protect himself; not the same player two nights running (001, 004), or
// doing so kills him (002: guardRepeat=lethal). Protection on the Little Girl has no
// effect (004; 001 forbids it, to the same end).

import { only } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import { livingExcept } from '../flow/targets.js';
import type { Game } from '../game.js';
import { seatOf } from '../state.js';

export function* guardStep(g: Game): Flow {
  const s = g.state;
  const guard = seatOf(s, 'guard');
  if (guard < 0 || !s.villagePowers) {
    s.lastGuarded = -1;
    return;
  }
  const repeatForbidden = g.setup.options.guardRepeat === 'forbidden';
  const targets = livingExcept(s, repeatForbidden ? s.lastGuarded : -1);
  const a = yield* ask({ kind: 'guard', id: g.id(), seat: guard, targets, mayPass: false });
  const target = a.target!;
  g.emit({ type: 'guard', seat: guard, target, vis: only(guard) });
  s.tonight.guarded = target;
  s.tonight.guardedToDeath = !repeatForbidden && target === s.lastGuarded;
  s.lastGuarded = target;
}

/** Whether the guard's protection saves the pack's victim tonight. */
export function guardSaves(g: Game, victim: number): boolean {
  const s = g.state;
  return s.tonight.guarded === victim && s.seats[victim]!.role !== 'little-girl';
}
