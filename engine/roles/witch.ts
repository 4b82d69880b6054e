// Witch: one healing potion (saves the werewolves' victim of this night) and one poison
// (kills any living player), each once per game. She is shown the victim. How many she
// may use in one night is witchPotionsPerNight (000: both; 001: one); whether she may
// heal herself is witchSelfHeal (000, 002), poison herself witchSelfPoison (002).

import { only } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import { livingExcept, protectedLover } from '../flow/targets.js';
import type { Game } from '../game.js';
import { seatOf } from '../state.js';

export function* witchStep(g: Game): Flow {
  const s = g.state;
  const o = g.setup.options;
  const witch = seatOf(s, 'witch');
  if (witch < 0 || !s.villagePowers) return;
  const victim = s.tonight.attack < 0 ? null : s.tonight.attack;
  g.emit({ type: 'witch-victim', seat: witch, victim, vis: only(witch) });
  const canHeal = s.healPotion && victim !== null && (o.witchSelfHeal || victim !== witch);
  const poisonTargets = s.poisonPotion ? livingExcept(s, o.witchSelfPoison ? -1 : witch, protectedLover(g, witch)) : [];
  if (!canHeal && poisonTargets.length === 0) return;
  const a = yield* ask({
    kind: 'witch',
    id: g.id(),
    seat: witch,
    victim,
    canHeal,
    poisonTargets,
    potionsTonight: o.witchPotionsPerNight,
  });
  if (a.heal) {
    s.healPotion = false;
    s.tonight.healed = true;
  }
  if (a.poison !== null) {
    s.poisonPotion = false;
    s.tonight.poisoned = a.poison;
  }
  g.emit({ type: 'witch', seat: witch, heal: a.heal ? victim : null, poison: a.poison, vis: only(witch) });
}
