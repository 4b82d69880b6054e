// Who the people at `sim table` are and where they sit (issue 27): a person at a seat by
// number (`3=human:alice`), or people on a side (`werewolves=human`: a person at each seat
// dealt a card of it); with `--seats shuffled`, each game's cards moved to seats of its own
// draw and the people with them. `TablePeople` answers, for game after game, where each
// person sits — for the server (whose desk is at which seat), for the answers kept (which
// seat answered) and for the seating's names — from the seed alone, so a replay seats them
// where they sat.

import { Game, teamOf, type GameSetup } from '../../engine/index.js';
import { PERSON } from '../../agents/human/kind.js';
import { controlOf, inverse, seatOrderOf } from '../../runs/games.js';
import { SEAT_ORDERS, type SeatOrder } from '../../runs/run-config.js';
import { P } from '../../narrate/transcript.js';
import { visibleLine } from '../../narrate/escape.js';
import { fail } from './errors.js';

/** --seats: where the people sit from game to game (default: their own seat every game). */
export function seatOrderFlag(text: string | undefined): SeatOrder {
  if (text === undefined) return 'dealt';
  const t = text.trim();
  if (!(SEAT_ORDERS as readonly string[]).includes(t))
    fail(`--seats '${visibleLine(text)}': write --seats dealt (each person keeps their seat, the default) or --seats shuffled (each game moves the people, with their seat's card, to seats of its own draw)`);
  return t as SeatOrder;
}

const HUMAN = /^(?:p)?(\d+)=human(?::(.*))?$/i;
const HUMAN_SIDE = /^(werewolves|village)=human(?::(.*))?$/i;

/** People on a side: every seat dealt a card of it, one person each (the k-th person the k-th such seat). */
export interface SideOfPeople {
  readonly side: 'werewolves' | 'village';
  /** The entrant's name (`human:NAME`), '' for `human`. */
  readonly name: string;
}

/**
 * The people's seats (0-based → name) and the bots' specs, from --agents; or people on a
 * side (`werewolves=human`), as many as its cards, keyed 0, 1, … in the order of its seats.
 */
export function peopleOf(agents: readonly string[], setup: Pick<GameSetup, 'players' | 'deck'>): { people: Map<number, string>; bots: string[]; side: SideOfPeople | null } {
  const players = setup.players;
  const people = new Map<number, string>();
  const bots: string[] = [];
  let side: SideOfPeople | null = null;
  for (const a of agents) {
    const bySide = HUMAN_SIDE.exec(a.trim());
    if (bySide !== null) {
      const name = bySide[2] ?? '';
      if (name !== '' && !PERSON.test(name)) fail(`--agents '${visibleLine(a)}': a person's name is 1 to 32 letters, digits, '.', '_' or '-'`);
      if (side !== null) fail('--agents: people play one side at a time (werewolves=human or village=human)');
      side = { side: bySide[1]!.toLowerCase() as SideOfPeople['side'], name };
      continue;
    }
    const m = HUMAN.exec(a.trim());
    if (m === null) {
      if (/(^|=)human(:|$)/i.test(a.trim()))
        fail(`--agents '${visibleLine(a)}': a person plays one seat, named by its number (--agents 3=human or --agents P3=human:alice), or people play a side, one person a seat of it (--agents werewolves=human)`);
      bots.push(a);
      continue;
    }
    const seat = Number(m[1]) - 1;
    if (!(seat >= 0 && seat < players)) fail(`--agents '${visibleLine(a)}': there is no seat ${m[1]} at a table of ${players} (seats 1 to ${players})`);
    if (people.has(seat)) fail(`--agents: seat ${seat + 1} is given to two people`);
    const name = m[2] ?? '';
    if (name !== '' && !PERSON.test(name)) fail(`--agents '${visibleLine(a)}': a person's name is 1 to 32 letters, digits, '.', '_' or '-'`);
    people.set(seat, name);
  }
  if (side !== null) {
    if (people.size > 0) fail('--agents: people play either seats by number (3=human) or a side (werewolves=human), not both');
    // Every card is dealt (no thief's cards set aside), so the side has the same number of seats every game.
    if (setup.deck.length !== players) fail(`--agents ${side.side}=human: this deck sets cards aside (a thief's), so the ${side.side}' seats vary from game to game; people play a side with a deck that deals every card`);
    const seats = setup.deck.filter((r) => teamOf(r) === side!.side).length;
    if (seats === 0) fail(`--agents ${side.side}=human: this deck deals no card of the ${side.side}`);
    for (let k = 0; k < seats; k++) people.set(k, side.name);
  }
  if (people.size === 0) fail('sim table needs a seat played by a person: --agents 3=human (or P3=human:alice), or a side played by people (--agents werewolves=human), the other seats bots (--agents heuristic)');
  return { people, bots, side };
}

/** The k-th seat of `game` dealt a card of `side` (people on a side sit there). */
function sideSeat(game: Game, side: SideOfPeople['side'], k: number): number {
  let seen = 0;
  for (let seat = 0; seat < game.state.players; seat++) if (teamOf(game.state.seats[seat]!.dealt) === side && seen++ === k) return seat;
  throw new Error(`no seat ${k + 1} of the ${side} in this game`);
}

/** Where the table's people sit, game after game: a key of `people` is a seat (people by seat) or the k-th seat of a side. */
export class TablePeople {
  readonly people: ReadonlyMap<number, string>;
  readonly side: SideOfPeople | null;
  readonly seatOrder: SeatOrder;
  private readonly setup: GameSetup;
  /** Where person `k` sits in `game`, when the keys are not seats (people on a side); undefined otherwise. */
  readonly seatOf: ((game: Game, k: number) => number) | undefined;

  constructor(o: { readonly setup: GameSetup; readonly people: ReadonlyMap<number, string>; readonly side: SideOfPeople | null; readonly seatOrder: SeatOrder }) {
    this.setup = o.setup;
    this.people = o.people;
    this.side = o.side;
    this.seatOrder = o.seatOrder;
    const side = o.side;
    this.seatOf = side === null ? undefined : (game, k) => sideSeat(game, side.side, k);
  }

  /** The people's part of the run's seating: `3=human:alice …`, or `werewolves=human` (a side pairing, which the leaderboard rates). */
  specs(): string[] {
    const human = (name: string) => `human${name === '' ? '' : `:${name}`}`;
    if (this.side !== null) return [`${this.side.side}=${human(this.side.name)}`];
    return [...this.people].sort((x, y) => x[0] - y[0]).map(([seat, name]) => `${seat + 1}=${human(name)}`);
  }

  /** Where game `seed`'s dealt cards go (card i to seat order[i]); undefined where they stay. */
  orderOf(seed: string): number[] | undefined {
    return seatOrderOf(seed, this.setup.players, controlOf(this.seatOrder));
  }

  /** The seat whose dealt card each seat of game `seed` holds (an agent seated by number moves with its card); undefined as dealt. */
  originOf(seed: string): number[] | undefined {
    const order = this.orderOf(seed);
    return order === undefined ? undefined : inverse(order);
  }

  /** Game `seed`'s people by the seat they sit at in it (the answers kept name that seat). */
  in(seed: string): Map<number, string> {
    const order = this.orderOf(seed);
    if (this.side !== null) {
      const game = new Game(this.setup, seed, order === undefined ? {} : { seatOrder: order });
      const side = this.side.side;
      return new Map([...this.people].map(([k, name]) => [sideSeat(game, side, k), name]));
    }
    return new Map([...this.people].map(([base, name]) => [order === undefined ? base : order[base]!, name]));
  }

  /** A person's link label: their seat (P3), or their place on the side (werewolf 2). */
  label(k: number): string {
    return this.side === null ? P(k) : `${this.side.side === 'werewolves' ? 'werewolf' : 'villager'} ${k + 1}`;
  }
}
