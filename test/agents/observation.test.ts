// Decisions come from the agent's own observation only: what a heuristic or belief agent is handed
// holds nothing its seat may not know, and an agent handed more is an error the driver
// counts (never a move silently made on another seat's secrets).

import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { playSync } from '../../agents/play.js';
import { parseSeating, seatAgents } from '../../agents/registry.js';
import type { Agent, DecisionContext } from '../../agents/types.js';
import { Game, gameSeed, observe, resolveSetup, type Event, type SetupRequest } from '../../engine/index.js';

const TABLES: SetupRequest[] = [
  { preset: 'standard', players: 8 },
  { preset: 'classic', players: 12 },
  { preset: 'thiercelieux', roles: 'werewolf=2,seer,witch,hunter,cupid,guard,thief,little-girl,villager=3' },
  { preset: 'classic', roles: 'werewolf=3,seer,witch,hunter,cupid,guard,thief,little-girl,elder,idiot,scapegoat,piper,villager=2' },
];

function newGame(req: SetupRequest, i: number, kind = 'heuristic'): { game: Game; agents: Agent[] } {
  const setup = resolveSetup(req);
  if (!setup.ok) throw new Error(setup.error);
  const game = new Game(setup.value, gameSeed('observation', i));
  const seating = parseSeating([kind]);
  if (!seating.ok) throw new Error(seating.error);
  return { game, agents: seatAgents(seating.value, game.state.seats.map((s) => s.dealt)).agents };
}

/** Every object reachable from `root` (functions are opaque: an agent can only call them). */
function reachable(root: unknown): Set<object> {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x !== 'object' || x === null || seen.has(x)) continue;
    seen.add(x);
    for (const v of Object.values(x)) stack.push(v);
  }
  return seen;
}

describe.each(['heuristic', 'belief'])('%s agents see their own observation only', (kind) => {
  it('the context an agent gets holds no event its seat may not see and no part of the moderator state', () => {
    let checked = 0;
    // What went wrong, said once at the end: an expect per event and per object reached cost
    // most of this test's time (some 10^5 of them).
    const wrong: string[] = [];
    for (const [t, req] of TABLES.entries()) {
      for (let i = 0; i < 10; i++) {
        const { game, agents } = newGame(req, t * 100 + i, kind);
        const secret = new Set<object>([game, game.state, game.log, game.moderator, ...game.state.seats, game.state.tonight, game.state.leftover]);
        const audited = agents.map(
          (a): Agent => ({
            name: a.name,
            decide(ctx: DecisionContext) {
              const seat = ctx.decision.seat;
              const obs = ctx.observe();
              const at = `table ${t} game ${i} decision ${ctx.decision.id}`;
              if (obs.seat !== seat) wrong.push(`${at}: seat ${seat} got seat ${obs.seat}'s observation`);
              for (const e of obs.events) if ((e.vis & (1 << seat)) === 0) wrong.push(`${at}: a ${e.type} event shown to seat ${seat}`);
              // The same as filtering the log by the seat's bit: nothing more, nothing less.
              const filtered = observe(game, seat).events;
              if (obs.events.length !== filtered.length || obs.events.some((e, k) => e !== filtered[k] && !isDeepStrictEqual(e, filtered[k])))
                wrong.push(`${at}: seat ${seat}'s events are not the log filtered by its bit`);
              for (const o of reachable({ decision: ctx.decision, obs })) if (secret.has(o)) wrong.push(`${at}: seat ${seat} can reach the moderator's state`);
              checked++;
              return a.decide(ctx);
            },
          }),
        );
        const played = playSync(game, audited);
        expect(played.invalid.reduce((x, y) => x + y, 0)).toBe(0);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(700);
  });

  it('an agent handed another seat\'s hidden events is an error, charged to its seat', () => {
    for (let i = 0; i < 5; i++) {
      const { game, agents } = newGame(TABLES[0]!, 500 + i, kind);
      // A leaky harness: seat 0's agent is shown the whole log (every card, the pack's choice).
      const leaky = agents.map(
        (a, seat): Agent =>
          seat !== 0
            ? a
            : {
                name: a.name,
                decide: (ctx) => a.decide({ ...ctx, observe: () => ({ ...ctx.observe(), events: game.log as readonly Event[] }) }),
              },
      );
      const errors: string[] = [];
      const played = playSync(game, leaky, { onInvalid: (e) => errors.push(e.message) });
      expect(played.invalid[0]).toBeGreaterThan(0);
      expect(played.fallbacks[0]).toBe(played.invalid[0]! / 3);
      expect(errors[0]).toMatch(/the agent failed: seat 0 was given a '(deal|death-cause|attack|pack|seer)' event it may not see/);
      // Every other seat played cleanly.
      expect(played.invalid.slice(1).every((k) => k === 0)).toBe(true);
    }
  });
});
