// Hunter, Cupid, Guard, Thief, Little Girl (docs/rules.md), each test naming its document.
import { describe, expect, it } from 'vitest';
import type { DecisionOf, TargetDecision } from '../../../engine/index.js';
import { ALL, only } from '../../../engine/index.js';
import { before, deaths, eventsOf, play, scenario, v, owed } from '../../helpers/scenario.js';

const noSheriff = { sheriff: false } as const;

describe('hunter', () => {
  const deck = ['werewolf', 'hunter', 'witch', 'villager', 'villager', 'werewolf', 'villager'] as const;
  it('eaten by the werewolves, he shoots a living player at once, who dies too (000)', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, hunterShootsOn: ['wolves', 'vote'] } }), { pack: 1, hunter: 0 }, before('speech'));
    expect(eventsOf(g, 'shot')[0]).toMatchObject({ seat: 1, target: 0, vis: ALL });
    expect(deaths(g)).toEqual([
      { seat: 1, cause: 'wolves' },
      { seat: 0, cause: 'shot' },
    ]);
  });

  it('voted out, he shoots (000)', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, hunterShootsOn: ['wolves', 'vote'] } }), { pack: 3, vote: (d) => (d.seat === 1 ? 0 : 1), hunter: 5 }, (gg) => gg.state.night === 2);
    expect(deaths(g)).toContainEqual({ seat: 5, cause: 'shot' });
  });

  it('he may shoot any living player but himself, or hold fire', () => {
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), { pack: 1 }, before('hunter'));
    expect(g.pending()[0]).toMatchObject({ kind: 'hunter', seat: 1, targets: [0, 2, 3, 4, 5, 6], mayPass: true });
  });

  it('poisoned, he does not shoot when hunterShootsOn excludes poison (001, 002)', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, hunterShootsOn: ['wolves', 'vote', 'grief', 'shot'] } }), {
      pack: 3,
      witch: { kind: 'witch', heal: false, poison: 1 },
    }, before('speech'));
    expect(eventsOf(g, 'shot')).toHaveLength(0);
    expect(deaths(g)).toContainEqual({ seat: 1, cause: 'poison' });
  });

  it('poisoned, he shoots under 004 (all causes)', () => {
    const g = play(scenario({ deck: [...deck], preset: 'standard' , rules: noSheriff}), { pack: 3, witch: { kind: 'witch', heal: false, poison: 1 }, hunter: 0 }, before('speech'));
    expect(eventsOf(g, 'shot')[0]).toMatchObject({ seat: 1, target: 0 });
  });

  it('dying of grief, he shoots only if grief is a cause he shoots on (002: no; 004: yes)', () => {
    const d = ['werewolf', 'hunter', 'cupid', 'villager', 'villager', 'werewolf', 'villager'] as const;
    const plan = { cupid: { kind: 'cupid', lovers: [1, 3] } as const, pack: 3, hunter: 0 };
    const g002 = play(scenario({ deck: [...d], preset: 'introduction', rules: noSheriff }), plan, before('speech'));
    expect(deaths(g002)).toEqual([
      { seat: 3, cause: 'wolves' },
      { seat: 1, cause: 'grief' },
    ]);
    const g004 = play(scenario({ deck: [...d], preset: 'standard', rules: noSheriff }), plan, before('speech'));
    expect(deaths(g004)).toContainEqual({ seat: 0, cause: 'shot' });
  });
});

describe('cupid and the lovers', () => {
  const deck = ['cupid', 'werewolf', 'villager', 'villager', 'villager', 'werewolf'] as const;
  it('cupid names two lovers on the first night, and may name himself (000)', () => {
    const g = scenario({ deck: [...deck], rules: noSheriff });
    expect(g.pending()[0]).toMatchObject({ kind: 'cupid', candidates: [0, 1, 2, 3, 4, 5] });
    play(g, { cupid: { kind: 'cupid', lovers: [3, 0] } }, before('pack'));
    expect(eventsOf(g, 'cupid')[0]).toMatchObject({ seat: 0, lovers: [0, 3], vis: 1 });
    expect(g.state.seats[0]!.lover).toBe(3);
    expect(g.state.seats[3]!.lover).toBe(0);
  });

  it('the lovers wake and recognise each other, nothing more by default (004)', () => {
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), { cupid: { kind: 'cupid', lovers: [1, 2] } }, before('pack'));
    expect(eventsOf(g, 'lover').map((e) => [e.seat, e.partner, e.partnerIs, e.vis])).toEqual([
      [1, 2, null, 1 << 1],
      [2, 1, null, 1 << 2],
    ]);
  });

  it('loversLearn=team: they learn only "human or wolf" (002)', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, loversLearn: 'team' } }), { cupid: { kind: 'cupid', lovers: [1, 2] } }, before('pack'));
    expect(eventsOf(g, 'lover').map((e) => e.partnerIs)).toEqual(['human', 'werewolf']);
  });

  it('when one lover dies the other dies of grief at once (000)', () => {
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), { cupid: { kind: 'cupid', lovers: [2, 3] }, pack: 2 }, before('speech'));
    expect(deaths(g)).toEqual([
      { seat: 2, cause: 'wolves' },
      { seat: 3, cause: 'grief' },
    ]);
    expect(eventsOf(g, 'death').map((e) => e.cause)).toEqual(['night', 'grief']);
  });

  it('a lover may not vote for the other (002, 001: loversMayVoteEachOther=false)', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, loversMayVoteEachOther: false } }), { cupid: { kind: 'cupid', lovers: [2, 3] }, pack: 4 }, before('vote'));
    const vote2 = g.pending().find((d) => d.seat === 2) as TargetDecision;
    expect(vote2.targets).toEqual([0, 1, 5]);
    const g2 = play(scenario({ deck: [...deck], rules: { ...noSheriff, loversMayVoteEachOther: true } }), { cupid: { kind: 'cupid', lovers: [2, 3] }, pack: 4 }, before('vote'));
    expect((g2.pending().find((d) => d.seat === 2) as TargetDecision).targets).toEqual([0, 1, 3, 5]);
  });

  it('lovers may never kill each other under 001: no poison, no shot at the partner', () => {
    const g = play(scenario({ deck: ['cupid', 'werewolf', 'witch', 'hunter', 'villager', 'werewolf'], rules: { ...noSheriff, loversMayKillEachOther: false } }), {
      cupid: { kind: 'cupid', lovers: [2, 3] },
      pack: 4,
    }, before('witch'));
    expect(owed(g, 'witch').poisonTargets).not.toContain(3);
  });
});

describe('guard', () => {
  const deck = ['guard', 'werewolf', 'villager', 'villager', 'villager', 'werewolf', 'witch'] as const;
  it('protects the victim from the werewolves', () => {
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), { guard: 2, pack: 2 }, before('speech'));
    expect(deaths(g)).toEqual([]);
    expect(eventsOf(g, 'attack')[0]).toMatchObject({ target: 2, result: 'protected' });
  });

  it('guardBlocks=wolves: does not protect from poison (001, 002)', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, guardBlocks: 'wolves' } }), { guard: 2, pack: 3, witch: { kind: 'witch', heal: false, poison: 2 } }, before('speech'));
    expect(deaths(g)).toEqual([
      { seat: 2, cause: 'poison' },
      { seat: 3, cause: 'wolves' },
    ]);
  });

  it('may protect himself', () => {
    const g = scenario({ deck: [...deck], rules: noSheriff });
    expect((g.pending()[0] as TargetDecision).targets).toContain(0);
  });

  it('may not protect the same player two nights in a row (001, 004)', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, guardRepeat: 'forbidden' } }), { guard: [3], pack: 4 }, (gg) => gg.state.night === 2 && before('guard')(gg));
    expect((g.pending()[0] as TargetDecision).targets).not.toContain(3);
    expect(g.submit(0, { kind: 'guard', target: 3 }).ok).toBe(false);
  });

  // guardMayPass: 001 每晚可以守護一個人, 002 每天晚上可以守护一个人 (may); 004 守卫每晚指定任一玩家 (names one).
  it("guardMayPass: the guard may protect nobody (001, 002); the pack's victim dies, and the next night he may guard anyone", () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, guardMayPass: true, guardRepeat: 'forbidden' } }), { guard: [3, null], pack: (_d, gg) => (gg.state.night === 2 ? 3 : 4) }, (gg) => gg.state.night === 3 && before('guard')(gg));
    expect(eventsOf(g, 'guard').map((e) => e.target)).toEqual([3, null]);
    expect(deaths(g)).toContainEqual({ seat: 3, cause: 'wolves' }); // night 2: nobody guarded
    const d = g.pending()[0] as TargetDecision;
    expect(d).toMatchObject({ kind: 'guard', mayPass: true });
  });
  it('guardMayPass: after a night off the same player may be guarded again (the rule is "two nights running")', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, guardMayPass: true, guardRepeat: 'forbidden' } }), { guard: [4, null], pack: (_d, gg) => (gg.state.night === 1 ? 2 : 3) }, (gg) => gg.state.night === 3 && before('guard')(gg));
    expect((g.pending()[0] as TargetDecision).targets).toContain(4);
  });
  it('guardMayPass=false: the guard names a player every night (004)', () => {
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), {}, before('guard'));
    const d = g.pending()[0]!;
    expect(d).toMatchObject({ kind: 'guard', mayPass: false });
    expect(g.submit(0, { kind: 'guard', target: null }, d.id).ok).toBe(false);
  });

  it('guardRepeat=lethal: guarding the same player two nights running kills him (002)', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, guardRepeat: 'lethal' } }), { guard: [3, 3], pack: (_d, gg) => (gg.state.night === 1 ? 4 : 2) }, (gg) => gg.state.day === 2 && before('speech')(gg));
    expect(deaths(g)).toContainEqual({ seat: 3, cause: 'guard' });
  });

  it('protection on the Little Girl has no effect (004; 001)', () => {
    const g = play(scenario({ deck: ['guard', 'werewolf', 'little-girl', 'villager', 'villager'], rules: noSheriff }), { guard: 2, pack: 2 }, before('speech'));
    expect(deaths(g)).toEqual([{ seat: 2, cause: 'wolves' }]);
  });
});

describe('thief', () => {
  it('looks at the 2 left-over cards and may swap, playing that role for the rest of the game (000–004)', () => {
    // Deck in seat order, the last 2 are left over.
    const g = scenario({ deck: ['thief', 'werewolf', 'villager', 'villager', 'seer', 'werewolf'], rules: noSheriff });
    expect(g.pending()[0]).toMatchObject({ kind: 'thief', seat: 0, cards: ['seer', 'werewolf'], mustTake: false });
    expect(eventsOf(g, 'thief-cards')[0]!.vis).toBe(1);
    play(g, { thief: { kind: 'thief', take: 1 } }, before('speech'));
    expect(g.state.seats[0]!.role).toBe('werewolf');
    expect(g.state.seats[0]!.dealt).toBe('thief');
    expect(g.state.leftover).toEqual(['seer', 'thief']);
    // Now a werewolf, he wakes with the pack.
    expect(eventsOf(g, 'pack')[0]!.wolves).toEqual([0, 1]);
  });

  it('if both cards are werewolves he must take one (000–004)', () => {
    const g = scenario({ deck: ['thief', 'villager', 'villager', 'seer', 'werewolf', 'werewolf'], rules: noSheriff });
    expect(g.pending()[0]).toMatchObject({ mustTake: true });
    const r = g.submit(0, { kind: 'thief', take: null });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/must take one/);
  });

  it('a thief card left over asks nobody', () => {
    const g = scenario({ deck: ['werewolf', 'villager', 'villager', 'werewolf', 'thief', 'villager'], rules: noSheriff, players: 4 });
    expect(g.pending()[0]!.kind).toBe('pack');
  });
});

describe('little girl', () => {
  const deck = ['werewolf', 'little-girl', 'villager', 'villager', 'werewolf', 'witch'] as const;
  // 000_06b6149326798635.txt: "They can eventually decide not to open their eyes and not to
  // select a victim to reduce the chance of being spied on." A pack that agrees on no
  // victim kept its eyes closed: her peek sees nothing, and she cannot be caught. (It was
  // peeked at, caught, and she died.)
  it('000: the pack chooses no victim, so keeps its eyes closed: she sees nothing and cannot be caught', () => {
    const g = play(scenario({ deck: [...deck], preset: 'thiercelieux', rules: { ...noSheriff, littleGirlCaught: 1, packStarves: false } }), { peek: { kind: 'peek', peek: true }, pack: null }, before('speech'));
    expect(eventsOf(g, 'pack-victim')).toEqual([expect.objectContaining({ target: null, agreed: true })]);
    expect(eventsOf(g, 'peek-dark')).toEqual([{ type: 'peek-dark', seat: 1, vis: 1 << 1 }]);
    expect(eventsOf(g, 'peek')).toEqual([]);
    expect(eventsOf(g, 'caught')).toEqual([]);
    expect(deaths(g)).toEqual([]);
  });

  // 000: "If no werewolves open their eyes, they die of hunger and the villagers win."
  it('000 (packStarves): a pack that keeps its eyes closed starves at dawn, and the village wins', () => {
    const g = play(scenario({ deck: [...deck], preset: 'thiercelieux', rules: noSheriff }), { pack: null });
    expect(deaths(g)).toEqual([
      { seat: 0, cause: 'hunger' },
      { seat: 4, cause: 'hunger' },
    ]);
    expect(eventsOf(g, 'death').map((e) => e.cause)).toEqual(['hunger', 'hunger']); // announced as such
    expect(g.outcome()).toMatchObject({ winner: 'village', days: 1 });
  });
  it('packStarves=false: the same pack kills nobody and lives on', () => {
    const g = play(scenario({ deck: [...deck], preset: 'thiercelieux', rules: { ...noSheriff, packStarves: false } }), { pack: null }, before('speech'));
    expect(deaths(g)).toEqual([]);
    expect(g.over).toBe(false);
  });
  it('a pack that disagrees has not kept its eyes closed: no starvation (000 "If no werewolves open their eyes")', () => {
    const g = play(scenario({ deck: [...deck], preset: 'thiercelieux', rules: { ...noSheriff, packRounds: 1 } }), { 'pack@0': null, 'pack@4': 2 }, before('speech'));
    expect(deaths(g)).toEqual([]);
  });

  it('000: a pack that names a victim opens its eyes: she sees it, and may be caught', () => {
    const g = play(scenario({ deck: [...deck], preset: 'thiercelieux', rules: { ...noSheriff, littleGirlCaught: 1 } }), { peek: { kind: 'peek', peek: true }, pack: 2 }, before('speech'));
    expect(eventsOf(g, 'peek-dark')).toEqual([]);
    expect(eventsOf(g, 'peek')).toEqual([expect.objectContaining({ seat: 1, wolves: [0, 4], caught: true })]);
  });
  it('peeking, she learns who the werewolves are (privately)', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, littleGirlCaught: 0 } }), { peek: { kind: 'peek', peek: true }, pack: 2 }, before('speech'));
    expect(eventsOf(g, 'peek')[0]).toMatchObject({ seat: 1, wolves: [0, 4], caught: false, vis: 1 << 1 });
    expect(deaths(g)).toEqual([{ seat: 2, cause: 'wolves' }]);
  });

  it('caught, she dies instead of their victim, who is spared; one kill that night (000, 004: caughtGirl=dies)', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, littleGirlCaught: 1 } }), { peek: { kind: 'peek', peek: true }, pack: 2 }, before('speech'));
    expect(eventsOf(g, 'caught')[0]).toMatchObject({ seat: 1, vis: (1 << 0) | (1 << 4) });
    expect(deaths(g)).toEqual([{ seat: 1, cause: 'wolves' }]);
  });

  it('caught, she can be saved by the witch (001_a0519745862037d4.txt 但可以被女巫拯救: witchSavesCaughtGirl=true)', () => {
    const g = play(scenario({ deck: [...deck], preset: 'classic', rules: { ...noSheriff, littleGirlCaught: 1 } }), { peek: { kind: 'peek', peek: true }, pack: 2, catch: 1, witch: { kind: 'witch', heal: true, poison: null } }, before('speech'));
    expect(eventsOf(g, 'witch-victim')[0]!.victim).toBe(1);
    expect(deaths(g)).toEqual([]);
    expect(g.state.healPotion).toBe(false);
  });

  // 000_06b6149326798635.txt "If she gets caught, she will be killed immediately instead of the
  // selected victim"; 002_2527de408ffe2d83.txt 狼人发现了小女孩，小女孩立即死亡 (she dies at once);
  // 004_898f49a7aa6e44c5.txt 如被发现立刻死 (found, she dies at once). Only 001 lets the witch
  // save her (above). Dead at once, instead of the pack's victim, she is no victim left for
  // the witch: shown none, the witch may not heal (no potion is spent on nothing, which no
  // document allows) nor poison her. Seen before: the witch was shown her, her heal spent
  // and wasted (attack result "killed", healPotion false).
  it.each([
    ['thiercelieux', '000 "killed immediately instead of the selected victim"'],
    ['introduction', '002 小女孩立即死亡'],
    ['standard', '004 如被发现立刻死'],
  ])('%s (%s): caught, she dies at once; the witch is shown no victim and keeps her heal', (preset) => {
    const g = play(scenario({ deck: [...deck], preset, rules: { ...noSheriff, littleGirlCaught: 1 } }), { peek: { kind: 'peek', peek: true }, pack: 2, catch: 1 }, before('witch'));
    const w = owed(g, 'witch') as DecisionOf<'witch'>;
    expect(w).toMatchObject({ victim: null, canHeal: false });
    expect(w.poisonTargets).not.toContain(1);
    play(g, { witch: { kind: 'witch', heal: false, poison: null } }, before('speech'));
    expect(eventsOf(g, 'witch-victim')).toEqual([expect.objectContaining({ victim: null })]);
    expect(eventsOf(g, 'attack')).toEqual([expect.objectContaining({ target: 1, result: 'killed' })]);
    expect(deaths(g)).toEqual([{ seat: 1, cause: 'wolves' }]);
    expect(g.state.healPotion).toBe(true);
  });

  it('witchSavesCaughtGirl=false: the heal still saves a victim who is not the caught girl', () => {
    const g = play(scenario({ deck: [...deck], preset: 'standard', rules: { ...noSheriff, littleGirlCaught: 1 } }), { peek: { kind: 'peek', peek: false }, pack: 2, witch: { kind: 'witch', heal: true, poison: null } }, before('speech'));
    expect(deaths(g)).toEqual([]);
  });

  // 001_a0519745862037d4.txt 戀人之間永遠不能互指互殺 (lovers may never point at or kill each
  // other: loversMayKillEachOther=false), and the catch is made by pointing at her (001:
  // 立即做八字手勢指向小女孩). Seen before the fix: her lover, the pack's leader, was asked
  // {"seat":0,"targets":[1],...}, named her, and died of grief.
  describe('her lover among the wolves (001, loversMayKillEachOther=false)', () => {
    const loverDeck = ['werewolf', 'little-girl', 'cupid', 'villager', 'villager', 'werewolf', 'villager'] as const;
    const lovers = { cupid: { kind: 'cupid', lovers: [0, 1] }, peek: { kind: 'peek', peek: true }, pack: 3 } as const;
    const classic = { preset: 'classic', rules: { ...noSheriff, littleGirlCaught: 1 } } as const;

    it('her lover leads the pack: the next wolf decides the catch, never he', () => {
      const g = play(scenario({ deck: [...loverDeck], ...classic }), lovers, before('catch'));
      expect(g.state.seats[0]!.lover).toBe(1);
      expect(g.pending().filter((d) => d.kind === 'catch')).toEqual([expect.objectContaining({ seat: 5, targets: [1], victim: 3 })]);
      play(g, { 'catch@5': 1 }, before('speech'));
      // She dies by the other wolf's hand; her lover dies of grief, as any lover does.
      expect(deaths(g)).toEqual([
        { seat: 1, cause: 'wolves' },
        { seat: 0, cause: 'grief' },
      ]);
    });

    it('the next wolf may spare her: the pack sees him decide', () => {
      const g = play(scenario({ deck: [...loverDeck], ...classic }), { ...lovers, 'catch@5': null }, before('speech'));
      expect(eventsOf(g, 'girl-spared')).toEqual([expect.objectContaining({ seat: 1, leader: 5 })]);
      expect(deaths(g)).toEqual([{ seat: 3, cause: 'wolves' }]);
    });

    it.each(['pack-chooses', 'dies'] as const)('her lover the only wolf (caughtGirl=%s): nobody may kill her, she is spared and the victim stands', (caughtGirl) => {
      const g = play(scenario({ deck: ['werewolf', 'little-girl', 'cupid', 'villager', 'villager', 'villager'], preset: 'classic', rules: { ...noSheriff, littleGirlCaught: 1, caughtGirl } }), lovers, before('speech'));
      expect(eventsOf(g, 'peek')[0]).toMatchObject({ caught: true });
      expect(g.log.some((e) => e.type === 'caught')).toBe(false);
      expect(eventsOf(g, 'girl-spared')).toEqual([expect.objectContaining({ seat: 1, leader: 0 })]);
      expect(deaths(g)).toEqual([{ seat: 3, cause: 'wolves' }]);
    });

    it('loversMayKillEachOther=true: her lover decides like any leader (000, 002, 004)', () => {
      const g = play(scenario({ deck: [...loverDeck], preset: 'classic', rules: { ...classic.rules, loversMayKillEachOther: true } }), lovers, before('catch'));
      expect(owed(g, 'catch')).toMatchObject({ seat: 0, targets: [1] });
    });
  });

  it('not peeking, she learns nothing and risks nothing', () => {
    const g = play(scenario({ deck: [...deck], rules: { ...noSheriff, littleGirlCaught: 1 } }), { peek: { kind: 'peek', peek: false }, pack: 2 }, before('speech'));
    expect(eventsOf(g, 'peek')).toHaveLength(0);
    expect(deaths(g)).toEqual([{ seat: 2, cause: 'wolves' }]);
  });

  it('the catch is drawn with probability littleGirlCaught (her rules give no number)', () => {
    let caught = 0;
    const n = 400;
    for (let i = 0; i < n; i++) {
      const g = play(scenario({ deck: [...deck], seed: `lg${i}`, rules: { ...noSheriff, littleGirlCaught: 0.25 } }), { peek: { kind: 'peek', peek: true }, pack: 2 }, before('speech'));
      if (eventsOf(g, 'caught').length > 0) caught++;
    }
    // 400 draws at p = 0.25: mean 100, sd 8.7; 5 sd either side.
    expect(caught).toBeGreaterThan(56);
    expect(caught).toBeLessThan(144);
  });

  it('001 table talk: claiming to be the Little Girl, a player may name at most half the werewolves', () => {
    const g = play(scenario({ deck: ['werewolf', 'little-girl', 'villager', 'villager', 'werewolf', 'werewolf', ...v(2)], rules: { ...noSheriff, littleGirlNamesHalf: true } }), { pack: 2 }, before('speech', 1));
    const two = { kind: 'speech', claims: [{ type: 'role', role: 'little-girl' }, { type: 'suspect', target: 0 }, { type: 'suspect', target: 4 }] };
    const r = g.submit(1, two);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/at most 1 werewolves/);
    expect(g.submit(1, { ...two, claims: two.claims.slice(0, 2) }).ok).toBe(true);
  });
});

describe('the guard and the Little Girl (guardLittleGirl)', () => {
  const deck = ['guard', 'werewolf', 'little-girl', 'villager', 'villager', 'werewolf'] as const;
  it('001 守衛守護的人要由主持人翻看其身份牌，守衛不可以守護小女孩: named, she is refused him with her card shown to him alone, and he chooses again', () => {
    const g = play(scenario({ deck: [...deck], preset: 'classic', rules: { sheriff: false, littleGirlCaught: 0 } }), { guard: [2, 3], pack: 3 }, before('speech'));
    const refused = eventsOf(g, 'guard-refused');
    expect(refused).toEqual([{ type: 'guard-refused', seat: 0, target: 2, role: 'little-girl', vis: only(0) }]);
    expect(eventsOf(g, 'guard').map((e) => e.target)).toEqual([3]);
    expect(g.state.seats[3]!.alive).toBe(true); // the second choice protects
  });
  it('004 小女孩如受保护不生效: he may name her, and the protection does nothing', () => {
    const g = play(scenario({ deck: [...deck], preset: 'standard', rules: { sheriff: false, littleGirlCaught: 0 } }), { guard: 2, pack: 2 }, before('speech'));
    expect(eventsOf(g, 'guard-refused')).toEqual([]);
    expect(eventsOf(g, 'guard').map((e) => e.target)).toEqual([2]);
    expect(deaths(g)).toContainEqual({ seat: 2, cause: 'wolves' });
  });
});

