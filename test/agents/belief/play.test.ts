// The belief agent's play over real games: byte-for-byte determinism under the seed, and
// agents that share a game's posterior but never another game's.

import { describe, expect, it } from 'vitest';
import { playSync } from '../../../agents/play.js';
import { parseSeating, seatAgents } from '../../../agents/registry.js';
import { Game, gameSeed, resolveSetup, type SetupRequest } from '../../../engine/index.js';
import { addTableBias, emptyTableBias } from '../../../metrics/table-bias.js';
import type { BeliefRecords } from '../../../agents/belief/agent.js';
import type { ParsedBelief } from '../../../agents/belief/params.js';
import type { Beliefs } from '../../../agents/heuristic/beliefs.js';
import type { Agent } from '../../../agents/types.js';
import { plainPosterior, publicAllowed } from '../../helpers/belief.js';

function logs(req: SetupRequest, agents: readonly string[], games: number, seed: string): string[] {
  const setup = resolveSetup(req);
  if (!setup.ok) throw new Error(setup.error);
  const seating = parseSeating(agents);
  if (!seating.ok) throw new Error(seating.error);
  const out: string[] = [];
  for (let i = 0; i < games; i++) {
    const g = new Game(setup.value, gameSeed(seed, i));
    const p = playSync(g, seatAgents(seating.value, g.state.seats.map((s) => s.dealt)).agents);
    expect(p.invalid.every((k) => k === 0)).toBe(true);
    out.push(JSON.stringify(g.log));
  }
  return out;
}

describe('belief play', () => {
  it.each([
    [['belief']],
    [['belief:voteAim=1.5,fakeClaim=1', 'werewolves=heuristic', '3=random']],
  ])('plays the same games for the same seed, byte for byte (%j)', (agents) => {
    const first = logs({ preset: 'classic', players: 12 }, agents, 12, 'same');
    expect(logs({ preset: 'classic', players: 12 }, agents, 12, 'same')).toEqual(first);
    expect(new Set(first).size).toBe(12);
  });

  it('its parameters change its play (the model is read, not ignored)', () => {
    const a = logs({ preset: 'standard', players: 8 }, ['belief'], 20, 'params');
    const b = logs({ preset: 'standard', players: 8 }, ['belief:voteAim=3,voteMate=0.05'], 20, 'params');
    expect(b.filter((x, i) => x !== a[i]).length).toBeGreaterThan(0);
  });

  it("its werewolves cast safe ballots against a packmate only when distancing is on (bus=0 rules out bussing)", () => {
    const packmateBallots = (spec: string): number => {
      let k = 0;
      for (const text of logs({ preset: 'standard', players: 12 }, [spec], 30, 'distance')) {
        const log = JSON.parse(text) as { type: string; seat?: number; role?: string; votes?: { voter: number; target: number | null }[] }[];
        const wolves = new Set(log.filter((e) => e.type === 'deal' && e.role === 'werewolf').map((e) => e.seat));
        for (const e of log) {
          if (e.type !== 'votes') continue;
          for (const v of e.votes!) if (wolves.has(v.voter) && v.target !== null && wolves.has(v.target)) k++;
        }
      }
      return k;
    };
    expect(packmateBallots('belief:distance=0,bus=0')).toBe(0);
    expect(packmateBallots('belief:distance=1,bus=0')).toBeGreaterThan(5);
  });
});

describe("the pack's fake Seer", () => {
  /** Per game with a werewolf's Seer claim: the claimant's place in his pack by seat (0: the lowest), and how many packmates claimed. */
  const claims = (spec: string, games: number) => {
    const out: { rank: number; claimants: number }[] = [];
    for (const text of logs({ preset: 'standard', players: 12 }, [spec], games, 'claim')) {
      const log = JSON.parse(text) as { type: string; seat?: number; role?: string; claims?: { type: string; role?: string }[] }[];
      const wolves = log.filter((e) => e.type === 'deal' && e.role === 'werewolf').map((e) => e.seat!);
      const claimants = new Set(log.filter((e) => e.type === 'speech' && wolves.includes(e.seat!) && e.claims!.some((c) => c.type === 'role' && c.role === 'seer')).map((e) => e.seat!));
      if (claimants.size > 0) out.push({ rank: [...wolves].sort((a, b) => a - b).indexOf([...claimants][0]!), claimants: claimants.size });
    }
    return out;
  };

  // A mutation that fails: ties broken by seat instead of the pack's salt (on a first day
  // nothing tells the packmates apart: the lowest packmate claimed in 87% of games).
  it.each(['belief:claimBy=2', 'belief'])('is one packmate a game, and no particular seat of the pack (%s)', (spec) => {
    const c = claims(spec, 120);
    expect(c.length).toBeGreaterThan(60);
    expect(c.filter((x) => x.claimants > 1)).toEqual([]);
    for (const rank of [0, 1, 2]) {
      const share = c.filter((x) => x.rank === rank).length / c.length;
      expect(share, `rank ${rank}`).toBeGreaterThan(0.18);
      expect(share, `rank ${rank}`).toBeLessThan(0.5);
    }
  });

  it('is chosen by what the claim serves: claimBy=2 changes who claims, in some games only', () => {
    const by = claims('belief:claimBy=2', 60);
    const drawn = claims('belief', 60);
    expect(by.length).toBeGreaterThan(30);
    expect(JSON.stringify(by)).not.toBe(JSON.stringify(drawn));
  });

  it('with claimBy=1 is the first packmate to speak on the day the pack fakes, and one a game', () => {
    let games = 0;
    for (const text of logs({ preset: 'standard', players: 12 }, ['belief:claimBy=1'], 60, 'first')) {
      const log = JSON.parse(text) as { type: string; seat?: number; role?: string; day?: number; claims?: { type: string; role?: string }[] }[];
      const wolves = log.filter((e) => e.type === 'deal' && e.role === 'werewolf').map((e) => e.seat!);
      let day = 0;
      let firstWolf = -1;
      const seen: number[] = [];
      for (const e of log) {
        if (e.type === 'day') {
          day = e.day!;
          firstWolf = -1;
        }
        if (e.type !== 'speech' || !wolves.includes(e.seat!)) continue;
        if (firstWolf < 0) firstWolf = e.seat!;
        if (e.claims!.some((c) => c.type === 'role' && c.role === 'seer') && !seen.includes(e.seat!)) {
          if (seen.length === 0) expect(e.seat, `day ${day}`).toBe(firstWolf);
          seen.push(e.seat!);
        }
      }
      expect(seen.length).toBeLessThanOrEqual(1);
      if (seen.length === 1) games++;
    }
    expect(games).toBeGreaterThan(30);
  });
});

describe("the day's first voices (openers)", () => {
  /** Over 80 games of 004's 12-player row: how often the day's first speaker's declared target is sent out (metrics/table-bias.ts). */
  const herding = (spec: string): number => {
    const setup = resolveSetup({ preset: 'standard', players: 12 });
    const seating = parseSeating([spec]);
    if (!setup.ok || !seating.ok) throw new Error('bad setup');
    const bias = emptyTableBias(12);
    for (let i = 0; i < 80; i++) {
      const g = new Game(setup.value, gameSeed('openers', i));
      const p = playSync(g, seatAgents(seating.value, g.state.seats.map((s) => s.dealt)).agents);
      expect(p.invalid.every((k) => k === 0)).toBe(true);
      addTableBias(bias, g.log, g.outcome()!);
    }
    return bias.namedLynched / bias.namedDays;
  };

  it("name a suspect drawn from the posterior, so the vote matches the first voice less often (issue's bar: 45%)", () => {
    // 004-12 over 10,000 games (docs/belief.md): 53.2% with every voice naming its likeliest, 33.0% by default.
    const likeliest = herding('belief:openers=0');
    const drawn = herding('belief');
    expect(likeliest).toBeGreaterThan(0.45);
    expect(drawn).toBeLessThan(0.45);
    expect(drawn).toBeLessThan(likeliest - 0.08);
  });

  it('change only the village: a pack of belief werewolves plays the same games either way', () => {
    const spec = (openers: string) => ['heuristic', `werewolves=belief${openers}`];
    expect(logs({ preset: 'standard', players: 12 }, spec(''), 20, 'openers')).toEqual(logs({ preset: 'standard', players: 12 }, spec(':openers=0'), 20, 'openers'));
    expect(logs({ preset: 'standard', players: 12 }, ['belief'], 20, 'openers')).not.toEqual(logs({ preset: 'standard', players: 12 }, ['belief:openers=0'], 20, 'openers'));
  });
});

// What a game's belief posterior keeps from one decision to the next for its readers (the
// placements the public allows, the weights, the public view, the pack's lifts) must never
// outlive what it was made from. At every decision of every seat of real games, the
// placements kept are those the public knowledge allows, listed afresh from all of them,
// and the public view the seats share and the pack's lifts are compared with the same
// numbers made from the posterior's log-weights by the plain formulas: every weight
// exp(logW − max), a pass over the placements the public allows, the lifts asked afresh
// — bit for bit. Can fail: tried — the public view kept across a change of the public
// knowledge (one table of three fails), the pack's lifts kept after an act (all three),
// the placements not dropped when a card is shown (all three).
describe("a game's belief posterior, kept from decision to decision, is its log-weights read anew", () => {
  it.each([
    [{ preset: 'standard', players: 8 }],
    [{ preset: 'classic', players: 12 }],
    [{ preset: 'standard', players: 14 }],
  ] as const)('%j', (req) => {
    const setup = resolveSetup(req);
    if (!setup.ok) throw new Error(setup.error);
    const seating = parseSeating(['belief']);
    if (!seating.ok) throw new Error(seating.error);
    let compared = 0;
    const off: string[] = [];
    const same = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).every((x, i) => Object.is(x, b[i]));
    const check = (agent: Agent, at: string) => {
      const inside = agent as unknown as { readonly records: BeliefRecords; readonly parsed: ParsedBelief; readonly b: Beliefs | null };
      const b = inside.b;
      if (b === null) return;
      const post = inside.records.posterior(b.record, b.deck, inside.parsed);
      if (post === null) return;
      post.sync();
      if (!same(post.masks.subarray(0, post.size), publicAllowed(post))) off.push(`${at}: the placements kept`);
      const kept = new Float64Array(b.n);
      const plain = plainPosterior(post, b.record.known);
      if (post.publicPosterior(kept) !== (plain !== null) || (plain !== null && !same(kept, plain))) off.push(`${at}: the public view`);
      if (b.wolfTeam) {
        let pack = 0;
        for (let s = 0; s < b.n; s++) if (b.packmate[s] === 1 || s === b.me) pack |= 1 << s;
        const lifts = inside.records.packLifts(post, pack, b.night, b.publicVersion);
        if (lifts.ok) {
          const anew = new Float64Array(b.n);
          post.killLifts(pack, anew);
          if (!same(lifts.values, anew)) off.push(`${at}: the pack's lifts`);
        }
      }
      compared++;
    };
    for (let i = 0; i < 3; i++) {
      const g = new Game(setup.value, gameSeed('kept', i));
      const { agents } = seatAgents(seating.value, g.state.seats.map((s) => s.dealt));
      // Checked after each decision (counted, not asserted: the driver would take a failed assertion for the agent's error).
      const watched: Agent[] = agents.map((a, seat) => ({
        name: a.name,
        decide: (ctx) => {
          const answer = a.decide(ctx);
          check(a, `game ${i}, seat ${seat}, decision ${ctx.decision.id}`);
          return answer;
        },
      }));
      playSync(g, watched);
    }
    expect(off).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  });
});
