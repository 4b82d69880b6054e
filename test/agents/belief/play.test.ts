// The belief agent's play over real games: byte-for-byte determinism under the seed, and
// agents that share a game's posterior but never another game's.

import { describe, expect, it } from 'vitest';
import { playSync } from '../../../agents/play.js';
import { parseSeating, seatAgents } from '../../../agents/registry.js';
import { Game, gameSeed, resolveSetup, type SetupRequest } from '../../../engine/index.js';

function logs(req: SetupRequest, agents: readonly string[], games: number, seed: string): string[] {
  const setup = resolveSetup(req);
  if (!setup.ok) throw new Error(setup.error);
  const seating = parseSeating(agents);
  if (!seating.ok) throw new Error(seating.error);
  const out: string[] = [];
  for (let i = 0; i < games; i++) {
    const g = new Game(setup.value, gameSeed(seed, i));
    const p = playSync(g, seatAgents(seating.value, g.state.seats.map((s) => s.dealt)).agents);
    expect(p.invalid.every((k) => k === 0)).toBe(true);
    out.push(JSON.stringify(g.log));
  }
  return out;
}

describe('belief play', () => {
  it.each([
    [['belief']],
    [['belief:voteAim=1.5,fakeClaim=1', 'werewolves=heuristic', '3=random']],
  ])('plays the same games for the same seed, byte for byte (%j)', (agents) => {
    const first = logs({ preset: 'classic', players: 12 }, agents, 12, 'same');
    expect(logs({ preset: 'classic', players: 12 }, agents, 12, 'same')).toEqual(first);
    expect(new Set(first).size).toBe(12);
  });

  it('its parameters change its play (the model is read, not ignored)', () => {
    const a = logs({ preset: 'standard', players: 8 }, ['belief'], 20, 'params');
    const b = logs({ preset: 'standard', players: 8 }, ['belief:voteAim=3,voteMate=0.05'], 20, 'params');
    expect(b.filter((x, i) => x !== a[i]).length).toBeGreaterThan(0);
  });

  it("its werewolves cast safe ballots against a packmate only when distancing is on (bus=0 rules out bussing)", () => {
    const packmateBallots = (spec: string): number => {
      let k = 0;
      for (const text of logs({ preset: 'standard', players: 12 }, [spec], 30, 'distance')) {
        const log = JSON.parse(text) as { type: string; seat?: number; role?: string; votes?: { voter: number; target: number | null }[] }[];
        const wolves = new Set(log.filter((e) => e.type === 'deal' && e.role === 'werewolf').map((e) => e.seat));
        for (const e of log) {
          if (e.type !== 'votes') continue;
          for (const v of e.votes!) if (wolves.has(v.voter) && v.target !== null && wolves.has(v.target)) k++;
        }
      }
      return k;
    };
    expect(packmateBallots('belief:distance=0,bus=0')).toBe(0);
    expect(packmateBallots('belief:distance=1,bus=0')).toBeGreaterThan(5);
  });
});
