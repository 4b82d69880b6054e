// Teams and victory (docs/rules.md), each test naming its document.
import { describe, expect, it } from 'vitest';
import { winnerNow } from '../../../engine/flow/victory.js';
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

  it('a draw when nobody is left', () => {
    // The pack eats the hunter, who shoots the last werewolf.
    const g = play(scenario({ deck: ['werewolf', 'hunter'], rules: noSheriff }), { pack: 1, hunter: 0 });
    expect(g.outcome()?.winner).toBe('draw');
    expect(g.outcome()?.winners).toEqual([]);
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
