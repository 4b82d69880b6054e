// Determinism: the same seed, setup and agents give the same game, byte for byte;
// async agents (answers through delayed Promises, many games in flight) give the same
// games as the synchronous loop; golden transcripts pin the behaviour across machines.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { playAsync, playSync } from '../../agents/play.js';
import { randomAgent, randomAnswer } from '../../agents/random.js';
import type { Agent } from '../../agents/types.js';
import { Game } from '../../engine/index.js';
import { Alea, Rng, dealAndModerator, gameSeed, seatStreams } from '../../engine/index.js';
import { resolveSetup, type GameSetup } from '../../engine/index.js';
import { transcript } from '../../narrate/transcript.js';

const setupOf = (req: Parameters<typeof resolveSetup>[0]): GameSetup => {
  const r = resolveSetup(req);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const ALL_ROLES = 'werewolf=3,seer,witch,hunter,cupid,guard,thief,little-girl,elder,idiot,scapegoat,piper,villager=3';

function playedLog(setup: GameSetup, seed: string): string {
  const g = new Game(setup, seed);
  playSync(g, Array(setup.players).fill(randomAgent));
  return JSON.stringify(g.log);
}

/** An agent that answers like the random agent, after a random delay (its own timer, not the seat's stream). */
function delayed(maxMs: number): Agent {
  let k = 0;
  return {
    name: 'delayed-random',
    decide: (ctx) => {
      const a = randomAnswer(ctx.decision, ctx.rng);
      const ms = (k++ * 7919) % (maxMs + 1);
      return new Promise((resolve) => setTimeout(() => resolve(a), ms));
    },
  };
}

describe('determinism', () => {
  it('the same seed gives byte-identical logs', () => {
    for (const setup of [setupOf({ preset: 'standard', players: 8 }), setupOf({ preset: 'classic', roles: ALL_ROLES })])
      for (let i = 0; i < 50; i++) expect(playedLog(setup, gameSeed(5, i))).toBe(playedLog(setup, gameSeed(5, i)));
  });

  it('game i of a run depends on (run seed, i) only, not on the games played before it', () => {
    const setup = setupOf({ preset: 'classic', players: 12 });
    const inOrder = Array.from({ length: 20 }, (_, i) => playedLog(setup, gameSeed('r', i)));
    const reversed = Array.from({ length: 20 }, (_, i) => playedLog(setup, gameSeed('r', 19 - i))).reverse();
    expect(reversed).toEqual(inOrder);
  });

  it('async agents answering through delayed Promises, 24 games in flight, play the same games as the sync loop', async () => {
    const setup = setupOf({ preset: 'classic', roles: ALL_ROLES });
    const seeds = Array.from({ length: 24 }, (_, i) => gameSeed('async', i));
    const games = seeds.map((s) => new Game(setup, s));
    const played = await Promise.all(games.map((g) => playAsync(g, Array.from({ length: setup.players }, () => delayed(3)))));
    played.forEach((p, i) => {
      expect(JSON.stringify(games[i]!.log)).toBe(playedLog(setup, seeds[i]!));
      expect(p.invalid.every((x) => x === 0)).toBe(true);
    });
  });

  it('simultaneous answers are taken in seat order, whatever order they arrive in', () => {
    const setup = setupOf({ preset: 'standard', players: 10 });
    const forward = new Game(setup, 'order');
    const backward = new Game(setup, 'order');
    const rngsF = Array.from({ length: 10 }, (_, i) => new Rng(`o${i}`));
    const rngsB = Array.from({ length: 10 }, (_, i) => new Rng(`o${i}`));
    while (!forward.over) {
      const pf = forward.pending();
      const answers = pf.map((d) => randomAnswer(d, rngsF[d.seat]!));
      const pb = [...backward.pending()].reverse();
      const answersB = pb.map((d) => randomAnswer(d, rngsB[d.seat]!));
      pf.forEach((d, i) => forward.submit(d.seat, answers[i]));
      pb.forEach((d, i) => backward.submit(d.seat, answersB[i]));
    }
    expect(JSON.stringify(backward.log)).toBe(JSON.stringify(forward.log));
  });
});

describe('seeded streams', () => {
  it("Alea is bit-identical to seedrandom's alea", () => {
    for (const seed of ['', '1#0/deal', 'x#12345/7', 'Thiercelieux ✓ 狼人杀']) {
      const ours = new Alea(seed);
      const theirs = seedrandom.alea(seed);
      for (let i = 0; i < 2000; i++) {
        expect(ours.next()).toBe(theirs());
        expect(ours.int32()).toBe(theirs.int32());
      }
    }
  });

  // A game's streams share their seed's first mash (rng.ts keeps it for the last seed):
  // streams of two games seeded in turn, and a seed split differently between seed and
  // suffix, must still be seedrandom's. Planted (the memo not keyed on the seed): fails.
  it('streams of games seeded in turn are each still seedrandom\'s alea', () => {
    const seeds: [string, string][] = [
      ['g#1', '/deal'],
      ['g#2', '/deal'],
      ['g#1', '/mod'],
      ['g#2', '/3'],
      ['g#', '1/3'],
      ['', 'g#1/3'],
      ['g#1', '/3'],
    ];
    for (const [seed, suffix] of seeds) {
      const ours = new Alea(seed, suffix);
      const theirs = seedrandom.alea(seed + suffix);
      for (let i = 0; i < 50; i++) expect(ours.next()).toBe(theirs());
    }
  });

  // A game's seats' streams and its deal and moderator streams are seeded side by side
  // (rng.ts sideBySide): each must be seedrandom's alea of its seed and suffix, for every
  // table size, seeds of any length (the lanes share the seed's characters; the largest
  // code unit, 0xffff, tests Mash's truncations at their bound) and games seeded in turn.
  // The seats' streams are seeded with the deal's and kept for the seed's `seatStreams`;
  // asked for another seed or another number of seats, they are seeded afresh. Planted (a
  // lane's suffix mashed into the wrong lane, one lane too few fed the seed, the kept
  // seats not keyed on the seed or on their number, a truncation in Mash that rounds):
  // fails.
  const seeds = ['g#1', 'g#2', 'a much longer run seed#123456', '', 'Thiercelieux ✓ 狼人杀#9', '\uffff'.repeat(64) + '#4294967295'];
  const expectSeatStreams = (seed: string, players: number) => {
    const streams = seatStreams(seed, players);
    expect(streams).toHaveLength(players);
    streams.forEach((ours, seat) => {
      const theirs = seedrandom.alea(`${seed}/${seat}`);
      for (let i = 0; i < 20; i++) expect(ours.float()).toBe(theirs());
    });
  };
  const expectDealAndModerator = (seed: string, players: number) => {
    const [deal, mod] = dealAndModerator(seed, players);
    const [theirDeal, theirMod] = [seedrandom.alea(`${seed}/deal`), seedrandom.alea(`${seed}/mod`)];
    for (let i = 0; i < 20; i++) {
      expect(deal.float()).toBe(theirDeal());
      expect(mod.float()).toBe(theirMod());
    }
  };
  it.each([1, 2, 5, 8, 12, 18, 30, 32])("%i seats' streams seeded side by side are each seedrandom's alea", (players) => {
    for (const seed of seeds) {
      expectSeatStreams(seed, players);
      expectDealAndModerator(seed, 0);
      // As a game asks: the deal's pass seeds the seats', kept for the seed.
      expectDealAndModerator(seed, players);
      expectSeatStreams(seed, players);
      expectSeatStreams(seed, players);
    }
  });

  it("the seats' streams kept with a game's deal serve that game alone", () => {
    dealAndModerator('g#1', 8);
    expectSeatStreams('g#2', 8); // another game's seats
    dealAndModerator('g#1', 8);
    expectSeatStreams('g#1', 5); // the same seed, other seats
    expectSeatStreams('g#1', 9);
    // Games in flight side by side: each deals, then each asks for its seats.
    dealAndModerator('g#3', 6);
    dealAndModerator('g#4', 6);
    expectSeatStreams('g#3', 6);
    expectSeatStreams('g#4', 6);
  });

  it('seat streams are refused for more seats than the streams have names', () => {
    expect(() => seatStreams('g#1', 33)).toThrow(/33 players/);
  });

  // Rng.int takes its remainders as unsigned 32-bit integers where n is one, and in
  // doubles otherwise: both must draw what the rule says in doubles, from seedrandom's
  // stream, across the range (2^31 ± 1 straddle int32's end; 2^32 is not a uint32).
  // Planted (no rejection: the limit 2^32, or the draw's remainder of x + 1): fails.
  it.each([2, 3, 7, 8, 12, 30, 1000, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 3 * 2 ** 30, 2 ** 32 - 1, 2 ** 32])(
    'Rng.int(%i) draws what the rule in doubles draws',
    (n) => {
      const ours = new Rng('int-rule');
      const theirs = seedrandom.alea('int-rule');
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (let i = 0; i < 2000; i++) {
        let x: number;
        do x = theirs.int32() >>> 0;
        while (x >= limit);
        expect(ours.int(n)).toBe(x % n);
      }
    },
  );

  // int(3·2^30): 2^32 mod n = 2^30, so a plain `x % n` would give [0, 2^30) twice the
  // weight of the rest (1/2 instead of 1/3). Planted (the rejection loop removed): fails.
  it('Rng.int has no modulo bias where it would be largest: n = 3·2^30', () => {
    const r = new Rng('bias');
    const n = 3 * 2 ** 30;
    let low = 0;
    const draws = 6000;
    for (let i = 0; i < draws; i++) if (r.int(n) < 2 ** 30) low++;
    // 1/3 ± 5 sd (sd = √(2/9/6000) ≈ 0.0061); with the bias: 1/2.
    expect(low / draws).toBeGreaterThan(1 / 3 - 0.031);
    expect(low / draws).toBeLessThan(1 / 3 + 0.031);
  });

  // Sattolo's variant (j = int(i), a common slip) gives only the cyclic permutations: 2 of
  // the 6 of three cards, never the identity. Planted: fails.
  it('Rng.shuffle gives each permutation of three cards with probability 1/6', () => {
    const r = new Rng('shuffle');
    const counts = new Map<string, number>();
    const n = 6000;
    for (let i = 0; i < n; i++) {
      const k = r.shuffle([0, 1, 2]).join('');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['012', '021', '102', '120', '201', '210']);
    const chi = [...counts.values()].reduce((s, c) => s + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(20.5); // df 5, alpha 0.001
  });

  it('Rng.int is exactly uniform (rejection, no modulo bias) and stays in range', () => {
    const r = new Rng('int');
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[r.int(3)]!++;
    const e = 10_000;
    const chi = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(chi).toBeLessThan(13.8); // df 2, alpha 0.001
    for (const n of [1, 2, 7, 1000, 2 ** 31 + 1]) for (let i = 0; i < 1000; i++) expect(r.int(n)).toBeLessThan(n);
    expect(() => r.int(0)).toThrow();
  });
});

const GOLDEN = [
  { file: 'standard-8.txt', req: { preset: 'standard', players: 8 }, seed: 42, game: 0 },
  { file: 'classic-12.txt', req: { preset: 'classic', players: 12 }, seed: 42, game: 3 },
  { file: 'all-roles-thiercelieux.txt', req: { preset: 'thiercelieux', roles: ALL_ROLES }, seed: 7, game: 1 },
  { file: 'all-roles-introduction.txt', req: { preset: 'introduction', roles: ALL_ROLES }, seed: 7, game: 2 },
] as const;

describe('golden transcripts (diffed in CI; UPDATE_GOLDEN=1 rewrites them)', () => {
  for (const t of GOLDEN) {
    it(t.file, () => {
      const setup = setupOf(t.req);
      const g = new Game(setup, gameSeed(t.seed, t.game));
      playSync(g, Array(setup.players).fill(randomAgent));
      const text = transcript(g.log, { title: `${t.file}: seed ${t.seed}, game ${t.game}` });
      const path = fileURLToPath(new URL(`./golden/${t.file}`, import.meta.url));
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, text);
      expect(text).toBe(readFileSync(path, 'utf8'));
    });
  }

  // One line per table, so that a change says which presets' games it changed (and which
  // it did not: a rule option's new reading changes only the presets that take it).
  it('the logs of 200 games per table hash to the pinned values', () => {
    const tables = [
      ['standard-8', { preset: 'standard', players: 8 }],
      ['classic-12', { preset: 'classic', players: 12 }],
      ['introduction-all-roles', { preset: 'introduction', roles: ALL_ROLES }],
      ['thiercelieux-10', { preset: 'thiercelieux', players: 10 }],
    ] as const;
    const lines = tables.map(([label, req]) => {
      const h = createHash('sha256');
      for (let i = 0; i < 200; i++) h.update(playedLog(setupOf(req), gameSeed('pin', i)));
      return `${label} ${h.digest('hex')}`;
    });
    const path = fileURLToPath(new URL('./golden/logs.sha256', import.meta.url));
    const text = lines.join('\n') + '\n';
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, text);
    expect(text).toBe(readFileSync(path, 'utf8'));
  });
});

describe('stream seeds in two parts', () => {
  it("the seeding is seedrandom's over many seeds (game seeds, streams, long and non-ASCII ones)", () => {
    for (let i = 0; i < 2000; i++) {
      const seed = `${i % 3 === 0 ? 'run-狼' : i}#${i * 7919}`;
      const suffix = i % 2 === 0 ? `/${i % 31}` : '/deal';
      const ours = new Alea(seed, suffix);
      const theirs = seedrandom.alea(seed + suffix);
      for (let k = 0; k < 3; k++) expect(ours.next()).toBe(theirs());
    }
  });

  it('alea(seed, suffix) is alea(seed + suffix)', () => {
    for (const [a, b] of [['1#0', '/deal'], ['x#99', '/7'], ['', '/mod'], ['狼人#3', '']]) {
      const two = new Alea(a!, b!);
      const one = seedrandom.alea(a! + b!);
      for (let i = 0; i < 500; i++) expect(two.next()).toBe(one());
    }
  });
});
