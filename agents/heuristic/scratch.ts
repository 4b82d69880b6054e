// Scratch arrays of the heuristic's computations, one set per game, kept with the
// game's public record (public.ts) and shared by its seats: a computation fills what it
// uses before reading it and leaves nothing in it for later, so sharing them is safe —
// the agents of a game answer one decision at a time (each synchronously, even under
// playAsync), and none of these computations calls another that uses the same array.
// One set per game rather than one per call: these run at every speech, vote and
// revealed card.
//
// Sized for the game's players. Those that hold fractions are plain arrays of numbers,
// not Float64Arrays: a Float64Array of more than 8 numbers lives outside the garbage
// collector's heap, and making one costs about a microsecond (a fiftieth of an
// 8-player game); a small Uint8Array or Uint16Array is made in the heap, cheaply.

import { doubles } from '../doubles.js';

export class Scratch {
  /** Ballots per target of one vote event (public.ts `readVotes`). */
  readonly tally: Uint16Array;
  /** Flags per seat about one revealed card's holder (evidence.ts `revealEvidence`). */
  readonly flags: Uint8Array;
  /** Accusations by each seat against the pack / against villagers (pack.ts `nightFacts`). */
  readonly ofPack: Uint8Array;
  readonly ofVillagers: Uint8Array;
  /** Each target's support from today's intents, and each candidate's score (consensus.ts `lynchTarget`). */
  readonly support: number[];
  readonly scores: number[];
  /** Each informed claim's weight (view.ts `credibilities`); it grows as claims are made. */
  readonly weights: number[] = [];

  constructor(n: number) {
    this.tally = new Uint16Array(n);
    this.flags = new Uint8Array(n);
    this.ofPack = new Uint8Array(n);
    this.ofVillagers = new Uint8Array(n);
    this.support = doubles(n);
    this.scores = doubles(n);
  }
}
