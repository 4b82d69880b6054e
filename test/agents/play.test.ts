import { describe, expect, it } from 'vitest';
import { playSync } from '../../agents/play.js';
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
