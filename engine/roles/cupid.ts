// Cupid (first night only): names two lovers, himself possibly (000). The lovers then
// wake and recognise each other (000–004); what they learn of each other's card is the
// option loversLearn (004: nothing; 002: human or wolf). When one dies the other dies
// of grief at once (flow/deaths.ts).

import { only, type LoverInfo } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import type { Game } from '../game.js';
import { seatOf } from '../state.js';

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
