// Sheriff / Captain (an extra card on top of a role): elected by the players' vote on
// the first day, after the discussion (002, 004); cannot refuse. His vote counts twice.
// On a tied vote his own vote selects the victim (000: "the captain's vote selects the
// victim", sheriffTieBreak=vote; see flow/day.ts) or he chooses one of the tied (001:
// 在平票時由他決定選哪一個, sheriffTieBreak=choice), or declares the vote void (001). When he dies he names
// his successor. The documents do not say how an election tie is broken: the tied go to
// a second ballot, and if that ties too the moderator draws one of them.
//
// Harvest Festival (004): "the sheriff must vote before everyone else": his vote is
// asked and shown first, then the others vote at once (every vote of the village: the
// day vote and its re-votes, and the vote between the Scapegoat's neighbours; not the
// election, which has no sheriff yet). New Moon: players away today (Luncheon for
// Seniors, Gone Hunting) neither vote in nor stand for the election.

import type { Answer, Decision, TargetDecision } from '../decisions.js';
import { ALL, type Vote } from '../events.js';
import { ask, askAll, type Flow } from '../flow/ask.js';
import { livingExcept, seatsExcept, unvotableLover } from '../flow/targets.js';
import type { Game } from '../game.js';
import { moonAway, moonBarsVote } from '../moon/round.js';
import { living, zeros } from '../state.js';

export const SHERIFF_WEIGHT = 2;

export function voteWeight(g: Game, voter: number): number {
  return g.state.sheriff === voter ? SHERIFF_WEIGHT : 1;
}

/** The seats with the most votes (weighted), ascending; empty if nobody got a vote. */
export function topOf(votes: readonly Vote[], players: number): number[] {
  const tally = zeros(players);
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
  const present = (i: number) => !moonAway(g, i);
  let candidates = s.moon === null ? living(s) : living(s).filter(present);
  if (candidates.length === 0) return;
  for (let round = 1; ; round++) {
    const voters = s.moon === null ? living(s) : living(s).filter(present);
    const ds: TargetDecision<'election'>[] = [];
    for (const v of voters) {
      const targets = seatsExcept(candidates, v);
      if (targets.length > 0) ds.push({ kind: 'election', id: g.id(), seat: v, targets, mayPass: false });
    }
    if (ds.length === 0) {
      // A lone candidate with nobody else present to vote (New Moon: the others are away).
      s.sheriff = candidates[0]!;
      g.emit({ type: 'sheriff', seat: s.sheriff, how: 'elected', vis: ALL });
      return;
    }
    const answers = yield* askAll(ds);
    const votes: Vote[] = [];
    for (let i = 0; i < ds.length; i++) votes.push({ voter: ds[i]!.seat, target: (answers[i] as { target: number }).target, weight: 1 });
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

/**
 * The dead sheriff names his successor among the living; under successorMayPass (002
 * 可以指定, 004 则可) he may name nobody, and the village has no sheriff from then on.
 */
export function* successorStep(g: Game): Flow {
  const s = g.state;
  const dead = s.sheriff;
  const targets = livingExcept(s);
  if (targets.length === 0) return;
  const mayPass = g.setup.options.successorMayPass;
  const a = yield* ask<TargetDecision<'successor'>>({ kind: 'successor', id: g.id(), seat: dead, targets, mayPass });
  if (a.target === null) {
    s.sheriff = -1;
    g.emit({ type: 'no-successor', seat: dead, vis: ALL });
    return;
  }
  s.sheriff = a.target;
  g.emit({ type: 'sheriff', seat: s.sheriff, how: 'successor', vis: ALL });
}

/** The sheriff breaks a tie: one of the tied, or (001) void. Null: void. */
export function* sheriffTieBreak(g: Game, tied: readonly number[]): Flow<number | null> {
  const sheriff = g.state.sheriff;
  const lover = unvotableLover(g, sheriff);
  const targets = seatsExcept(tied, lover, sheriff);
  const mayPass = g.setup.options.sheriffMayVoidTie || targets.length === 0;
  const a = yield* ask<TargetDecision<'tie-break'>>({ kind: 'tie-break', id: g.id(), seat: sheriff, targets, mayPass });
  g.emit({ type: 'tie-break', sheriff, target: a.target, vis: ALL });
  return a.target;
}

/** A sheriff who can still act (alive, not a revealed Idiot who lost his vote, not barred from today's vote). */
export function actingSheriff(g: Game): boolean {
  const s = g.state;
  return s.sheriff >= 0 && s.seats[s.sheriff]!.alive && s.seats[s.sheriff]!.mayVote && !moonBarsVote(g, s.sheriff);
}

/**
 * Asks a vote's decisions (one per voter, in seat order); under the Harvest Festival the
 * sheriff's first, shown to all, then the others'. Answers in the decisions' order.
 */
export function* askVotes(g: Game, ds: readonly Decision[]): Flow<Answer[]> {
  const sheriff = g.state.sheriff;
  const i = g.setup.options.harvestFestival && sheriff >= 0 ? ds.findIndex((d) => d.seat === sheriff) : -1;
  if (i < 0) return yield* askAll(ds);
  const first = yield* ask(ds[i]!);
  g.emit({ type: 'sheriff-vote', voter: sheriff, target: (first as { target: number | null }).target, vis: ALL });
  const rest = yield* askAll(ds.filter((_, k) => k !== i));
  rest.splice(i, 0, first);
  return rest;
}
