// The day and the Sheriff / Captain (docs/rules.md), each test naming its document.
import { describe, expect, it } from 'vitest';
import type { TargetDecision, VoteDecision } from '../../../engine/index.js';
import { ALL } from '../../../engine/events.js';
import { transcript } from '../../../narrate/transcript.js';
import { before, byNight, deaths, eventsOf, play, scenario, v, owed } from '../../helpers/scenario.js';

const noSheriff = { sheriff: false } as const;
const speakers = (g: ReturnType<typeof scenario>) => eventsOf(g, 'speech').map((e) => e.seat);

describe('discussion', () => {
  it('each living player makes one statement, in seat order (speakingOrder=seat); the dead may not speak (000, 002)', () => {
    const g = play(scenario({ deck: ['werewolf', ...v(5)], rules: { ...noSheriff, speakingOrder: 'seat' } }), { pack: 2 }, before('vote'));
    expect(speakers(g)).toEqual([0, 1, 3, 4, 5]);
  });

  it('speakingOrder=after-victim: clockwise from the left of the night\'s victim (002)', () => {
    const g = play(scenario({ deck: ['werewolf', ...v(5)], rules: { ...noSheriff, speakingOrder: 'after-victim' } }), { pack: 3 }, before('vote'));
    expect(speakers(g)).toEqual([4, 5, 0, 1, 2]);
  });

  it('statements carry structured claims and free text, seen by everyone', () => {
    const g = play(scenario({ deck: ['werewolf', 'seer', ...v(4)], rules: noSheriff }), {
      seer: 0,
      pack: 2,
      'speech@1': [{ kind: 'speech', claims: [{ type: 'role', role: 'seer' }, { type: 'seen', target: 0, result: 'werewolf' }], text: 'Vote P1.' }],
    }, before('vote'));
    const s = eventsOf(g, 'speech').find((e) => e.seat === 1)!;
    expect(s).toMatchObject({ claims: [{ type: 'role', role: 'seer' }, { type: 'seen', target: 0, result: 'werewolf' }], text: 'Vote P1.', vis: -1 });
  });

  it('a malformed statement is refused with a reason, and the decision stays owed', () => {
    const g = play(scenario({ deck: ['werewolf', ...v(3)], rules: noSheriff }), { pack: 3 }, before('speech'));
    const r = g.submit(0, { kind: 'speech', claims: [{ type: 'suspect', target: 0 }] });
    expect(!r.ok && r.error.message).toMatch(/another player/);
    expect(g.submit(0, { kind: 'speech', claims: [{ type: 'gossip' }] }).ok).toBe(false);
    expect(g.pending()[0]).toMatchObject({ kind: 'speech', seat: 0 });
  });
});

describe('the vote', () => {
  it('all living players vote at once; most votes goes, and the card is revealed (000, 002, 004)', () => {
    const g = scenario({ deck: ['werewolf', ...v(4)], rules: noSheriff });
    play(g, { pack: 1 }, before('vote'));
    expect(g.pending().map((d) => d.seat)).toEqual([0, 2, 3, 4]);
    play(g, { vote: (d) => (d.seat === 0 ? 2 : d.seat === 2 ? 3 : 0) }, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: 0, reason: 'majority' });
    expect(eventsOf(g, 'death').at(-1)).toMatchObject({ seat: 0, role: 'werewolf', cause: 'vote' });
  });

  it('a voter may not vote for himself, and may abstain', () => {
    const g = play(scenario({ deck: ['werewolf', ...v(4)], rules: noSheriff }), { pack: 1 }, before('vote'));
    const d = g.pending()[1] as VoteDecision;
    expect(d.targets).toEqual([0, 3, 4]);
    expect(d.mayPass).toBe(true);
  });

  it('night falls after the vote', () => {
    const g = play(scenario({ deck: ['werewolf', ...v(5)], rules: noSheriff }), { pack: 1 }, (gg) => gg.state.night === 2);
    const after = g.log.findIndex((e) => e.type === 'votes');
    expect(g.log.slice(after).map((e) => e.type)).toContain('night');
  });

  it('nobody voting eliminates nobody', () => {
    const g = play(scenario({ deck: ['werewolf', ...v(5)], rules: noSheriff }), { pack: 1, vote: null }, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: null, reason: 'no-votes' });
  });

  const tieDeck = ['werewolf', 'villager', 'villager', 'villager', 'villager', 'werewolf'] as const;
  // Night 1 eats seat 4. Day 1: 0 and 1 vote 2, 2 and 3 vote 1, 5 abstains: 1 and 2 tie.
  const tieVotes = (d: { seat: number }) => (d.seat === 0 || d.seat === 1 ? 2 : d.seat === 5 ? null : 1);

  it('tie=none: nobody is eliminated (004)', () => {
    const g = play(scenario({ deck: [...tieDeck], rules: { ...noSheriff, tie: 'none' } }), { pack: 4, vote: tieVotes }, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'tie')[0]!.tied).toEqual([1, 2]);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: null, reason: 'tie' });
  });

  it('tie=random: one of the tied, drawn by the moderator', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const g = play(scenario({ deck: [...tieDeck], seed: `t${i}`, rules: { ...noSheriff, tie: 'random' } }), { pack: 4, vote: tieVotes }, (gg) => gg.state.night === 2);
      const verdict = eventsOf(g, 'verdict')[0]!;
      expect(verdict.reason).toBe('random');
      seen.add(verdict.target!);
    }
    expect([...seen].sort()).toEqual([1, 2]);
  });

  it('tie=revote: the tied speak again, then everyone re-votes among them (002)', () => {
    const g = play(scenario({ deck: [...tieDeck], rules: { ...noSheriff, tie: 'revote' } }), {
      pack: 4,
      vote: [...[0, 1, 2, 3, 5].map((s) => (s === 0 || s === 1 ? 2 : s === 5 ? null : 1))],
    }, (gg) => gg.pending().some((d) => d.kind === 'vote' && (d as VoteDecision).round === 2));
    const revoteSpeeches = eventsOf(g, 'speech').slice(5);
    expect(revoteSpeeches.map((e) => e.seat)).toEqual([1, 2]);
    const d = g.pending() as VoteDecision[];
    expect(d.map((x) => x.seat)).toEqual([0, 1, 2, 3, 5]);
    expect(d[0]!.targets).toEqual([1, 2]);
    expect(d[1]!.targets).toEqual([2]);
  });

  it('re-votes are bounded (maxRevotes), then nobody goes', () => {
    const g = play(scenario({ deck: [...tieDeck], rules: { ...noSheriff, tie: 'revote', maxRevotes: 2 } }), { pack: 4, vote: tieVotes }, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'votes').map((e) => e.round)).toEqual([1, 2, 3]);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: null, reason: 'tie' });
  });

  it('tie=sheriff-then-revote without a sheriff: everyone, the tied too, votes again among the tied (000)', () => {
    const g = play(scenario({ deck: [...tieDeck], rules: { ...noSheriff, tie: 'sheriff-then-revote' } }), { pack: 4, vote: tieVotes }, (gg) => gg.pending().some((d) => (d as VoteDecision).round === 2));
    expect(eventsOf(g, 'speech')).toHaveLength(5); // no second speeches under 000
    expect((g.pending()[0] as VoteDecision).targets).toEqual([1, 2]);
  });
});

describe('sheriff', () => {
  const deck = ['werewolf', ...v(5)] as const;
  it('is elected by everyone\'s vote on day 1, after the discussion (002, 004), and cannot refuse', () => {
    const g = play(scenario({ deck: [...deck] }), { pack: 1, election: (d) => (d.seat === 3 ? 0 : 3) }, before('vote'));
    const types = g.log.map((e) => e.type);
    expect(types.lastIndexOf('speech')).toBeLessThan(types.indexOf('election'));
    expect(eventsOf(g, 'sheriff')[0]).toMatchObject({ seat: 3, how: 'elected' });
    expect(g.state.sheriff).toBe(3);
  });

  it('election decisions: another living player, no abstention', () => {
    const g = play(scenario({ deck: [...deck] }), { pack: 1 }, before('election'));
    expect(g.pending()[0]).toMatchObject({ kind: 'election', seat: 0, targets: [2, 3, 4, 5], mayPass: false });
  });

  it('an election tie goes to a second ballot among the tied, then to a draw by the moderator', () => {
    // Living 0, 2, 3, 4: 0 and 2 vote 3, 3 and 4 vote 2 — twice.
    const g = play(scenario({ deck: ['werewolf', ...v(4)] }), { pack: 1, election: (d) => (d.seat === 0 || d.seat === 2 ? 3 : 2) }, before('vote'));
    const rounds = eventsOf(g, 'election');
    expect(rounds.map((e) => e.round)).toEqual([1, 2]);
    expect(eventsOf(g, 'sheriff')[0]!.how).toBe('drawn');
    expect([2, 3]).toContain(g.state.sheriff);
    // The draw is the moderator's: both outcomes occur over seeds.
    const drawn = new Set<number>();
    for (let i = 0; i < 20; i++)
      drawn.add(play(scenario({ deck: ['werewolf', ...v(4)], seed: `e${i}` }), { pack: 1, election: (d) => (d.seat === 0 || d.seat === 2 ? 3 : 2) }, before('vote')).state.sheriff);
    expect([...drawn].sort()).toEqual([2, 3]);
  });

  it('a second ballot offers only the tied', () => {
    const g = play(scenario({ deck: ['werewolf', ...v(4)] }), { pack: 1, election: [3, 3, 2, 2] }, (gg) => eventsOf(gg, 'election').length === 1);
    expect(g.pending().map((d) => (d as TargetDecision).targets)).toEqual([[2, 3], [3], [2], [2, 3]]);
  });

  it('no sheriff when the option is off', () => {
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), { pack: 1 }, before('vote'));
    expect(eventsOf(g, 'election')).toHaveLength(0);
  });

  it('his vote counts twice', () => {
    // Sheriff 3 votes 0 (2 votes); 0 and 2 vote 4 (2 votes) -> tie under tie=none; with one more for 0 it goes.
    const g = play(scenario({ deck: [...deck], rules: { tie: 'none' } }), {
      pack: 1,
      election: (d) => (d.seat === 3 ? 0 : 3),
      vote: (d) => (d.seat === 3 || d.seat === 5 ? 0 : d.seat === 0 || d.seat === 2 ? 4 : null),
    }, (gg) => gg.state.night === 2);
    expect((eventsOf(g, 'votes')[0]!.votes.find((x) => x.voter === 3))!.weight).toBe(2);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: 0, reason: 'majority' });
  });

  it('on a tie the sheriff decides (000)', () => {
    const g = play(scenario({ deck: [...deck], rules: { tie: 'sheriff-then-revote', sheriffMayVoidTie: false } }), {
      pack: 1,
      election: (d) => (d.seat === 3 ? 0 : 3),
      vote: (d) => (d.seat === 0 || d.seat === 2 ? 4 : d.seat === 4 ? 0 : d.seat === 5 ? 0 : null),
    }, before('tie-break'));
    expect(g.pending()[0]).toMatchObject({ kind: 'tie-break', seat: 3, targets: [0, 4], mayPass: false });
    play(g, { 'tie-break': 0 }, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: 0, reason: 'sheriff' });
  });

  it('on a tie the sheriff may declare the vote void (001)', () => {
    const g = play(scenario({ deck: [...deck], preset: 'classic' }), {
      pack: 1,
      election: (d) => (d.seat === 3 ? 0 : 3),
      vote: (d) => (d.seat === 0 || d.seat === 2 ? 4 : d.seat === 4 ? 0 : d.seat === 5 ? 0 : null),
      'tie-break': null,
    }, (gg) => gg.state.night === 2);
    expect(eventsOf(g, 'tie-break')[0]).toMatchObject({ sheriff: 3, target: null });
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: null, reason: 'void' });
  });

  it('when he dies he names his successor (000)', () => {
    const g = play(scenario({ deck: [...deck] }), { pack: (_d, gg) => (gg.state.night === 1 ? 1 : 3), election: (d) => (d.seat === 3 ? 0 : 3) }, before('successor'));
    expect(g.pending()[0]).toMatchObject({ kind: 'successor', seat: 3 });
    expect(g.state.seats[3]!.alive).toBe(false);
    expect((g.pending()[0] as TargetDecision).targets).not.toContain(3);
    play(g, { successor: 5 }, before('speech'));
    expect(g.state.sheriff).toBe(5);
    expect(eventsOf(g, 'sheriff').at(-1)).toMatchObject({ seat: 5, how: 'successor' });
  });

  // successorMayPass: 000 "in his last breathe he chooses his successor", 001 臨死前必須指定繼任者
  // (must); 002 临死时可以指定, 004 则可一名玩家作继任者 (may).
  it.each([
    ['thiercelieux', false],
    ['classic', false],
    ['introduction', true],
    ['standard', true],
  ] as const)('%s: the dying sheriff may name no successor: %s', (preset, may) => {
    const g = play(scenario({ deck: [...deck], preset }), { pack: (_d, gg) => (gg.state.night === 1 ? 1 : 3), election: (d) => (d.seat === 3 ? 0 : 3) }, before('successor'));
    const d = g.pending()[0]!;
    expect(d).toMatchObject({ kind: 'successor', seat: 3, mayPass: may });
    const r = g.submit(3, { kind: 'successor', target: null }, d.id);
    expect(r.ok).toBe(may);
    if (!may) return;
    // Nobody is sheriff from now on: no double vote, no new election.
    expect(g.state.sheriff).toBe(-1);
    expect(eventsOf(g, 'no-successor')).toEqual([{ type: 'no-successor', seat: 3, vis: ALL }]);
    play(g, {}, before('vote'));
    expect(g.pending().every((v) => v.kind === 'vote' && v.weight === 1)).toBe(true);
    expect(eventsOf(g, 'election').every((e) => g.log.indexOf(e) < g.log.indexOf(eventsOf(g, 'no-successor')[0]!))).toBe(true);
  });
});

describe('elder, idiot, scapegoat (001, 004)', () => {
  it('the Elder has two lives against the werewolves', () => {
    const g = play(scenario({ deck: ['werewolf', 'elder', ...v(4)], rules: noSheriff }), { pack: 1 }, (gg) => gg.state.day === 2 && before('speech')(gg));
    expect(eventsOf(g, 'attack').map((e) => e.result)).toEqual(['life-lost', 'killed']);
    expect(deaths(g)).toEqual([{ seat: 1, cause: 'wolves' }]);
    expect(eventsOf(g, 'powers-lost')).toHaveLength(0);
    // `sim show` follows his lives: transcripts show them.
    // (A line wrapped at 80 columns, its continuation four deeper, is read joined.)
    const lines = transcript(g.log, { title: 'elder' }).replace(/\n {4}(?=\S)/g, ' ').split('\n').filter((l) => l.includes('attack'));
    expect(lines).toEqual([
      '  [moderator] the attack on P2 costs a life: P2 survives (the elder has 1 life left)',
      '  [moderator] the attack on P2 kills (the elder has 0 lives left)',
    ]);
  });

  it("a witch's heal leaves the Elder one life (001): the next attack kills him", () => {
    const g = play(scenario({ deck: ['werewolf', 'elder', 'witch', ...v(3)], rules: noSheriff }), {
      pack: 1,
      witch: (_d, gg) => (gg.state.night === 1 ? { kind: 'witch', heal: true, poison: null } : { kind: 'witch', heal: false, poison: null }),
    }, (gg) => gg.state.day === 2 && before('speech')(gg));
    expect(eventsOf(g, 'attack').map((e) => e.result)).toEqual(['healed', 'killed']);
    expect(deaths(g)).toEqual([{ seat: 1, cause: 'wolves' }]);
    const lines = transcript(g.log, { title: 'elder' }).split('\n').filter((l) => l.includes('attack'));
    expect(lines).toEqual([
      '  [moderator] the attack on P2 fails: healed (the elder has 1 life left)',
      '  [moderator] the attack on P2 kills (the elder has 0 lives left)',
    ]);
  });

  it('one life against the vote, and then the village\'s powers are lost (001, 004)', () => {
    const g = play(scenario({ deck: ['werewolf', 'elder', 'seer', 'witch', 'guard', 'villager'], rules: noSheriff }), {
      pack: byNight(5),
      vote: (d, gg) => (gg.state.day > 1 ? null : d.seat === 1 ? 0 : 1),
    }, (gg) => gg.state.night === 3);
    expect(deaths(g)[1]).toEqual({ seat: 1, cause: 'vote' });
    expect(eventsOf(g, 'powers-lost')[0]).toMatchObject({ elder: 1, vis: -1 });
    // Night 2 asked no guard, seer or witch.
    const night2 = g.log.findIndex((e) => e.type === 'night' && e.night === 2);
    const after = g.log.slice(night2).map((e) => e.type);
    expect(after).not.toContain('guard');
    expect(after).not.toContain('seer');
    expect(after).not.toContain('witch-victim');
  });

  it('the Elder poisoned dies at once, with one life (001)', () => {
    const g = play(scenario({ deck: ['werewolf', 'elder', 'witch', ...v(3)], rules: noSheriff }), { pack: 3, witch: { kind: 'witch', heal: false, poison: 1 } }, before('speech'));
    expect(deaths(g)).toContainEqual({ seat: 1, cause: 'poison' });
    expect(eventsOf(g, 'powers-lost')[0]!.vis).toBe(1 << 2); // only the witch notices (a night death)
  });

  it('after a witch\'s heal the Elder has one life left (001, 004)', () => {
    const g = play(scenario({ deck: ['werewolf', 'elder', 'witch', ...v(3)], rules: noSheriff }), {
      pack: 1,
      witch: [{ kind: 'witch', heal: true, poison: null }],
    }, (gg) => gg.state.day === 2 && before('speech')(gg));
    expect(eventsOf(g, 'attack').map((e) => e.result)).toEqual(['healed', 'killed']);
  });

  it('a hunter killed by the Elder\'s vote-death chain loses his shot (powers lost)', () => {
    // Elder voted out; his lover the hunter dies of grief after the powers are gone.
    const g = play(scenario({ deck: ['werewolf', 'elder', 'hunter', 'cupid', 'villager', 'villager'], rules: noSheriff }), {
      cupid: { kind: 'cupid', lovers: [1, 2] },
      pack: 4,
      vote: (d) => (d.seat === 1 || d.seat === 2 ? 0 : 1),
      hunter: 0,
    }, (gg) => gg.state.night === 2);
    expect(deaths(g)).toContainEqual({ seat: 2, cause: 'grief' });
    expect(eventsOf(g, 'shot')).toHaveLength(0);
  });

  it('the Idiot voted out is revealed and survives, but never votes again (001, 004)', () => {
    const g = play(scenario({ deck: ['werewolf', 'idiot', ...v(4)], rules: noSheriff }), { pack: byNight(5, 4), vote: (d) => (d.seat === 1 ? 0 : 1) }, (gg) => gg.state.day === 2 && before('vote')(gg));
    expect(eventsOf(g, 'idiot-revealed')[0]).toMatchObject({ seat: 1, vis: -1 });
    expect(g.state.seats[1]!.alive).toBe(true);
    expect(g.pending().map((d) => d.seat)).not.toContain(1);
    // He still speaks.
    expect(eventsOf(g, 'speech').filter((e) => e.seat === 1)).toHaveLength(2);
  });

  it('the werewolves can still kill the revealed Idiot (004)', () => {
    const g = play(scenario({ deck: ['werewolf', 'idiot', ...v(4)], rules: noSheriff }), { pack: (_d, gg) => (gg.state.night === 1 ? 5 : 1), vote: (d) => (d.seat === 1 ? 0 : 1) }, (gg) => gg.state.day === 2 && before('speech')(gg));
    expect(deaths(g)).toContainEqual({ seat: 1, cause: 'wolves' });
  });

  it('a revealed Idiot dies with the Elder when the Elder dies by the village (001)', () => {
    const g = play(scenario({ deck: ['werewolf', 'idiot', 'elder', ...v(4)], rules: noSheriff }), {
      pack: byNight(6, 5),
      vote: (d, gg) => (gg.state.day === 1 ? (d.seat === 1 ? 0 : 1) : d.seat === 2 ? 0 : 2),
    }, (gg) => gg.state.night === 3);
    expect(deaths(g)).toContainEqual({ seat: 2, cause: 'vote' });
    expect(deaths(g)).toContainEqual({ seat: 1, cause: 'elder' });
  });

  it('the Scapegoat dies on a tied vote instead of the tied, and names who votes the next day (001, 004)', () => {
    const deck = ['werewolf', 'scapegoat', 'villager', 'villager', 'villager', 'werewolf', 'villager'] as const;
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), {
      pack: byNight(6),
      vote: (d) => (d.seat === 0 || d.seat === 1 ? 2 : d.seat === 2 || d.seat === 3 ? 4 : null),
      scapegoat: { kind: 'scapegoat', voters: [3, 4] },
    }, (gg) => gg.state.day === 2 && before('vote')(gg));
    expect(eventsOf(g, 'verdict')[0]).toMatchObject({ target: 1, reason: 'scapegoat' });
    expect(deaths(g)).toContainEqual({ seat: 1, cause: 'scapegoat' });
    expect(eventsOf(g, 'scapegoat-voters')[0]).toMatchObject({ seat: 1, voters: [3, 4] });
    // Day 2: only 3 and 4 (alive) are asked to vote.
    expect(g.pending().map((d) => d.seat)).toEqual([3, 4].filter((s) => g.state.seats[s]!.alive));
  });

  it('if the Scapegoat names nobody, nobody votes the next day (001)', () => {
    const deck = ['werewolf', 'scapegoat', 'villager', 'villager', 'villager', 'werewolf', 'villager'] as const;
    const g = play(scenario({ deck: [...deck], rules: noSheriff }), {
      pack: byNight(6),
      vote: (d) => (d.seat === 0 || d.seat === 1 ? 2 : d.seat === 2 || d.seat === 3 ? 4 : null),
      scapegoat: { kind: 'scapegoat', voters: [] },
    }, (gg) => gg.state.night === 3);
    const day2 = eventsOf(g, 'verdict')[1]!;
    expect(day2).toMatchObject({ target: null, reason: 'no-votes' });
    expect(eventsOf(g, 'votes')[1]!.votes).toEqual([]);
  });
});

describe('pied piper (001, 004)', () => {
  it('charms two players a night, not himself; the charmed wake and see each other', () => {
    const g = scenario({ deck: ['piper', 'werewolf', ...v(4)], rules: noSheriff });
    play(g, {}, before('piper'));
    expect(g.pending()[0]).toMatchObject({ kind: 'piper', seat: 0, candidates: [1, 2, 3, 4, 5], count: 2 });
    play(g, { piper: { kind: 'piper', targets: [4, 2] } }, before('speech'));
    expect(eventsOf(g, 'charm')[0]).toMatchObject({ targets: [2, 4], vis: 1 });
    expect(eventsOf(g, 'charmed')[0]).toMatchObject({ charmed: [2, 4], vis: (1 << 0) | (1 << 2) | (1 << 4) });
  });

  it('the charmed are not offered again; charm does not pass between lovers', () => {
    const g = play(scenario({ deck: ['piper', 'werewolf', 'cupid', ...v(4)], rules: noSheriff }), {
      cupid: { kind: 'cupid', lovers: [3, 4] },
      piper: [{ kind: 'piper', targets: [3, 5] }],
      pack: byNight(2),
    }, (gg) => gg.state.night === 2 && before('piper')(gg));
    expect(g.state.seats[4]!.charmed).toBe(false);
    expect(owed(g, 'piper').candidates).toEqual([1, 4, 6]);
  });
});
