// The observer's posterior under the Harvest witch's potion (observer.ts computeTurned)
// against its worlds enumerated plainly: every placement of the werewolf cards as dealt with
// no turn (weight 4 × players) or the turn of one seat (weight 1) on some night he could be
// turned, the dealt cards passing every fact up to that night and the turned ones every fact
// after it; and every world of a seat whose card was shown (turnsOf), alike. The facts are
// the observer's own (timedFacts): what is tested here is the walk that weighs the worlds —
// the placements ranked and walked, the turns read from the counts, the shown seats read
// together, the verdicts kept from one vote to the next and read only up to a night, the
// flips added in runs — not what each fact says (observer-brute and observer-truth test that).
//
// Can fail: tried — a shown seat's world skipped when his turned cards last fail a fact on his
// last night itself (`after >> 1 >= last` in computeTurned), the turns read from the counts
// without the werewolves turned into none: each fails rows below.

import { describe, expect, test } from 'vitest';
import { playSync } from '../../agents/play.js';
import { parseSeating, seatAgents } from '../../agents/registry.js';
import { Game, gameSeed } from '../../engine/index.js';
import { IdealObserver, publicEvents } from '../../metrics/observer/observer.js';
import { forEachPlacement, popcount, positionsOf } from '../../metrics/observer/placements.js';
import { FAILS, type TimedFact } from '../../metrics/observer/verdicts.js';
import { setupOf } from '../helpers/metrics.js';

/** The observer's parts the plain enumeration reads (private: this test reaches into them). */
interface Inside {
  f: {
    n: number;
    thief: boolean;
    revealed: readonly (string | null)[];
    revealedWolves: number;
    turned: number;
    deckCount: ReadonlyMap<string, number>;
    nights: readonly { moment: number; living: number }[];
  };
  powersOf(nf: unknown): { poison: boolean };
  timedFacts(powers: readonly unknown[]): TimedFact[];
  sightingsAgree(s: number): boolean;
  turnsOf(x: number, xIn: boolean, positions: number, powers: readonly unknown[], out: TurnWorld[]): void;
}

/** A world of a turned seat whose card was shown (the observer's TurnWorld). */
interface TurnWorld {
  x: number;
  fixed: number;
  free: number;
  toWolf: boolean;
  regimeA: boolean;
  nights: readonly number[];
}

/** Whether `set` (with `forced` added to it at every fact) passes the facts `which` keeps. */
function passes(facts: readonly TimedFact[], set: number, which: (f: TimedFact) => boolean, forced = 0): boolean {
  return facts.every((f) => !which(f) || f.test((set & ~f.turned) | forced) !== FAILS);
}

/** The turn on one of `nights` fits: the dealt cards pass the facts up to it, the turned ones those after it. */
function fits(facts: readonly TimedFact[], dealt: number, after: number, nights: readonly number[], forced = 0): boolean {
  return nights.some((e) => passes(facts, dealt, (f) => f.moment <= e) && passes(facts, after, (f) => f.moment > e, forced));
}

/** The posterior by enumerating every world, or null where computeTurned does not weigh worlds. */
function plainPosterior(observer: IdealObserver): number[] | null {
  const o = observer as unknown as Inside;
  const f = o.f;
  const n = f.n;
  const seats = 2 ** n - 1;
  const powers = f.nights.map((nf) => o.powersOf(nf));
  if (!powers.some((p) => p.poison)) return null;
  const facts = o.timedFacts(powers);
  let positions = f.thief ? 2 ** n + 2 ** (n + 1) : 0;
  for (let s = 0; s < n; s++) if (f.revealed[s] === null) positions |= 2 ** s;
  let changed = 0;
  for (let s = 0; s < n; s++) if (!o.sightingsAgree(s)) changed |= 2 ** s;
  if (popcount(changed) > 1) return null;
  const deckWolves = f.deckCount.get('werewolf') ?? 0;
  const mass = new Array<number>(n).fill(0);
  let total = 0;
  // The werewolves now: a Miracle's turned seats are none, but a seat the potion turned back after his Miracle (`back`).
  const add = (wolves: number, weight: number, back = 0) => {
    total += weight;
    for (let s = 0; s < n; s++) if (((wolves & ~f.turned) | back) & 2 ** s) mass[s]! += weight;
  };
  forEachPlacement(positionsOf(positions), deckWolves - popcount(f.revealedWolves), (p) => {
    const dealt = (f.revealedWolves | p) & seats;
    if (changed === 0 && passes(facts, dealt, () => true)) add(dealt, 4 * n);
    for (let x = 0; x < n; x++) {
      if (changed !== 0 || (positions & 2 ** x) === 0) continue;
      const nights = f.nights.filter((nf, i) => powers[i]!.poison && (nf.living & 2 ** x) !== 0).map((nf) => nf.moment);
      const after = dealt ^ 2 ** x;
      if (fits(facts, dealt, after, nights)) add(after, 1);
    }
  });
  for (let x = 0; x < n; x++) {
    if (f.revealed[x] === null || (changed !== 0 && changed !== 2 ** x)) continue;
    const worlds: TurnWorld[] = [];
    for (const xIn of [true, false]) o.turnsOf(x, xIn, positions, powers, worlds);
    for (const world of worlds) {
      const xb = 2 ** x;
      forEachPlacement(positionsOf(world.free), deckWolves - popcount(world.fixed), (w) => {
        const dealt = (world.fixed | w) & seats;
        const after = world.toWolf ? dealt | xb : dealt & ~xb;
        if (fits(facts, dealt, after, world.nights, world.regimeA ? 0 : xb)) add(after, 1, world.regimeA ? 0 : xb);
      });
    }
  }
  return total === 0 ? null : mass.map((m) => m / total);
}

const TABLES = [
  { name: '10 players, two werewolves and a witch', req: { players: 10, roles: 'werewolf=2,seer,witch,villager=6', rules: ['harvestFestival=true'] }, games: 40 },
  { name: '12 players, three werewolves, a witch and a guard', req: { players: 12, roles: 'werewolf=3,seer,witch,guard,villager=6', rules: ['harvestFestival=true'] }, games: 25 },
  { name: "001's 12 with the New Moon (a Miracle's turns)", req: { preset: 'classic', players: 12, rules: ['harvestFestival=true', 'newMoon=all'] }, games: 25 },
];

describe("the Harvest witch's worlds: the walk weighs them as a plain enumeration does", () => {
  test.each(TABLES)('$name', ({ req, games }) => {
    const setup = setupOf(req);
    let compared = 0;
    for (const agents of ['random', 'heuristic']) {
      const seating = parseSeating([agents]);
      if (!seating.ok) throw new Error(seating.error);
      const observer = new IdealObserver(setup);
      for (let i = 0; i < games; i++) {
        const game = new Game(setup, gameSeed('turns', i));
        playSync(game, seatAgents(seating.value, game.state.seats.map((s) => s.dealt)).agents);
        observer.reset();
        for (const e of publicEvents(game.log)) {
          observer.see(e);
          if (e.type !== 'votes') continue;
          const post = observer.posterior();
          const plain = plainPosterior(observer);
          if (plain === null || post.approximations.some((a) => a.includes('contradict'))) continue;
          expect([...post.p], `${agents} game ${i}, event ${e.type}`).toEqual(plain);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(games);
  });
});
