// Harvest Festival (004, "HarvestFastival收获节"): each changed power, exercised and asserted.
import { describe, expect, it } from 'vitest';
import type { Decision, Game, PackDecision, VoteDecision } from '../../../engine/index.js';
import { ALL, only, POTION_EFFECTS, type PotionEffect } from '../../../engine/index.js';
import { winnerNow } from '../../../engine/flow/victory.js';
import { newState } from '../../../engine/state.js';
import { before, causes, dealt, eventsOf, livingNeighbours, many, run, setupOf } from '../../helpers/scripted.js';

const HF = ['harvestFestival=true'];
const wolvesOf = (g: { state: { seats: { alive: boolean; role: string }[] } }) =>
  g.state.seats.flatMap((s, i) => (s.alive && s.role === 'werewolf' ? [i] : []));

describe('Harvest Festival (004)', () => {
  it('Harvest Festival: the guard protects only himself or a living neighbour, never twice running (004)', () => {
    let checked = 0;
    many(setupOf('werewolf=2,guard,seer,villager=5', HF), 60, 'hf-guard', (d, g) => {
      if (d.kind !== 'guard') return;
      const expected = [d.seat, ...livingNeighbours(g, d.seat)].filter((i) => i !== g.state.lastGuarded);
      expect(d.targets).toEqual([...new Set(expected)].sort((a, b) => a - b));
      checked++;
    });
    expect(checked).toBeGreaterThan(100);
  });

  it('Harvest Festival: the werewolves may eat only a living neighbour of one of them (004)', () => {
    let checked = 0;
    let withDead = 0;
    many(setupOf('werewolf=2,seer,witch,villager=6', HF), 60, 'hf-pack', (d, g) => {
      if (d.kind !== 'pack') return;
      const reach = new Set(wolvesOf(g).flatMap((w) => livingNeighbours(g, w)));
      const expected = [...reach].filter((i) => g.state.seats[i]!.role !== 'werewolf').sort((a, b) => a - b);
      expect((d as PackDecision).targets).toEqual(expected);
      checked++;
      if (g.state.seats.some((s) => !s.alive)) withDead++;
    });
    expect(checked).toBeGreaterThan(100);
    expect(withDead).toBeGreaterThan(50); // the dead are skipped: neighbours are the living
  });

  it('Harvest Festival: the hunter may shoot only a living neighbour (004)', () => {
    let checked = 0;
    many(setupOf('werewolf=2,hunter,seer,villager=5', HF), 150, 'hf-hunter', (d, g) => {
      if (d.kind !== 'hunter') return;
      expect(d.targets).toEqual(livingNeighbours(g, d.seat));
      expect(d.mayPass).toBe(true);
      checked++;
    });
    expect(checked).toBeGreaterThan(40);
  });

  it("Harvest Festival: the seer is shown the target's and both neighbours' cards, unlabelled (004)", () => {
    let checked = 0;
    const order = ['werewolf', 'villager', 'seer'];
    // No card changes hands in this mix, so the cards at the end are the cards at each look.
    for (const g of many(setupOf('werewolf=2,seer,villager=5', HF), 40, 'hf-seer')) {
      expect(eventsOf(g, 'seer')).toHaveLength(0);
      for (const e of eventsOf(g, 'seer-glimpse')) {
        expect(e.vis).toBe(only(e.seat));
        expect(e.seats).toContain(e.target);
        expect(e.results).toHaveLength(e.seats.length);
        // The results are sorted in a fixed order, so their order says nothing of whose they are.
        expect([...e.results].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(e.results);
        const cards = e.seats.map((i) => g.state.seats[i]!.role as string);
        expect([...cards].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(e.results);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it("Harvest Festival: the glimpse's three seats are the target and his living neighbours, their cards as dealt (004)", () => {
    const g = dealt(setupOf('werewolf=2,seer,villager=5', HF), ['seer', 'villager', 'werewolf', 'villager', 'villager', 'werewolf']);
    run(g, (d) => (d.kind === 'seer' ? 4 : undefined), { until: (gg) => eventsOf(gg, 'seer-glimpse').length > 0 });
    const e = eventsOf(g, 'seer-glimpse')[0]!;
    expect(e).toMatchObject({ seat: 0, target: 4, seats: [3, 4, 5], results: ['werewolf', 'villager', 'villager'] });
  });

  it("Harvest Festival: the little girl peeks in the witch's turn and sees the witch, not the wolves (004)", () => {
    const g = dealt(setupOf('werewolf=2,seer,witch,little-girl,villager=3', [...HF, 'littleGirlCaught=0']), ['witch', 'little-girl']);
    let peekWithPack = 0;
    let peekWithPotion = 0;
    // The witch lives to the end (the pack and the votes go to villagers): each peek sees her.
    const villager = (targets: readonly number[], gg: Game) => targets.find((t) => gg.state.seats[t]!.role === 'villager');
    const script = (d: Decision, gg: Game) =>
      d.kind === 'peek' ? { kind: 'peek' as const, peek: true } : d.kind === 'pack' || d.kind === 'vote' ? villager(d.targets, gg) : undefined;
    run(g, script, {
      until: (gg) => gg.state.night > 3,
      onDecision: (d, gg) => {
        if (d.kind !== 'peek') return;
        const kinds = gg.pending().map((x) => x.kind);
        if (kinds.includes('pack')) peekWithPack++;
        if (kinds.includes('potion')) peekWithPotion++;
      },
    });
    expect(peekWithPack).toBe(0);
    expect(peekWithPotion).toBeGreaterThan(0);
    expect(eventsOf(g, 'peek')).toHaveLength(0); // she never sees the pack
    const peeks = eventsOf(g, 'peek-witch');
    expect(peeks.length).toBeGreaterThan(0);
    for (const e of peeks) expect(e).toMatchObject({ seat: 1, witch: 0, caught: false, vis: only(1) });
  });

  it('Harvest Festival: a little girl caught peeking is seen by the witch, and lives (004)', () => {
    const g = dealt(setupOf('werewolf=2,seer,witch,little-girl,villager=3', [...HF, 'littleGirlCaught=1']), ['witch', 'little-girl']);
    run(g, (d) => (d.kind === 'peek' ? { kind: 'peek', peek: true } : d.kind === 'pack' ? d.targets.find((t) => t > 1)! : undefined), {
      until: before('speech'),
    });
    expect(eventsOf(g, 'peek-witch')[0]).toMatchObject({ seat: 1, witch: 0, caught: true });
    expect(eventsOf(g, 'girl-seen')[0]).toMatchObject({ seat: 1, vis: only(0) });
    expect(g.state.seats[1]!.alive).toBe(true);
  });

  it("Harvest Festival: the thief swaps his card with a chosen player's, not the extra cards (004)", () => {
    const g = dealt(setupOf('werewolf=2,seer,thief,villager=4', HF), ['thief', 'werewolf']);
    run(g, (d) => (d.kind === 'steal' ? 1 : undefined), { until: (gg) => eventsOf(gg, 'pack').length > 0 });
    expect(eventsOf(g, 'thief-cards')).toHaveLength(0);
    expect(eventsOf(g, 'thief-steal')[0]).toMatchObject({ seat: 0, target: 1, took: 'werewolf', vis: only(0) });
    expect(eventsOf(g, 'role-change')[0]).toMatchObject({ seat: 1, role: 'thief', reason: 'stolen', vis: only(1) });
    expect(g.state.seats[0]!.role).toBe('werewolf');
    expect(g.state.seats[1]!.role).toBe('thief');
    expect(eventsOf(g, 'pack')[0]!.wolves).toContain(0);
    expect(eventsOf(g, 'pack')[0]!.wolves).not.toContain(1);
  });

  it('Harvest Festival: the thief may keep his card (004)', () => {
    const g = dealt(setupOf('werewolf=2,seer,thief,villager=4', HF), ['thief']);
    run(g, (d) => (d.kind === 'steal' ? null : undefined), { until: (gg) => eventsOf(gg, 'thief-steal').length > 0 });
    expect(g.state.seats[0]!.role).toBe('thief');
    expect(eventsOf(g, 'role-change')).toHaveLength(0);
  });

  it('Harvest Festival: the sheriff votes first, and his vote is public before the others vote (004)', () => {
    let checked = 0;
    many(setupOf('werewolf=2,seer,villager=6', ['harvestFestival=true', 'sheriff=true']), 30, 'hf-sheriff', (d, g) => {
      if (d.kind !== 'vote' || d.seat === g.state.sheriff || g.state.sheriff < 0 || !g.state.seats[g.state.sheriff]!.alive) return;
      // Another voter's decision is owed: the sheriff's vote of this round is already in the log, for all.
      const shown = eventsOf(g, 'sheriff-vote');
      const votes = eventsOf(g, 'votes').length;
      expect(shown.length).toBe(votes + 1);
      expect(shown.at(-1)!.vis).toBe(ALL);
      expect(g.pending().some((x) => x.seat === g.state.sheriff)).toBe(false);
      checked++;
    });
    expect(checked).toBeGreaterThan(100);
  });

  it("Harvest Festival: on a tie one of the scapegoat's two neighbours dies, chosen by the village's vote, and gets no power (004)", () => {
    const g = dealt(setupOf('werewolf=2,scapegoat,seer,villager=4', HF), [
      'scapegoat', 'villager', 'werewolf', 'villager', 'seer', 'werewolf', 'villager', 'villager',
    ]);
    run(
      g,
      (d) => {
        if (d.kind === 'pack') return 4; // the seer, next to the wolf at 5
        if (d.kind === 'vote') return d.seat === 7 ? null : d.seat % 2 === 0 ? 3 : 2; // 0,2,6 → 3; 1,3,5 → 2: a tie
        if (d.kind === 'sacrifice') return d.targets.includes(7) ? 7 : null;
        return undefined;
      },
      { until: (gg) => gg.state.night === 2 },
    );
    expect(eventsOf(g, 'tie')[0]!.tied).toEqual([2, 3]);
    expect(eventsOf(g, 'sacrifice')[0]).toMatchObject({ scapegoat: 0, target: 7 });
    expect(eventsOf(g, 'sacrifice')[0]!.votes.every((v) => [1, 7, null].includes(v.target))).toBe(true);
    expect(causes(g)).toContainEqual({ seat: 7, cause: 'scapegoat' });
    expect(g.state.seats[0]!.alive).toBe(true);
    expect(eventsOf(g, 'scapegoat-voters')).toHaveLength(0);
    expect(g.state.nextDayVoters).toBeNull();
  });

  it('Harvest Festival: the witch has one potion; a fair draw of four decides heal, heal+villager, heal+werewolf or poison (004)', () => {
    const effects = new Map<PotionEffect, number>();
    let potionDecisions = 0;
    const games = many(setupOf('werewolf=2,seer,witch,villager=5', HF), 800, 'hf-witch', (d, g) => {
      if (d.kind === 'witch') throw new Error('no two-potion decision under the Harvest Festival');
      if (d.kind === 'potion') {
        potionDecisions++;
        expect(d.targets).toEqual(g.state.seats.flatMap((s, i) => (s.alive ? [i] : [])));
        expect(d.mayPass).toBe(true);
      }
    });
    for (const g of games) {
      const used = eventsOf(g, 'witch-potion');
      expect(used.length).toBeLessThanOrEqual(1); // a single potion
      for (const e of used) {
        effects.set(e.effect, (effects.get(e.effect) ?? 0) + 1);
        const night = g.log.slice(0, g.log.indexOf(e)).filter((x) => x.type === 'night').length;
        const attack = g.log.slice(g.log.indexOf(e)).find((x) => x.type === 'attack');
        const change = eventsOf(g, 'role-change').find((x) => x.seat === e.target);
        const death = eventsOf(g, 'death-cause').find((x) => x.seat === e.target);
        if (e.effect === 'poison') {
          expect(death).toBeDefined();
          expect(g.state.seats[e.target]!.death).toMatchObject({ day: night, night: true });
        } else {
          if (attack?.type === 'attack' && attack.target === e.target && attack.result !== 'protected') expect(attack.result).toBe('healed');
          const role = e.effect === 'heal-villager' ? 'villager' : e.effect === 'heal-werewolf' ? 'werewolf' : null;
          if (role !== null && change !== undefined) expect(change).toMatchObject({ role, reason: 'potion', vis: only(e.target) });
          if (e.effect === 'heal') expect(change).toBeUndefined();
        }
      }
    }
    expect(potionDecisions).toBeGreaterThan(500);
    const total = [...effects.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(300);
    for (const effect of POTION_EFFECTS) {
      const share = (effects.get(effect) ?? 0) / total;
      expect(share).toBeGreaterThan(0.17);
      expect(share).toBeLessThan(0.33);
    }
  });

  it('Harvest Festival: a werewolf made by the potion wakes with the pack the next night (004)', () => {
    let checked = 0;
    for (const g of many(setupOf('werewolf=2,seer,witch,villager=5', HF), 400, 'hf-wolfpotion')) {
      const change = eventsOf(g, 'role-change').find((e) => e.reason === 'potion' && e.role === 'werewolf');
      if (change === undefined) continue;
      const after = g.log.slice(g.log.indexOf(change));
      const nextPack = after.find((e) => e.type === 'pack');
      if (nextPack?.type !== 'pack') continue; // the game ended first
      const diedBefore = after.slice(0, after.indexOf(nextPack)).some((e) => e.type === 'death' && e.seat === change.seat);
      if (diedBefore) continue;
      expect(nextPack.wolves).toContain(change.seat);
      expect(nextPack.vis & only(change.seat)).not.toBe(0);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('Harvest Festival: the Pied Piper charms one player a night (004)', () => {
    let checked = 0;
    many(setupOf('werewolf=2,seer,piper,villager=5', HF), 40, 'hf-piper', (d) => {
      if (d.kind !== 'piper') return;
      expect(d.count).toBe(1);
      checked++;
    });
    expect(checked).toBeGreaterThan(40);
  });
});

describe("Harvest Festival: Cupid's secret lover (004)", () => {
  // Wolves at 1 and 5 reach 0, 2, 4, 6: the lovers A=2, B=4, C=6 can each be eaten.
  const table = ['cupid', 'werewolf', 'villager', 'villager', 'villager', 'werewolf', 'villager', 'villager'] as const;
  const triangle = (pack: number) => (d: Decision) => {
    if (d.kind === 'cupid') return { kind: 'cupid', lovers: [2, 4] } as const;
    if (d.kind === 'secret-lover') return { kind: 'secret-lover', unfaithful: 4, secret: 6 } as const;
    if (d.kind === 'pack') return pack;
    return undefined;
  };
  const game = (pack: number, rules: string[] = []) =>
    run(dealt(setupOf('werewolf=2,cupid,villager=5', [...HF, ...rules]), [...table]), triangle(pack), { until: before('speech') });

  it('Harvest Festival: Cupid wakes again and names the unfaithful lover and a new, secret one; B and C recognise each other, A is not told (004)', () => {
    const g = game(0);
    expect(g.state.triangle).toEqual({ a: 2, b: 4, c: 6 });
    expect(eventsOf(g, 'secret-lover')[0]).toMatchObject({ seat: 0, unfaithful: 4, secret: 6, vis: only(0) });
    const lovers = eventsOf(g, 'lover');
    expect(lovers.filter((e) => e.secret === true).map((e) => [e.seat, e.partner, e.vis])).toEqual([
      [4, 6, only(4)],
      [6, 4, only(6)],
    ]);
    expect(lovers.filter((e) => e.seat === 2)).toHaveLength(1); // A only ever saw B
  });

  it('Harvest Festival: the secret lover is a player who is not yet a lover (004)', () => {
    const g = run(dealt(setupOf('werewolf=2,cupid,villager=5', HF), [...table]), triangle(0), { until: before('secret-lover') });
    const d = g.pending()[0]!;
    expect(d).toMatchObject({ kind: 'secret-lover', seat: 0, lovers: [2, 4], candidates: [0, 1, 3, 5, 6, 7] });
  });

  it('Harvest Festival: the abandoned lover A dies → B and C live (004)', () => {
    const g = game(2);
    expect(causes(g)).toEqual([{ seat: 2, cause: 'wolves' }]);
  });

  it('Harvest Festival: the unfaithful lover B dies → A and C both die (004)', () => {
    const g = game(4);
    expect(causes(g)).toEqual([
      { seat: 4, cause: 'wolves' },
      { seat: 2, cause: 'grief' },
      { seat: 6, cause: 'grief' },
    ]);
  });

  it('Harvest Festival: the secret lover C dies → only B dies (004)', () => {
    const g = game(6);
    expect(causes(g)).toEqual([
      { seat: 6, cause: 'wolves' },
      { seat: 4, cause: 'grief' },
    ]);
    expect(g.state.seats[2]!.alive).toBe(true);
  });

  for (const rule of ['loversMayVoteEachOther=false', 'loversMayVoteEachOther=true']) {
    it(`Harvest Festival: A may not vote for B, B may vote for A, B and C not for each other (004; ${rule})`, () => {
      const g = run(dealt(setupOf('werewolf=2,cupid,villager=5', [...HF, rule]), [...table]), triangle(0), { until: before('vote') });
      const targets = (seat: number) => (g.pending().find((d) => d.seat === seat) as VoteDecision).targets;
      expect(targets(2)).not.toContain(4);
      expect(targets(4)).toContain(2);
      expect(targets(4)).not.toContain(6);
      expect(targets(6)).not.toContain(4);
      expect(targets(2)).toContain(6); // A and C are not bound
    });
  }

  it('Harvest Festival: a cross-team triangle wins when its members are all that is left alive; a same-team one stays in its team (004)', () => {
    const s = newState(6, ['werewolf', 'villager', 'villager', 'werewolf', 'villager', 'cupid'], []);
    s.triangle = { a: 1, b: 0, c: 2 };
    s.seats[1]!.lover = 0;
    s.seats[0]!.lover = 2;
    s.seats[2]!.lover = 0;
    for (const i of [3, 4, 5]) s.seats[i]!.alive = false;
    expect(winnerNow(s, 'all')).toBe('lovers');
    s.seats[4]!.alive = true;
    expect(winnerNow(s, 'all')).toBeNull(); // a villager outside the triangle lives on
    s.seats[4]!.alive = false;
    s.seats[1]!.alive = false; // A dead (abandoned: B and C live on)
    expect(winnerNow(s, 'all')).toBe('lovers');
    const same = newState(4, ['villager', 'villager', 'villager', 'werewolf'], []);
    same.triangle = { a: 0, b: 1, c: 2 };
    same.seats[0]!.lover = 1;
    same.seats[1]!.lover = 2;
    same.seats[2]!.lover = 1;
    same.seats[3]!.alive = false;
    expect(winnerNow(same, 'all')).toBe('village');
  });
});

describe('Harvest Festival without a witch', () => {
  it('the Little Girl is still asked to peek in the witch\'s turn, and sees nobody wake (004)', async () => {
    const { scenario, play, before, eventsOf } = await import('../../helpers/scenario.js');
    const g = play(scenario({ deck: ['werewolf', 'little-girl', 'villager', 'villager', 'villager'], rules: { sheriff: false, harvestFestival: true } }), { pack: 4, peek: { kind: 'peek', peek: true } }, before('speech'));
    expect(eventsOf(g, 'peek-witch')).toHaveLength(1);
    expect(eventsOf(g, 'peek-witch')[0]).toMatchObject({ seat: 1, witch: null, caught: false });
  });
});
