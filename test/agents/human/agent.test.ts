// A seat played by a person (agents/human/agent.ts), through a scripted desk: the person
// is shown exactly the seat's observation; a game stopped half-way is played again from
// the answers given and ends as it would have; a person who does not answer in time
// forfeits the decision, charged to the seat, and the replay forfeits it again.

import { describe, expect, it } from 'vitest';
import { Game, gameSeed, observe, resolveSetup, Rng, type Answer } from '../../../engine/index.js';
import { HumanAgent, MemoryRecord, type Asked, type HumanDesk, type HumanRecord } from '../../../agents/human/agent.js';
import { AbandonGame, playAsync } from '../../../agents/play.js';
import { traced } from '../../../agents/trace.js';
import { randomAnswer } from '../../../agents/random.js';
import { parseSeating, seatAgents } from '../../../agents/registry.js';
import type { Agent } from '../../../agents/types.js';

const setup = (() => {
  const s = resolveSetup({ preset: 'standard', players: 8 });
  if (!s.ok) throw new Error(s.error);
  return s.value;
})();
const PEOPLE = [0, 2, 5];

/**
 * A person who answers at once, as a seeded random player would (the same answer to the
 * same ask), but gets one ask in four wrong the first time (an answer of no decision's kind).
 */
const answerOf = (q: Asked): Answer =>
  q.n % 4 === 1 && q.lastError === undefined ? ({ kind: 'no-such-decision' } as unknown as Answer) : randomAnswer(q.decision, new Rng(`person-${q.seat}-${q.n}`));

/** A game of 004's 8 with people at PEOPLE and heuristic bots elsewhere. */
function table(index: number, desk: HumanDesk, record: HumanRecord, clockMs: number | null = null): { game: Game; agents: Agent[] } {
  const game = new Game(setup, gameSeed('people', index));
  const seating = parseSeating(['heuristic']);
  if (!seating.ok) throw new Error(seating.error);
  const agents: Agent[] = [...seatAgents(seating.value, game.state.seats.map((x) => x.dealt)).agents];
  for (const seat of PEOPLE) agents[seat] = new HumanAgent({ seat, person: seat === 0 ? 'alice' : '', desk, record, clockMs });
  return { game, agents };
}

describe('a person at the table', () => {
  it('is shown exactly the seat’s observation at each decision, and the game plays to its end', async () => {
    const shown: { seat: number; ok: boolean }[] = [];
    let game: Game | undefined;
    const desk: HumanDesk = {
      ask: async (q) => {
        // What the engine gives the seat now, and no more (the log's other events are not in it).
        shown.push({ seat: q.seat, ok: JSON.stringify(q.observation) === JSON.stringify(observe(game!, q.seat)) });
        return answerOf(q);
      },
    };
    const t = table(1, desk, new MemoryRecord());
    game = t.game;
    const played = await playAsync(t.game, t.agents);
    expect(t.game.over).toBe(true);
    expect(new Set(shown.map((x) => x.seat))).toEqual(new Set(PEOPLE));
    expect(shown.every((x) => x.ok)).toBe(true);
    expect(t.agents[0]!.name).toBe('human:alice');
    expect(t.agents[2]!.name).toBe('human');
    for (const seat of PEOPLE) expect(played.fallbacks[seat]).toBe(0);
    // Wrong answers are asked again, with why.
    expect(PEOPLE.reduce((n, seat) => n + played.invalid[seat]!, 0)).toBeGreaterThan(0);
  });

  // Mutation: the record not read first (the replay asks the desk from the start).
  it.each([3, 9, 14])('stopped after %i answers, then played again from them: the same game, the desk asked only from there', async (stopAt) => {
    const whole = new MemoryRecord();
    const w = table(2, { ask: async (q) => answerOf(q) }, whole);
    const wholePlayed = await playAsync(w.game, w.agents);
    expect(whole.size).toBeGreaterThan(stopAt);

    // The server dies after `stopAt` answers: the next ask is never answered.
    const kept = new MemoryRecord();
    let given = 0;
    const dying: HumanDesk = { ask: (q) => (given++ < stopAt ? Promise.resolve(answerOf(q)) : new Promise<Answer>(() => {})) };
    const stopped = table(2, dying, kept);
    void playAsync(stopped.game, stopped.agents);
    await new Promise((r) => setTimeout(r, 20));
    expect(kept.size).toBe(stopAt);

    // Started again on the answers kept: the desk is asked from the next one on.
    const askedAgain: number[] = [];
    const again = table(2, { ask: async (q) => (askedAgain.push(q.n), answerOf(q)) }, kept);
    const againPlayed = await playAsync(again.game, again.agents);
    expect(again.game.log).toEqual(w.game.log);
    // Its wrong answers too: each charged again as it was.
    expect(againPlayed.invalid).toEqual(wholePlayed.invalid);
    expect(askedAgain.length).toBe(whole.size - stopAt);
  });

  it('who does not answer in time forfeits the decision: the fallback, charged to the seat; the replay forfeits it again', async () => {
    const record = new MemoryRecord();
    const withdrawn: number[] = [];
    // Seat 2's person never answers; the others do at once.
    const desk: HumanDesk = {
      ask: (q) => (q.seat === 2 ? new Promise<Answer>(() => {}) : Promise.resolve(answerOf(q))),
      withdraw: (q) => withdrawn.push(q.seat),
    };
    const t = table(3, desk, record, 15);
    const played = await playAsync(t.game, t.agents);
    expect(t.game.over).toBe(true);
    expect(played.fallbacks[2]).toBe(played.asked[2]);
    expect(played.fallbacks[2]).toBeGreaterThan(0);
    expect(played.fallbacks[0]).toBe(0);
    expect(withdrawn.every((s) => s === 2)).toBe(true);
    expect(withdrawn).toHaveLength(played.asked[2]!);
    // Replayed from its record with a desk that would answer at once: the same game, seat 2 forfeiting again.
    const again = table(3, { ask: async (q) => answerOf(q) }, record, 15);
    const replayed = await playAsync(again.game, again.agents);
    expect(again.game.log).toEqual(t.game.log);
    expect(replayed.fallbacks).toEqual(played.fallbacks);
  });

  it('states beliefs at day votes: the metrics’ trace reads them, and the replay from the record states them again; beliefs a record holds that do not fit the table are asked again', async () => {
    const record = new MemoryRecord();
    // Each person gives 0.8 to the first candidate of a vote and 0.1 to the second.
    const desk: HumanDesk = {
      ask: async (q) => answerOf(q),
      beliefs: (q) => {
        if (q.decision.kind !== 'vote') return null;
        const p = new Float64Array(8).fill(NaN);
        q.decision.targets.slice(0, 2).forEach((t, k) => (p[t] = k === 0 ? 0.8 : 0.1));
        return p;
      },
    };
    const t = table(5, desk, record);
    const served = traced(t.agents);
    await playAsync(t.game, served.agents);
    const people = served.trace.beliefs.filter((b) => PEOPLE.includes(b.seat));
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((b) => [...b.p].filter((x) => x === 0.8).length === 1)).toBe(true);
    // Played again from the record alone: the same statements.
    const again = table(5, { ask: () => Promise.reject(new Error('not asked')) }, record);
    const replayed = traced(again.agents);
    await playAsync(again.game, replayed.agents);
    expect(again.game.log).toEqual(t.game.log);
    expect(replayed.trace.beliefs.map((b) => [b.seat, b.decision, [...b.p]])).toEqual(served.trace.beliefs.map((b) => [b.seat, b.decision, [...b.p]]));
    // A kept vote whose beliefs are about the voter himself, or of another table's size, is asked again.
    const vote = people[0]!;
    const n = [...Array(64).keys()].find((k) => { const g = record.given(vote.seat, k); return g !== undefined && 'beliefs' in g && g.beliefs !== undefined; })!;
    const kept = record.given(vote.seat, n) as { answer: Answer; beliefs: (number | null)[] };
    for (const beliefs of [kept.beliefs.map((x, i) => (i === vote.seat ? 0.5 : x)), [...kept.beliefs, null], kept.beliefs.map((x) => (x === null ? x : 2))]) {
      const damaged = new MemoryRecord();
      for (const seat of PEOPLE) for (let k = 0; k < 64; k++) { const g = record.given(seat, k); if (g !== undefined) damaged.keep(seat, k, seat === vote.seat && k === n ? { ...kept, beliefs } : g); }
      const asked: string[] = [];
      const d = table(5, { ask: async (q) => (asked.push(`${q.seat}/${q.n}`), answerOf(q)), beliefs: desk.beliefs }, damaged);
      await playAsync(d.game, d.agents);
      expect(asked[0]).toBe(`${vote.seat}/${n}`);
    }
  });

  it('stops waiting when a bot abandons the game (its run stopped): nothing is kept for the ask, and the replay asks it again', async () => {
    const record = new MemoryRecord();
    const withdrawn: number[] = [];
    // The people never answer the day's votes; seat 1's bot abandons its first vote (a model's budget spent).
    const desk: HumanDesk = {
      ask: (q) => (q.decision.kind === 'vote' ? new Promise<Answer>(() => {}) : Promise.resolve(answerOf(q))),
      withdraw: (q) => withdrawn.push(q.seat),
    };
    const t = table(4, desk, record);
    const bot = t.agents[1]!;
    t.agents[1] = { name: bot.name, decide: (ctx) => (ctx.decision.kind === 'vote' ? Promise.reject(new AbandonGame('the budget is spent')) : bot.decide(ctx)) };
    // Without the driver's signal the people would be waited for forever (no clock): the test times out.
    await expect(playAsync(t.game, t.agents)).rejects.toThrow('the budget is spent');
    expect(t.game.over).toBe(false);
    const owed = t.game.pending().filter((d) => PEOPLE.includes(d.seat));
    expect(owed.length).toBeGreaterThan(0);
    expect(withdrawn.sort()).toEqual(owed.map((d) => d.seat).sort());
    // The asks were not kept: played again with people who answer, the game asks them and goes on to its end.
    const asked: string[] = [];
    const again = table(4, { ask: async (q) => (asked.push(`${q.seat} ${q.decision.kind}`), answerOf(q)) }, record);
    await playAsync(again.game, again.agents);
    expect(again.game.over).toBe(true);
    expect(asked.slice(0, owed.length).sort()).toEqual(owed.map((d) => `${d.seat} vote`).sort());
  }, 10_000);
});
