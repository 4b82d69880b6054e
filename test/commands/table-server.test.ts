// The table's server (commands/table-server.ts) through its HTTP API, as browsers would
// use it: people play their seats to the game's end seeing only their own observation;
// hostile requests are refused, counted, and change nothing; a person out of time gets
// the fallback; a server stopped mid-game and started again on the same answers ends the
// game as it would have ended.

import { afterEach, describe, expect, it } from 'vitest';
import { gameSeed, observe, resolveSetup, Rng, type Answer, type Game } from '../../engine/index.js';
import { MemoryRecord } from '../../agents/human/agent.js';
import { randomAnswer } from '../../agents/random.js';
import { parseSeating, seatAgents } from '../../agents/registry.js';
import { describe as narrate } from '../../narrate/transcript.js';
import { visible } from '../../narrate/escape.js';
import { MAX_BODY, startTable, type Table } from '../../commands/table-server.js';
import type { DecisionTrace } from '../../agents/trace.js';

const setup = (() => {
  const s = resolveSetup({ preset: 'standard', players: 8 });
  if (!s.ok) throw new Error(s.error);
  return s.value;
})();
const PEOPLE = new Map([
  [0, 'alice'],
  [2, ''],
  [5, 'bob'],
]);
const bots = (game: Game) => {
  const seating = parseSeating(['heuristic']);
  if (!seating.ok) throw new Error(seating.error);
  return seatAgents(seating.value, game.state.seats.map((x) => x.dealt)).agents;
};
const open: Table[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

async function table(o: { clockMs?: number | null; record?: MemoryRecord } = {}): Promise<Table> {
  const t = await startTable({ setup, seed: gameSeed('table', 4), people: PEOPLE, bots, clockMs: o.clockMs ?? null, record: o.record });
  open.push(t);
  return t;
}

interface State {
  seat: string;
  card: string | null;
  over: boolean;
  lines: string[];
  game: number;
  games: number;
  played: number[];
  owed: null | { game: number; n: number; kind: string; decision: Parameters<typeof randomAnswer>[0]; legal: Answer[] | null; error: string | null };
}

const get = async (t: Table, path: string) => fetch(`${t.url}${path}`);
const post = async (t: Table, token: string, body: string) => fetch(`${t.url}/api/seat/${token}/answer`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
const stateOf = async (t: Table, token: string) => (await (await get(t, `/api/seat/${token}`)).json()) as State;

/** A person's answer to ask n of the seat: the same every time (a replay gives the same). */
const choose = (seat: number, s: NonNullable<State['owed']>): Answer => randomAnswer(s.decision, new Rng(`person-${seat}-${s.n}`));

/** The people play (each polling its seat) until the game is over or `stopAfter` answers are given; each state seen is checked by `seen`. */
async function people(t: Table, o: { stopAfter?: number; seen?: (seat: number, s: State) => void; only?: (seat: number) => boolean } = {}): Promise<number> {
  let given = 0;
  for (;;) {
    if (t.game.over || given >= (o.stopAfter ?? Infinity)) return given;
    let answered = false;
    for (const s of t.seats.filter((x) => o.only?.(x.seat) ?? true)) {
      const st = await stateOf(t, s.token);
      o.seen?.(s.seat, st);
      if (st.owed !== null && given < (o.stopAfter ?? Infinity)) {
        const r = await post(t, s.token, JSON.stringify({ game: st.owed.game, n: st.owed.n, answer: choose(s.seat, st.owed) }));
        expect(r.status).toBe(200);
        given++;
        answered = true;
      }
    }
    if (!answered) await new Promise((r) => setTimeout(r, 2));
  }
}

/** The seat's whole observation, narrated as the page shows it. */
const narrated = (game: Game, seat: number) => observe(game, seat).events.map((e) => narrate(e)).filter((x): x is string => x !== null).map((x) => visible(x));

describe('the table through its API', () => {
  it('three people play their seats to the end, each shown only what its seat observes', async () => {
    const t = await table();
    expect(t.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new Set(t.seats.map((s) => s.token)).size).toBe(3);
    for (const s of t.seats) expect(s.token).toMatch(/^[0-9a-f]{32}$/);
    const seen: { seat: number; lines: string[] }[] = [];
    await people(t, { seen: (seat, s) => seen.push({ seat, lines: s.lines }) });
    const played = await t.done;
    expect(t.game.over).toBe(true);
    for (const seat of PEOPLE.keys()) expect(played.fallbacks[seat]).toBe(0);
    // Every page a seat was shown is a beginning of its own observation: never a line of another's.
    for (const { seat, lines } of seen) expect(narrated(t.game, seat).slice(0, lines.length)).toEqual(lines);
    // Its own card, as dealt.
    for (const s of t.seats) expect((await stateOf(t, s.token)).card).toBe(t.game.state.seats[s.seat]!.dealt);
    expect(t.refused()).toBe(0);
  });

  it('refuses a wrong token, a decision not owed, malformed and oversized bodies and a flood: each counted, the game unchanged and going on', async () => {
    const t = await table();
    const [a, b] = t.seats;
    let st = await stateOf(t, a!.token);
    for (let k = 0; st.owed === null && k < 500; k++) {
      await people(t, { stopAfter: 1 });
      st = await stateOf(t, a!.token);
    }
    expect(st.owed).not.toBeNull();
    const logBefore = t.game.log.length;
    const refusals: [Promise<Response>, number][] = [
      [get(t, '/api/seat/0123456789abcdef0123456789abcdef'), 403],
      [post(t, '0123456789abcdef0123456789abcdef', '{}'), 403],
      [get(t, `/api/host/${a!.token}`), 403],
      [post(t, a!.token, JSON.stringify({ game: 0, n: st.owed!.n + 7, answer: choose(0, st.owed!) })), 409],
      [post(t, a!.token, JSON.stringify({ game: 1, n: st.owed!.n, answer: choose(0, st.owed!) })), 409],
      [post(t, a!.token, JSON.stringify({ n: st.owed!.n, answer: choose(0, st.owed!) })), 409],
      [post(t, a!.token, '{"n": '), 400],
      [post(t, a!.token, '[1, 2]'), 400],
      [post(t, a!.token, JSON.stringify({ game: 0, n: st.owed!.n, answer: { kind: 'no-such-kind' } })), 409],
      [post(t, a!.token, JSON.stringify({ game: 0, n: st.owed!.n, answer: { kind: st.owed!.kind, text: 'x'.repeat(1 << 20) } })), 413],
      [get(t, '/etc/passwd'), 404],
    ];
    for (const [r, status] of refusals) expect((await r).status).toBe(status);
    const flood = await Promise.all(Array.from({ length: 200 }, () => post(t, b!.token, JSON.stringify({ game: 0, n: -1, answer: {} }))));
    expect(flood.every((r) => r.status === 409)).toBe(true);
    expect(t.refused()).toBe(refusals.length + 200);
    expect(t.game.log.length).toBe(logBefore);
    // Still owed, still answerable: the game goes on to its end.
    expect((await stateOf(t, a!.token)).owed?.n).toBe(st.owed!.n);
    await people(t);
    await t.done;
    expect(t.game.over).toBe(true);
    expect(MAX_BODY).toBeLessThan(1 << 20);
  });

  it('takes beliefs stated with a day vote (the metrics’ trace holds them); refuses malformed ones, or ones with another decision, the decision still owed', async () => {
    let trace: DecisionTrace | undefined;
    const t = await startTable({ setup, seed: gameSeed('table', 4), people: PEOPLE, bots, clockMs: null, onGameOver: (_g, _game, _played, tr) => void (trace = tr) });
    open.push(t);
    // The people answer until one of them owes a decision of the kind looked for.
    const owes = async (kind: (k: string) => boolean) => {
      for (let k = 0; k < 4000 && !t.game.over; k++) {
        for (const s of t.seats) {
          const st = await stateOf(t, s.token);
          if (st.owed === null) continue;
          if (kind(st.owed.kind)) return { seat: s, owed: st.owed };
          await post(t, s.token, JSON.stringify({ game: 0, n: st.owed.n, answer: choose(s.seat, st.owed) }));
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      throw new Error('no person owes such a decision');
    };
    const other = await owes((k) => k !== 'vote');
    expect((await post(t, other.seat.token, JSON.stringify({ game: 0, n: other.owed.n, answer: choose(other.seat.seat, other.owed), beliefs: { P2: 0.5 } }))).status).toBe(409);
    const { seat: a, owed: vote } = await owes((k) => k === 'vote');
    const self = `P${a.seat + 1}`;
    const another = `P${((a.seat + 1) % 8) + 1}`;
    const refused = t.refused();
    for (const beliefs of [{ [self]: 0.5 }, { [another]: 1.5 }, { P99: 0.1 }, { [another]: '70%' }, 'high', [0.5]])
      expect((await post(t, a.token, JSON.stringify({ game: 0, n: vote.n, answer: choose(a.seat, vote), beliefs }))).status).toBe(409);
    expect(t.refused()).toBe(refused + 6);
    expect((await stateOf(t, a.token)).owed?.n).toBe(vote.n);
    expect((await post(t, a.token, JSON.stringify({ game: 0, n: vote.n, answer: choose(a.seat, vote), beliefs: { [another]: 0.7 } }))).status).toBe(200);
    await people(t);
    await t.done;
    const stated = trace!.beliefs.filter((b) => b.seat === a.seat);
    expect(stated).toHaveLength(1);
    expect(stated[0]!.p[(a.seat + 1) % 8]).toBe(0.7);
    expect([...stated[0]!.p].filter((x) => !Number.isNaN(x))).toEqual([0.7]);
  });

  it('an answer the engine refuses is asked again, with why', async () => {
    const t = await table();
    let st = await stateOf(t, t.seats[0]!.token);
    for (let k = 0; (st.owed === null || st.owed.legal === null) && k < 500; k++) {
      await people(t, { stopAfter: 1 });
      st = await stateOf(t, t.seats[0]!.token);
    }
    expect(st.owed?.legal).not.toBeNull();
    // A target no seat has: read, then refused by the engine.
    expect((await post(t, t.seats[0]!.token, JSON.stringify({ game: 0, n: st.owed!.n, answer: { kind: st.owed!.kind, target: 99 } }))).status).toBe(200);
    let again = await stateOf(t, t.seats[0]!.token);
    for (let k = 0; again.owed === null && k < 100; k++) {
      await new Promise((r) => setTimeout(r, 2));
      again = await stateOf(t, t.seats[0]!.token);
    }
    expect(again.owed?.n).toBe(st.owed!.n + 1);
    expect(again.owed?.error).toMatch(/\S/);
  });

  it('a person out of time gets the fallback, charged to the seat', async () => {
    const t = await table({ clockMs: 10 });
    const played = await t.done;
    expect(t.game.over).toBe(true);
    for (const seat of PEOPLE.keys()) expect(played.fallbacks[seat]).toBe(played.asked[seat]);
  });

  it('a series: the same people at the same seats play its games one after the other, each the game its seed deals; an answer to a game over is refused', async () => {
    const games = [0, 1, 2].map((index) => ({ index, seed: gameSeed('series', index), record: new MemoryRecord() }));
    const logs = new Map<number, string>();
    const t = await startTable({ setup, people: PEOPLE, bots, clockMs: null, games, onGameOver: (g, game) => void logs.set(g.index, JSON.stringify(game.log)) });
    open.push(t);
    let ended = false;
    void t.done.then(() => (ended = true));
    let staleRefused = false;
    const [a] = t.seats;
    while (!ended) {
      const st = await stateOf(t, a!.token);
      expect(st.games).toBe(3);
      if (!staleRefused && st.game === 1 && st.owed !== null) {
        // The same decision number, for the game before: refused, the decision still owed.
        expect((await post(t, a!.token, JSON.stringify({ game: 0, n: st.owed.n, answer: choose(a!.seat, st.owed) }))).status).toBe(409);
        expect((await stateOf(t, a!.token)).owed?.n).toBe(st.owed.n);
        staleRefused = true;
        // The game over is listed, and the seat may see its replay (every card, as after any game); never the game in play's.
        expect(st.played).toEqual([0]);
        const over = await get(t, `/seat/${a!.token}/replay/0`);
        expect(over.status).toBe(200);
        expect(await over.text()).toContain('svg');
        for (const path of [`/seat/${a!.token}/replay/1`, `/seat/${a!.token}/replay/2`, `/seat/${a!.token}/replay/x`, `/seat/${'0'.repeat(32)}/replay/0`])
          expect((await get(t, path)).status).toBe(403);
      }
      if ((await people(t, { stopAfter: 1 })) === 0) await new Promise((r) => setTimeout(r, 2));
    }
    expect(staleRefused).toBe(true);
    expect([...logs.keys()]).toEqual([0, 1, 2]);
    // Each game is the one a table of that seed alone plays, with the same answers.
    for (const g of games) {
      const alone = await startTable({ setup, seed: g.seed, people: PEOPLE, bots, clockMs: null });
      open.push(alone);
      await people(alone);
      await alone.done;
      expect(JSON.stringify(alone.game.log)).toBe(logs.get(g.index));
    }
    expect(new Set(logs.values()).size).toBe(3);
    // The host's replay of each game over.
    const host = `/host/${t.hostToken}/replay`;
    for (const i of [0, 1, 2]) expect((await get(t, `${host}/${i}`)).status).toBe(200);
    expect((await get(t, `${host}/3`)).status).toBe(403);
  });

  it('stopped mid-game and started again on the answers given: the game ends as the uninterrupted one', async () => {
    const whole = await table({ record: new MemoryRecord() });
    await people(whole);
    await whole.done;
    const record = new MemoryRecord();
    const first = await table({ record });
    expect(await people(first, { stopAfter: 6 })).toBe(6);
    await first.close();
    const second = await table({ record });
    await people(second);
    await second.done;
    expect(second.game.log).toEqual(whole.game.log);
  });
});
