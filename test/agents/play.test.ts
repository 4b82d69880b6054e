import { describe, expect, it } from 'vitest';
import { HostFailure, playAsync, playSync } from '../../agents/play.js';
import { randomAgent } from '../../agents/random.js';
import { Game, gameSeed, resolveSetup } from '../../engine/index.js';

describe('smoke', () => {
  it('plays a complete 8-player game of the standard preset to one outcome', () => {
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    if (!setup.ok) throw new Error(setup.error);
    const g = new Game(setup.value, gameSeed(1, 0));
    const played = playSync(g, Array(8).fill(randomAgent));
    expect(g.over).toBe(true);
    expect(['village', 'werewolves']).toContain(played.outcome.winner);
    expect(g.log.filter((e) => e.type === 'end')).toHaveLength(1);
  });
});

describe('wrong answers, by kind', () => {
  it("an agent that throws is charged as 'agent-failed', an illegal answer as the engine says: told apart by code, not by words", () => {
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    if (!setup.ok) throw new Error(setup.error);
    const thrower = { name: 'thrower', decide: () => { throw new Error('boom'); } };
    const liar = { name: 'liar', decide: () => ({ kind: 'vote', target: 99 }) };
    const codes = new Set<string>();
    const g = new Game(setup.value, gameSeed('codes', 0));
    playSync(g, [thrower, liar, ...Array(6).fill(randomAgent)], { onInvalid: (e) => codes.add(e.code) });
    expect(codes.has('agent-failed')).toBe(true);
    expect([...codes].filter((c) => c !== 'agent-failed').length).toBeGreaterThan(0);
  });
});

describe("a failure of the agent's host", () => {
  // A damaged record met by a model's seat is not the model's failure: the drivers pass
  // it on at once, uncharged and not asked again (runs/llm: a re-ask would pay for a new
  // answer and play another game). An ordinary error from the same seat is the control.
  it.each(['sync', 'async'] as const)('%s: a HostFailure ends the game at once, the seat neither charged nor asked again', async (mode) => {
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    if (!setup.ok) throw new Error(setup.error);
    const play = (fail: () => Error) => {
      let calls = 0;
      const failing = { name: 'failing', decide: () => { calls++; throw fail(); } };
      const g = new Game(setup.value, gameSeed('host', 0));
      const agents = Array(8).fill(failing);
      const run = async () => (mode === 'sync' ? playSync(g, agents) : await playAsync(g, agents));
      return { run, calls: () => calls, game: g };
    };
    const host = play(() => new HostFailure('the record is damaged'));
    await expect(host.run()).rejects.toThrow('the record is damaged');
    expect(host.calls()).toBe(1);
    expect(host.game.over).toBe(false);
    const ordinary = play(() => new Error('boom'));
    const played = await ordinary.run();
    expect(played.invalid.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(ordinary.calls()).toBeGreaterThan(played.decisions);
  });
});

describe('decisions asked per seat', () => {
  // Each decision counts once for its seat, however often it is re-asked: what an LLM's
  // tokens per decision divide by. Counted here apart, by the decisions' ids each seat saw.
  it.each(['sync', 'async'] as const)('%s: every seat asked once per decision it owed, re-asks not counted', async (mode) => {
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    if (!setup.ok) throw new Error(setup.error);
    const seen = Array.from({ length: 8 }, () => new Set<number>());
    let calls = 0;
    const counting = (wrong: boolean) => ({
      name: 'counting',
      decide: (ctx: Parameters<typeof randomAgent.decide>[0]) => {
        calls++;
        seen[ctx.decision.seat]!.add(ctx.decision.id);
        // A first answer that is wrong gets the decision re-asked.
        return wrong && ctx.lastError === undefined ? { kind: 'vote', target: 99 } as never : randomAgent.decide(ctx);
      },
    });
    const agents = [counting(true), counting(true), ...Array.from({ length: 6 }, () => counting(false))];
    const g = new Game(setup.value, gameSeed('asked', 0));
    const played = mode === 'sync' ? playSync(g, agents) : await playAsync(g, agents);
    expect(played.asked).toEqual(seen.map((s) => s.size));
    expect(played.asked.reduce((a, b) => a + b, 0)).toBe(played.decisions);
    expect(calls).toBeGreaterThan(played.decisions); // the wrong seats were re-asked
  });
});
