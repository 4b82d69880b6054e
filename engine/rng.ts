// Seeded randomness, split into named streams so that one change does not reshuffle
// everything else: the deal, the moderator (catches, tie draws, event decks) and one
// stream per seat for its agent. Game i of a run is seeded from (run seed, i) alone, so
// it can be replayed by itself and a run split across workers or machines gives the
// same games. `alea` (from seedrandom) is chosen for its cheap seeding and 5 ns draws.

import seedrandom from 'seedrandom';

const TWO_32 = 4294967296;

export class Rng {
  private readonly g: seedrandom.PRNG;

  constructor(seed: string) {
    this.g = seedrandom.alea(seed);
  }

  /** A uniform integer in [0, n), exactly: 32-bit draws with rejection, no modulo bias. */
  int(n: number): number {
    if (n <= 1) {
      if (n === 1) return 0;
      throw new RangeError(`Rng.int needs n >= 1, got ${n}`);
    }
    const limit = TWO_32 - (TWO_32 % n);
    let x: number;
    do x = this.g.int32() >>> 0;
    while (x >= limit);
    return x % n;
  }

  /** A uniform float in [0, 1) with 32 bits of resolution. */
  float(): number {
    return this.g();
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return p >= 1 ? true : p <= 0 ? false : this.g() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Fisher–Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i]!;
      items[i] = items[j]!;
      items[j] = t;
    }
    return items;
  }
}

/** The seed of game `index` of a run. */
export function gameSeed(runSeed: string | number, index: number): string {
  return `${runSeed}#${index}`;
}

export type StreamName = 'deal' | 'moderator' | `seat${number}`;

export function stream(seedOfGame: string, name: StreamName): Rng {
  return new Rng(`${seedOfGame}/${name}`);
}

export function seatStream(seedOfGame: string, seat: number): Rng {
  return stream(seedOfGame, `seat${seat}`);
}
