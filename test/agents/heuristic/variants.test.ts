// The heuristic agent on the variants' decisions (004: Harvest Festival, New Moon), checked
// on every instance over real games, each test also checking that its situation occurred.
// Every seat is heuristic; each decision is seen with the game's state at that moment.

import { describe, expect, it } from 'vitest';
import { playSync } from '../../../agents/play.js';
import { parseSeating, seatAgents } from '../../../agents/registry.js';
import { PublicRecord, livingNeighbours } from '../../../agents/heuristic/public.js';
import type { Agent } from '../../../agents/types.js';
import { ALL, type Event } from '../../../engine/index.js';
import { Game, gameSeed, resolveSetup, type Answer, type Decision } from '../../../engine/index.js';

/** Seat roles, the living and the lovers when a decision was asked, with the agent's answer. */
interface Asked {
  readonly d: Decision;
  readonly a: Answer;
  readonly roles: readonly string[];
  readonly dealt: readonly string[];
  readonly alive: readonly boolean[];
  readonly lover: readonly number[];
  /** Tonight's pack victim (-1: none). */
  readonly attack: number;
}

function asked(roles: string, rules: readonly string[], games: number, seed: string, agent = 'heuristic'): Asked[] {
  const setup = resolveSetup({ preset: 'classic', roles, rules });
  if (!setup.ok) throw new Error(setup.error);
  const seating = parseSeating([agent]);
  if (!seating.ok) throw new Error(seating.error);
  const out: Asked[] = [];
  for (let i = 0; i < games; i++) {
    const g = new Game(setup.value, gameSeed(seed, i));
    const agents = seatAgents(seating.value, g.state.seats.map((s) => s.dealt)).agents.map(
      (agent): Agent => ({
        name: agent.name,
        decide(ctx) {
          const a = agent.decide(ctx) as Answer;
          const seats = g.state.seats;
          out.push({ d: ctx.decision, a, roles: seats.map((s) => s.role), dealt: seats.map((s) => s.dealt), alive: seats.map((s) => s.alive), lover: seats.map((s) => s.lover), attack: g.state.tonight.attack });
          return a;
        },
      }),
    );
    const p = playSync(g, agents);
    expect(p.invalid.every((k) => k === 0)).toBe(true);
  }
  return out;
}

const TWELVE = 'werewolf=3,seer,witch,hunter,guard,scapegoat,idiot,elder,villager=3';
/** A werewolf from the deal (the pack has seen him; a player the Harvest potion turns is not known to it). */
const wolf = (x: Asked, s: number) => x.roles[s] === 'werewolf' && x.dealt[s] === 'werewolf';
/** A werewolf deciding, not in love (lovers play for each other). */
const plainWolf = (x: Asked) => wolf(x, x.d.seat) && x.lover[x.d.seat]! < 0;

describe('heuristic play on the variants (004)', () => {
  const moon = asked(TWELVE, ['newMoon=all'], 400, 'moon');
  const harvest = asked(TWELVE, ['harvestFestival=true'], 600, 'harvest');
  // Without bussing (a wolf may otherwise vote out a cornered packmate on purpose: wolf.ts).
  const harvestNoBus = asked(TWELVE, ['harvestFestival=true'], 600, 'harvest', 'heuristic:bus=0');

  it('Pact with the Devil: the convicted always makes the pact (its price falls on the next game)', () => {
    const pacts = moon.filter((x) => x.d.kind === 'pact');
    expect(pacts.length).toBeGreaterThan(20);
    for (const x of pacts) expect(x.a).toEqual({ kind: 'pact', accept: true });
  });

  it('Punishment: a werewolf vouches for a packmate and for no villager', () => {
    let forMate = 0;
    let forVillager = 0;
    for (const x of moon) {
      if (x.d.kind !== 'defend' || !plainWolf(x) || x.a.kind !== 'defend') continue;
      if (wolf(x, x.d.accused)) {
        forMate++;
        expect(x.a.defend).toBe(true);
      } else if (x.lover[x.d.accused]! < 0) {
        forVillager++;
        expect(x.a.defend).toBe(false);
      }
    }
    expect(forMate).toBeGreaterThan(5);
    expect(forVillager).toBeGreaterThan(20);
  });

  it('Punishment: a dead werewolf names a villager, never a packmate', () => {
    let n = 0;
    for (const x of moon) {
      if (x.d.kind !== 'punish' || !plainWolf(x) || x.a.kind !== 'punish' || x.a.target === null) continue;
      if (!x.d.targets.some((s) => !wolf(x, s))) continue;
      n++;
      expect(wolf(x, x.a.target)).toBe(false);
    }
    expect(n).toBeGreaterThan(5);
  });

  it('Bleak Monday and Great Distrust: a werewolf saves a living packmate first', () => {
    let n = 0;
    for (const x of moon) {
      if (!plainWolf(x)) continue;
      const mates = x.d.kind === 'vouch' || x.d.kind === 'friends' ? x.d.targets.filter((s) => wolf(x, s)) : [];
      if (mates.length === 0) continue;
      n++;
      if (x.a.kind === 'vouch') expect(mates).toContain(x.a.target);
      if (x.a.kind === 'friends' && x.d.kind === 'friends') expect(x.a.friends.filter((s) => wolf(x, s)).length).toBe(Math.min(mates.length, x.d.count));
    }
    expect(n).toBeGreaterThan(20);
  });

  it('Harvest witch: drinks her single potion when she is the victim, and gives it to werewolves beyond their share', () => {
    let given = 0;
    let toWolves = 0;
    let wolfShare = 0;
    let victim = 0;
    for (const x of harvest) {
      if (x.d.kind !== 'potion' || x.a.kind !== 'potion' || wolf(x, x.d.seat)) continue;
      if (x.attack === x.d.seat && x.d.targets.includes(x.d.seat)) {
        victim++;
        expect(x.a.target).toBe(x.d.seat);
        continue;
      }
      if (x.a.target === null) continue;
      given++;
      if (wolf(x, x.a.target)) toWolves++;
      const others = x.d.targets.filter((s) => s !== x.d.seat);
      wolfShare += others.filter((s) => wolf(x, s)).length / others.length;
    }
    expect(victim).toBeGreaterThan(3);
    expect(given).toBeGreaterThan(20);
    // Random giving would hit werewolves in proportion to their numbers among the targets.
    expect(toWolves).toBeGreaterThan(1.5 * wolfShare);
  });

  it("Harvest scapegoat's tie: a werewolf (not bussing) sends a villager neighbour, not a packmate", () => {
    let n = 0;
    for (const x of harvestNoBus) {
      if (x.d.kind !== 'sacrifice' || !plainWolf(x) || x.a.kind !== 'sacrifice') continue;
      const mates = x.d.targets.filter((s) => wolf(x, s));
      if (mates.length === 0 || mates.length === x.d.targets.length) continue;
      n++;
      expect(x.a.target === null || !wolf(x, x.a.target)).toBe(true);
    }
    expect(n).toBeGreaterThan(3);
  });

  it('Spiritualism: a werewolf medium never asks whether he is one, nor names a packmate', () => {
    let n = 0;
    for (const x of moon) {
      if (x.d.kind !== 'medium' || !plainWolf(x) || x.a.kind !== 'medium') continue;
      n++;
      expect(x.a.question).not.toBe('am-i-wolf');
      for (const s of x.a.about) expect(wolf(x, s)).toBe(false);
    }
    expect(n).toBeGreaterThan(5);
  });

  it('Spiritualism: a village medium asks a question that can settle something whenever one is offered', () => {
    const settling = new Set(['sheriff-is-wolf', 'am-i-wolf', 'is-villager', 'neighbour-wolf']);
    let n = 0;
    for (const x of moon) {
      if (x.d.kind !== 'medium' || x.a.kind !== 'medium' || x.roles[x.d.seat] === 'werewolf' || x.lover[x.d.seat]! >= 0) continue;
      // (a question about a player is worth asking while anyone's card is in doubt: always, in these games)
      if (!x.d.questions.includes('is-villager') && !x.d.questions.includes('neighbour-wolf')) continue;
      n++;
      expect(settling.has(x.a.question)).toBe(true);
    }
    expect(n).toBeGreaterThan(5);
  });
});

describe("the public record reads the ghost's answers (004, Spiritualism)", () => {
  const seance = (medium: number, question: Extract<Event, { type: 'seance' }>['question'], about: number[], answer: boolean): Event =>
    ({ type: 'seance', medium, ghost: 0, question, about, answer, vis: ALL }) as Event;

  it('learns what an answer settles, and nothing from one that only narrows', () => {
    const r = new PublicRecord(8);
    r.apply({ type: 'death', seat: 0, role: 'villager', cause: 'night', vis: ALL } as Event);
    r.apply(seance(1, 'am-i-wolf', [], false));
    r.apply(seance(2, 'is-villager', [5], true));
    r.apply(seance(3, 'is-villager', [6], false)); // werewolf or a power: not settled
    r.apply(seance(3, 'neighbour-wolf', [3], false)); // no werewolf beside seat 3: seats 2 and 4 are cleared
    r.apply(seance(4, 'am-i-villager', [], false));
    expect([...r.known]).toEqual([-1, -1, -1, 0, -1, -1, 0, 0]);
    expect(r.roleOf[5]).toBe('villager');
    r.apply({ type: 'sheriff', seat: 7, how: 'elected', vis: ALL } as Event);
    r.apply(seance(3, 'sheriff-is-wolf', [], true));
    expect(r.known[7]).toBe(1);
  });

  it('living neighbours skip the dead, around the circle', () => {
    expect(livingNeighbours(Uint8Array.from([1, 0, 1, 1, 0]), 0)).toEqual([2, 3]);
    expect(livingNeighbours(Uint8Array.from([1, 0, 0, 1, 0]), 3)).toEqual([0]);
    expect(livingNeighbours(Uint8Array.from([0, 1, 0]), 1)).toEqual([]);
  });

  it('over real New Moon games, everything the record holds as certain is true at the end', () => {
    const setup = resolveSetup({ preset: 'classic', roles: TWELVE, rules: ['newMoon=all'] });
    if (!setup.ok) throw new Error(setup.error);
    const seating = parseSeating(['heuristic']);
    if (!seating.ok) throw new Error(seating.error);
    let seances = 0;
    let settled = 0;
    for (let i = 0; i < 300; i++) {
      const g = new Game(setup.value, gameSeed('record', i));
      playSync(g, seatAgents(seating.value, g.state.seats.map((x) => x.dealt)).agents);
      const r = new PublicRecord(g.setup.players);
      for (const e of g.log) if (e.vis === ALL) r.apply(e);
      seances += g.log.filter((e) => e.type === 'seance').length;
      g.state.seats.forEach((x, s) => {
        if (r.known[s] === 0) return;
        if (x.alive) settled++;
        // (New Moon alone turns a player into a plain villager only, never into a werewolf)
        expect(r.known[s] === 1).toBe(x.role === 'werewolf');
      });
    }
    expect(seances).toBeGreaterThan(50);
    expect(settled).toBeGreaterThan(50);
  });
});

