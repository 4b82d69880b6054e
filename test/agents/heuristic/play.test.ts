// The heuristic agent's play, checked on every instance over many real games (each test
// also checks that the situation it is about did occur, so none passes vacuously).

import { describe, expect, it } from 'vitest';
import { unknownKindAnswer } from '../../../agents/heuristic/agent.js';
import { heuristicKind } from '../../../agents/heuristic/kind.js';
import { playSync, type PlayedGame } from '../../../agents/play.js';
import { parseSeating, seatAgents } from '../../../agents/registry.js';
import type { Claim } from '../../../engine/index.js';
import { DEFAULT_OPTIONS, Game, Rng, gameSeed, resolveSetup, type Decision, type Event, type SetupRequest } from '../../../engine/index.js';
import { checkLegality } from '../../../scripts/lib/legality.js';

function play(req: SetupRequest, agents: readonly string[], games: number, seed: string, each: (g: Game, p: PlayedGame) => void): void {
  const setup = resolveSetup(req);
  if (!setup.ok) throw new Error(setup.error);
  const seating = parseSeating(agents);
  if (!seating.ok) throw new Error(seating.error);
  for (let i = 0; i < games; i++) {
    const g = new Game(setup.value, gameSeed(seed, i));
    const p = playSync(g, seatAgents(seating.value, g.state.seats.map((s) => s.dealt)).agents);
    expect(p.invalid.every((k) => k === 0)).toBe(true);
    each(g, p);
  }
}

const speeches = (log: readonly Event[]) => log.filter((e): e is Extract<Event, { type: 'speech' }> => e.type === 'speech');
const has = (claims: readonly Claim[], c: Partial<Claim>) =>
  claims.some((x) => Object.entries(c).every(([k, v]) => (x as Record<string, unknown>)[k] === v));

describe('heuristic play', () => {
  it('makes no illegal move over every preset, player count and role (2,000 games)', () => {
    const r = checkLegality(2000, 'test');
    expect(r.total.games).toBeGreaterThanOrEqual(2000);
    expect(r.total.invalid).toBe(0);
    expect(r.total.fallbacks).toBe(0);
  });

  it('plays the same game for the same seed, byte for byte', () => {
    for (const agents of [['heuristic'], ['heuristic:fakeClaim=1', 'werewolves=random', '2=heuristic:seerReveal=never']]) {
      const logs: string[][] = [[], []];
      for (const run of [0, 1]) play({ preset: 'classic', players: 12 }, agents, 15, 'same', (g) => logs[run]!.push(JSON.stringify(g.log)));
      expect(logs[1]).toEqual(logs[0]);
      expect(new Set(logs[0]).size).toBe(15);
    }
  });

  it('the Seer who found a werewolf on night 1 claims the role on day 1 and reports it, then every result', () => {
    let found = 0;
    play({ preset: 'standard', players: 10 }, ['heuristic'], 300, 'seer', (g) => {
      const seer = g.state.seats.findIndex((s) => s.dealt === 'seer');
      const results: { target: number; result: string }[] = [];
      for (const e of g.log) {
        if (e.type === 'seer') results.push({ target: e.target, result: e.result });
        if (e.type !== 'speech' || e.seat !== seer) continue;
        // Default knobs: she claims on day 1 at the latest, and reports every result she has.
        expect(has(e.claims, { type: 'role', role: 'seer' })).toBe(true);
        for (const r of results) expect(has(e.claims, { type: 'seen', target: r.target, result: r.result } as Partial<Claim>)).toBe(true);
        if (results[0]?.result === 'werewolf') found++;
      }
    });
    expect(found).toBeGreaterThan(20);
  });

  it('the village votes out the player an uncontested Seer named a werewolf', () => {
    let cases = 0;
    play({ preset: 'standard', players: 10 }, ['heuristic'], 300, 'follow', (g) => {
      const seer = g.state.seats.findIndex((s) => s.dealt === 'seer');
      const day1 = g.log.findIndex((e) => e.type === 'day' && e.day === 1);
      const vote = g.log.findIndex((e, i) => i > day1 && e.type === 'votes');
      if (vote < 0) return;
      const talk = speeches(g.log.slice(day1, vote));
      const named = talk.find((e) => e.seat === seer)?.claims.find((c) => c.type === 'seen' && c.result === 'werewolf');
      if (named === undefined || named.type !== 'seen') return;
      if (talk.some((e) => e.seat !== seer && has(e.claims, { type: 'role', role: 'seer' }))) return;
      cases++;
      const votes = g.log[vote]!;
      if (votes.type !== 'votes') throw new Error('not a vote');
      for (const v of votes.votes) if (g.state.seats[v.voter]!.role !== 'werewolf' && v.voter !== seer) expect(v.target).toBe(named.target);
    });
    expect(cases).toBeGreaterThan(20);
  });

  it('a silent Seer (seerReveal=never) never claims her role nor reports a result', () => {
    let spoke = 0;
    play({ preset: 'standard', players: 9 }, ['heuristic', 'seer=heuristic:seerReveal=never'], 200, 'silent', (g) => {
      const seer = g.state.seats.findIndex((s) => s.dealt === 'seer');
      for (const e of speeches(g.log)) {
        if (e.seat !== seer) continue;
        spoke++;
        expect(e.claims.some((c) => c.type === 'role' || c.type === 'seen')).toBe(false);
      }
    });
    expect(spoke).toBeGreaterThan(100);
  });

  it('the Guard never protects the same player two nights running, even where the rules would let him (at that player\'s cost)', () => {
    let nights = 0;
    for (const [req, seed] of [
      [{ preset: 'classic', players: 10 }, 'guard-forbidden'],
      [{ preset: 'introduction', roles: 'werewolf=2,seer,guard,witch,villager=5' }, 'guard-lethal'],
    ] as const) {
      play(req, ['heuristic'], 150, seed, (g) => {
        let last = -1;
        let lastNight = -1;
        let night = 0;
        for (const e of g.log) {
          if (e.type === 'night') night = e.night;
          if (e.type === 'guard') {
            if (lastNight === night - 1 && e.target !== null) expect(e.target).not.toBe(last);
            last = e.target ?? -1;
            lastNight = night;
            nights++;
          }
          if (e.type === 'death-cause') expect(e.cause).not.toBe('guard');
        }
      });
    }
    expect(nights).toBeGreaterThan(300);
  });

  it('the Witch heals a claimed Seer whenever she can', () => {
    let saves = 0;
    play({ preset: 'classic', roles: 'werewolf=2,seer,witch,guard,hunter,villager=5' }, ['heuristic'], 400, 'witch', (g) => {
      const witch = g.state.seats.findIndex((s) => s.dealt === 'witch');
      const claimedSeer = new Set<number>();
      let potion = true;
      let victim: number | null = null;
      for (const e of g.log) {
        if (e.type === 'speech' && has(e.claims, { type: 'role', role: 'seer' })) claimedSeer.add(e.seat);
        if (e.type === 'witch-victim') victim = e.victim;
        if (e.type === 'witch') {
          if (potion && victim !== null && claimedSeer.has(victim) && (g.setup.options.witchSelfHeal || victim !== witch)) {
            expect(e.heal).toBe(victim);
            saves++;
          }
          if (e.heal !== null) potion = false;
        }
      }
    });
    expect(saves).toBeGreaterThan(10);
  });

  it('the pack never names a packmate, where the rules would allow it (000) or allow only oneself (001)', () => {
    let proposals = 0;
    for (const [req, seed] of [
      [{ preset: 'thiercelieux', players: 12 }, 'pack-000'],
      [{ preset: 'classic', players: 12 }, 'pack-001'],
    ] as const) {
      play(req, ['heuristic'], 150, seed, (g) => {
        for (const e of g.log) {
          if (e.type !== 'pack-proposals') continue;
          for (const p of e.proposals) {
            proposals++;
            if (p.target !== null) expect(g.state.seats[p.target]!.role).not.toBe('werewolf');
          }
        }
      });
    }
    expect(proposals).toBeGreaterThan(1000);
  });

  it('the Thief takes a werewolf card only when both cards are werewolves', () => {
    let forced = 0;
    let dealt = 0;
    play({ preset: 'standard', roles: 'werewolf=3,seer,thief,villager=5' }, ['heuristic'], 300, 'thief', (g) => {
      const cards = g.log.find((e) => e.type === 'thief-cards');
      const swap = g.log.find((e) => e.type === 'thief-swap');
      if (cards?.type !== 'thief-cards' || swap?.type !== 'thief-swap') return; // the thief card was left over
      dealt++;
      const both = cards.cards[0] === 'werewolf' && cards.cards[1] === 'werewolf';
      if (both) forced++;
      expect(swap.took === 'werewolf').toBe(both);
    });
    expect(dealt).toBeGreaterThan(200);
    expect(forced).toBeGreaterThan(5);
  });

  it('lovers never vote against each other, even where the rules allow it', () => {
    let lovers = 0;
    play({ preset: 'classic', players: 10, rules: ['loversMayVoteEachOther=true'] }, ['heuristic'], 200, 'lovers', (g) => {
      for (const e of g.log) {
        if (e.type !== 'votes') continue;
        for (const v of e.votes) {
          const partner = g.state.seats[v.voter]!.lover;
          if (partner < 0) continue;
          lovers++;
          expect(v.target).not.toBe(partner);
        }
      }
    });
    expect(lovers).toBeGreaterThan(200);
  });

  it('the Little Girl who saw the pack names werewolves only, no more than 001 allows', () => {
    let named = 0;
    play({ preset: 'classic', roles: 'werewolf=3,seer,little-girl,witch,villager=6' }, ['heuristic'], 200, 'girl', (g) => {
      const girl = g.state.seats.findIndex((s) => s.dealt === 'little-girl');
      for (const e of speeches(g.log)) {
        if (e.seat !== girl || !has(e.claims, { type: 'role', role: 'little-girl' })) continue;
        const names = e.claims.filter((c) => c.type === 'suspect' || (c.type === 'seen' && c.result === 'werewolf'));
        expect(names.length).toBeLessThanOrEqual(1); // 3 werewolves: half, rounded down
        for (const c of names) if (c.type !== 'role' && c.type !== 'action') expect(g.state.seats[c.target]!.role).toBe('werewolf');
        named += names.length;
      }
    });
    expect(named).toBeGreaterThan(20);
  });

  it('answers a decision kind it does not know with a legal-looking choice, without throwing', () => {
    // (the Harvest thief's swap: a kind the heuristic leaves to the random agent)
    const d = { kind: 'steal', id: 7, seat: 2, targets: [0, 3, 5], mayPass: false } as unknown as Decision;
    const a = unknownKindAnswer(d, new Rng('unknown')) as unknown as { kind: string; target: number };
    expect(a.kind).toBe('steal');
    expect([0, 3, 5]).toContain(a.target);
    // The agent itself, handed such a decision in a game.
    const agent = heuristicKind.create(undefined, 2);
    const obs = { seat: 2, players: 6, options: DEFAULT_OPTIONS, deck: [], events: [] };
    const b = agent.decide({ decision: d, rng: new Rng('u'), observe: () => obs }) as unknown as { kind: string; target: number };
    expect(b.kind).toBe('steal');
    expect([0, 3, 5]).toContain(b.target);
  });
});
