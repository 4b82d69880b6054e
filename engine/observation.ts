// A player's observation: the public setup and the log filtered by the player's bit.
// Nothing else goes in, so nothing the player may not know can come out. A private event
// is shown with the player's own bit as its audience: the full mask would say who else saw
// it (the charmed would learn the Piper's seat from the mask of their 'charmed' event, each
// power holder the others' from 'powers-lost'), which the rules never tell them.

import { ALL, type Event } from './events.js';
import type { RuleOptions } from './options.js';
import type { Role } from './teams.js';

export interface Observation {
  readonly seat: number;
  readonly players: number;
  /** The rules in force (public). */
  readonly options: RuleOptions;
  /** The cards in the game (public: the moderator shows the deck; with a thief, 2 of them are left over). */
  readonly deck: readonly Role[];
  /** Every event this seat may see, in order. */
  readonly events: readonly Event[];
}

interface LogSource {
  readonly log: readonly Event[];
  readonly setup: { readonly players: number; readonly options: RuleOptions; readonly deck: readonly Role[] };
}

/** The positions in the log of the events `seat` may see, in order: its observation's events are these. */
export function seenIndices(game: Pick<LogSource, 'log'>, seat: number): number[] {
  const bit = 1 << seat;
  const out: number[] = [];
  for (let i = 0; i < game.log.length; i++) if ((game.log[i]!.vis & bit) !== 0) out.push(i);
  return out;
}

/** The observation of `seat` now (a pure filter of the log). */
export function observe(game: LogSource, seat: number): Observation {
  const bit = 1 << seat;
  return {
    seat,
    players: game.setup.players,
    options: game.setup.options,
    deck: game.setup.deck,
    events: seenIndices(game, seat).map((i) => seenBy(game.log[i]!, bit)),
  };
}

/** The event as the seat of `bit` sees it: public as it is; private with only that seat as audience (`vis`: the event's). */
function seenBy(e: Event, bit: number, vis = e.vis): Event {
  return vis === ALL || vis === bit ? e : { ...e, vis: bit };
}

/**
 * The same observation kept up to date incrementally (drivers call `current()` before
 * each decision of that seat): O(new events) per call instead of O(log).
 */
export class Observer {
  private cursor = 0;
  private readonly events: Event[] = [];
  private readonly obs: Observation;

  constructor(
    private readonly game: LogSource & { audience(): readonly number[] },
    readonly seat: number,
  ) {
    this.obs = {
      seat,
      players: game.setup.players,
      options: game.setup.options,
      deck: game.setup.deck,
      events: this.events,
    };
  }

  current(): Observation {
    const log = this.game.log;
    const audience = this.game.audience();
    const bit = 1 << this.seat;
    for (; this.cursor < log.length; this.cursor++) {
      const vis = audience[this.cursor]!;
      if ((vis & bit) !== 0) this.events.push(seenBy(log[this.cursor]!, bit, vis));
    }
    return this.obs;
  }
}
