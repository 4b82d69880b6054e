// Punishment (004): "the last to die pays the price: he names a player, who dies unless
// at least two players vouch for his innocence." At the start of the day (after the
// dawn's deaths) the most recent dead names a living player; every other living player
// then says at once whether he vouches for him; with fewer than two vouchers he dies
// (cause `punishment`). Nobody dead yet: the card does nothing.

import { ALL } from '../events.js';
import { ask, askAll, type Flow } from '../flow/ask.js';
import { resolveDeaths } from '../flow/deaths.js';
import { livingExcept } from '../flow/targets.js';
import type { Decision } from '../decisions.js';
import type { Game } from '../game.js';
import { living } from '../state.js';

export const VOUCHERS_NEEDED = 2;

export function* punishment(g: Game): Flow {
  const s = g.state;
  const dead = s.lastDead;
  const targets = living(s);
  if (dead < 0 || targets.length === 0) {
    g.emit({ type: 'moon-void', event: 'punishment', reason: 'nobody has died yet', vis: ALL });
    return;
  }
  const a = yield* ask({ kind: 'punish', id: g.id(), seat: dead, targets, mayPass: false });
  const accused = a.target!;
  g.emit({ type: 'punish', seat: dead, target: accused, vis: ALL });
  const ds: Decision[] = livingExcept(s, accused).map((seat) => ({ kind: 'defend', id: g.id(), seat, accused }));
  const answers = yield* askAll(ds);
  const defenders = ds.filter((_, i) => (answers[i] as { defend: boolean }).defend).map((d) => d.seat);
  const saved = defenders.length >= VOUCHERS_NEEDED;
  g.emit({ type: 'defence', accused, defenders, saved, vis: ALL });
  if (!saved) yield* resolveDeaths(g, [{ seat: accused, cause: 'punishment' }], false);
}
