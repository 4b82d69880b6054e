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
 */
function mash(n: number, data: string): number {
  for (let i = 0; i < data.length; i++) n = mashStep(n, data.charCodeAt(i));
  return n;
}

/**
 * One character `c` into the Mash state `n`. Alea's two `h >>> 0` are `h | 0` here, the
 * same value: a state is below 2^32 + 2^27 (the last truncation is below 2^27, the
 * fraction times 2^32 below 2^32) and a character below 2^16, so h < 0.0252 · 2^33 < 2^28
 * at both truncations, nonnegative and within int32, where `>>> 0`, `| 0` and floor agree.
 * `| 0` is two conversions; V8 compiles `Math.floor` to a `roundsd` that merges into the
 * register the last one wrote, which chained the lanes of `sideBySide` into one serial
 * chain in some of its compilations (a game's eight seats' streams: 2.8 µs, 2.0 with `| 0`).
 */
function mashStep(n: number, c: number): number {
  n += c;
  let h = 0.02519603282416938 * n;
  n = h | 0;
  h -= n;
  h *= n;
  n = h | 0;
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

/** Room for a game's streams seeded side by side: its deal, its moderator and its seats' (at most 32). */
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

/**
 * The suffixes of streams seeded side by side, laid out for `mashSuffixes`: character p
 * of lane j's suffix at `codes[p * LANES + j]`, −1 past its end.
 */
interface SuffixLanes {
  /** Lanes: one per suffix. */
  readonly count: number;
  /** The longest suffix's length. */
  readonly length: number;
  readonly codes: Int32Array;
}

function suffixLanes(names: readonly string[]): SuffixLanes {
  if (names.length > LANES) throw new RangeError(`${names.length} streams seeded side by side; at most ${LANES}`);
  const length = Math.max(0, ...names.map((n) => n.length));
  const codes = new Int32Array(length * LANES).fill(-1);
  names.forEach((name, j) => {
    for (let p = 0; p < name.length; p++) codes[p * LANES + j] = name.charCodeAt(p);
  });
  return { count: names.length, length, codes };
}

/** Feeds each lane its own suffix, a character position at a time for all lanes (their chains overlap). */
function mashSuffixes(s: SuffixLanes): void {
  const k = s.count;
  const codes = s.codes;
  for (let p = 0; p < s.length; p++) {
    const row = p * LANES;
    for (let j = 0; j < k; j++) {
      const c = codes[row + j]!;
      if (c >= 0) lane[j] = mashStep(lane[j]!, c);
    }
  }
}

/** Alea's seeds of round `round` of lanes 0 … k − 1, from their Mash states. */
function seedLanes(k: number, round: 0 | 1 | 2, base: number): void {
  for (let j = 0; j < k; j++) {
    const s = base - out(lane[j]!);
    seededLanes[3 * j + round] = s < 0 ? s + 1 : s;
  }
}

/**
 * The states of the streams `alea(seed + suffix j of s)` into `seededLanes`, seeded side by
 * side: bit for bit those seeded one by one, in a fraction of the time. Each stream's
 * seeding is a serial chain of float operations (Mash: each step waits for the last),
 * mostly over the seed, which every stream of a game shares; run for all streams in one
 * loop, the processor overlaps their chains.
 */
function sideBySide(seed: string, s: SuffixLanes): void {
  const k = s.count;
  const first = firstMash(seed);
  for (let j = 0; j < k; j++) lane[j] = first;
  mashSuffixes(s);
  seedLanes(k, 0, S0);
  mashLanes(k, seed);
  mashSuffixes(s);
  seedLanes(k, 1, S1);
  mashLanes(k, seed);
  mashSuffixes(s);
  seedLanes(k, 2, S2);
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
    // The remainders taken of n as an unsigned 32-bit integer: of doubles, V8 computes
    // them with the x87 unit's fprem (a draw ~11 ns, ~6.6 so). Each remainder is read
    // through `>>> 0` as well: the optimiser takes an unsigned integer remainder only where
    // its result is used as one, and without it still chose fprem wherever this was
    // inlined into a caller that uses the draw as a number (the traced agents of `sim`).
    // The same values: a remainder of unsigned 32-bit integers is one. Any other n (2^32,
    // or a fraction, which no caller passes) as before, in doubles.
    const u = n >>> 0;
    if (u !== n) return this.intOfDouble(n);
    const limit = TWO_32 - (((-u >>> 0) % u) >>> 0);
    let x: number;
    do x = this.g.int32() >>> 0;
    while (x >= limit);
    return (x % u) >>> 0;
  }

  private intOfDouble(n: number): number {
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

const SEAT_SUFFIX = Array.from({ length: 32 }, (_, i) => `/${i}`);
/** For each k, the lanes of seats 0 … k − 1; and of the deal, the moderator and those seats. */
const SEAT_LANES = Array.from({ length: SEAT_SUFFIX.length + 1 }, (_, k) => suffixLanes(SEAT_SUFFIX.slice(0, k)));
const GAME_LANES = Array.from({ length: SEAT_SUFFIX.length + 1 }, (_, k) =>
  suffixLanes([STREAM_SUFFIX.deal, STREAM_SUFFIX.mod, ...SEAT_SUFFIX.slice(0, k)]),
);

/**
 * The seats' seeds of the game `dealAndModerator` seeded last, for its `seatStreams`: a
 * pure function's memo, keyed on the seed and the number of seats (module scratch).
 */
let keptSeed: string | undefined;
let keptSeats = -1;
const keptLanes = new Float64Array(3 * SEAT_SUFFIX.length);

/**
 * The game's `deal` and `mod` streams. With `seats`, the streams of seats 0 … seats − 1
 * are seeded in the same pass and kept for this seed's `seatStreams`: two streams seeded
 * alone wait on their serial chains, beside the seats' they cost little more than the
 * seats' alone (a game's ten streams, with `| 0` in Mash: 2.53 → 1.6 µs, seed `1`).
 */
export function dealAndModerator(seedOfGame: string, seats = 0): [deal: Rng, mod: Rng] {
  const lanes = GAME_LANES[seats];
  if (lanes === undefined) throw new RangeError(`no seat streams for ${seats} players`);
  sideBySide(seedOfGame, lanes);
  for (let i = 0; i < 3 * seats; i++) keptLanes[i] = seededLanes[6 + i]!;
  keptSeed = seedOfGame;
  keptSeats = seats;
  return [new Rng(seedOfGame, STREAM_SUFFIX.deal, seededLanes, 0), new Rng(seedOfGame, STREAM_SUFFIX.mod, seededLanes, 3)];
}

export function seatStream(seedOfGame: string, seat: number): Rng {
  return new Rng(seedOfGame, SEAT_SUFFIX[seat]!);
}

/** The streams of seats 0 … players − 1 (each `seatStream(seedOfGame, seat)`), seeded side by side. */
export function seatStreams(seedOfGame: string, players: number): Rng[] {
  const lanes = SEAT_LANES[players];
  if (lanes === undefined) throw new RangeError(`no seat streams for ${players} players`);
  let seeded = keptLanes;
  if (seedOfGame !== keptSeed || players !== keptSeats) {
    sideBySide(seedOfGame, lanes);
    seeded = seededLanes;
  }
  const streams: Rng[] = [];
  for (let j = 0; j < players; j++) streams.push(new Rng(seedOfGame, SEAT_SUFFIX[j], seeded, 3 * j));
  return streams;
}
