// Sheriff / Captain (an extra card on top of a role): elected by the players' vote on
// the first day, after the discussion (002, 004); cannot refuse. His vote counts twice.
// On a tied vote he decides (000; 001: or declares the vote void). When he dies he names
// his successor. The documents do not say how an election tie is broken: the tied go to
// a second ballot, and if that ties too the moderator draws one of them.

import type { TargetDecision } from '../decisions.js';
import { ALL, type Vote } from '../events.js';
import { ask, askAll, type Flow } from '../flow/ask.js';
import { livingExcept, unvotableLover } from '../flow/targets.js';
import type { Game } from '../game.js';
import { living } from '../state.js';

export const SHERIFF_WEIGHT = 2;

export function voteWeight(g: Game, voter: number): number {
  return g.state.sheriff === voter ? SHERIFF_WEIGHT : 1;
}

/** The seats with the most votes (weighted), ascending; empty if nobody got a vote. */
export function topOf(votes: readonly Vote[], players: number): number[] {
  const tally = new Array<number>(players).fill(0);
  let best = 0;
  for (const v of votes) {
    if (v.target === null) continue;
    const t = (tally[v.target]! += v.weight);
    if (t > best) best = t;
  }
  const top: number[] = [];
  if (best === 0) return top;
  for (let i = 0; i < players; i++) if (tally[i] === best) top.push(i);
  return top;
}

export function* electionStep(g: Game): Flow {
  const s = g.state;
  let candidates = living(s);
  for (let round = 1; ; round++) {
    const voters = living(s);
    const ds: TargetDecision<'election'>[] = [];
    for (const v of voters) {
      const targets = candidates.filter((c) => c !== v);
      if (targets.length > 0) ds.push({ kind: 'election', id: g.id(), seat: v, targets, mayPass: false });
    }
    const answers = yield* askAll(ds);
    const votes: Vote[] = ds.map((d, i) => ({ voter: d.seat, target: (answers[i] as { target: number }).target, weight: 1 }));
    g.emit({ type: 'election', round, votes, vis: ALL });
    const top = topOf(votes, s.players);
    if (top.length === 1) {
      s.sheriff = top[0]!;
      g.emit({ type: 'sheriff', seat: s.sheriff, how: 'elected', vis: ALL });
      return;
    }
    if (round >= 2) {
      s.sheriff = g.moderator.pick(top);
      g.emit({ type: 'sheriff', seat: s.sheriff, how: 'drawn', vis: ALL });
      return;
    }
    candidates = top;
  }
}

/** The dead sheriff names his successor among the living. */
export function* successorStep(g: Game): Flow {
  const s = g.state;
  const dead = s.sheriff;
  const targets = livingExcept(s);
  if (targets.length === 0) return;
  const a = yield* ask<TargetDecision<'successor'>>({ kind: 'successor', id: g.id(), seat: dead, targets, mayPass: false });
  s.sheriff = a.target!;
  g.emit({ type: 'sheriff', seat: s.sheriff, how: 'successor', vis: ALL });
}

/** The sheriff breaks a tie: one of the tied, or (001) void. Null: void. */
export function* sheriffTieBreak(g: Game, tied: readonly number[]): Flow<number | null> {
  const sheriff = g.state.sheriff;
  const lover = unvotableLover(g, sheriff);
  const targets = tied.filter((t) => t !== lover && t !== sheriff);
  const mayPass = g.setup.options.sheriffMayVoidTie || targets.length === 0;
  const a = yield* ask<TargetDecision<'tie-break'>>({ kind: 'tie-break', id: g.id(), seat: sheriff, targets, mayPass });
  g.emit({ type: 'tie-break', sheriff, target: a.target, vis: ALL });
  return a.target;
}

/** A sheriff who can still act (alive, and not a revealed Idiot who lost his vote). */
export function actingSheriff(g: Game): boolean {
  const s = g.state;
  return s.sheriff >= 0 && s.seats[s.sheriff]!.alive && s.seats[s.sheriff]!.mayVote;
}
