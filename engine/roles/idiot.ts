// Idiot (001, 004): voted out, he reveals his card and survives, but never votes again
// (he may still speak). The hunter and the werewolves can still kill him (004). Voted
// out a second time he has no card left to turn over, and goes.

import { ALL } from '../events.js';
import type { Game } from '../game.js';

/** True if the vote's target is an unrevealed Idiot, who is now revealed and stays. */
export function idiotSurvivesVote(g: Game, seat: number): boolean {
  const st = g.state.seats[seat]!;
  if (st.role !== 'idiot' || st.idiotRevealed) return false;
  st.idiotRevealed = true;
  st.mayVote = false;
  g.emit({ type: 'idiot-revealed', seat, vis: ALL });
  return true;
}
