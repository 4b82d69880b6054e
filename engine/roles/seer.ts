// Seer: each night looks at one player's card. What she learns is the option seerSees:
// the role (000, 004), the team only (002), or the team below 10 players (001).
//
// Harvest Festival (004): "the moderator shows the target's card and the cards of the
// target's left and right neighbours, three in all, without saying which is the
// target's": she learns the three seats and the three results (each as seerSees gives
// it) sorted in a fixed order, so their order tells nothing. Neighbours are the living
// ones; with fewer players there are fewer cards (her own may be among them).

import type { SeerResult } from '../events.js';
import { only } from '../events.js';
import { first, type Flow } from '../flow/ask.js';
import { neighbours } from '../flow/circle.js';
import { livingExcept } from '../flow/targets.js';
import type { Game } from '../game.js';
import { powerSeat } from '../moon/april-fools.js';
import { ROLES } from '../teams.js';

export function seerResult(g: Game, target: number): SeerResult {
  const role = g.state.seats[target]!.role;
  const sees = g.setup.options.seerSees;
  const teamOnly = sees === 'team' || (sees === 'team-under-10' && g.state.players < 10);
  return teamOnly ? (role === 'werewolf' ? 'werewolf' : 'not-werewolf') : role;
}

/** The order a glimpse's results are shown in: ROLES order, then the team results. */
const RESULT_ORDER: readonly SeerResult[] = [...ROLES, 'not-werewolf'];

export function* seerStep(g: Game): Flow {
  const s = g.state;
  const seer = powerSeat(g, 'seer');
  if (seer < 0 || !s.villagePowers) return;
  const targets = livingExcept(s, seer);
  if (targets.length === 0) return;
  const a = first<'seer'>(yield [{ kind: 'seer', id: g.id(), seat: seer, targets, mayPass: false }]);
  const target = a.target!;
  if (g.setup.options.harvestFestival) {
    const seats = [target, ...neighbours(s, target).filter((n) => n !== target)].sort((x, y) => x - y);
    const results = seats.map((i) => seerResult(g, i)).sort((x, y) => RESULT_ORDER.indexOf(x) - RESULT_ORDER.indexOf(y));
    if (results.includes('werewolf')) s.seerFoundWolf = true;
    g.emit({ type: 'seer-glimpse', seat: seer, target, seats, results, vis: only(seer) });
    return;
  }
  const result = seerResult(g, target);
  if (result === 'werewolf') s.seerFoundWolf = true;
  g.emit({ type: 'seer', seat: seer, target, result, vis: only(seer) });
}
