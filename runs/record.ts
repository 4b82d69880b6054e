// A played game as stored: a few numbers per game, and each seat packed into
// SEAT_WIDTH characters of one text column. Storing one row per game instead of one
// row per seat is what keeps SQLite's cost to a few percent of a game's (measured:
// ~1.5 µs per game against ~9 µs for eight seat rows); the `seats` view of storage.ts
// unpacks the text with substr()/unicode(), so SQL sees ordinary seat rows.
//
// A field's value v is stored as the character with code v + 48 ('0' is 0, '1' is 1,
// ':' is 10, …). Codes of roles, causes, sides and agents are 1-based, 0 meaning none;
// they are the codes of the database's lookup tables (CodeMaps), not the engine's tuple
// indices, so a database stays readable when a later version adds or reorders roles.

import type { PlayedGame } from '../agents/play.js';
import { CAUSES, type Cause } from '../engine/index.js';
import { ROLES, SIDES, type Role, type Side } from '../engine/index.js';
import { storedUnits, UnitSums, type PackedSums } from '../metrics/pack.js';
import type { GameTally } from '../metrics/tally.js';

/** Per seat, in order: one character each. */
export const SEAT_FIELDS = ['agent', 'dealt', 'role', 'flags', 'deathDay', 'cause', 'invalid', 'fallbacks'] as const;
export type SeatField = (typeof SEAT_FIELDS)[number];
export const SEAT_WIDTH = SEAT_FIELDS.length;
const AGENT_FIELD = SEAT_FIELDS.indexOf('agent');
const ROLE_FIELD = SEAT_FIELDS.indexOf('role');
export const CHAR_OFFSET = 48;
/** Largest storable value: characters stay below the UTF-16 surrogates (counts are clamped). */
export const MAX_FIELD = 0xd7ff - CHAR_OFFSET;

export const FLAG = { alive: 1, won: 2, lover: 4, sheriff: 8, night: 16 } as const;

/** Per game, in an Int32Array row. */
export const GAME_FIELDS = ['index', 'winner', 'days', 'invalid', 'fallbacks'] as const;
export const GAME_WIDTH = GAME_FIELDS.length;

/** Database codes (1-based) of the engine's names, indexed by the tuple's order. */
export interface CodeMaps {
  readonly roles: readonly number[];
  readonly causes: readonly number[];
  readonly sides: readonly number[];
}

export const IDENTITY_CODES: CodeMaps = {
  roles: ROLES.map((_, i) => i + 1),
  causes: CAUSES.map((_, i) => i + 1),
  sides: SIDES.map((_, i) => i + 1),
};

/** Codes looked up by name (the hot loop wants no indexOf). */
export class Encoder {
  private readonly role: Map<Role, number>;
  private readonly cause: Map<Cause, number>;
  private readonly side: Map<Side, number>;

  constructor(
    codes: CodeMaps,
    /** Agent spec text → its 1-based code in the run. */
    private readonly agents: ReadonlyMap<string, number>,
  ) {
    this.role = new Map(ROLES.map((r, i) => [r, codes.roles[i]!]));
    this.cause = new Map(CAUSES.map((c, i) => [c, codes.causes[i]!]));
    this.side = new Map(SIDES.map((s, i) => [s, codes.sides[i]!]));
  }

  sideCode(side: Side): number {
    return this.side.get(side)!;
  }

  /** Writes the game's seats at `buf[at…]` (character codes); returns the next offset. */
  seats(played: PlayedGame, specs: readonly string[], buf: Uint16Array, at: number): number {
    const seats = played.outcome.seats;
    for (let i = 0; i < seats.length; i++) {
      const s = seats[i]!;
      const flags =
        (s.alive ? FLAG.alive : 0) |
        (s.won ? FLAG.won : 0) |
        (s.lover ? FLAG.lover : 0) |
        (s.sheriff ? FLAG.sheriff : 0) |
        (s.death !== null && s.death.night ? FLAG.night : 0);
      buf[at++] = CHAR_OFFSET + (this.agents.get(specs[i]!) ?? 0);
      buf[at++] = CHAR_OFFSET + this.role.get(s.dealt)!;
      buf[at++] = CHAR_OFFSET + this.role.get(s.role)!;
      buf[at++] = CHAR_OFFSET + flags;
      buf[at++] = CHAR_OFFSET + Math.min(MAX_FIELD, s.death === null ? 0 : s.death.day);
      buf[at++] = CHAR_OFFSET + (s.death === null ? 0 : this.cause.get(s.death.cause)!);
      buf[at++] = CHAR_OFFSET + Math.min(MAX_FIELD, played.invalid[i]!);
      buf[at++] = CHAR_OFFSET + Math.min(MAX_FIELD, played.fallbacks[i]!);
    }
    return at;
  }
}

/** Games of a chunk: GAME_WIDTH numbers each, and the seats text of all of them end to end. */
export interface ChunkResult {
  readonly count: number;
  readonly games: Int32Array;
  /** `count × players × SEAT_WIDTH` characters. */
  readonly seats: string;
  /** The games' behaviour counters summed per resampling unit, agent and card (metrics/pack.ts). */
  readonly sums: PackedSums;
}

/** Characters to text, in slices (apply() has an argument limit; no endianness assumed). */
function charsToString(chars: Uint16Array): string {
  let out = '';
  for (let i = 0; i < chars.length; i += 8192) out += String.fromCharCode.apply(null, chars.subarray(i, i + 8192) as unknown as number[]);
  return out;
}

/**
 * The arrays one player's chunks are built in, one chunk after the other (runs/games.ts
 * `chunkSync`): made for the first, grown when a chunk needs more, else reused. Made
 * afresh, a chunk's arrays showed in `sim`'s profile above its games' encoding: past a
 * few kilobytes a typed array is allocated outside the heap and zeroed, and its sum rows
 * grew by doubling from 64 to ~500 in every chunk.
 */
export class ChunkScratch {
  games = new Int32Array(0);
  chars = new Uint16Array(0);
  readonly sums = new UnitSums();
}

/** Collects a chunk's games in the compact form workers send back (one transferable buffer, one string). */
export class ChunkBuilder {
  private readonly games: Int32Array;
  private readonly chars: Uint16Array;
  private readonly sums: UnitSums;
  /** A game's resampling unit is its deal's (metrics/pack.ts `storedUnit`). */
  private readonly unitOf: (index: number) => number;
  private count = 0;
  private at = 0;

  constructor(
    private readonly encoder: Encoder,
    players: number,
    capacity: number,
    /** The run's seed. */
    seed: string,
    /** Arrays to build in, when the builder before this one is finished (its arrays then belong to this one); absent, new ones. */
    scratch = new ChunkScratch(),
  ) {
    this.unitOf = storedUnits(seed);
    // Written before they are read: neither needs clearing.
    if (scratch.games.length < capacity * GAME_WIDTH) scratch.games = new Int32Array(capacity * GAME_WIDTH);
    if (scratch.chars.length < capacity * players * SEAT_WIDTH) scratch.chars = new Uint16Array(capacity * players * SEAT_WIDTH);
    scratch.sums.clear();
    this.games = scratch.games;
    this.chars = scratch.chars;
    this.sums = scratch.sums;
  }

  get size(): number {
    return this.count;
  }

  /** Adds a played game; with its seats' behaviour counts (metrics/tally.ts), adds them to the unit sums. */
  add(index: number, played: PlayedGame, specs: readonly string[], tally: GameTally | null = null): void {
    let invalid = 0;
    let fallbacks = 0;
    for (const n of played.invalid) invalid += n;
    for (const n of played.fallbacks) fallbacks += n;
    const g = this.count * GAME_WIDTH;
    this.games[g] = index;
    this.games[g + 1] = this.encoder.sideCode(played.outcome.winner);
    this.games[g + 2] = played.outcome.days;
    this.games[g + 3] = invalid;
    this.games[g + 4] = fallbacks;
    const first = this.at;
    this.at = this.encoder.seats(played, specs, this.chars, this.at);
    if (tally !== null) {
      // Each seat's agent and card at the end, as their codes were just written.
      const unit = this.unitOf(index);
      for (let s = 0, at = first; at < this.at; s++, at += SEAT_WIDTH)
        this.sums.add(unit, this.chars[at + AGENT_FIELD]! - CHAR_OFFSET, this.chars[at + ROLE_FIELD]! - CHAR_OFFSET, tally.seats[s]!, tally.span);
    }
    this.count++;
  }

  finish(): ChunkResult {
    const games = this.games.slice(0, this.count * GAME_WIDTH);
    const seats = charsToString(this.chars.subarray(0, this.at));
    return { count: this.count, games, seats, sums: this.sums.packed() };
  }
}

/** One seat's fields from a stored seats text (codes, not names). */
export function decodeSeat(text: string, seat: number): Record<SeatField, number> {
  const out = {} as Record<SeatField, number>;
  SEAT_FIELDS.forEach((f, j) => {
    out[f] = text.charCodeAt(seat * SEAT_WIDTH + j) - CHAR_OFFSET;
  });
  return out;
}
