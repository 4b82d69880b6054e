// A seat's observation tells it nothing the rules do not: events are filtered by its bit,
// and a private event shows only that seat as its audience. The full mask would say who
// else saw it — the charmed would learn the Piper's seat from their 'charmed' event (004,
// Piper: the charmed wake and see each other, not the Piper), each power holder the
// others' from 'powers-lost' (001, Elder: the village's powers are lost, nobody is named).

import { describe, expect, test } from 'vitest';
import { playSync } from '../../agents/play.js';
import { randomAgent } from '../../agents/random.js';
import { ALL, Game, gameSeed, observe, Observer, resolveSetup, type Event, type GameSetup } from '../../engine/index.js';

function setup(roles: string, rules: string[] = []): GameSetup {
  const s = resolveSetup({ preset: 'standard', roles, rules });
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

const TABLES: [string, GameSetup][] = [
  ['the Piper and his charmed', setup('werewolf=2,piper,seer,witch,villager=5')],
  ['the Elder and the power holders', setup('werewolf=2,elder,seer,witch,hunter,guard,villager=3')],
  ['every role with New Moon', setup('werewolf=3,seer,witch,hunter,cupid,guard,thief,little-girl,elder,idiot,scapegoat,piper,villager=2', ['newMoon=all'])],
];

/** Who else saw each event of the seat's observation, as far as its masks tell. */
function othersNamed(events: readonly Event[], seat: number): number {
  let mask = 0;
  for (const e of events) if (e.vis !== ALL) mask |= e.vis & ~(1 << seat);
  return mask;
}

describe('an observation names no other audience', () => {
  test.each(TABLES)('%s: every seat, every decision, observe() and the Observer alike', (_what, s) => {
    let privateSeen = 0;
    for (let i = 0; i < 150; i++) {
      const g = new Game(s, gameSeed('observation', i));
      const observers = Array.from({ length: s.players }, (_, seat) => new Observer(g, seat));
      playSync(g, new Array(s.players).fill(randomAgent));
      for (let seat = 0; seat < s.players; seat++) {
        const whole = observe(g, seat).events;
        const live = observers[seat]!.current().events;
        expect(live).toEqual(whole);
        expect(othersNamed(whole, seat)).toBe(0);
        // Still every event of the log the seat may see, in order, and nothing else.
        const bit = 1 << seat;
        expect(whole.map((e) => e.type)).toEqual(g.log.filter((e) => (e.vis & bit) !== 0).map((e) => e.type));
        privateSeen += whole.filter((e) => e.vis !== ALL).length;
      }
    }
    expect(privateSeen).toBeGreaterThan(100);
  });

  // The driver's observers catch up at each of their seat's decisions, reading each
  // event's audience from the game (Game.audience: read off the log once for all seats).
  // Planted (the audience read one event short, or not caught up with the log): fails.
  test.each(TABLES)("%s: the driver's observation at every decision is observe()'s then", (_what, s) => {
    let asked = 0;
    for (let i = 0; i < 40; i++) {
      const g = new Game(s, gameSeed('observed', i));
      const agents = Array.from({ length: s.players }, (_, seat) => ({
        name: 'observing',
        decide: (ctx: Parameters<typeof randomAgent.decide>[0]) => {
          expect(ctx.observe().events).toEqual(observe(g, seat).events);
          asked++;
          return randomAgent.decide(ctx);
        },
      }));
      playSync(g, agents);
    }
    expect(asked).toBeGreaterThan(1000);
  });

  test("a charmed player's 'charmed' event does not name the Piper (it would with the log's mask)", () => {
    const s = TABLES[0]![1];
    let checked = 0;
    for (let i = 0; i < 200 && checked < 20; i++) {
      const g = new Game(s, gameSeed('charmed', i));
      playSync(g, new Array(s.players).fill(randomAgent));
      const piper = g.state.seats.findIndex((x) => x.dealt === 'piper');
      for (const e of g.log) {
        if (e.type !== 'charmed') continue;
        expect(e.vis & (1 << piper)).not.toBe(0); // the log's mask does name him
        for (const c of e.charmed) {
          const seen = observe(g, c).events.filter((x) => x.type === 'charmed');
          for (const x of seen) expect(x.vis & (1 << piper)).toBe(0);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  test("a power holder's 'powers-lost' event names no other holder", () => {
    const s = TABLES[1]![1];
    let lost = 0;
    for (let i = 0; i < 400; i++) {
      const g = new Game(s, gameSeed('powers', i));
      playSync(g, new Array(s.players).fill(randomAgent));
      for (const e of g.log) if (e.type === 'powers-lost' && e.vis !== ALL) lost++;
      for (let seat = 0; seat < s.players; seat++) expect(othersNamed(observe(g, seat).events, seat)).toBe(0);
    }
    expect(lost).toBeGreaterThan(0);
  });
});
