// The night's order, the Werewolves, the Seer, the Witch (docs/rules.md), each test naming its document.
import { describe, expect, it } from 'vitest';
import type { DecisionKind, PackDecision } from '../../../engine/index.js';
import { ALL, MODERATOR } from '../../../engine/index.js';
import type { Game } from '../../../engine/index.js';
import { before, deaths, eventsOf, play, scenario, v, owed } from '../../helpers/scenario.js';
import { transcript } from '../../../narrate/transcript.js';

const noSheriff = { sheriff: false } as const;

/** Decision kinds in the order the engine asked them (simultaneous ones in seat order). */
function asked(g: Game, plan: Parameters<typeof play>[1], stop: (g: Game) => boolean): DecisionKind[] {
  const kinds: DecisionKind[] = [];
  play(g, plan, (gg) => {
    for (const d of gg.pending()) if (kinds.at(-1) !== d.kind || d.kind === 'speech') kinds.push(d.kind);
    return stop(gg);
  });
  return kinds;
}

describe('night order', () => {
  it('the game starts with night; first night: thief, cupid, lovers, guard, seer, werewolves (+ little girl), witch, piper (001, 002, 004)', () => {
    const g = scenario({
      deck: ['thief', 'cupid', 'guard', 'seer', 'werewolf', 'little-girl', 'witch', 'piper', 'werewolf', 'villager', 'villager', 'villager'],
      rules: noSheriff,
    });
    expect(g.log.find((e) => e.type !== 'start' && e.type !== 'deal')?.type).toBe('night');
    const kinds = asked(g, {}, (gg) => gg.state.day > 0);
    expect(kinds).toEqual(['thief', 'cupid', 'guard', 'seer', 'pack', 'peek', 'witch', 'piper', 'speech']);
    // The lovers wake between cupid and the guard.
    const order = g.log.map((e) => e.type).filter((t) => ['thief-swap', 'cupid', 'lover', 'guard', 'seer', 'pack', 'peek', 'witch-victim', 'charm'].includes(t));
    expect(order.slice(0, 5)).toEqual(['thief-swap', 'cupid', 'lover', 'lover', 'guard']);
  });

  it('the little girl decides to peek while the pack chooses (simultaneous with round 1)', () => {
    const g = scenario({ deck: ['werewolf', 'little-girl', 'villager', 'villager'], rules: noSheriff });
    const d = g.pending();
    expect(d.map((x) => x.kind)).toEqual(['pack', 'peek']);
  });

  it('after day 1 the cycle restarts at the guard/seer step: no thief or cupid again', () => {
    const g = scenario({ deck: ['thief', 'cupid', 'guard', 'seer', 'werewolf', 'werewolf', ...v(6)], rules: noSheriff });
    play(g, {}, (gg) => gg.state.night === 2 && gg.pending()[0]?.kind !== 'speech' && gg.state.day === 1);
    const kinds = asked(g, {}, (gg) => gg.state.day === 2);
    expect(kinds[0]).toBe('guard');
    expect(kinds).not.toContain('thief');
    expect(kinds).not.toContain('cupid');
  });

  it('night deaths are announced at dawn in seat order, with the cause hidden (only the moderator knows it)', () => {
    // The pack eats 3, the witch poisons 1: dawn announces 1 then 3, both "night".
    const g = play(scenario({ deck: ['werewolf', 'villager', 'witch', 'villager', 'villager'], rules: noSheriff }), {
      pack: 3,
      witch: { kind: 'witch', heal: false, poison: 1 },
    }, (gg) => gg.state.day === 1 && gg.pending()[0]?.kind === 'speech');
    const ds = eventsOf(g, 'death');
    expect(ds.map((e) => [e.seat, e.cause, e.vis])).toEqual([
      [1, 'night', ALL],
      [3, 'night', ALL],
    ]);
    expect(eventsOf(g, 'death-cause').map((e) => [e.seat, e.cause, e.vis])).toEqual([
      [1, 'poison', MODERATOR],
      [3, 'wolves', MODERATOR],
    ]);
  });
});

describe('werewolves', () => {
  it('the pack wakes and recognises itself: only the wolves see it', () => {
    const g = scenario({ deck: ['werewolf', 'villager', 'werewolf', 'villager'], rules: noSheriff });
    const pack = eventsOf(g, 'pack')[0]!;
    expect(pack.wolves).toEqual([0, 2]);
    expect(pack.vis).toBe(0b0101);
  });

  it('the pack picks one victim together: a unanimous proposal decides', () => {
    const g = play(scenario({ deck: ['werewolf', 'villager', 'werewolf', 'villager', 'villager'], rules: noSheriff }), { pack: 3 }, before('speech'));
    expect(eventsOf(g, 'pack-victim')[0]).toMatchObject({ target: 3, agreed: true });
    expect(deaths(g)).toEqual([{ seat: 3, cause: 'wolves' }]);
  });

  it('a pack that cannot agree kills nobody (001, 002)', () => {
    const g = play(scenario({ deck: ['werewolf', 'villager', 'werewolf', 'villager', 'villager'], rules: { ...noSheriff, packRounds: 3 } }), {
      pack: (d) => (d.seat === 0 ? 1 : 3),
    }, before('speech'));
    expect(eventsOf(g, 'pack-proposals')).toHaveLength(3);
    expect(eventsOf(g, 'pack-victim')[0]).toMatchObject({ target: null, agreed: false });
    expect(deaths(g)).toEqual([]);
  });

  it('later rounds show the pack its previous proposals and words (the night chat), and name a leader', () => {
    const g = play(scenario({ deck: ['villager', 'werewolf', 'werewolf', 'villager'], rules: noSheriff }), {
      'pack@1': [{ kind: 'pack', target: 0, say: 'the quiet one' }],
      'pack@2': [3],
    }, (gg) => gg.pending().some((d) => d.kind === 'pack' && (d as PackDecision).round === 2));
    const d = g.pending()[0] as PackDecision;
    expect(d.leader).toBe(1);
    expect(d.previous).toEqual([
      { voter: 1, target: 0, say: 'the quiet one' },
      { voter: 2, target: 3 },
    ]);
  });

  it('packTargets=non-wolves: the pack may not name a werewolf', () => {
    const g = scenario({ deck: ['werewolf', 'villager', 'werewolf', 'villager'], rules: { ...noSheriff, packTargets: 'non-wolves' } });
    expect((g.pending()[0] as PackDecision).targets).toEqual([1, 3]);
  });

  it('packTargets=anyone: a werewolf picked by the pack dies (000)', () => {
    const g = scenario({ deck: ['werewolf', 'villager', 'werewolf', 'villager', 'villager'], rules: { ...noSheriff, packTargets: 'anyone' } });
    expect((g.pending()[0] as PackDecision).targets).toEqual([0, 1, 2, 3, 4]);
    play(g, { pack: 2 }, before('speech'));
    expect(deaths(g)).toEqual([{ seat: 2, cause: 'wolves' }]);
  });

  it('packTargets=self-or-non-wolves: a wolf may name itself, the others may then agree, but not name a packmate first (001)', () => {
    const g = scenario({ deck: ['werewolf', 'villager', 'werewolf', 'villager', 'villager'], rules: { ...noSheriff, packTargets: 'self-or-non-wolves' } });
    const [a, b] = g.pending() as PackDecision[];
    expect(a!.targets).toEqual([0, 1, 3, 4]);
    expect(b!.targets).toEqual([1, 2, 3, 4]);
    play(g, { 'pack@0': [0, 0], 'pack@2': [3, 0] }, before('speech'));
    expect(eventsOf(g, 'pack-victim')[0]).toMatchObject({ target: 0, agreed: true });
    expect(deaths(g)).toEqual([{ seat: 0, cause: 'wolves' }]);
  });

  it('packMayAbstain: the pack may choose no victim (000)', () => {
    const g = scenario({ deck: ['werewolf', 'villager', 'villager'], rules: { ...noSheriff, packMayAbstain: true } });
    expect((g.pending()[0] as PackDecision).mayPass).toBe(true);
    play(g, { pack: null }, before('speech'));
    expect(eventsOf(g, 'pack-victim')[0]).toMatchObject({ target: null, agreed: true });
    expect(deaths(g)).toEqual([]);
  });

  it('without packMayAbstain a wolf must name a victim (002, 004)', () => {
    const g = scenario({ deck: ['werewolf', 'villager', 'villager'], rules: noSheriff });
    expect(g.submit(0, { kind: 'pack', target: null }).ok).toBe(false);
  });

  it('a wolf may not target its lover when lovers may not kill each other (001)', () => {
    const g = play(scenario({ deck: ['werewolf', 'villager', 'cupid', 'villager'], rules: { ...noSheriff, loversMayKillEachOther: false } }), {
      cupid: { kind: 'cupid', lovers: [0, 1] },
    }, before('pack'));
    expect((g.pending()[0] as PackDecision).targets).toEqual([2, 3]);
  });
});

describe('seer', () => {
  const look = (rules: object, players: number, target = 1) => {
    const g = play(scenario({ deck: ['seer', 'werewolf', 'witch', ...v(players - 3)], rules: { ...noSheriff, ...rules } }), { seer: target }, before('pack'));
    return eventsOf(g, 'seer')[0]!;
  };
  it('seerSees=role: she sees the card (000, 004)', () => {
    expect(look({ seerSees: 'role' }, 8)).toMatchObject({ target: 1, result: 'werewolf', vis: 1 });
    expect(look({ seerSees: 'role' }, 8, 2).result).toBe('witch');
  });
  it('seerSees=team: told only whether it is a werewolf (002)', () => {
    expect(look({ seerSees: 'team' }, 8).result).toBe('werewolf');
    expect(look({ seerSees: 'team' }, 8, 2).result).toBe('not-werewolf');
  });
  it('seerSees=team-under-10: the team below 10 players, the role from 10 (001)', () => {
    expect(look({ seerSees: 'team-under-10' }, 9, 2).result).toBe('not-werewolf');
    expect(look({ seerSees: 'team-under-10' }, 10, 2).result).toBe('witch');
  });
  it('she looks at another living player (never herself)', () => {
    const g = scenario({ deck: ['seer', 'werewolf', 'villager'], rules: noSheriff });
    expect(g.pending()[0]).toMatchObject({ kind: 'seer', targets: [1, 2], mayPass: false });
  });
});

describe('witch', () => {
  const deck = ['werewolf', 'witch', 'villager', 'villager', 'villager'] as const;
  it('she is shown the victim, privately', () => {
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), { pack: 2 }, before('witch'));
    expect(eventsOf(g, 'witch-victim')[0]).toMatchObject({ victim: 2, vis: 1 << 1 });
    expect(g.pending()[0]).toMatchObject({ kind: 'witch', victim: 2, canHeal: true, poisonTargets: [0, 2, 3, 4] });
  });

  it('the healing potion saves the victim; the poison kills any living player', () => {
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), { pack: 2, witch: { kind: 'witch', heal: true, poison: 0 } }, before('speech'));
    expect(deaths(g)).toEqual([{ seat: 0, cause: 'poison' }]);
    expect(g.state.seats[2]!.alive).toBe(true);
  });

  it('each potion once per game', () => {
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), { pack: [2, 3], witch: [{ kind: 'witch', heal: true, poison: null }] }, (gg) => gg.state.night === 2 && before('witch')(gg));
    expect(g.pending()[0]).toMatchObject({ kind: 'witch', canHeal: false });
    expect(g.submit(1, { kind: 'witch', heal: true, poison: null }).ok).toBe(false);
  });

  it('witchPotionsPerNight=2: both potions in the same night (000); 1: only one (001)', () => {
    const both = play(scenario({ deck: [...deck], rules: { ...noSheriff, witchPotionsPerNight: 2 } }), { pack: 2 }, before('witch'));
    expect(both.submit(1, { kind: 'witch', heal: true, poison: 0 }).ok).toBe(true);
    const one = play(scenario({ deck: [...deck], rules: { ...noSheriff, witchPotionsPerNight: 1 } }), { pack: 2 }, before('witch'));
    const r = one.submit(1, { kind: 'witch', heal: true, poison: 0 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/one potion/);
  });

  it('witchSelfHeal: she may heal herself (000, 002), or not', () => {
    const yes = play(scenario({ deck: [...deck], rules: { ...noSheriff, witchSelfHeal: true } }), { pack: 1 }, before('witch'));
    expect(yes.pending()[0]).toMatchObject({ canHeal: true });
    const no = play(scenario({ deck: [...deck], rules: { ...noSheriff, witchSelfHeal: false } }), { pack: 1 }, before('witch'));
    expect(no.pending()[0]).toMatchObject({ canHeal: false });
  });

  it('witchSelfPoison: she may poison herself (002), or not', () => {
    const yes = play(scenario({ deck: [...deck], rules: { ...noSheriff, witchSelfPoison: true } }), { pack: 2 }, before('witch'));
    expect(owed(yes, 'witch').poisonTargets).toContain(1);
    const no = play(scenario({ deck: [...deck], rules: { ...noSheriff, witchSelfPoison: false } }), { pack: 2 }, before('witch'));
    expect(owed(no, 'witch').poisonTargets).not.toContain(1);
  });

  it('the heal only saves from the werewolves: a healed victim who is also poisoned dies', () => {
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), { pack: 2, witch: { kind: 'witch', heal: true, poison: 2 } }, before('speech'));
    expect(deaths(g)).toEqual([{ seat: 2, cause: 'poison' }]);
  });
});

describe('fallback answers', () => {
  it("a failing wolf's fallback never names itself under self-or-non-wolves (001)", async () => {
    const { fallbackAnswer } = await import('../../../engine/index.js');
    const g = scenario({ deck: ['werewolf', 'villager', 'werewolf', 'villager'], rules: { sheriff: false, packTargets: 'self-or-non-wolves' } });
    const d = owed(g, 'pack', 0);
    expect(d.targets[0]).toBe(0);
    expect(fallbackAnswer(d)).toEqual({ kind: 'pack', target: 1 });
  });
});

// nightCausePublic: 000 "The gamemaster shows all players which player was killed by the
// werewolves during the night ... will reveal to the village the effect of the witch the next
// morning"; 002 and 004 announce only who died (宣布昨晚死去的人是谁).
describe('the morning announcement (nightCausePublic)', () => {
  const night = (preset: string) =>
    play(scenario({ deck: ['werewolf', 'witch', 'villager', 'villager', 'villager', 'villager'], preset, rules: { sheriff: false } }), { pack: 2, witch: { kind: 'witch', heal: false, poison: 3 } }, before('speech'));
  it('000: the pack\'s victim and the poisoned are named as such, to all', () => {
    const g = night('thiercelieux');
    expect(eventsOf(g, 'death').map((e) => [e.seat, e.cause, e.vis])).toEqual([
      [2, 'wolves', ALL],
      [3, 'poison', ALL],
    ]);
    expect(transcript(g.log, { title: 'morning' })).toContain('P3 dies (killed by the werewolves in the night)');
  });
  it.each(['introduction', 'standard', 'classic'])('%s: the night\'s dead are announced without their cause', (preset) => {
    expect(eventsOf(night(preset), 'death').map((e) => e.cause)).toEqual(['night', 'night']);
  });
});

