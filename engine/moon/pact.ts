// Pact with the Devil (004): "once the verdict is in, the convicted may at once make a
// pact with the devil: this time he is not hanged. But beware: if his side wins, he may
// be left out of the next game (the price of the pact)." Within one game: the player the
// day's vote convicts (by majority, the sheriff's tie-break or a tie draw; not the
// Scapegoat, nor Bleak Monday's or Great Distrust's) chooses; if he accepts he survives
// and is marked, and the mark is recorded in the outcome (`pact`, with `won`), for
// whoever runs a series to apply the price. An Idiot revealed by the vote needs no pact.

import { ALL } from '../events.js';
import { ask, type Flow } from '../flow/ask.js';
import type { Game } from '../game.js';

/** Offers the pact to the convicted; true if he takes it (and lives). */
export function* offerPact(g: Game, convicted: number): Flow<boolean> {
  const a = yield* ask({ kind: 'pact', id: g.id(), seat: convicted });
  g.emit({ type: 'pact', seat: convicted, accepted: a.accept, vis: ALL });
  if (a.accept) g.state.seats[convicted]!.pact = true;
  return a.accept;
}
