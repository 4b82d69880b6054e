// Thief (first night only): looks at the 2 cards left face down after the deal and may
// swap his card for one of them, playing that role for the rest of the game; if both
// are werewolves he must take one (000–004). His own card goes face down in its place.
//
// Harvest Festival (004): "the thief names a player and swaps cards with him, instead of
// with the two extra cards." He may also keep his card. The robbed player is told his
// new card (the thief's, a card with no power left after the first night) but not who
// took his; the two extra cards stay face down, unused.

import { only } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import { livingExcept } from '../flow/targets.js';
import type { Game } from '../game.js';
import { seatOf, setRole } from '../state.js';

export function* thiefStep(g: Game): Flow {
  const s = g.state;
  const thief = seatOf(s, 'thief');
  if (thief < 0) return;
  if (g.setup.options.harvestFestival) return yield* stealStep(g, thief);
  const cards = [s.leftover[0]!, s.leftover[1]!] as const;
  g.emit({ type: 'thief-cards', seat: thief, cards, vis: only(thief) });
  const mustTake = cards[0] === 'werewolf' && cards[1] === 'werewolf';
  const a = yield* ask({ kind: 'thief', id: g.id(), seat: thief, cards, mustTake });
  if (a.take !== null) {
    const taken = cards[a.take];
    s.leftover[a.take] = 'thief';
    s.seats[thief]!.role = taken;
    if (taken === 'elder') s.seats[thief]!.lives = 2;
  }
  g.emit({ type: 'thief-swap', seat: thief, took: a.take === null ? null : cards[a.take], vis: only(thief) });
}

function* stealStep(g: Game, thief: number): Flow {
  const s = g.state;
  const a = yield* ask({ kind: 'steal', id: g.id(), seat: thief, targets: livingExcept(s, thief), mayPass: true });
  const target = a.target;
  const took = target === null ? null : s.seats[target]!.role;
  g.emit({ type: 'thief-steal', seat: thief, target, took, vis: only(thief) });
  if (target === null || took === null) return;
  setRole(s, thief, took);
  setRole(s, target, 'thief');
  g.emit({ type: 'role-change', seat: target, role: 'thief', reason: 'stolen', vis: only(target) });
}
