// Hunter: when he dies he shoots a living player at once (docs/rules.md "Options": hunterShootsOn); on which
// causes of death is the option hunterShootsOn (000: wolves, vote; 001: not poison;
// 002: not poison nor grief; 004: all). He may hold fire (000: "has the power").
//
// Harvest Festival (004): "the hunter may shoot only a player next to him": one of the
// nearest living players on each side of his seat. April Fools (New Moon): whoever holds
// the hunter's power this round shoots.

import type { Cause } from '../causes.js';
import type { TargetDecision } from '../decisions.js';
import { neighbours } from '../flow/circle.js';
import { livingExcept, protectedLover } from '../flow/targets.js';
import type { Game } from '../game.js';
import { holdsPower } from '../moon/april-fools.js';

export function hunterMayShoot(g: Game, seat: number, cause: Cause, powers: boolean): boolean {
  const holds = g.state.moon === null ? g.state.seats[seat]!.role === 'hunter' : holdsPower(g, seat, 'hunter');
  return holds && powers && g.setup.options.hunterShootsOn.includes(cause);
}

export function hunterDecision(g: Game, hunter: number): TargetDecision<'hunter'> {
  const lover = protectedLover(g, hunter);
  return {
    kind: 'hunter',
    id: g.id(),
    seat: hunter,
    targets: g.setup.options.harvestFestival
      ? neighbours(g.state, hunter).filter((i) => i !== lover)
      : livingExcept(g.state, hunter, lover),
    mayPass: true,
  };
}
