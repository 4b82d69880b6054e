// Seer: each night looks at one player's card. What she learns is the option seerSees:
// the role (000, 004), the team only (002), or the team below 10 players (001).

import type { SeerResult } from '../events.js';
import { only } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import { livingExcept } from '../flow/targets.js';
import type { Game } from '../game.js';
import { seatOf } from '../state.js';

export function seerResult(g: Game, target: number): SeerResult {
  const role = g.state.seats[target]!.role;
  const sees = g.setup.options.seerSees;
  const teamOnly = sees === 'team' || (sees === 'team-under-10' && g.state.players < 10);
  return teamOnly ? (role === 'werewolf' ? 'werewolf' : 'not-werewolf') : role;
}

export function* seerStep(g: Game): Flow {
  const s = g.state;
  const seer = seatOf(s, 'seer');
  if (seer < 0 || !s.villagePowers) return;
  const targets = livingExcept(s, seer);
  if (targets.length === 0) return;
  const a = yield* ask({ kind: 'seer', id: g.id(), seat: seer, targets, mayPass: false });
  const target = a.target!;
  g.emit({ type: 'seer', seat: seer, target, result: seerResult(g, target), vis: only(seer) });
}
