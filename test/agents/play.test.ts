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
