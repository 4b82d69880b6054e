// The day: 1 dawn (the night's dead, their chain reactions, victory); 2 discussion, in
// speaking order, each living player making one statement; on day 1 the sheriff's
// election, after the discussion (002, 004); 3 the vote; then night falls.
//
// New Moon (004, moon/): the dawn draws the round's card (moon/round.ts); players away
// today neither speak nor vote nor can be voted for; Not Me – Nor Wolf takes the vote of
// whoever says a banned word; Bleak Monday and Great Distrust replace the vote; Pact with
// the Devil lets the convicted live; April Fools makes lovers vote for each other.

import type { Decision, DecisionOf, VoteDecision } from '../decisions.js';
import { ALL, type Vote } from '../events.js';
import type { Game } from '../game.js';
import { aprilFoolsActive, partnersOf } from '../moon/april-fools.js';
import { greatDistrust } from '../moon/distrust.js';
import { offerPact } from '../moon/pact.js';
import { beginRound, drawCard, miracle, moonAway, moonEvent } from '../moon/round.js';
import { vouchingChain } from '../moon/vouching.js';
import { bannedWord } from '../moon/words.js';
import { idiotSurvivesVote } from '../roles/idiot.js';
import { scapegoatDies, scapegoatNeighbourDies } from '../roles/scapegoat.js';
import { actingSheriff, askVotes, electionStep, sheriffTieBreak, topOf, voteWeight } from '../roles/sheriff.js';
import { seatOf } from '../state.js';
import { first, type Flow } from './ask.js';
import { resolveDeaths, type Death } from './deaths.js';
import { mayVoteToday, unvotableLover } from './targets.js';

export function* day(g: Game, dawnDeaths: readonly Death[]): Flow {
  const s = g.state;
  s.day++;
  g.emit({ type: 'day', day: s.day, vis: ALL });
  const card = s.moon === null ? null : drawCard(g);
  const deaths = card !== null && card.event === 'miracle' ? miracle(g, dawnDeaths) : dawnDeaths;
  s.dawnVictim = deaths.length > 0 ? deaths[0]!.seat : -1;
  yield* resolveDeaths(g, deaths, true);
  if (card !== null) yield* beginRound(g, card);
  yield* discussion(g, null);
  if (s.day === 1 && g.setup.options.sheriff && s.sheriff < 0) yield* electionStep(g);
  const event = s.moon === null ? null : moonEvent(g);
  if (event === 'bleak-monday' || event === 'great-distrust') yield* moonJudgement(g, event);
  else yield* dayVote(g);
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

/** Each living player (or, before a re-vote, each tied player) makes one statement; the away are silent. */
function* discussion(g: Game, only: readonly number[] | null): Flow {
  const s = g.state;
  const o = g.setup.options;
  const maxNamed = o.littleGirlNamesHalf ? Math.floor(g.setup.deck.filter((r) => r === 'werewolf').length / 2) : null;
  const notMe = s.moon !== null && moonEvent(g) === 'not-me-nor-wolf';
  // An index, not for-of: a loop that yields keeps its iterator in the generator, and
  // each step is then a call into the iterator's builtin rather than a read.
  const order = speakingOrder(g);
  for (let k = 0; k < order.length; k++) {
    const seat = order[k]!;
    if (only !== null && !only.includes(seat)) continue;
    if (s.moon !== null && moonAway(g, seat)) continue;
    const speech: DecisionOf<'speech'> = {
      kind: 'speech',
      id: g.id(),
      seat,
      day: s.day,
      revote: only !== null,
      littleGirlMaxNamed: maxNamed,
      players: s.players,
    };
    const a = first<'speech'>(yield [speech]);
    g.emit({ type: 'speech', seat, claims: a.claims, text: a.text, vis: ALL });
    if (notMe && a.text !== undefined) {
      const word = bannedWord(a.text);
      const m = s.moon!;
      if (word !== null && (m.noVote & (1 << seat)) === 0) {
        m.noVote |= 1 << seat;
        g.emit({ type: 'banned-word', seat, word, vis: ALL });
      }
    }
  }
}

/** What a New Moon card puts in the vote's place. */
function* moonJudgement(g: Game, event: 'bleak-monday' | 'great-distrust'): Flow {
  const s = g.state;
  switch (event) {
    case 'bleak-monday': {
      s.nextDayVoters = null;
      const last = yield* vouchingChain(g);
      if (last >= 0) yield* eliminate(g, last, 'unvouched');
      return;
    }
    case 'great-distrust': {
      const allowed = s.nextDayVoters;
      s.nextDayVoters = null;
      const friendless = yield* greatDistrust(g, allowed);
      const batch: Death[] = [];
      for (const seat of friendless) {
        g.emit({ type: 'verdict', target: seat, reason: 'friendless', vis: ALL });
        if (!idiotSurvivesVote(g, seat)) batch.push({ seat, cause: 'vote' });
      }
      if (friendless.length === 0) g.emit({ type: 'verdict', target: null, reason: 'no-votes', vis: ALL });
      if (batch.length > 0) yield* resolveDeaths(g, batch, false);
      return;
    }
  }
}

function* dayVote(g: Game): Flow {
  const s = g.state;
  const o = g.setup.options;
  const allowed = s.nextDayVoters;
  s.nextDayVoters = null;
  const away = s.moon === null ? 0 : s.moon.away;
  const april = s.moon !== null && aprilFoolsActive(s);
  let candidates: number[] | null = null; // null: every living player
  for (let round = 1; ; round++) {
    // Who may be voted for this round, as a bitmask: each voter's list is it, less himself and a lover he may not vote against.
    let open = 0;
    for (let t = 0; t < s.players; t++)
      if (s.seats[t]!.alive && (away & (1 << t)) === 0 && (candidates === null || candidates.includes(t))) open |= 1 << t;
    const ds: Decision[] = [];
    for (let v = 0; v < s.players; v++) {
      const st = s.seats[v]!;
      // (mayVoteToday, inlined on the common path)
      if (!st.alive || !st.mayVote || (allowed !== null && !allowed.includes(v)) || (s.moon !== null && !mayVoteToday(g, v, allowed))) continue;
      const targets: number[] = [];
      // 000 "must select one player", 002/004 every hand points: no abstaining (dayVoteMayAbstain).
      let mayPass = o.dayVoteMayAbstain;
      if (april && st.lover >= 0) {
        // April Fools: lovers hate each other and must vote for each other.
        for (const p of partnersOf(s, v)) if (s.seats[p]!.alive && (candidates === null || candidates.includes(p))) targets.push(p);
        mayPass = false;
      } else {
        const lover = unvotableLover(g, v);
        const mine = open & ~(1 << v) & (lover < 0 ? -1 : ~(1 << lover));
        for (let t = 0; t < s.players; t++) if ((mine & (1 << t)) !== 0) targets.push(t);
      }
      if (targets.length === 0) mayPass = true;
      const d: VoteDecision = { kind: 'vote', id: g.id(), seat: v, targets, mayPass, round, weight: voteWeight(g, v) };
      ds.push(d);
    }
    // (askVotes only when the sheriff votes first: one generator less on the common path)
    const answers = o.harvestFestival ? yield* askVotes(g, ds) : ds.length === 0 ? [] : yield ds;
    // Pushed, not mapped (as every list the log keeps: state.ts newState says why).
    const votes: Vote[] = [];
    for (let i = 0; i < ds.length; i++)
      votes.push({ voter: ds[i]!.seat, target: (answers[i] as { target: number | null }).target, weight: (ds[i] as VoteDecision).weight });
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
    if (scapegoat >= 0)
      return o.harvestFestival ? yield* scapegoatNeighbourDies(g, scapegoat, allowed) : yield* scapegoatDies(g, scapegoat);
    switch (o.tie) {
      case 'none':
        g.emit({ type: 'verdict', target: null, reason: 'tie', vis: ALL });
        return;
      case 'random':
        return yield* eliminate(g, g.moderator.pick(top), 'random');
      case 'sheriff-then-revote':
        if (o.sheriffTieBreak === 'vote') {
          // 000: "In the case of a draw, the captain's vote selects the victim. Otherwise the
          // players vote again": the tied player he voted for goes; none, the re-vote.
          const pick = actingSheriff(g) ? votes.find((x) => x.voter === s.sheriff)?.target : undefined;
          if (pick !== undefined && pick !== null && top.includes(pick)) return yield* eliminate(g, pick, 'sheriff-vote');
        } else if (actingSheriff(g)) {
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
      // 002 votes again "until someone goes" (直至有人出局); players who would tie forever
      // are stopped by the bound, and then lastTie=draw has the moderator draw one of the tied.
      if (o.lastTie === 'draw') return yield* eliminate(g, g.moderator.pick(top), 'drawn');
      g.emit({ type: 'verdict', target: null, reason: 'tie', vis: ALL });
      return;
    }
    // 002: the tied speak again, then everyone re-votes among them; 000: everyone, the tied too, votes again.
    if (o.tie === 'revote') yield* discussion(g, top);
    candidates = top;
  }
}

/**
 * The judged player goes: revealed and out, unless an unrevealed Idiot (who survives) or,
 * under Pact with the Devil, a convict who makes the pact.
 */
function* eliminate(g: Game, seat: number, reason: 'majority' | 'sheriff' | 'sheriff-vote' | 'random' | 'drawn' | 'unvouched'): Flow {
  g.emit({ type: 'verdict', target: seat, reason, vis: ALL });
  if (idiotSurvivesVote(g, seat)) return;
  if (g.state.moon !== null && reason !== 'unvouched' && moonEvent(g) === 'pact-with-the-devil' && (yield* offerPact(g, seat))) return;
  yield* resolveDeaths(g, [{ seat, cause: reason === 'drawn' ? 'drawn' : 'vote' }], false);
}
