// Great Distrust (004): "each villager now has two votes, to point at his two best
// friends; at the moderator's signal both hands point at once, and both count. If one or
// more players ..." — 004's text is cut off there. We complete it as the original card
// does: the players nobody names as a friend are eliminated (all of them; if everyone is
// named, nobody). It replaces the day's vote: the voters are those who may vote today (a
// revealed Idiot and a Scapegoat's choice apply); with no voter at all nobody goes.

import type { Decision } from '../decisions.js';
import { ALL } from '../events.js';
import { askAll, type Flow } from '../flow/ask.js';
import { livingExcept } from '../flow/targets.js';
import type { Game } from '../game.js';
import { living } from '../state.js';

export const FRIENDS = 2;

/** Runs the designation; returns the friendless living players, ascending. */
export function* greatDistrust(g: Game, allowed: readonly number[] | null): Flow<number[]> {
  const s = g.state;
  const ds: Decision[] = [];
  for (const v of living(s)) {
    if (!s.seats[v]!.mayVote || (allowed !== null && !allowed.includes(v))) continue;
    const targets = livingExcept(s, v);
    const count = Math.min(FRIENDS, targets.length);
    if (count > 0) ds.push({ kind: 'friends', id: g.id(), seat: v, targets, count });
  }
  if (ds.length === 0) return [];
  const answers = yield* askAll(ds);
  const votes = ds.map((d, i) => ({
    voter: d.seat,
    friends: [...(answers[i] as { friends: readonly number[] }).friends].sort((a, b) => a - b),
  }));
  g.emit({ type: 'friends', votes, vis: ALL });
  let named = 0;
  for (const v of votes) for (const f of v.friends) named |= 1 << f;
  return living(s).filter((i) => (named & (1 << i)) === 0);
}
