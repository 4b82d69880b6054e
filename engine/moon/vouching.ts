// Bleak Monday (004): "everyone stands up. Starting with the player on the left of the
// last one to die, each names a player he thinks innocent; the one vouched for sits down
// and in turn vouches for another standing player, until one player is left unvouched:
// he is executed. The first to vouch stays standing until someone vouches for him."
// The card reads "a normal round, unless the moderator uses the variant"; here the
// variant is always played (a normal round is what End of the Harvest gives). The chain
// replaces the day's vote; it is not a vote, so the vote's restrictions (a revealed
// Idiot, a Scapegoat's choice) do not apply to it. With nobody dead yet it starts at P1.

import { ALL, maskOf } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import { leftOf } from '../flow/circle.js';
import type { Game } from '../game.js';
import { living } from '../state.js';

/** Runs the chain; returns the one left standing (to be executed), or -1 with fewer than two players. */
export function* vouchingChain(g: Game): Flow<number> {
  const s = g.state;
  const alive = living(s);
  if (alive.length < 2) return -1;
  let standing = maskOf(alive);
  let left = alive.length;
  let voucher = s.lastDead >= 0 ? leftOf(s, s.lastDead) : alive[0]!;
  while (left > 1) {
    const targets: number[] = [];
    for (const i of alive) if (i !== voucher && (standing & (1 << i)) !== 0) targets.push(i);
    const a = yield* ask({ kind: 'vouch', id: g.id(), seat: voucher, targets, mayPass: false });
    const t = a.target!;
    g.emit({ type: 'vouch', seat: voucher, target: t, vis: ALL });
    standing &= ~(1 << t);
    left--;
    voucher = t;
  }
  return alive.find((i) => (standing & (1 << i)) !== 0)!;
}
