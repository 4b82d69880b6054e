// Teams and victory (docs/rules.md), each test naming its document.
import { describe, expect, it } from 'vitest';
import { MAX_DAYS } from '../../../engine/flow/main.js';
import { winnerNow } from '../../../engine/flow/victory.js';
import { PRESETS, findPreset } from '../../../engine/index.js';
import { deaths, eventsOf, play, scenario, v } from '../../helpers/scenario.js';

const noSheriff = { sheriff: false } as const;

describe('victory', () => {
  it('the village wins as soon as the last werewolf is eliminated (000, 002, 004)', () => {
    const g = play(scenario({ deck: ['werewolf', ...v(3)], rules: noSheriff }), { pack: 1, vote: (d) => (d.seat === 0 ? 2 : 0) });
    expect(g.outcome()?.winner).toBe('village');
    expect(g.outcome()?.days).toBe(1);
    expect(g.outcome()?.winners).toEqual([1, 2, 3]);
    // The game ends at once: nothing after the deciding death but the end.
    const last = g.log.slice(-3).map((e) => e.type);
    expect(last).toEqual(['death', 'death-cause', 'end']);
  });

  it('a game nobody ever dies in is a draw after MAX_DAYS days (the engine\'s safety bound: no document)', () => {
    // The pack may agree on nobody and the village may abstain: the plan's fallback passes every time.
    const g = play(scenario({ deck: ['werewolf', ...v(3)], rules: { ...noSheriff, packMayAbstain: true } }));
    expect(g.outcome()?.winner).toBe('draw');
    expect(g.outcome()?.days).toBe(MAX_DAYS);
    expect(g.state.night).toBe(MAX_DAYS);
    expect(g.log.filter((e) => e.type === 'death')).toEqual([]);
    expect(g.log.at(-1)?.type).toBe('end');
  });

  it('wolvesWin=all: the werewolves win when no non-wolf is left (002, 004)', () => {
    const g = play(scenario({ deck: ['werewolf', 'werewolf', ...v(2)], rules: { ...noSheriff, wolvesWin: 'all' } }), { pack: [2, 2, 3, 3] });
    expect(g.outcome()?.winner).toBe('werewolves');
    expect(g.outcome()?.days).toBe(2);
    expect(g.outcome()?.winners).toEqual([0, 1]);
  });

  it('wolvesWin=second-last: the werewolves win as soon as the second last villager dies (000)', () => {
    const g = play(scenario({ deck: ['werewolf', ...v(3)], rules: { ...noSheriff, wolvesWin: 'second-last' } }), { pack: [1, 2] });
    expect(g.outcome()?.winner).toBe('werewolves');
    expect(g.outcome()?.days).toBe(2);
    expect(g.state.seats[3]!.alive).toBe(true);
  });

  it('wolvesWin=parity: wolves at least as many as the others', () => {
    const g = play(scenario({ deck: ['werewolf', 'werewolf', ...v(3)], rules: { ...noSheriff, wolvesWin: 'parity' } }), { pack: 2 });
    expect(g.outcome()?.winner).toBe('werewolves');
    expect(g.outcome()?.days).toBe(1);
  });

  it('lovers of different teams win if they are the last two alive (000, 001, 002, 004)', () => {
    // Cupid (seat 2) pairs the werewolf (0) with villager 1; the pack eats cupid, the lovers vote out 3.
    const g = play(scenario({ deck: ['werewolf', 'villager', 'cupid', 'villager'], rules: noSheriff }), {
      cupid: { kind: 'cupid', lovers: [0, 1] },
      pack: 2,
      vote: (d) => (d.seat === 3 ? 0 : 3),
    });
    expect(g.outcome()?.winner).toBe('lovers');
    expect(g.outcome()?.winners).toEqual([0, 1]);
  });

  it('the lovers do not win while a third player lives: the game goes on (000, 001, 002, 004: "the last two alive")', () => {
    // Cupid (2) pairs the werewolf (0) with villager 1; the pack eats Cupid: 0, 1 and 3 are alive at dawn.
    const g = play(scenario({ deck: ['werewolf', 'villager', 'cupid', 'villager'], rules: noSheriff }), { cupid: { kind: 'cupid', lovers: [0, 1] }, pack: 2 }, (gg) => gg.state.day === 1);
    expect(g.state.seats.filter((s) => s.alive).length).toBe(3);
    expect(winnerNow(g.state, 'all')).toBeNull();
    expect(g.over).toBe(false);
  });

  // victoryAt: the instant of each death (every document) or the chain's end (none).
  const hunterEaten = () => scenario({ deck: ['werewolf', 'hunter'], rules: { ...noSheriff, victoryAt: 'each-death' } });
  it('each-death: the werewolves win the instant they kill the last villager; his shot never comes (004 "狼人杀死所有村人，狼人获胜"; 000 "as soon as")', () => {
    const g = play(hunterEaten(), { pack: 1, hunter: 0 });
    expect(g.outcome()?.winner).toBe('werewolves');
    expect(g.outcome()?.winners).toEqual([0]);
    expect(eventsOf(g, 'shot')).toHaveLength(0);
    expect(g.log.slice(-3).map((e) => e.type)).toEqual(['death', 'death-cause', 'end']);
  });

  it('chain-end: the hunter shoots the last werewolf and nobody is left: a draw (no document)', () => {
    const g = play(scenario({ deck: ['werewolf', 'hunter'], rules: { ...noSheriff, victoryAt: 'chain-end' } }), { pack: 1, hunter: 0 });
    expect(g.outcome()?.winner).toBe('draw');
    expect(g.outcome()?.winners).toEqual([]);
    expect(deaths(g)).toEqual([
      { seat: 1, cause: 'wolves' },
      { seat: 0, cause: 'shot' },
    ]);
  });

  // Cupid (2) pairs the werewolf (0) with villager 1; the pack eats Cupid; the lovers vote out the hunter (3), who would shoot 0.
  const loversOutvoteHunter = (victoryAt: 'each-death' | 'chain-end') =>
    play(scenario({ deck: ['werewolf', 'villager', 'cupid', 'hunter'], rules: { ...noSheriff, victoryAt } }), {
      cupid: { kind: 'cupid', lovers: [0, 1] },
      pack: 2,
      vote: (d) => (d.seat === 3 ? 0 : 3),
      hunter: 0,
    });
  it('each-death: the lovers win the instant they are the last two alive, before the hunter shoots (001 "消滅除他倆之外的所有游戲者而取勝")', () => {
    const g = loversOutvoteHunter('each-death');
    expect(g.outcome()?.winner).toBe('lovers');
    expect(g.outcome()?.winners).toEqual([0, 1]);
    expect(eventsOf(g, 'shot')).toHaveLength(0);
  });
  it('chain-end: the hunter shoots a lover, the other dies of grief: a draw', () => {
    const g = loversOutvoteHunter('chain-end');
    expect(g.outcome()?.winner).toBe('draw');
    expect(deaths(g).map((d) => d.cause)).toEqual(['wolves', 'vote', 'shot', 'grief']);
  });

  it.each(['each-death', 'chain-end'] as const)('%s: a draw remains when the last two die at the same dawn (the pack eats the witch, who poisons the last werewolf)', (victoryAt) => {
    const g = play(scenario({ deck: ['werewolf', 'witch'], rules: { ...noSheriff, victoryAt } }), {
      pack: 1,
      witch: { kind: 'witch', heal: false, poison: 0 },
    });
    expect(g.outcome()?.winner).toBe('draw');
    expect(deaths(g).map((d) => d.seat).sort()).toEqual([0, 1]);
  });

  it('each-death: a death that decides the game ends it before the grief it causes (000 "as soon as the last werewolf is eliminated")', () => {
    // Cupid (2) pairs the werewolf (0) with villager 1; 3 votes out 0 (the lovers abstain): the village wins at once, 1's grief never comes.
    const g = play(scenario({ deck: ['werewolf', 'villager', 'cupid', 'villager'], rules: { ...noSheriff, victoryAt: 'each-death' } }), {
      cupid: { kind: 'cupid', lovers: [0, 1] },
      pack: 2,
      vote: (d) => (d.seat === 3 ? 0 : null),
    });
    expect(g.outcome()?.winner).toBe('village');
    expect(g.state.seats[1]!.alive).toBe(true);
    expect(g.outcome()?.winners).toEqual([2, 3]); // 1 left the village for love: not a winner
  });

  it.each(PRESETS.map((p) => [p.name, p.document] as const))('preset %s (%s) checks victory at each death', (name) => {
    expect(findPreset(name)!.options.victoryAt).toBe('each-death');
  });

  it('victory is checked after the chain reactions of a death, at once (000)', () => {
    // Night 1: the pack eats the hunter (2), who shoots the only werewolf: the village wins at dawn, before any talk.
    const g = play(scenario({ deck: ['werewolf', 'villager', 'hunter', 'villager'], rules: noSheriff }), { pack: 2, hunter: 0 });
    expect(g.outcome()?.winner).toBe('village');
    expect(eventsOf(g, 'speech')).toHaveLength(0);
    expect(deaths(g)).toEqual([
      { seat: 2, cause: 'wolves' },
      { seat: 0, cause: 'shot' },
    ]);
  });

  it('the Pied Piper wins alone when every other living player is charmed, after a night (001, 004)', () => {
    // 4 players: piper charms 1 and 2 on night 1; the pack eats 3 (the only uncharmed one).
    const g = play(scenario({ deck: ['piper', 'werewolf', 'villager', 'villager'], rules: noSheriff }), {
      piper: { kind: 'piper', targets: [1, 2] },
      pack: 3,
    });
    expect(g.outcome()?.winner).toBe('piper');
    expect(g.outcome()?.winners).toEqual([0]);
    expect(g.outcome()?.days).toBe(1);
  });

  it('the Pied Piper can win after a vote (001, 004)', () => {
    const g = play(scenario({ deck: ['piper', 'werewolf', 'villager', 'villager', 'villager'], rules: noSheriff }), {
      piper: [{ kind: 'piper', targets: [1, 2] }],
      pack: 4,
      vote: (d) => (d.seat === 3 ? 0 : 3), // the only uncharmed living player goes
    });
    expect(g.outcome()?.winner).toBe('piper');
    expect(eventsOf(g, 'verdict').at(-1)?.target).toBe(3);
  });

  it('winnerNow: the Piper beats the village when the last wolf dies with everyone charmed', () => {
    const g = scenario({ deck: ['piper', 'werewolf', 'villager'], rules: noSheriff });
    const s = g.state;
    s.seats[1]!.alive = false;
    s.seats[2]!.charmed = true;
    expect(winnerNow(s, 'all')).toBe('piper');
    s.seats[2]!.charmed = false;
    expect(winnerNow(s, 'all')).toBe('village');
  });
});
