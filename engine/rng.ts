// Seeded randomness, split into named streams so that one change does not reshuffle
// everything else: the deal, the moderator (catches, tie draws, event decks) and one
// stream per seat for its agent. Game i of a run is seeded from (run seed, i) alone, so
// it can be replayed by itself and a run split across workers or machines gives the
// same games.
//
// The generator is seedrandom's `alea` (Baagøe's algorithm: cheap seeding, 5 ns draws),
// restated here as a class: seedrandom's factory builds five closures on a function
// object per stream (~1 µs), which with ten streams a game was a quarter of a game's
// cost. The output is bit-identical to `seedrandom.alea(seed)` (test/engine/determinism.test.ts, "seeded streams").

const TWO_32 = 4294967296;
const TWO_M32 = 2.3283064365386963e-10; // 2^-32

/**
 * Baagøe's Mash, as seedrandom/lib/alea.js has it: feeds `data` into the state `n`.
 * Its `h >>> 0` are `Math.floor(h)` here: h stays in [0, 2^32) inside the loop, where
 * the two agree, and floor is a third cheaper (seeding is a sixth of a game's cost).
 */
function mash(n: number, data: string): number {
  for (let i = 0; i < data.length; i++) n = mashStep(n, data.charCodeAt(i));
  return n;
}

/** One character `c` into the Mash state `n`. */
function mashStep(n: number, c: number): number {
  n += c;
  let h = 0.02519603282416938 * n;
  n = Math.floor(h);
  h -= n;
  h *= n;
  n = Math.floor(h);
  h -= n;
  return n + h * TWO_32;
}

const out = (n: number) => (n >>> 0) * TWO_M32;

// Alea's seeding starts with three mashes of ' ': the same every time, so done once.
const N0 = mash(0xefc8249d, ' ');
const N1 = mash(N0, ' ');
const N2 = mash(N1, ' ');
const S0 = out(N0);
const S1 = out(N1);
const S2 = out(N2);

/**
 * The state after Alea's first mash of `seed`: the same for every stream of a game (the
 * seed comes first, the stream's suffix after), so it is kept for the last seed seen.
 * A game seeds ten streams or so from one seed, one after another; this spares each but
 * the first a third of its seeding. A pure function's memo: the streams are unchanged.
 */
let lastSeed: string | undefined;
let lastFirstMash = 0;

function firstMash(seed: string): number {
  if (seed !== lastSeed) {
    lastFirstMash = mash(N2, seed);
    lastSeed = seed;
  }
  return lastFirstMash;
}

/**
 * seedrandom's alea, as a class. The seed may come in two parts, `seed + suffix`, so
 * that no string is built per stream (a built string is a rope, flattened to be read).
 */
export class Alea {
  private s0: number;
  private s1: number;
  private s2: number;
  private c = 1;

  /** `alea(seed + suffix)`; or, given `seeded`, the state `sideBySide` computed for it at `seeded[at…at + 2]`. */
  constructor(seed: string, suffix = '', seeded?: Float64Array, at = 0) {
    if (seeded !== undefined) {
      this.s0 = seeded[at]!;
      this.s1 = seeded[at + 1]!;
      this.s2 = seeded[at + 2]!;
      return;
    }
    let n = mash(firstMash(seed), suffix);
    this.s0 = S0 - out(n);
    if (this.s0 < 0) this.s0 += 1;
    n = mash(mash(n, seed), suffix);
    this.s1 = S1 - out(n);
    if (this.s1 < 0) this.s1 += 1;
    n = mash(mash(n, seed), suffix);
    this.s2 = S2 - out(n);
    if (this.s2 < 0) this.s2 += 1;
  }

  /** A float in [0, 1) with 32 bits of resolution (seedrandom's `prng()`). */
  next(): number {
    const t = 2091639 * this.s0 + this.c * TWO_M32;
    this.s0 = this.s1;
    this.s1 = this.s2;
    return (this.s2 = t - (this.c = t | 0));
  }

  /** seedrandom's `prng.int32()`. */
  int32(): number {
    return (this.next() * 0x100000000) | 0;
  }
}

/** Room for a game's streams seeded side by side: its seats' (at most 32) and two more. */
const LANES = 34;
/** Each lane's Mash state, and the three seeds of each stream (module scratch: `sideBySide` runs to completion). */
const lane = new Float64Array(LANES);
const seededLanes = new Float64Array(3 * LANES);

/** Feeds `data` into every lane's Mash state, one character at a time for all lanes. */
function mashLanes(k: number, data: string): void {
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    for (let j = 0; j < k; j++) lane[j] = mashStep(lane[j]!, c);
  }
}

/** Alea's three seeds of stream j from lane j's Mash state after round `round`. */
function seedLane(j: number, round: 0 | 1 | 2, base: number): void {
  const s = base - out(lane[j]!);
  seededLanes[3 * j + round] = s < 0 ? s + 1 : s;
}

/**
 * The streams `alea(seed + suffixes[j])`, seeded side by side: bit for bit those seeded
 * one by one, in a quarter of the time for a game's seats. Each stream's seeding is a
 * serial chain of float operations (Mash: each step waits for the last), mostly over the
 * seed, which every stream of a game shares; run for all streams in one loop, the
 * processor overlaps their chains.
 */
function sideBySide(seed: string, suffixes: readonly string[]): Rng[] {
  const k = suffixes.length;
  if (k > LANES) throw new RangeError(`${k} streams seeded side by side; at most ${LANES}`);
  const first = firstMash(seed);
  for (let j = 0; j < k; j++) {
    lane[j] = mash(first, suffixes[j]!);
    seedLane(j, 0, S0);
  }
  mashLanes(k, seed);
  for (let j = 0; j < k; j++) {
    lane[j] = mash(lane[j]!, suffixes[j]!);
    seedLane(j, 1, S1);
  }
  mashLanes(k, seed);
  const streams: Rng[] = [];
  for (let j = 0; j < k; j++) {
    lane[j] = mash(lane[j]!, suffixes[j]!);
    seedLane(j, 2, S2);
    streams.push(new Rng(seed, suffixes[j], seededLanes, 3 * j));
  }
  return streams;
}

export class Rng {
  private readonly g: Alea;

  /** The stream `alea(seed + suffix)` (`seeded`, `at`: its state computed by `sideBySide`). */
  constructor(seed: string, suffix = '', seeded?: Float64Array, at = 0) {
    this.g = new Alea(seed, suffix, seeded, at);
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
    return this.g.next();
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return p >= 1 ? true : p <= 0 ? false : this.g.next() < p;
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

/**
 * A stream of a game: `seedrandom.alea(`${gameSeed}/${name}`)` where name is `deal`,
 * `mod` (the moderator), `seats` (the seat-shuffle control) or a seat number. Short names: seeding cost grows with length.
 */
export type StreamName = 'deal' | 'mod' | 'seats';

const STREAM_SUFFIX: Record<StreamName, string> = { deal: '/deal', mod: '/mod', seats: '/seats' };

export function stream(seedOfGame: string, name: StreamName): Rng {
  return new Rng(seedOfGame, STREAM_SUFFIX[name]);
}

const DEAL_AND_MOD = [STREAM_SUFFIX.deal, STREAM_SUFFIX.mod];

/** The game's `deal` and `mod` streams, seeded side by side. */
export function dealAndModerator(seedOfGame: string): [deal: Rng, mod: Rng] {
  const [deal, mod] = sideBySide(seedOfGame, DEAL_AND_MOD);
  return [deal!, mod!];
}

const SEAT_SUFFIX = Array.from({ length: 32 }, (_, i) => `/${i}`);
/** The suffixes of seats 0 … k − 1, for each k. */
const SEATS_SUFFIXES = Array.from({ length: SEAT_SUFFIX.length + 1 }, (_, k) => SEAT_SUFFIX.slice(0, k));

export function seatStream(seedOfGame: string, seat: number): Rng {
  return new Rng(seedOfGame, SEAT_SUFFIX[seat]!);
}

/** The streams of seats 0 … players − 1 (each `seatStream(seedOfGame, seat)`), seeded side by side. */
export function seatStreams(seedOfGame: string, players: number): Rng[] {
  const suffixes = SEATS_SUFFIXES[players];
  if (suffixes === undefined) throw new RangeError(`no seat streams for ${players} players`);
  return sideBySide(seedOfGame, suffixes);
}
