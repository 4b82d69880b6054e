// Forks (studies/fork.ts, fork-game.ts): a fork's prefix is the stored game's, event for
// event, for 1,000 random forks over every preset and variant with random and heuristic
// agents; the same fork twice is the same game; a fork with no edit, or with the stored
// answer given as the edit, is the stored game to its end, byte for byte. The edit is what
// the fork's game took at its decision.
//
// Can fail: if the forked seat's agent were not asked at the decision (the edit played
// without drawing what the agent draws there), its stream would run one answer behind and
// "the stored answer as the edit" would no longer reproduce the game (tried: the second
// test then fails at its first heuristic fork).

import { describe, expect, it } from 'vitest';
import type { AskedDecision } from '../../agents/asked.js';
import { CLAIM_TYPES, Game, legalAnswers, resolveSetup, ROLES, Rng, type Answer, type Claim, type Decision, type Event } from '../../engine/index.js';
import type { Agent, DecisionContext } from '../../agents/types.js';
import { HostFailure, playAsync, playSync } from '../../agents/play.js';
import { randomAgent } from '../../agents/random.js';
import { forkAgents } from '../../studies/fork.js';
import { answerLabel } from '../../agents/llm/choices.js';
import type { Edit } from '../../studies/edit.js';
import { forkBots, forkPoint, type ForkOutcome } from '../../studies/fork-game.js';
import { replayTraced, type StoredGame } from '../../studies/stored.js';
import { memoryGame } from './helpers.js';

const PRESETS = ['standard', 'classic', 'introduction', 'thiercelieux'];
const VARIANTS: Record<string, string[]> = { plain: [], harvest: ['harvestFestival=true'], moon: ['newMoon=all'], both: ['harvestFestival=true', 'newMoon=all'] };
/** Tables of the presets, and a mix with most roles (more kinds of decisions to fork). */
const SETUPS = [
  ...PRESETS.map((preset) => ({ preset, players: 8 })),
  { preset: 'classic', roles: 'werewolf=2,seer,witch,hunter,guard,little-girl,piper,thief,villager=2' },
  { preset: 'standard', roles: 'werewolf=3,seer,witch,hunter,cupid,guard,elder,idiot,scapegoat,piper,little-girl,thief,villager=2' },
];
const AGENTS = [['random'], ['heuristic'], ['heuristic', 'werewolves=random']];

async function original(g: StoredGame) {
  const r = await replayTraced(g, undefined);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function fork(g: StoredGame, o: Awaited<ReturnType<typeof original>>, at: number, edit: Edit): ForkOutcome {
  const p = forkPoint(g, o, at, edit);
  if (!p.ok) throw new Error(p.error);
  const f = forkBots(g, p.value, o);
  if (!f.ok) throw new Error(f.error);
  return f.value;
}

/** The speech event a speech decision wrote (its claims and words). */
function speechAt(o: { game: { log: readonly Event[] } }, d: AskedDecision): { claims: readonly Claim[]; text?: string | undefined } {
  const e = o.game.log[d.asked];
  if (e?.type !== 'speech') throw new Error(`decision #${d.id} wrote no speech`);
  return e;
}

const bytes = (f: ForkOutcome) => JSON.stringify({ log: f.fork.game.log, outcome: f.fork.played?.outcome });

/** A random legal edit of decision `d` (speeches: silence or other claims). */
function randomEdit(d: AskedDecision, players: number, rng: Rng): Edit {
  if (d.decision.kind === 'speech') {
    if (rng.int(2) === 0) return { kind: 'silence' };
    const others = Array.from({ length: players }, (_, i) => i).filter((s) => s !== d.seat);
    const claims: Claim[] = [];
    const type = CLAIM_TYPES[rng.int(CLAIM_TYPES.length)]!;
    if (type === 'role') claims.push({ type, role: ROLES[rng.int(ROLES.length)]! });
    else if (type === 'seen') claims.push({ type, target: others[rng.int(others.length)]!, result: 'werewolf' });
    else if (type === 'action') claims.push({ type, action: 'protected', target: others[rng.int(others.length)]! });
    else claims.push({ type, target: others[rng.int(others.length)]! });
    return { kind: 'speech', claims, text: rng.int(2) === 0 ? undefined : 'a forked word' };
  }
  const all = legalAnswers(d.decision)!;
  const label = answerLabel(d.decision, all[rng.int(all.length)]!);
  return { kind: 'answer', value: label === '' ? 'none' : label };
}

describe('a fork', () => {
  it('keeps the stored game up to its decision, plays the edit there, and is the same on a second run: 1,000 random forks over every preset and variant', async () => {
    const rng = new Rng('forks');
    let n = 0;
    let changed = 0;
    const kinds = new Set<string>();
    const cells = SETUPS.flatMap((s) => Object.values(VARIANTS).flatMap((rules) => AGENTS.map((agents) => ({ s, rules, agents }))));
    for (let i = 0; i < 1000; i++) {
      const c = cells[i % cells.length]!;
      const g = memoryGame({ ...c.s, rules: c.rules }, c.agents, `fork-${i % 7}`, rng.int(50));
      const o = await original(g);
      const ids = o.asked.filter((d) => d !== undefined);
      const d = ids[rng.int(ids.length)]!;
      const edit = randomEdit(d, g.config.setup.players, rng);
      const f = fork(g, o, d.id, edit);
      // The prefix: every event before the decision was asked, as stored (compareFork checks it; here again, plainly).
      expect(JSON.stringify(f.fork.game.log.slice(0, f.from))).toBe(JSON.stringify(o.game.log.slice(0, f.from)));
      // The edit is what the game took at the decision.
      expect(f.fork.asked[d.id]?.answer).toEqual(f.replacement);
      // The same fork again: the same game, byte for byte.
      expect(bytes(fork(g, o, d.id, edit))).toBe(bytes(f));
      kinds.add(d.kind);
      if (!f.identical) changed++;
      n++;
    }
    expect(n).toBe(1000);
    // The forks reach the decisions of every role and variant, and most edits change the game.
    expect(kinds.size).toBeGreaterThanOrEqual(14);
    expect(changed).toBeGreaterThan(400);
  }, 60_000);

  it('with no edit, or with the stored answer as its edit, is the stored game to its end, byte for byte', async () => {
    const rng = new Rng('no-edit');
    for (let i = 0; i < 80; i++) {
      const s = SETUPS[i % SETUPS.length]!;
      const g = memoryGame({ ...s, rules: Object.values(VARIANTS)[i % 4] }, AGENTS[i % AGENTS.length]!, 'same', i);
      const o = await original(g);
      const ids = o.asked.filter((d) => d !== undefined);
      const d = ids[rng.int(ids.length)]!;
      const stored = JSON.stringify({ log: o.game.log, outcome: o.played.outcome });
      expect(bytes(fork(g, o, d.id, { kind: 'none' }))).toBe(stored);
      const edit: Edit =
        d.decision.kind === 'speech'
          ? { kind: 'speech', claims: speechAt(o, d).claims, text: speechAt(o, d).text }
          : { kind: 'answer', value: answerLabel(d.decision, d.answer) || 'none' };
      const f = fork(g, o, d.id, edit);
      expect(f.identical).toBe(true);
      expect(bytes(f)).toBe(stored);
    }
  });

  it('shows both games side by side from the decision on, marking the rows that differ', async () => {
    const g = memoryGame({ preset: 'standard', players: 8 }, ['heuristic'], '3', 3);
    const o = await original(g);
    const seer = o.asked.find((d) => d?.kind === 'speech' && o.game.state.seats[d.seat]!.dealt === 'seer' && speechAt(o, d).claims.length > 0)!;
    const f = fork(g, o, seer.id, { kind: 'silence' });
    expect(f.rows.length).toBeGreaterThan(0);
    expect(f.rows.at(-1)).toMatchObject({ phase: 'End', what: 'result' });
    for (const r of f.rows) expect(r.same).toBe(r.original === r.fork);
    // The day's ballot is there on both sides.
    expect(f.rows.some((r) => r.what === 'vote' && r.original !== null && r.fork !== null)).toBe(true);
  });
});

describe("a fork's fresh streams", () => {
  /** The first number each decision of seat 0 draws after the fork, asked in this order (kind, id). */
  function draws(asked: readonly (readonly [string, number])[]): number[] {
    const setup = resolveSetup({ players: 8 });
    if (!setup.ok) throw new Error(setup.error);
    const out: number[] = [];
    const inner: Agent = { name: 'probe', decide: (ctx) => (out.push(ctx.rng.float()), { kind: 'vote', target: null }) };
    const [seat] = forkAgents([inner], new Game(setup.value, 'g'), { at: 5, fresh: 'fresh' });
    for (const [kind, id] of asked) void seat!.decide({ decision: { id, seat: 0, kind } as unknown as Decision, rng: new Rng('stored'), observe: () => { throw new Error('not read'); } });
    return out;
  }

  it('are keyed by the decision: a vote draws the same after an extra decision in one arm, and a decision asked again goes on with its own', () => {
    const plain = draws([['vote', 6], ['vote', 7]]);
    const extra = draws([['election', 6], ['vote', 7], ['vote', 8]]);
    expect(extra.slice(1)).toEqual(plain);
    expect(extra[0]).not.toBe(plain[0]);
    // Asked again (the same id): its stream goes on, it does not start over.
    const again = draws([['vote', 6], ['vote', 6], ['vote', 7]]);
    expect(again[0]).toBe(plain[0]);
    expect(again[1]).not.toBe(plain[0]);
    expect(again[2]).toBe(plain[1]);
  });
});

describe("the fork's edited decision, when the agent's host fails", () => {
  // A damaged record met at the edited decision is not the agent failing (whose answer the
  // edit would replace): the fork passes it on, and the driver reports it (agents/play.ts
  // HostFailure). An ordinary error there is the control: the edit stands.
  const setup = resolveSetup({ preset: 'standard', players: 8 });
  if (!setup.ok) throw new Error(setup.error);
  const SEED = 'fork-host';
  // The first decision's legal answer, as a random agent gave it: the edit.
  let edit: Answer | undefined;
  const first = new Game(setup.value, SEED);
  playSync(first, Array.from({ length: 8 }, () => ({ name: 'r', decide: (ctx: DecisionContext) => { const a = randomAgent.decide(ctx) as Answer; if (ctx.decision.id === 0) edit = a; return a; } })));
  const failingAt0 = (fail: () => Error, async: boolean): Agent => ({
    name: 'failing',
    decide: (ctx) => {
      if (ctx.decision.id !== 0) return randomAgent.decide(ctx);
      return async ? Promise.reject(fail()) : (() => { throw fail(); })();
    },
  });
  it.each([false, true])('async %s: a HostFailure there ends the game; an ordinary error leaves the edit played', async (async) => {
    const play = (fail: () => Error) => {
      const game = new Game(setup.value, SEED);
      const agents = forkAgents(Array.from({ length: 8 }, () => failingAt0(fail, async)), game, { at: 0, answer: edit });
      return async ? playAsync(game, agents) : Promise.resolve().then(() => playSync(game, agents));
    };
    await expect(play(() => new HostFailure('the record is damaged'))).rejects.toThrow('the record is damaged');
    const played = await play(() => new Error('boom'));
    expect(played.invalid.reduce((a, b) => a + b, 0)).toBe(0);
  });
});
