// Thief (first night only): looks at the 2 cards left face down after the deal and may
// swap his card for one of them, playing that role for the rest of the game; if both
// are werewolves he must take one (000–004). His own card goes face down in its place.

import { only } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import type { Game } from '../game.js';
import { seatOf } from '../state.js';

export function* thiefStep(g: Game): Flow {
  const s = g.state;
  const thief = seatOf(s, 'thief');
  if (thief < 0) return;
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
