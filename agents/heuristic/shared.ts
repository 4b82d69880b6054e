// The heuristic's records of one game, shared by its seats: kept in the game's context
// (agents/game-context.ts), which `seatAgents` (agents/registry.ts) makes for each game
// and hands to every seat's factory (kind.ts), so that the heuristic seats of a game
// find the same records and those of another game never do, however many games are in
// flight. They hold what every seat sees
// alike, built once per game instead of once per seat: the public record (public.ts)
// with the village's and the bystanders' views and the scratch arrays (scratch.ts) it
// keeps, the deck's count, the parsed knobs, and the empty set of seats. What a seat
// knows privately stays in its own Beliefs.

import type { Role } from '../../engine/index.js';
import { MAX_PLAYERS } from '../../engine/index.js';
import type { SharedKey } from '../game-context.js';
import { DEFAULT_KNOBS, parseKnobs, type ParsedKnobs } from './knobs.js';
import { PublicRecord } from './public.js';

/** The default knobs, as parsed from no argument. */
const DEFAULT_PARSED: ParsedKnobs = Object.freeze({ knobs: DEFAULT_KNOBS, text: '' });

/** How many werewolf cards the deck holds, and whether it holds a Thief. */
export interface DeckCount {
  readonly wolves: number;
  readonly thief: boolean;
}

export class SharedRecords {
  /**
   * The empty set of seats, for every seat that has seen no pack and knows no one
   * charmed (most of them) until it learns of one: two arrays fewer to make per seat.
   * Never written: a seat makes its own before its first entry (beliefs.ts).
   */
  readonly nobody = new Uint8Array(MAX_PLAYERS);
  private record: PublicRecord | null = null;
  private counted: readonly Role[] | null = null;
  private count: DeckCount | null = null;
  /** The knobs parsed so far this game, by argument text (made on first use: most tables seat default knobs only). */
  private parsed: { readonly argument: string; readonly knobs: ParsedKnobs }[] | null = null;

  /**
   * The game's public record, made on first use. A seat of another size (a harness
   * bug: every seat of a game has the same number of players) gets one of its own.
   */
  publicRecord(players: number): PublicRecord {
    const r = this.record;
    if (r !== null && r.n === players) return r;
    const made = new PublicRecord(players);
    if (r === null) this.record = made;
    return made;
  }

  /** The deck's count (every seat of a game has the same deck: counted once). */
  deckCount(deck: readonly Role[]): DeckCount {
    if (this.count !== null && deck === this.counted) return this.count;
    let wolves = 0;
    let thief = false;
    for (const r of deck) {
      if (r === 'werewolf') wolves++;
      else if (r === 'thief') thief = true;
    }
    const count = { wolves, thief };
    this.counted = deck;
    this.count = count;
    return count;
  }

  /** The knobs of a spec's argument: the defaults without one, else parsed once per game and argument. */
  knobs(argument: string | undefined): ParsedKnobs {
    if (argument === undefined || argument === '') return DEFAULT_PARSED;
    const parsed = (this.parsed ??= []);
    for (const p of parsed) if (p.argument === argument) return p.knobs;
    const r = parseKnobs(argument);
    if (!r.ok) throw new Error(`heuristic agent: ${r.error} (the spec should have been checked first)`);
    parsed.push({ argument, knobs: r.value });
    return r.value;
  }
}

/** The heuristic's key to its records in a game's context. */
export const SHARED_RECORDS: SharedKey<SharedRecords> = Object.freeze({ name: 'heuristic', make: () => new SharedRecords() });
