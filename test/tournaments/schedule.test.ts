// The schedule: which pairings a tournament plays, that they share their deals (game i of
// every pairing is dealt from seed#i), and how seats and roles rotate: in side mode each
// entrant plays exactly the werewolf cards (or every other card) of the same deals; in
// seat mode, over the seats of one deal, the entrant holds every card of the deck once.

import { describe, expect, it } from 'vitest';
import { resolveSetup, type GameSetup } from '../../engine/index.js';
import { teamOf, type Role } from '../../engine/index.js';
import { GamePlayer } from '../../runs/games.js';
import { runKey } from '../../runs/run-config.js';
import { planSchedule, type Pairing, type ScheduleRequest } from '../../tournaments/schedule.js';

function setupOf(players = 8): GameSetup {
  const s = resolveSetup({ players });
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

const request = (over: Partial<ScheduleRequest> = {}): ScheduleRequest => ({
  mode: 'side',
  entrants: ['random', 'heuristic'],
  setup: setupOf(),
  seed: 's',
  games: 10,
  ...over,
});

function plan(over: Partial<ScheduleRequest> = {}) {
  const r = planSchedule(request(over));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** The cards dealt and the agent of each seat in game `index` of a pairing. */
function dealOf(p: Pairing, setup: GameSetup, seed: string, index: number): { dealt: Role[]; specs: string[] } {
  const player = new GamePlayer({ setup, seed, seating: p.seating });
  const { game, specs } = player.playSync(index);
  return { dealt: game.state.seats.map((s) => s.dealt), specs: [...specs] };
}

describe('side mode', () => {
  it('plays every ordered pair of entrants, and each against itself unless told not to', () => {
    const s = plan({ entrants: ['random', 'heuristic', 'heuristic:fakeClaim=0'] });
    const pairs = s.pairings.map((p) => (p.kind === 'sides' ? `${p.wolves}>${p.village}` : p.kind));
    expect(pairs).toEqual([
      'random>random',
      'random>heuristic',
      'random>heuristic:fakeClaim=0',
      'heuristic>random',
      'heuristic>heuristic',
      'heuristic>heuristic:fakeClaim=0',
      'heuristic:fakeClaim=0>random',
      'heuristic:fakeClaim=0>heuristic',
      'heuristic:fakeClaim=0>heuristic:fakeClaim=0',
    ]);
    expect(s.pairings.map((p) => p.seating.text)).toContain('heuristic werewolves=random');
    expect(s.pairings.map((p) => p.seating.text)).toContain('heuristic'); // self-play is the plain seating
    const noSelf = plan({ entrants: ['random', 'heuristic', 'heuristic:fakeClaim=0'], selfPlay: false });
    expect(noSelf.pairings).toHaveLength(6);
    expect(noSelf.pairings.every((p) => p.kind === 'sides' && p.wolves !== p.village)).toBe(true);
    expect(noSelf.key).not.toBe(s.key);
  });

  it('gives every pairing the same deals: the wolves entrant holds exactly the werewolf cards', () => {
    const s = plan();
    const keys = new Set(s.pairings.map((p) => runKey({ setup: s.setup, seed: s.seed, seating: p.seating, games: s.games })));
    expect(keys.size).toBe(s.pairings.length); // one run each…
    for (let i = 0; i < 4; i++) {
      const deals = s.pairings.map((p) => dealOf(p, s.setup, s.seed, i));
      // … on the same cards in the same seats,
      for (const d of deals) expect(d.dealt).toEqual(deals[0]!.dealt);
      // … with the entrants seated by side.
      s.pairings.forEach((p, j) => {
        if (p.kind !== 'sides') throw new Error('side mode');
        deals[j]!.dealt.forEach((card, seat) => expect(deals[j]!.specs[seat]).toBe(teamOf(card) === 'werewolves' ? p.wolves : p.village));
      });
    }
    // Different games deal differently: the wolves' seats move from game to game.
    const wolfSeats = [0, 1, 2, 3, 4, 5].map((i) => dealOf(s.pairings[0]!, s.setup, s.seed, i).dealt.flatMap((c, seat) => (c === 'werewolf' ? [seat] : [])).join(','));
    expect(new Set(wolfSeats).size).toBeGreaterThan(1);
  });

  it('is the same schedule (and key) for the same request, another for another seed or size', () => {
    expect(plan().key).toBe(plan().key);
    expect(plan({ seed: 't' }).key).not.toBe(plan().key);
    expect(plan({ games: 11 }).key).not.toBe(plan().key);
    expect(plan({ setup: setupOf(9) }).key).not.toBe(plan().key);
  });
});

describe('seat mode', () => {
  it('plays the baseline, then each entrant in each seat among reference bots', () => {
    const s = plan({ mode: 'seat', entrants: ['random', 'heuristic:fakeClaim=0'] });
    expect(s.reference).toBe('heuristic');
    expect(s.pairings).toHaveLength(1 + 2 * 8);
    expect(s.pairings[0]!.kind).toBe('baseline');
    expect(s.pairings[0]!.seating.text).toBe('heuristic');
    expect(s.pairings[1]!.seating.text).toBe('heuristic 1=random');
    expect(s.pairings[16]!.seating.text).toBe('heuristic 8=heuristic:fakeClaim=0');
    expect(plan({ mode: 'seat', entrants: ['heuristic'], reference: 'random' }).pairings).toHaveLength(9);
  });

  it('rotates the entrant through every card of a deal, the other seats unchanged', () => {
    const s = plan({ mode: 'seat', entrants: ['random'] });
    for (let i = 0; i < 3; i++) {
      const base = dealOf(s.pairings[0]!, s.setup, s.seed, i);
      const held: Role[] = [];
      for (const p of s.pairings.slice(1)) {
        if (p.kind !== 'seat') throw new Error('seat mode');
        const d = dealOf(p, s.setup, s.seed, i);
        expect(d.dealt).toEqual(base.dealt);
        expect(d.specs.filter((x) => x === 'random')).toHaveLength(1);
        expect(d.specs[p.seat]).toBe('random');
        held.push(d.dealt[p.seat]!);
      }
      expect([...held].sort()).toEqual([...base.dealt].sort());
    }
  });
});

describe('mixed mode', () => {
  const entrants = ['random', 'heuristic', 'heuristic:fakeClaim=0'];

  it('rotates the entrants round the table: over the rotations of a deal each holds every seat, so every card, exactly once', () => {
    const setup = setupOf(8);
    const s = plan({ mode: 'mixed', entrants, setup });
    expect(s.pairings).toHaveLength(3);
    expect(s.pairings.every((p) => p.kind === 'table')).toBe(true);
    for (const index of [0, 7]) {
      const deals = s.pairings.map((p) => dealOf(p, setup, 's', index));
      // The same cards at the same seats in every rotation (one deal)…
      for (const d of deals) expect(d.dealt).toEqual(deals[0]!.dealt);
      // …and per seat, each entrant once over the rotations.
      for (let seat = 0; seat < 8; seat++) expect(deals.map((d) => d.specs[seat]).sort()).toEqual([...entrants].sort());
      // Each entrant holds the deck once: its cards over the rotations are the deal's cards.
      for (const e of entrants) {
        const cards = deals.flatMap((d) => d.dealt.filter((_, seat) => d.specs[seat] === e));
        expect(cards.sort()).toEqual([...deals[0]!.dealt].sort());
      }
    }
  });

  it('draws the entrants\' order from the seed: the same seed the same tables, another seed its own', () => {
    const five = Array.from({ length: 5 }, (_, i) => `heuristic:fakeClaim=0.${i + 1}`);
    const order = (seed: string) => (plan({ mode: 'mixed', entrants: five, seed }).pairings[0] as Extract<Pairing, { kind: 'table' }>).seats.join(' ');
    expect(order('s')).toBe(order('s'));
    const seen = new Set(['s', 't', 'u', 'v', 'w', 'x'].map(order));
    expect(seen.size).toBeGreaterThan(1);
    expect(plan({ mode: 'mixed', entrants }).key).not.toBe(plan({ mode: 'side', entrants }).key);
  });

  it.each<[string, Partial<ScheduleRequest>, RegExp]>([
    ['one entrant', { entrants: ['random'] }, /at least two entrants at its table/],
    ['more entrants than seats', { entrants: Array.from({ length: 9 }, (_, i) => `heuristic:fakeClaim=0.${i + 1}`) }, /9 entrants do not fit 8 seats/],
    ['a reference', { reference: 'random' }, /--reference is the agent of the other seats in --mode seat/],
    ['self-play', { selfPlay: false }, /--self-play applies to side tournaments/],
    ['exclude', { policy: 'exclude' }, /every game seats every entrant: nothing would be left/],
    ['adaptive', { adaptive: { precision: 0.02, batch: 10 } }, /--adaptive ranks the entrants of a side tournament/],
  ])('refuses %s', (_, over, message) => {
    const r = planSchedule(request({ mode: 'mixed', entrants, ...over }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

describe('bad requests', () => {
  it('are refused with what to do', () => {
    const bad: [Partial<ScheduleRequest>, RegExp][] = [
      [{ entrants: ['heuristic'] }, /at least two entrants.*--mode seat/],
      [{ entrants: ['random', 'wizard'] }, /unknown agent 'wizard'/],
      [{ entrants: ['random', 'random'] }, /random is named twice/],
      [{ entrants: ['heuristic', 'heuristic:fakeClaim=0.3'] }, /that is, heuristic\) is named twice/],
      [{ entrants: ['random', 'werewolves=heuristic'] }, /entrants are agents.*not seat assignments/],
      [{ reference: 'random' }, /--reference is the agent of the other seats in --mode seat/],
      [{ mode: 'seat', entrants: ['heuristic'] }, /heuristic is the reference agent/],
      [{ mode: 'seat', entrants: ['random'], selfPlay: false }, /--self-play applies to side tournaments/],
      [{ mode: 'seat', entrants: [] }, /at least one entrant/],
      [{ games: 0 }, /--games must be a whole number of at least 1/],
    ];
    for (const [over, message] of bad) {
      const r = planSchedule(request(over));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
    }
  });
});
