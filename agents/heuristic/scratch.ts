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

/**
 * `n` copies of `value`, in an array that holds doubles from the start (filled with a
 * fraction first), so later stores of fractions do not convert it. For the per-seat
 * fractions of the views and the public record too: at 12 or 18 players a Float64Array
 * is made outside the heap (~0.3–0.7 µs each, and work for the collector), and a game
 * made some thirty of them.
 */
export function doubles(n: number, value = 0): number[] {
  const out: number[] = [];
  for (let s = 0; s < n; s++) out.push(0.5);
  for (let s = 0; s < n; s++) out[s] = value;
  return out;
}
