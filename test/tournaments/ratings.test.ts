// The ratings: the model recovers known strengths (exactly from expected counts, within
// their standard errors from sampled games, and its standard errors are the right size
// over many tournaments); the scores pool opponents and leave self-play apart; the paired
// comparison of seat mode; and the errors that say why a model cannot be fitted.

import { describe, expect, it } from 'vitest';
import { Alea, SIDES } from '../../engine/index.js';
import { dealCells, fitLineupModel, fitLineupOverall, fitSideModel, fitSideOverall, lineupOf, PRIOR_SD, sideScores, uncompared, type LineupResult, type SideResult } from '../../tournaments/ratings.js';
import { fitSeatModel, pairedOf, seatScores, type SeatCell } from '../../tournaments/seat-ratings.js';

const logistic = (eta: number) => 1 / (1 + Math.exp(-eta));

function binomial(rng: Alea, n: number, p: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (rng.next() < p) k++;
  return k;
}

// Four entrants with known strengths (Σv = Σw = 0) and a village edge c.
const ENTRANTS = ['a', 'b', 'c', 'd'];
const V = [0.8, 0.1, -0.3, -0.6];
const W = [-0.5, 0.9, 0.2, -0.6];
const C = -0.4;

/** Every ordered pair with self-play; the village's wins drawn (or expected when rng is null). */
function sideGames(rng: Alea | null, games: number): SideResult[] {
  const out: SideResult[] = [];
  ENTRANTS.forEach((wolves, x) =>
    ENTRANTS.forEach((village, y) => {
      const p = logistic(C + V[y]! - W[x]!);
      const villageWins = rng === null ? games * p : binomial(rng, games, p);
      out.push({ wolves, village, games, villageWins, wolvesWins: games - villageWins });
    }),
  );
  return out;
}

describe('the side model', () => {
  it('recovers the strengths exactly from expected counts', () => {
    const f = fitSideModel(ENTRANTS, sideGames(null, 1000));
    expect(f.ok).toBe(true);
    if (!f.ok) return;
    expect(f.value.advantage).toBeCloseTo(C, 8);
    f.value.strengths.forEach((s, j) => {
      expect(s.entrant).toBe(ENTRANTS[j]);
      expect(s.village).toBeCloseTo(V[j]!, 8);
      expect(s.wolves).toBeCloseTo(W[j]!, 8);
      expect(s.villageSe).toBeGreaterThan(0);
    });
    expect(f.value.games).toBe(16_000);
    expect(f.value.df).toBe(16 - 7);
  });

  it('recovers them from sampled games within their standard errors, and the errors are the right size', () => {
    // 200 tournaments of 300 games per pairing: each estimate's z-score should look N(0, 1).
    const rng = new Alea('ratings-test');
    const z: number[] = [];
    for (let t = 0; t < 200; t++) {
      const f = fitSideModel(ENTRANTS, sideGames(rng, 300));
      if (!f.ok) throw new Error(f.error);
      f.value.strengths.forEach((s, j) => {
        z.push((s.village - V[j]!) / s.villageSe, (s.wolves - W[j]!) / s.wolvesSe);
      });
    }
    const mean = z.reduce((a, b) => a + b, 0) / z.length;
    const sd = Math.sqrt(z.reduce((a, b) => a + (b - mean) ** 2, 0) / (z.length - 1));
    expect(Math.abs(mean)).toBeLessThan(0.1);
    expect(sd).toBeGreaterThan(0.9);
    expect(sd).toBeLessThan(1.1);
    const covered = z.filter((x) => Math.abs(x) < 1.96).length / z.length;
    expect(covered).toBeGreaterThan(0.93);
    expect(covered).toBeLessThan(0.97);
  });

  it("the error of an entrant's w + v is the right size too: the two are estimated together, and co-vary", () => {
    // a plays itself 1,000 times and the others 20 times each way: its self-play settles
    // c + v − w, so its v and w move together and its w + v is known far worse than the
    // errors of each added as if apart (their root sum of squares). Over 300 tournaments
    // (8 December 2026) the z-scores' sd read 1.02 with sumSe (93.7% within ±1.96), 1.41 with
    // the root sum of squares.
    const rng = new Alea('ratings-sum');
    const za: number[] = [];
    const naive: number[] = [];
    for (let t = 0; t < 300; t++) {
      const games = sideGames(rng, 1000).map((g): SideResult => {
        if (g.wolves === 'a' && g.village === 'a') return g;
        const n = g.wolves === 'a' || g.village === 'a' ? 20 : 200;
        const villageWins = binomial(rng, n, logistic(C + V[ENTRANTS.indexOf(g.village)]! - W[ENTRANTS.indexOf(g.wolves)]!));
        return { ...g, games: n, villageWins, wolvesWins: n - villageWins };
      });
      const f = fitSideModel(ENTRANTS, games);
      if (!f.ok) throw new Error(f.error);
      const a = f.value.strengths[0]!;
      const miss = a.village + a.wolves - V[0]! - W[0]!;
      za.push(miss / a.sumSe);
      naive.push(miss / Math.hypot(a.villageSe, a.wolvesSe));
    }
    const sd = (xs: number[]) => Math.sqrt(xs.reduce((x, y) => x + y * y, 0) / xs.length);
    expect(sd(za)).toBeGreaterThan(0.85);
    expect(sd(za)).toBeLessThan(1.15);
    expect(sd(naive)).toBeGreaterThan(1.25);
  });

  it('ranks the strongest first on each side', () => {
    const f = fitSideModel(ENTRANTS, sideGames(new Alea('rank'), 2000));
    if (!f.ok) throw new Error(f.error);
    const byV = [...f.value.strengths].sort((x, y) => y.village - x.village).map((s) => s.entrant);
    const byW = [...f.value.strengths].sort((x, y) => y.wolves - x.wolves).map((s) => s.entrant);
    expect(byV).toEqual(['a', 'b', 'c', 'd']);
    expect(byW).toEqual(['b', 'c', 'a', 'd']);
  });

  it('says why it cannot fit two entrants without self-play', () => {
    const two = sideGames(null, 100).filter((r) => ['a', 'b'].includes(r.wolves) && ['a', 'b'].includes(r.village) && r.wolves !== r.village);
    const f = fitSideModel(['a', 'b'], two);
    expect(!f.ok && f.error).toMatch(/only the sum of village and wolf strength.*--no-self-play/);
  });

  it('fits a tournament in which a pairing always wins under a weak prior, and says so', () => {
    const sep: SideResult[] = [
      { wolves: 'a', village: 'a', games: 10, villageWins: 6, wolvesWins: 4 },
      { wolves: 'a', village: 'b', games: 10, villageWins: 10, wolvesWins: 0 },
      { wolves: 'b', village: 'a', games: 10, villageWins: 0, wolvesWins: 10 },
      { wolves: 'b', village: 'b', games: 10, villageWins: 5, wolvesWins: 5 },
    ];
    const g = fitSideModel(['a', 'b'], sep);
    if (!g.ok) throw new Error(g.error);
    expect(g.value.prior).toBe(PRIOR_SD);
    const [a, b] = g.value.strengths;
    // b is the stronger on both sides, by a finite amount with a finite error.
    expect(b!.village).toBeGreaterThan(a!.village);
    expect(b!.wolves).toBeGreaterThan(a!.wolves);
    for (const s of g.value.strengths) for (const x of [s.village, s.wolves, s.villageSe, s.wolvesSe]) expect(Number.isFinite(x) && Math.abs(x) < 10).toBe(true);
    // The plain fit is kept where it exists.
    const f = fitSideModel(ENTRANTS, sideGames(null, 100));
    expect(f.ok && f.value.prior).toBeNull();
  });
});

// A score averages an entrant's village and werewolf strengths against the others': games
// must compare at least one of them with another entrant's. Self-play alone compares none
// (an ensemble's runs: the board read 50.0% (50.0–50.0%) for every entrant, "tie", ranks by
// name); one side never played leaves that side to the prior, whose width an interval by
// deal must keep. Mutations that fail here: the check left out (the self-play board is
// fitted), a self-play game counted as a link to others, the prior left out of the
// covariance by deal (c's interval 0.005 wide).
describe('entrants the games compare with no other', () => {
  const game = (wolves: string, village: string, games: number, villageWins: number): SideResult => ({ wolves, village, games, villageWins, wolvesWins: games - villageWins });

  it.each([
    ['self-play alone', [game('a', 'a', 40, 20), game('b', 'b', 40, 25), game('c', 'c', 40, 30)], ['a', 'b', 'c']],
    ['one self-play entrant beside a tournament', [game('a', 'b', 40, 20), game('b', 'a', 40, 25), game('a', 'a', 40, 22), game('c', 'c', 40, 30)], ['c']],
    ['an entrant without a decisive game', [game('a', 'b', 40, 20), game('b', 'a', 40, 25), game('a', 'a', 40, 22), { wolves: 'c', village: 'a', games: 5, villageWins: 0, wolvesWins: 0 }], ['c']],
    ['an entrant seen on one side only (compared there)', [game('a', 'b', 40, 20), game('b', 'a', 40, 25), game('a', 'a', 40, 22), game('a', 'c', 40, 30)], []],
    ['a round robin without self-play', [game('a', 'b', 40, 20), game('b', 'c', 40, 25), game('c', 'a', 40, 22)], []],
  ] as const)('%s', (_, results, lone) => {
    expect(uncompared(['a', 'b', 'c'], results).map((u) => u.entrant)).toEqual(lone);
    const fit = fitSideOverall(['a', 'b', 'c'], results);
    if (lone.length === 0) expect(fit.ok).toBe(true);
    else expect(!fit.ok && fit.error).toMatch(lone.length === 3 ? /each entrant only played itself, so no game compares them.*sim tournament --agents a,b,c/ : new RegExp(`^${lone[0]} (only played itself|played no decisive game), so no game compares it`));
  });

  it("gives a side no game measured the prior's width, by deal as without", () => {
    const results = [game('a', 'b', 400, 240), game('b', 'a', 400, 200), game('a', 'a', 400, 220), game('b', 'b', 400, 230), game('a', 'c', 400, 260)];
    const deals = Array.from({ length: 400 }, (_, i) => results.map((r, row) => ({ row, successes: (i * 7 + row) % 400 < r.villageWins ? 1 : 0, trials: 1 })));
    const plain = fitSideOverall(['a', 'b', 'c'], results);
    const byDeal = fitSideOverall(['a', 'b', 'c'], results, { deals });
    if (!plain.ok || !byDeal.ok) throw new Error('fit');
    expect(byDeal.value.model.prior).toBe(PRIOR_SD);
    // c never played the werewolves: its score is half a guess, as wide by deal as without.
    const c = (f: typeof plain) => f.value.overall.find((x) => x.entrant === 'c')!.se;
    expect(c(plain)).toBeGreaterThan(0.2);
    expect(c(byDeal)).toBeGreaterThan(0.2);
  });
});

describe('side scores', () => {
  it('pool the opponents and keep self-play apart', () => {
    const results: SideResult[] = [
      { wolves: 'a', village: 'a', games: 10, villageWins: 4, wolvesWins: 6 },
      { wolves: 'a', village: 'b', games: 10, villageWins: 3, wolvesWins: 7 },
      { wolves: 'a', village: 'c', games: 20, villageWins: 10, wolvesWins: 9 }, // one game to neither side
      { wolves: 'b', village: 'a', games: 10, villageWins: 8, wolvesWins: 2 },
      { wolves: 'c', village: 'a', games: 10, villageWins: 5, wolvesWins: 5 },
    ];
    const [a] = sideScores(['a', 'b', 'c'], results);
    expect(a!.asWolves).toMatchObject({ games: 30, wins: 16 });
    expect(a!.asWolves.rate).toBeCloseTo(16 / 30, 12);
    expect(a!.asWolves.low!).toBeLessThan(16 / 30);
    expect(a!.asWolves.high!).toBeGreaterThan(16 / 30);
    expect(a!.asVillage).toMatchObject({ games: 20, wins: 13 });
    expect(a!.selfPlay).toMatchObject({ games: 10, wins: 4 });
  });
});

describe('seat mode', () => {
  it('compares the entrant with the reference on the same deals (paired)', () => {
    // 10 paired games: the entrant alone won 3, the reference alone 1, both 4.
    const p = pairedOf({ paired: 10, onlyEntrant: 3, onlyReference: 1, referenceWon: 5 });
    expect(p.diff).toBeCloseTo(0.2, 12);
    expect(p.reference).toBeCloseTo(0.5, 12);
    expect(p.entrant).toBeCloseTo(0.7, 12);
    // d = (1,1,1,−1,0×6): mean 0.2, sample variance (4 − 10·0.04)/9 = 0.4.
    const half = 1.959963984540054 * Math.sqrt(0.4 / 10);
    expect(p.low!).toBeCloseTo(0.2 - half, 12);
    expect(p.high!).toBeCloseTo(0.2 + half, 12);
    expect(pairedOf({ paired: 0, onlyEntrant: 0, onlyReference: 0, referenceWon: 0 }).diff).toBeNull();
  });

  const cell = (entrant: string, role: SeatCell['role'], team: SeatCell['team'], games: number, won: number, villageWins: number): SeatCell => ({
    entrant,
    role,
    team,
    games,
    won,
    villageWins,
    wolvesWins: games - villageWins,
    paired: games,
    onlyEntrant: 0,
    onlyReference: 0,
    referenceWon: won,
  });

  it('recovers the one-seat strengths against the reference from expected counts', () => {
    const c = 0.3;
    const [v, w] = [0.25, -0.4];
    const n = 1000;
    const pv = logistic(c + v);
    const pw = logistic(c - w);
    const cells = [cell('x', 'villager', 'village', 3 * n, 3 * n * pv, 3 * n * pv), cell('x', 'werewolf', 'werewolves', n, n * (1 - pw), n * pw)];
    const f = fitSeatModel(['x'], 'heuristic', { games: n, villageWins: n * logistic(c), wolvesWins: n * (1 - logistic(c)) }, cells);
    if (!f.ok) throw new Error(f.error);
    expect(f.value.advantage).toBeCloseTo(c, 8);
    expect(f.value.strengths[0]).toMatchObject({ entrant: 'x', reference: false });
    expect(f.value.strengths[0]!.village).toBeCloseTo(v, 8);
    expect(f.value.strengths[0]!.wolves).toBeCloseTo(w, 8);
    expect(f.value.strengths[1]).toMatchObject({ entrant: 'heuristic', village: 0, wolves: 0, reference: true });
    const [s] = seatScores(['x'], cells);
    expect(s!.asWolves.games).toBe(n);
    expect(s!.asVillage.games).toBe(3 * n);
  });

  it('says which games are missing', () => {
    const f = fitSeatModel(['x'], 'heuristic', { games: 10, villageWins: 5, wolvesWins: 5 }, [cell('x', 'villager', 'village', 10, 5, 5)]);
    expect(!f.ok && f.error).toMatch(/x has no decisive game as a werewolf yet/);
  });
});

describe('dealCells: the games of side pairings by deal', () => {
  it('puts game i of every pairing in deal i, decisive games only, each below the pairing’s games read', () => {
    const v = SIDES.indexOf('village');
    const w = SIDES.indexOf('werewolves');
    const d = SIDES.indexOf('draw');
    // Pairing 0: village, werewolves, draw, village; pairing 1: werewolves, (not stored), village.
    const winners = [Int8Array.from([v, w, d, v]), Int8Array.from([w, -1, v])];
    expect(dealCells(winners)).toEqual([
      [
        { row: 0, successes: 1, trials: 1 },
        { row: 1, successes: 0, trials: 1 },
      ],
      [{ row: 0, successes: 0, trials: 1 }],
      [{ row: 1, successes: 1, trials: 1 }],
      [{ row: 0, successes: 1, trials: 1 }],
    ]);
    // An adaptive look that has read 2 games of pairing 0 and 3 of pairing 1.
    expect(dealCells(winners, [2, 3])).toEqual([
      [
        { row: 0, successes: 1, trials: 1 },
        { row: 1, successes: 0, trials: 1 },
      ],
      [{ row: 0, successes: 0, trials: 1 }],
      [{ row: 1, successes: 1, trials: 1 }],
    ]);
  });
});

describe('anchored strengths (a fixed scale)', () => {
  // Expected counts of every ordered pair among some of the entrants: the fit then recovers the true strengths on its own scale.
  const board = (who: readonly string[]) => sideGames(null, 1000).filter((r) => who.includes(r.wolves) && who.includes(r.village));
  const scores = (who: readonly string[], anchors?: readonly string[]) => {
    const f = fitSideOverall(who, board(who), { anchors });
    if (!f.ok) throw new Error(f.error);
    return Object.fromEntries(f.value.overall.map((x) => [x.entrant, x.score]));
  };

  it('keeps every score when an entrant joins a board with the same anchors, and moves them without anchors', () => {
    const three = scores(['a', 'b', 'c'], ['a', 'b']);
    const four = scores(['a', 'b', 'c', 'd'], ['a', 'b']);
    for (const e of ['a', 'b', 'c']) expect(four[e]).toBeCloseTo(three[e]!, 6);
    // Relative to the board's average entrant, d joining (weaker than average on both sides) lifts everyone.
    const plain3 = scores(['a', 'b', 'c']);
    const plain4 = scores(['a', 'b', 'c', 'd']);
    for (const e of ['a', 'b', 'c']) expect(plain4[e]! - plain3[e]!).toBeGreaterThan(0.01);
  });

  it('puts the anchors at zero on average, and is the average entrant with every entrant an anchor', () => {
    const f = fitSideModel(ENTRANTS, sideGames(null, 1000), { anchors: ['b', 'd'] });
    if (!f.ok) throw new Error(f.error);
    const s = Object.fromEntries(f.value.strengths.map((x) => [x.entrant, x]));
    expect(s['b']!.village + s['d']!.village).toBeCloseTo(0, 9);
    expect(s['b']!.wolves + s['d']!.wolves).toBeCloseTo(0, 9);
    // The same truth on the anchors' scale: v_a − mean(v_b, v_d).
    expect(s['a']!.village).toBeCloseTo(V[0]! - (V[1]! + V[3]!) / 2, 6);
    const all = fitSideModel(ENTRANTS, sideGames(null, 1000), { anchors: ENTRANTS });
    const none = fitSideModel(ENTRANTS, sideGames(null, 1000));
    if (!all.ok || !none.ok) throw new Error('fit');
    expect(all.value.strengths).toEqual(none.value.strengths);
  });

  it('refuses an anchor that played no game', () => {
    const f = fitSideModel(ENTRANTS, sideGames(null, 100), { anchors: ['a', 'zz'] });
    expect(!f.ok && f.error).toMatch(/the anchor zz played no game here/);
  });
});

describe('the line-up model (mixed tables)', () => {
  /**
   * Mixed tables of the four entrants on 8 seats (2 werewolves): each game a deal (the
   * werewolf seats drawn) at each of the 4 rotations (seat k: entrant (k + r) mod 4), the
   * village winning with probability σ(C + Σ (a − b)·S), a and b the entrants' shares of
   * the two teams' seats, S their skills; expected wins when `expected`. Games of one line-up pooled.
   */
  function mixedGames(rng: Alea, deals: number, expected: boolean): LineupResult[] {
    const rows = new Map<string, { village: number[]; wolves: number[]; games: number; villageWins: number; wolvesWins: number }>();
    for (let d = 0; d < deals; d++) {
      const first = Math.floor(rng.next() * 8);
      const second = (first + 1 + Math.floor(rng.next() * 7)) % 8;
      for (let r = 0; r < 4; r++) {
        const village = [0, 0, 0, 0];
        const wolves = [0, 0, 0, 0];
        for (let seat = 0; seat < 8; seat++) {
          const e = (seat + r) % 4;
          if (seat === first || seat === second) wolves[e]! += 1 / 2;
          else village[e]! += 1 / 6;
        }
        const p = logistic(C + village.reduce((s, a, e) => s + (a - wolves[e]!) * V[e]!, 0));
        const key = `${village.join()}|${wolves.join()}`;
        const row = rows.get(key) ?? { village, wolves, games: 0, villageWins: 0, wolvesWins: 0 };
        const won = expected ? p : rng.next() < p ? 1 : 0;
        row.games++;
        row.villageWins += won;
        row.wolvesWins += 1 - won;
        rows.set(key, row);
      }
    }
    return [...rows.values()];
  }

  // The skills are V's (Σ = 0).
  it('recovers the skills exactly from expected counts, one number per entrant on both teams', () => {
    const f = fitLineupModel(ENTRANTS, mixedGames(new Alea('lineup-exact'), 4000, true), { skill: 'one' });
    if (!f.ok) throw new Error(f.error);
    expect(f.value.prior).toBeNull();
    expect(f.value.advantage).toBeCloseTo(C, 6);
    f.value.strengths.forEach((s, j) => {
      expect(s.village).toBeCloseTo(V[j]!, 6);
      expect(s.wolves).toBe(s.village);
      expect(s.wolvesSe).toBe(s.villageSe);
    });
  });

  it('cannot tell a wolf strength from a village strength at such tables: the two-strength fit needs its prior', () => {
    // Every entrant holds two seats at every table: its village share is (1 − its wolf share)/3.
    const f = fitLineupModel(ENTRANTS, mixedGames(new Alea('lineup-exact'), 4000, true), { skill: 'sides' });
    if (!f.ok) throw new Error(f.error);
    expect(f.value.prior).toBe(PRIOR_SD);
  });

  it('recovers them from sampled games within their standard errors', () => {
    const rng = new Alea('lineup-sampled');
    const z: number[] = [];
    for (let t = 0; t < 100; t++) {
      const f = fitLineupModel(ENTRANTS, mixedGames(rng, 1500, false), { skill: 'one' });
      if (!f.ok) throw new Error(f.error);
      f.value.strengths.forEach((s, j) => z.push((s.village - V[j]!) / s.villageSe));
    }
    const covered = z.filter((x) => Math.abs(x) < 1.96).length / z.length;
    expect(covered).toBeGreaterThan(0.9);
    expect(covered).toBeLessThan(0.99);
  });

  it('with two strengths, is the side model when every line-up is a side pairing', () => {
    const results = sideGames(new Alea('as-lineups'), 200);
    const lineups = results.map((r) => ({ ...lineupOf(4, ENTRANTS.indexOf(r.wolves), ENTRANTS.indexOf(r.village)), games: r.games, villageWins: r.villageWins, wolvesWins: r.wolvesWins }));
    const side = fitSideOverall(ENTRANTS, results);
    const mixed = fitLineupOverall(ENTRANTS, lineups, { skill: 'sides' });
    if (!side.ok || !mixed.ok) throw new Error('not fitted');
    mixed.value.overall.forEach((o, j) => {
      expect(o.score).toBeCloseTo(side.value.overall[j]!.score, 10);
      expect(o.se).toBeCloseTo(side.value.overall[j]!.se, 10);
    });
  });
});
