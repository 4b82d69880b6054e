// Hunter: when he dies he shoots a living player at once (RULES.md "Hunter"); on which
// causes of death is the option hunterShootsOn (000: wolves, vote; 001: not poison;
// 002: not poison nor grief; 004: all). He may hold fire (000: "has the power").

import type { Cause } from '../causes.js';
import type { TargetDecision } from '../decisions.js';
import { livingExcept, protectedLover } from '../flow/targets.js';
import type { Game } from '../game.js';

export function hunterMayShoot(g: Game, seat: number, cause: Cause, powers: boolean): boolean {
  return g.state.seats[seat]!.role === 'hunter' && powers && g.setup.options.hunterShootsOn.includes(cause);
}

export function hunterDecision(g: Game, hunter: number): TargetDecision<'hunter'> {
  return {
    kind: 'hunter',
    id: g.id(),
    seat: hunter,
    targets: livingExcept(g.state, hunter, protectedLover(g, hunter)),
    mayPass: true,
  };
}
