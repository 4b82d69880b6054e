// Scapegoat (001, 004): when the day vote ties, he dies instead of the tied players.
// Before dying he names which players may vote the next day; that day's vote is then
// restricted to them (001: if he names one and the wolves eat him, nobody votes).
//
// Harvest Festival (004): "on a tie the scapegoat does not die; one of his two
// neighbours dies instead, chosen by the village's vote, and that one does not get the
// scapegoat's power." Those who may vote in the day's vote choose between his two living
// neighbours (the sheriff first and double, as in every vote; a lover not against his
// lover; abstaining allowed); the one with more votes dies (cause `scapegoat`: it is the
// scapegoat's rule that kills, not a vote-out, so an Idiot chosen this way dies). A tie
// of this vote, or no vote at all, is settled by the moderator's draw among the tied:
// one of the two must die. With one neighbour (or one not away today, New Moon), he dies
// without a vote; with none, nobody dies.

import type { Decision, SacrificeDecision } from '../decisions.js';
import { ALL, type Vote } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import { neighbours } from '../flow/circle.js';
import { resolveDeaths } from '../flow/deaths.js';
import { livingExcept, mayVoteToday, unvotableLover } from '../flow/targets.js';
import type { Game } from '../game.js';
import { moonAway } from '../moon/round.js';
import { askVotes, topOf, voteWeight } from './sheriff.js';

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

/** Harvest Festival: one of the scapegoat's neighbours dies on the tie, chosen by the village. */
export function* scapegoatNeighbourDies(g: Game, scapegoat: number, allowed: readonly number[] | null): Flow {
  const s = g.state;
  // (New Moon: a neighbour away today cannot be voted for, so cannot be chosen)
  const candidates = neighbours(s, scapegoat).filter((i) => !moonAway(g, i));
  if (candidates.length === 0) {
    g.emit({ type: 'verdict', target: null, reason: 'tie', vis: ALL });
    return;
  }
  let target = candidates[0]!;
  if (candidates.length === 2) {
    const ds: Decision[] = [];
    for (let v = 0; v < s.players; v++) {
      if (!mayVoteToday(g, v, allowed)) continue;
      const lover = unvotableLover(g, v);
      const targets = candidates.filter((c) => c !== v && c !== lover);
      const d: SacrificeDecision = { kind: 'sacrifice', id: g.id(), seat: v, targets, mayPass: true, scapegoat, weight: voteWeight(g, v) };
      ds.push(d);
    }
    const answers = yield* askVotes(g, ds);
    const votes: Vote[] = [];
    for (let i = 0; i < ds.length; i++)
      votes.push({ voter: ds[i]!.seat, target: (answers[i] as { target: number | null }).target, weight: (ds[i] as SacrificeDecision).weight });
    const top = topOf(votes, s.players);
    target = top.length === 1 ? top[0]! : g.moderator.pick(top.length === 0 ? candidates : top);
    g.emit({ type: 'sacrifice', scapegoat, votes, target, vis: ALL });
  }
  g.emit({ type: 'verdict', target, reason: 'scapegoat', vis: ALL });
  yield* resolveDeaths(g, [{ seat: target, cause: 'scapegoat' }], false);
}
