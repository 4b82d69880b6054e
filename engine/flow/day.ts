// The day: 1 dawn (the night's dead, their chain reactions, victory); 2 discussion, in
// speaking order, each living player making one statement; on day 1 the sheriff's
// election, after the discussion (002, 004); 3 the vote; then night falls.

import type { Decision, VoteDecision } from '../decisions.js';
import { ALL, type Vote } from '../events.js';
import type { Game } from '../game.js';
import { idiotSurvivesVote } from '../roles/idiot.js';
import { scapegoatDies } from '../roles/scapegoat.js';
import { actingSheriff, electionStep, sheriffTieBreak, topOf, voteWeight } from '../roles/sheriff.js';
import { seatOf } from '../state.js';
import { ask, askAll, type Flow } from './ask.js';
import { resolveDeaths, type Death } from './deaths.js';
import { unvotableLover } from './targets.js';

export function* day(g: Game, dawnDeaths: readonly Death[]): Flow {
  const s = g.state;
  s.day++;
  g.emit({ type: 'day', day: s.day, vis: ALL });
  s.dawnVictim = dawnDeaths.length > 0 ? dawnDeaths[0]!.seat : -1;
  yield* resolveDeaths(g, dawnDeaths, true);
  yield* discussion(g, null);
  if (s.day === 1 && g.setup.options.sheriff && s.sheriff < 0) yield* electionStep(g);
  yield* dayVote(g);
}

/** Living seats in speaking order: seat order, or clockwise from the left of the dawn's first victim. */
export function speakingOrder(g: Game): number[] {
  const s = g.state;
  const start = g.setup.options.speakingOrder === 'after-victim' && s.dawnVictim >= 0 ? s.dawnVictim + 1 : 0;
  const out: number[] = [];
  for (let k = 0; k < s.players; k++) {
    const i = (start + k) % s.players;
    if (s.seats[i]!.alive) out.push(i);
  }
  return out;
}

/** Each living player (or, before a re-vote, each tied player) makes one statement. */
function* discussion(g: Game, only: readonly number[] | null): Flow {
  const s = g.state;
  const o = g.setup.options;
  const maxNamed = o.littleGirlNamesHalf ? Math.floor(g.setup.deck.filter((r) => r === 'werewolf').length / 2) : null;
  for (const seat of speakingOrder(g)) {
    if (only !== null && !only.includes(seat)) continue;
    const a = yield* ask({
      kind: 'speech',
      id: g.id(),
      seat,
      day: s.day,
      revote: only !== null,
      littleGirlMaxNamed: maxNamed,
      players: s.players,
    });
    g.emit({ type: 'speech', seat, claims: a.claims, text: a.text, vis: ALL });
  }
}

function* dayVote(g: Game): Flow {
  const s = g.state;
  const o = g.setup.options;
  const allowed = s.nextDayVoters;
  s.nextDayVoters = null;
  let candidates: number[] | null = null; // null: every living player
  for (let round = 1; ; round++) {
    const ds: Decision[] = [];
    for (let v = 0; v < s.players; v++) {
      const st = s.seats[v]!;
      if (!st.alive || !st.mayVote || (allowed !== null && !allowed.includes(v))) continue;
      const lover = unvotableLover(g, v);
      const targets: number[] = [];
      for (let t = 0; t < s.players; t++)
        if (t !== v && t !== lover && s.seats[t]!.alive && (candidates === null || candidates.includes(t))) targets.push(t);
      const d: VoteDecision = { kind: 'vote', id: g.id(), seat: v, targets, mayPass: true, round, weight: voteWeight(g, v) };
      ds.push(d);
    }
    const answers = yield* askAll(ds);
    const votes: Vote[] = ds.map((d, i) => ({
      voter: d.seat,
      target: (answers[i] as { target: number | null }).target,
      weight: (d as VoteDecision).weight,
    }));
    g.emit({ type: 'votes', round, votes, vis: ALL });
    const top = topOf(votes, s.players);
    if (top.length === 0) {
      g.emit({ type: 'verdict', target: null, reason: 'no-votes', vis: ALL });
      return;
    }
    if (top.length === 1) return yield* eliminate(g, top[0]!, 'majority');
    g.emit({ type: 'tie', tied: top, round, vis: ALL });
    // A Scapegoat in play overrides the tie rule (001, 004).
    const scapegoat = seatOf(s, 'scapegoat');
    if (scapegoat >= 0) return yield* scapegoatDies(g, scapegoat);
    switch (o.tie) {
      case 'none':
        g.emit({ type: 'verdict', target: null, reason: 'tie', vis: ALL });
        return;
      case 'random':
        return yield* eliminate(g, g.moderator.pick(top), 'random');
      case 'sheriff-then-revote':
        if (actingSheriff(g)) {
          const t = yield* sheriffTieBreak(g, top);
          if (t === null) {
            g.emit({ type: 'verdict', target: null, reason: 'void', vis: ALL });
            return;
          }
          return yield* eliminate(g, t, 'sheriff');
        }
        break;
      case 'revote':
        break;
    }
    if (round > o.maxRevotes) {
      g.emit({ type: 'verdict', target: null, reason: 'tie', vis: ALL });
      return;
    }
    // 002: the tied speak again, then everyone re-votes among them; 000: everyone, the tied too, votes again.
    if (o.tie === 'revote') yield* discussion(g, top);
    candidates = top;
  }
}

/** The vote's target goes: revealed and out, unless an unrevealed Idiot (who survives). */
function* eliminate(g: Game, seat: number, reason: 'majority' | 'sheriff' | 'random'): Flow {
  g.emit({ type: 'verdict', target: seat, reason, vis: ALL });
  if (idiotSurvivesVote(g, seat)) return;
  yield* resolveDeaths(g, [{ seat, cause: 'vote' }], false);
}

