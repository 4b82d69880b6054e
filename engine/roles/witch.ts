// Witch: one healing potion (saves the werewolves' victim of this night) and one poison
// (kills any living player), each once per game. She is shown the victim. How many she
// may use in one night is witchPotionsPerNight (000: both; 001: one); whether she may
// heal herself is witchSelfHeal (000, 002), poison herself witchSelfPoison (002).
// The Little Girl the pack caught: under witchSavesCaughtGirl (001: 但可以被女巫拯救, "but
// the witch can save her") she is the victim the witch is shown, as any victim (not told
// of the catch), and the heal saves her. 000, 002 and 004 say she dies at once, instead
// of the pack's victim (000: "she will be killed immediately instead of the selected
// victim"; 002: 立即死亡; 004: 如被发现立刻死): she is no victim left for the witch, who is
// shown none, may not heal, and cannot poison the dead — no potion is spent on her.
//
// Harvest Festival (004): "the witch may use only one potion, and when she decides to use
// it the moderator tosses the game box to decide what it does" — four faces, equally
// likely, drawn from the moderator's stream: heal; heal and turn the one who drinks it
// into a plain villager; heal and turn him into a werewolf; poison. She gives it to one
// living player (herself only if witchSelfHeal; not her lover under
// loversMayKillEachOther=false), or keeps it for another night. A heal saves that player
// only if he is tonight's victim; the turned player is told his new card; the witch
// learns the effect. The Little Girl peeks during this turn (little-girl.ts).

import type { Decision } from '../decisions.js';
import { only, POTION_EFFECTS } from '../events.js';
import { ask, askAll, type Flow } from '../flow/ask.js';
import { livingExcept, protectedLover } from '../flow/targets.js';
import type { Game } from '../game.js';
import { powerSeat } from '../moon/april-fools.js';
import { setRole } from '../state.js';
import { littleGirlAwake, littleGirlPeeksAtWitch } from './little-girl.js';

export function* witchStep(g: Game): Flow {
  if (g.setup.options.harvestFestival) return yield* harvestWitchStep(g);
  const s = g.state;
  const o = g.setup.options;
  const witch = powerSeat(g, 'witch');
  if (witch < 0 || !s.villagePowers) return;
  const diedAtOnce = s.tonight.caught && !o.witchSavesCaughtGirl ? s.tonight.attack : -1;
  const victim = s.tonight.attack < 0 || diedAtOnce >= 0 ? null : s.tonight.attack;
  g.emit({ type: 'witch-victim', seat: witch, victim, vis: only(witch) });
  const canHeal = s.healPotion && victim !== null && (o.witchSelfHeal || victim !== witch);
  const poisonTargets = s.poisonPotion ? livingExcept(s, o.witchSelfPoison ? -1 : witch, protectedLover(g, witch), diedAtOnce) : [];
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

function* harvestWitchStep(g: Game): Flow {
  const s = g.state;
  const o = g.setup.options;
  const witch = s.villagePowers ? powerSeat(g, 'witch') : -1;
  const girl = littleGirlAwake(g);
  const victim = s.tonight.attack < 0 ? null : s.tonight.attack;
  const ds: Decision[] = [];
  if (witch >= 0) {
    g.emit({ type: 'witch-victim', seat: witch, victim, vis: only(witch) });
    // The single potion is the healing flag; both flags go when it is used.
    if (s.healPotion) {
      const targets = livingExcept(s, o.witchSelfHeal ? -1 : witch, protectedLover(g, witch));
      if (targets.length > 0) ds.push({ kind: 'potion', id: g.id(), seat: witch, targets, mayPass: true, victim });
    }
  }
  if (girl >= 0) ds.push({ kind: 'peek', id: g.id(), seat: girl });
  const answers = yield* askAll(ds);
  for (let i = 0; i < ds.length; i++) {
    const d = ds[i]!;
    const a = answers[i]!;
    if (d.kind === 'potion' && a.kind === 'potion' && a.target !== null) drinkPotion(g, witch, a.target);
    if (d.kind === 'peek' && a.kind === 'peek' && a.peek) littleGirlPeeksAtWitch(g, girl, witch);
  }
}

function drinkPotion(g: Game, witch: number, target: number): void {
  const s = g.state;
  s.healPotion = false;
  s.poisonPotion = false;
  const effect = POTION_EFFECTS[g.moderator.int(POTION_EFFECTS.length)]!;
  g.emit({ type: 'witch-potion', seat: witch, target, effect, vis: only(witch) });
  if (effect === 'poison') {
    s.tonight.poisoned = target;
    return;
  }
  if (target === s.tonight.attack) s.tonight.healed = true;
  if (effect === 'heal') return;
  const role = effect === 'heal-villager' ? 'villager' : 'werewolf';
  if (s.seats[target]!.role === role) return;
  setRole(s, target, role);
  g.emit({ type: 'role-change', seat: target, role, reason: 'potion', vis: only(target) });
}
