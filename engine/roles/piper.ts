// Pied Piper (001, 004): a side of his own. Each night he charms two players (not
// himself); then all the charmed wake and see who is charmed. Charmed players keep
// their roles and powers; charm does not pass between lovers. He wins alone the moment
// every other living player is charmed (flow/victory.ts). Harvest Festival (004): he
// charms one player a night.

import { maskOf, only } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import type { Game } from '../game.js';
import { seatOf } from '../state.js';

export const CHARMS_PER_NIGHT = 2;
export const HARVEST_CHARMS_PER_NIGHT = 1;

export function* piperStep(g: Game): Flow {
  const s = g.state;
  const piper = seatOf(s, 'piper');
  if (piper < 0) return;
  const candidates: number[] = [];
  for (let i = 0; i < s.players; i++) if (i !== piper && s.seats[i]!.alive && !s.seats[i]!.charmed) candidates.push(i);
  const perNight = g.setup.options.harvestFestival ? HARVEST_CHARMS_PER_NIGHT : CHARMS_PER_NIGHT;
  const count = Math.min(perNight, candidates.length);
  if (count === 0) return;
  const a = yield* ask({ kind: 'piper', id: g.id(), seat: piper, candidates, count });
  const targets = [...a.targets].sort((x, y) => x - y);
  for (const t of targets) s.seats[t]!.charmed = true;
  g.emit({ type: 'charm', seat: piper, targets, vis: only(piper) });
  const charmed: number[] = [];
  for (let i = 0; i < s.players; i++) if (s.seats[i]!.alive && s.seats[i]!.charmed) charmed.push(i);
  g.emit({ type: 'charmed', charmed, vis: maskOf(charmed) | only(piper) });
}
