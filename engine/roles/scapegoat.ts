// Scapegoat (001, 004): when the day vote ties, he dies instead of the tied players.
// Before dying he names which players may vote the next day; that day's vote is then
// restricted to them (001: if he names one and the wolves eat him, nobody votes).

import { ALL } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import { resolveDeaths } from '../flow/deaths.js';
import { livingExcept } from '../flow/targets.js';
import type { Game } from '../game.js';

export function* scapegoatDies(g: Game, scapegoat: number): Flow {
  const s = g.state;
  g.emit({ type: 'verdict', target: scapegoat, reason: 'scapegoat', vis: ALL });
  const candidates = livingExcept(s, scapegoat);
  const a = yield* ask({ kind: 'scapegoat', id: g.id(), seat: scapegoat, candidates });
  const voters = [...a.voters].sort((x, y) => x - y);
  s.nextDayVoters = voters;
  g.emit({ type: 'scapegoat-voters', seat: scapegoat, voters, vis: ALL });
  yield* resolveDeaths(g, [{ seat: scapegoat, cause: 'scapegoat' }], false);
}
