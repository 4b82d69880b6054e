// The table's server (issue 27): one game in which some seats are played by people, each
// from a browser, through a small HTTP API — node:http, and server-sent events for the
// pushes (a seat's view changed): the pushes go one way and answers are single POSTs, so
// SSE's one-way stream, which a browser reopens by itself after a reload or a lost
// connection, is all it takes; no WebSocket library.
//
// Each seat has a secret token (128 random bits, never from the game's seed) in its link;
// the host has one too. A seat's state is its observation and nothing more — the engine's
// `observe` of that seat, narrated — and the decision it owes with its legal answers. An
// answer is read as a process agent's reply is (agents/exec/protocol.ts `readAnswer`):
// untrusted, under a size cap, for the decision owed now (its number), or refused; the
// engine then judges it as any agent's (an illegal one is asked again, charged). Every
// refused request is counted and changes nothing.

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Game, legalAnswers, observe, type Answer, type GameSetup } from '../engine/index.js';
import { HumanAgent, MemoryRecord, type Asked, type HumanDesk, type HumanRecord } from '../agents/human/agent.js';
import { readBeliefs } from '../agents/beliefs.js';
import { playAsync, type PlayedGame, type PlayOptions } from '../agents/play.js';
import type { Agent } from '../agents/types.js';
import { traced, type DecisionTrace } from '../agents/trace.js';
import { readAnswer } from '../agents/exec/protocol.js';
import { describe, P } from '../narrate/transcript.js';
import { visible } from '../narrate/escape.js';
import { hostPage, seatPage } from './table-pages.js';
import { replayPage } from '../reports/replay-page.js';

/** The largest request body read (a speech's words and claims fit many times over). */
export const MAX_BODY = 64 * 1024;

/** One game of a series: its index in the run, its seed, and where its answers are kept. */
export interface TableGame {
  readonly index: number;
  readonly seed: string;
  readonly record?: HumanRecord | undefined;
}

export interface TableOptions {
  readonly setup: GameSetup;
  /** The game's seed (`gameSeed(run, i)`), for a table of one game (else `games`). */
  readonly seed?: string;
  /** Who sits where: a person's name ('' for a plain `human`) at the seats people play. */
  readonly people: ReadonlyMap<number, string>;
  /** The bots at the other seats (one per seat; a person's seat's entry is not used). */
  readonly bots: (game: Game) => readonly Agent[];
  /** Each seat's agent by name, for the host's page (default: the first game's agents' names; a caller whose bots hold processes names them without making them). */
  readonly names?: (game: Game) => readonly string[];
  /** The clock per decision (ms), or null for none. */
  readonly clockMs: number | null;
  /** Where to listen (default 127.0.0.1: this machine only), and the port (default 0: any free one). */
  readonly host?: string;
  readonly port?: number;
  /** The answers already given (a restart on the same record goes on from them), for a table of one game. */
  readonly record?: HumanRecord | undefined;
  /** A series: its games, played one after the other by the same people at the same seats. */
  readonly games?: readonly TableGame[];
  /** How a game's wrong answers are asked again and reported (a model's session has its own: runs/llm/game.ts `playOptions`); default the drivers'. */
  readonly playOptions?: (game: Game) => PlayOptions;
  /** Each game at its end, before the next begins, with its decisions traced (the CLI stores it). */
  readonly onGameOver?: (g: TableGame, game: Game, played: PlayedGame, trace: DecisionTrace) => Promise<void> | void;
  /** When the game begins: at once (default), or when the host presses start. */
  readonly start?: 'now' | 'host';
  /**
   * The run's seat order: where game `seed`'s dealt cards go (card i to seat order[i]), or
   * undefined where they stay (default). A person moves with the card of their seat: their
   * link stays theirs, their seat changes from game to game.
   */
  readonly seatOrder?: (seed: string) => readonly number[] | undefined;
  /**
   * Where the person given as `person` (a key of `people`) sits in `game`, when the key is
   * not a seat: people on a side (`werewolves=human`) take its seats, the k-th person the
   * k-th seat dealt a card of the side. Default: the key is the seat (moved by `seatOrder`).
   */
  readonly seatOf?: (game: Game, person: number) => number;
}

export interface TableSeat {
  readonly seat: number;
  readonly person: string;
  readonly token: string;
}

export interface Table {
  /** The server's address, `http://HOST:PORT`. */
  readonly url: string;
  readonly hostToken: string;
  readonly seats: readonly TableSeat[];
  /** Requests refused (a wrong token, a decision not owed, a malformed or oversized body…). */
  readonly refused: () => number;
  /** The series played to its end: the last game's play. */
  readonly done: Promise<PlayedGame>;
  /** The game in play (the last one, at the end). */
  readonly game: Game;
  close(): Promise<void>;
}

/** One seat's desk: the ask it owes, resolved by the person's POST. */
class SeatDesk implements HumanDesk {
  pending: { readonly q: Asked; readonly resolve: (a: Answer) => void } | null = null;
  private readonly listeners = new Set<() => void>();
  /** The beliefs stated with the answer to ask n (a day vote's). */
  private stated: { readonly n: number; readonly p: Float64Array | null } | null = null;

  beliefs(q: Asked): Float64Array | null {
    return this.stated?.n === q.n ? this.stated.p : null;
  }

  ask(q: Asked): Promise<Answer> {
    return new Promise<Answer>((resolve) => {
      this.pending = { q, resolve };
      this.changed();
    });
  }

  withdraw(): void {
    this.pending = null;
    this.changed();
  }

  /**
   * The person's reply `{"game": G, "n": N, "answer": {…}, "beliefs": {"P3": 0.7, …}}`
   * (parsed, untrusted; beliefs optional, at a day vote only) in game `game`: resolved, or
   * why it is refused.
   */
  answer(reply: Record<string, unknown>, game: number): string | null {
    const p = this.pending;
    const n = reply['n'];
    if (reply['game'] !== game) return `the game in play is game ${game}, not ${JSON.stringify(reply['game'] ?? null).slice(0, 40)}: answer with its number`;
    if (p === null || n !== p.q.n) return `no decision numbered ${JSON.stringify(n ?? null).slice(0, 40)} is owed by this seat${p === null ? '' : ` (the one owed is ${p.q.n})`}`;
    const read = readAnswer('', p.q.n, p.q.decision, { id: n, answer: reply['answer'] });
    if (!read.ok) return read.error;
    const stated = readBeliefs(reply['beliefs'], p.q.seat, p.q.observation.players);
    if (!stated.ok) return stated.error;
    if (stated.value !== null && p.q.decision.kind !== 'vote') return 'beliefs go with a day vote only';
    this.stated = { n: p.q.n, p: stated.value };
    this.pending = null;
    p.resolve(read.value as Answer);
    this.changed();
    return null;
  }

  onChange(f: () => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  changed(): void {
    for (const f of this.listeners) f();
  }
}

/** What a seat's page shows: its observation in words, and the decision owed with its legal answers. */
export function seatState(
  game: Game,
  seat: number,
  person: string,
  desk: SeatDesk,
  /** The game in play, the series' length, and its games over (their replays may be shown: every card is, after the end). */
  series: { readonly index: number; readonly games: number; readonly played?: readonly number[] } = { index: 0, games: 1 },
): Record<string, unknown> {
  const obs = observe(game, seat);
  const owed = desk.pending?.q;
  const legal = owed === undefined ? null : legalAnswers(owed.decision);
  // The card the seat was dealt (its own deal event; a thief's taken card shows in the log).
  const dealt = obs.events.find((e) => e.type === 'deal' && e.seat === seat);
  return {
    seat: P(seat),
    person: visible(person),
    card: dealt?.type === 'deal' ? dealt.role : null,
    game: series.index,
    games: series.games,
    played: series.played ?? [],
    over: game.over,
    lines: obs.events.map((e) => describe(e)).filter((t): t is string => t !== null).map((t) => visible(t)),
    owed:
      owed === undefined
        ? null
        : {
            game: series.index,
            n: owed.n,
            kind: owed.decision.kind,
            decision: owed.decision,
            legal,
            choices: legal?.map((answer) => ({ label: choiceLabel(answer), answer })) ?? null,
            seats: Array.from({ length: obs.players }, (_, k) => P(k)),
            error: owed.lastError?.message ?? null,
            deadline: owed.deadline,
          },
  };
}

/** A legal answer in words, for its button: a seat as P3, "nobody" for a pass, other fields as they are. */
export function choiceLabel(answer: Answer): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(answer)) {
    if (key === 'kind') continue;
    const seatField = key === 'target' || key === 'targets' || key === 'unfaithful' || key === 'secret' || key === 'about';
    const shown = (v: unknown): string => (v === null ? 'nobody' : Array.isArray(v) ? v.map(shown).join(' + ') : seatField && typeof v === 'number' ? P(v) : String(v));
    parts.push(key === 'target' ? shown(value) : `${key} ${shown(value)}`);
  }
  return parts.join(', ') || answer.kind;
}

function html(res: ServerResponse, page: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(page);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
}

/** The body, or null when it is larger than MAX_BODY (the rest is not read). */
function bodyOf(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY) return resolve(null);
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (b: Buffer) => {
      size += b.length;
      if (size > MAX_BODY) {
        req.destroy();
        resolve(null);
      } else parts.push(b);
    });
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the server and the game; the game waits for the people's answers. */
export async function startTable(o: TableOptions): Promise<Table> {
  const plan: readonly TableGame[] = o.games ?? [{ index: 0, seed: o.seed ?? '', record: o.record }];
  if (plan.length === 0) throw new Error('a table serves at least one game');
  // The game in play, and where it stands in the series.
  let current = 0;
  const dealt = (seed: string) => {
    const order = o.seatOrder?.(seed);
    return new Game(o.setup, seed, order === undefined ? {} : { seatOrder: order });
  };
  let game = dealt(plan[0]!.seed);
  /** Where the person of seat `base` (as the people are given) sits in `g`: with their card. */
  const seatIn = (g: Game, base: number) => o.seatOf?.(g, base) ?? o.seatOrder?.(g.seed)?.[base] ?? base;
  /** The person's seat (as given) sitting at `seat` of `g`, if a person sits there. */
  const personAt = (g: Game, seat: number) => [...o.people.keys()].find((base) => seatIn(g, base) === seat);
  const series = () => ({ index: plan[current]!.index, games: plan.length, played: [...finished.keys()] });
  // Each game's logs once over, for the host's replay pages.
  const finished = new Map<number, Game>();
  const desks = new Map<number, SeatDesk>();
  const seats: TableSeat[] = [];
  for (const [seat, person] of o.people) {
    desks.set(seat, new SeatDesk());
    seats.push({ seat, person, token: randomBytes(16).toString('hex') });
  }
  /** Game `g`'s agents: the bots, and at the people's seats their desks (a person's asks numbered per game). */
  const agentsOf = (g: Game, record: HumanRecord): Agent[] => {
    const agents = [...o.bots(g)];
    for (const [base, person] of o.people) {
      const seat = seatIn(g, base);
      agents[seat] = new HumanAgent({ seat, person, desk: desks.get(base)!, record, clockMs: o.clockMs });
    }
    return agents;
  };
  const hostToken = randomBytes(16).toString('hex');
  let begin = () => {};
  let started = false;
  const begun = new Promise<void>((resolve) => (begin = () => ((started = true), resolve())));
  // Seats whose page is open (an event stream), for the host's "joined".
  const joined = new Map<number, number>();
  const hostListeners = new Set<() => void>();
  const hostChanged = () => {
    for (const f of hostListeners) f();
  };
  // Each seat's agent by name, per game (people change seats under a shuffled seat order).
  const first = o.names === undefined ? agentsOf(game, new MemoryRecord()).map((a) => a.name) : undefined;
  const specsOf = (g: Game) => o.names?.(g) ?? first!;
  const hostState = () => ({
    players: o.setup.players,
    started,
    game: series().index,
    games: series().games,
    played: [...finished.keys()],
    over: game.over && current === plan.length - 1,
    events: game.log.length,
    seats: specsOf(game).map((spec, seat) => {
      const base = personAt(game, seat);
      return { seat: P(seat), agent: visible(spec), person: base !== undefined, joined: base !== undefined && (joined.get(base) ?? 0) > 0, owes: base !== undefined && desks.get(base)?.pending != null };
    }),
    winner: game.over ? (game.outcome()?.winner ?? null) : null,
  });
  let refused = 0;
  const refuse = (res: ServerResponse, status: number, why: string) => {
    refused++;
    send(res, status, { error: why });
  };
  const bySeatToken = (token: string | undefined) => seats.find((s) => s.token === token);
  /** A game over, as `sim show --html` draws it. */
  const replayOf = (over: Game) => replayPage({ title: `the table's game (seed ${visible(over.seed)})`, lines: [], verdict: 'played at the table', matches: null, setup: o.setup, log: over.log, specs: specsOf(over), back: undefined });

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) refuse(res, 400, 'the request could not be read');
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://table');
    const parts = url.pathname.split('/').filter((x) => x !== '');
    if (parts[0] === 'seat' && parts.length === 2 && req.method === 'GET') {
      if (bySeatToken(parts[1]) === undefined) return refuse(res, 403, 'not a seat’s link');
      return html(res, seatPage());
    }
    // A series: a seat sees the replay of a game once it is over (every card is shown then), never of the game in play.
    if (parts[0] === 'seat' && parts[2] === 'replay' && parts.length === 4 && req.method === 'GET') {
      if (bySeatToken(parts[1]) === undefined) return refuse(res, 403, 'not a seat’s link');
      const over = /^\d{1,6}$/.test(parts[3]!) ? finished.get(Number(parts[3])) : undefined;
      if (over === undefined) return refuse(res, 403, 'that game is not over');
      return html(res, replayOf(over));
    }
    if (parts[0] === 'host' && parts[1] === hostToken && req.method === 'GET') {
      // The host's page; after the end, the game's replay page (the one `sim show --html` writes).
      if (parts.length === 2) return html(res, hostPage());
      // /replay: the last game over; /replay/I: game I of the series, once over.
      const over = parts[2] === 'replay' && parts.length <= 4 ? finished.get(parts.length === 4 ? Number(parts[3]) : Math.max(-1, ...finished.keys())) : undefined;
      if (over !== undefined) return html(res, replayOf(over));
    }
    if (parts[0] === 'host') return refuse(res, 403, 'not the host’s link, or the game is not over');
    if (parts[0] !== 'api') return refuse(res, 404, 'no such page');
    if (parts[1] === 'host') {
      if (parts[2] !== hostToken) return refuse(res, 403, 'not the host’s link');
      if (parts.length === 3 && req.method === 'GET') return send(res, 200, hostState());
      if (parts[3] === 'events' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
        const push = () => res.write(`event: state\ndata: ${JSON.stringify(hostState())}\n\n`);
        push();
        hostListeners.add(push);
        req.on('close', () => hostListeners.delete(push));
        return;
      }
      if (parts[3] === 'start' && req.method === 'POST') {
        if (started) return refuse(res, 409, 'the game has begun');
        begin();
        hostChanged();
        return send(res, 200, { ok: true });
      }
      return refuse(res, 405, 'not a request this page answers');
    }
    if (parts[1] !== 'seat') return refuse(res, 404, 'no such page');
    const mine = bySeatToken(parts[2]);
    if (mine === undefined) return refuse(res, 403, 'not a seat’s link');
    const desk = desks.get(mine.seat)!;
    if (parts.length === 3 && req.method === 'GET') return send(res, 200, seatState(game, seatIn(game, mine.seat), mine.person, desk, series()));
    if (parts[3] === 'events' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      const push = () => res.write(`event: state\ndata: ${JSON.stringify(seatState(game, seatIn(game, mine.seat), mine.person, desk, series()))}\n\n`);
      push();
      const off = desk.onChange(push);
      joined.set(mine.seat, (joined.get(mine.seat) ?? 0) + 1);
      hostChanged();
      req.on('close', () => {
        off();
        joined.set(mine.seat, (joined.get(mine.seat) ?? 1) - 1);
        hostChanged();
      });
      return;
    }
    if (parts[3] === 'answer' && req.method === 'POST') {
      const body = await bodyOf(req);
      if (body === null) return refuse(res, 413, `the body is larger than ${MAX_BODY} bytes`);
      let reply: unknown;
      try {
        reply = JSON.parse(body);
      } catch {
        return refuse(res, 400, 'the body is not JSON');
      }
      if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return refuse(res, 400, 'the body is not a JSON object: send {"n": N, "answer": {…}}');
      const why = desk.answer(reply as Record<string, unknown>, series().index);
      if (why !== null) return refuse(res, 409, why);
      return send(res, 200, { ok: true });
    }
    return refuse(res, 405, 'not a request this page answers');
  }

  await new Promise<void>((resolve) => server.listen(o.port ?? 0, o.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const changed = () => {
    for (const d of desks.values()) d.changed();
    hostChanged();
  };
  const done = begun.then(async () => {
    let played: PlayedGame | undefined;
    for (current = 0; current < plan.length; current++) {
      const g = plan[current]!;
      if (current > 0) game = dealt(g.seed);
      changed();
      const { agents, trace } = traced(agentsOf(game, g.record ?? new MemoryRecord()));
      played = await playAsync(game, agents, o.playOptions?.(game));
      finished.set(g.index, game);
      await o.onGameOver?.(g, game, played, trace);
    }
    current = plan.length - 1;
    changed();
    return played!;
  });
  if (o.start !== 'host') begin();
  return {
    url: `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`,
    hostToken,
    seats,
    refused: () => refused,
    done,
    get game() {
      return game;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
