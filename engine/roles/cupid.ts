// Cupid (first night only): names two lovers, himself possibly (000). The lovers then
// wake and recognise each other (000–004); what they learn of each other's card is the
// option loversLearn (004: nothing; 002: human or wolf). When one dies the other dies
// of grief at once (flow/deaths.ts).
//
// Harvest Festival (004): once the pair (A, B) has recognised each other, Cupid wakes
// again and names one of them (B, "the unfaithful") and a player who is not a lover (C,
// "the secret lover", Cupid himself possibly); B and C wake and recognise each other. A
// is not told. Then grief is unequal: A (abandoned) dies → B and C live; B dies → A and
// C die; C dies → only B dies (B's grief for C does not carry on to A). Votes: A may not vote for B, B may vote for A, B and C
// may not vote for each other (state.ts LoveTriangle: these hold whatever
// loversMayVoteEachOther says). The three are one group for victory (state.ts
// crossTeamLovers).

import { only, type LoverInfo } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import type { Game } from '../game.js';
import { seatOf, type GameState } from '../state.js';

export function* cupidStep(g: Game): Flow {
  const s = g.state;
  const cupid = seatOf(s, 'cupid');
  if (cupid < 0) return;
  const candidates = Array.from({ length: s.players }, (_, i) => i);
  const a = yield* ask({ kind: 'cupid', id: g.id(), seat: cupid, candidates });
  const [x, y] = a.lovers[0] < a.lovers[1] ? [a.lovers[0], a.lovers[1]] : [a.lovers[1], a.lovers[0]];
  s.seats[x]!.lover = y;
  s.seats[y]!.lover = x;
  g.emit({ type: 'cupid', seat: cupid, lovers: [x, y], vis: only(cupid) });
}

/** The lovers wake and recognise each other. */
// eslint-disable-next-line require-yield
export function* loversStep(g: Game): Flow {
  const s = g.state;
  for (let i = 0; i < s.players; i++) {
    const partner = s.seats[i]!.lover;
    if (partner < 0) continue;
    g.emit({ type: 'lover', seat: i, partner, partnerIs: loverInfo(g, partner), vis: only(i) });
  }
}

/** Harvest Festival: Cupid wakes again for the secret lover; B and C recognise each other. */
export function* secretLoverStep(g: Game): Flow {
  const s = g.state;
  if (!g.setup.options.harvestFestival) return;
  const cupid = seatOf(s, 'cupid');
  if (cupid < 0) return;
  let a0 = -1;
  for (let i = 0; i < s.players && a0 < 0; i++) if (s.seats[i]!.lover >= 0) a0 = i;
  if (a0 < 0) return;
  const lovers = [a0, s.seats[a0]!.lover] as const;
  const candidates: number[] = [];
  for (let i = 0; i < s.players; i++) if (s.seats[i]!.lover < 0) candidates.push(i);
  if (candidates.length === 0) return;
  const ans = yield* ask({ kind: 'secret-lover', id: g.id(), seat: cupid, lovers, candidates });
  const b = ans.unfaithful;
  const c = ans.secret;
  const a = s.seats[b]!.lover;
  s.triangle = { a, b, c };
  s.seats[b]!.lover = c;
  s.seats[c]!.lover = b;
  g.emit({ type: 'secret-lover', seat: cupid, unfaithful: b, secret: c, vis: only(cupid) });
  g.emit({ type: 'lover', seat: b, partner: c, partnerIs: loverInfo(g, c), secret: true, vis: only(b) });
  g.emit({ type: 'lover', seat: c, partner: b, partnerIs: loverInfo(g, b), secret: true, vis: only(c) });
}

/** Who dies of grief when `dead` dies (living or not: the caller checks). */
export function griefOf(s: GameState, dead: number): readonly number[] {
  const t = s.triangle;
  const lover = s.seats[dead]!.lover;
  if (t === null) return lover < 0 ? NOBODY : [lover];
  if (dead === t.a) return NOBODY;
  // B dying of grief can only be for C: "when C dies, only B dies" (A lives on).
  if (dead === t.b) return s.seats[dead]!.death?.cause === 'grief' ? NOBODY : [t.a, t.c];
  return lover < 0 ? NOBODY : [lover];
}

const NOBODY: readonly number[] = [];

function loverInfo(g: Game, partner: number): LoverInfo {
  const role = g.state.seats[partner]!.role;
  switch (g.setup.options.loversLearn) {
    case 'nothing':
      return null;
    case 'team':
      return role === 'werewolf' ? 'werewolf' : 'human';
    case 'role':
      return role;
  }
}
