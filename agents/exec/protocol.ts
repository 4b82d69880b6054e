// The process protocol (docs/protocol.md, version 1): what the host writes to an agent's
// stdin and reads from its stdout, one JSON object per line. This file builds the host's
// messages from the seat's observation alone, and reads the agent's replies strictly:
// a reply is data from an outside program, so only the fields an answer of the owed kind
// has are kept (an agent cannot smuggle anything else into the log other seats read).

import { ALL, CLAIM_FIELDS, legalAnswers, seatStream, type Answer, type Decision, type Event, type Observation } from '../../engine/index.js';
import { err, ok, type Result } from '../../engine/index.js';

export const PROTOCOL_VERSION = 1;

/** Longest line read from an agent (characters); a longer one is a flood: the process is stopped. */
export const MAX_LINE = 1 << 20;

/**
 * An event as the seat receives it: the engine's event with `public` (shown to every seat,
 * as an announcement is) in place of `vis`. Which other seats saw a private event is the
 * moderator's knowledge, not the seat's (a charmed player's `vis` holds the Piper's bit;
 * a night `powers-lost` names every power holder in its bits): it is never sent.
 */
export type SeatEvent = Omit<Event, 'vis'> & { readonly public: boolean };

export function seatEvents(events: readonly Event[], from: number): SeatEvent[] {
  const out: SeatEvent[] = new Array(Math.max(0, events.length - from));
  for (let i = from; i < events.length; i++) {
    const { vis, ...rest } = events[i]!;
    out[i - from] = { ...rest, public: vis === ALL };
  }
  return out;
}

/**
 * The seat's own seed: 52 bits drawn from the seat's stream `alea("S#i/<seat>")`
 * (ARCHITECTURE.md "Randomness"), so an agent that seeds its generator with it plays the
 * same game again; it says nothing of the run's seed, the deal or another seat's stream.
 */
export function seatSeed(gameSeed: string, seat: number): number {
  const r = seatStream(gameSeed, seat);
  return r.int(1 << 26) * (1 << 26) + r.int(1 << 26);
}

export interface HelloMessage {
  readonly type: 'hello';
  readonly id: number;
  readonly protocol: number;
  /** Milliseconds an agent has for each answer. */
  readonly deadline_ms: number;
}

export interface GameMessage {
  readonly type: 'game';
  readonly game: number;
  readonly seat: number;
  readonly seed: number;
  readonly players: number;
  readonly deck: Observation['deck'];
  readonly options: Observation['options'];
}

export interface DecideMessage {
  readonly type: 'decide';
  readonly id: number;
  readonly game: number;
  readonly seat: number;
  readonly events: readonly SeatEvent[];
  readonly decision: Decision;
  /** Every legal answer, for every decision but a speech and the scapegoat's (their fields say what is legal). */
  readonly legal?: readonly Answer[];
  readonly deadline_ms: number;
  /** Why the previous answer to this decision was refused. */
  readonly error?: string;
}

export interface EndMessage {
  readonly type: 'end';
  readonly game: number;
  readonly seat: number;
  readonly events: readonly SeatEvent[];
  /** The winning side; null when the game was abandoned (its run stopped). */
  readonly winner: string | null;
  readonly won: boolean;
}

export interface QuitMessage {
  readonly type: 'quit';
}

export type HostMessage = HelloMessage | GameMessage | DecideMessage | EndMessage | QuitMessage;

export function gameMessage(game: number, obs: Observation, seed: number): GameMessage {
  return { type: 'game', game, seat: obs.seat, seed, players: obs.players, deck: obs.deck, options: obs.options };
}

/** Answers too many to list: a speech is open; the scapegoat's are every subset of the voters. */
const unlisted = (kind: Decision['kind']) => kind === 'speech' || kind === 'scapegoat';

export function decideMessage(o: {
  id: number;
  game: number;
  events: readonly SeatEvent[];
  decision: Decision;
  deadlineMs: number;
  error: string | undefined;
}): DecideMessage {
  const d = o.decision;
  const legal = unlisted(d.kind) ? undefined : (legalAnswers(d) ?? undefined);
  return {
    type: 'decide',
    id: o.id,
    game: o.game,
    seat: d.seat,
    events: o.events,
    decision: d,
    ...(legal === undefined ? {} : { legal }),
    deadline_ms: o.deadlineMs,
    ...(o.error === undefined ? {} : { error: o.error }),
  };
}

/** The end of a game for a seat: the events it has not been sent, and the result as its `end` event says. */
export function endMessage(game: number, obs: Observation, from: number): EndMessage {
  let winner: string | null = null;
  let won = false;
  for (let i = obs.events.length - 1; i >= 0 && winner === null; i--) {
    const e = obs.events[i]!;
    if (e.type === 'end') {
      winner = e.winner;
      won = e.winners.includes(obs.seat);
    }
  }
  return { type: 'end', game, seat: obs.seat, events: seatEvents(obs.events, from), winner, won };
}

/** A line for the log or an error message: JSON-quoted (control characters escaped), cut at `max` characters. */
export function quoteLine(line: string, max = 200): string {
  return JSON.stringify(line.length > max ? `${line.slice(0, max)}…` : line) + (line.length > max ? ` (${line.length} characters)` : '');
}

/** The line as a JSON object; `value`: the line already parsed (undefined: it did not parse). */
function parseObject(line: string, value?: unknown): Result<Record<string, unknown>, string> {
  let v = value;
  if (v === undefined) {
    try {
      v = JSON.parse(line);
    } catch {
      return err(`not JSON: ${quoteLine(line)}`);
    }
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return err(`not a JSON object: ${quoteLine(line)}`);
  return ok(v as Record<string, unknown>);
}

export interface Hello {
  readonly name: string;
  readonly protocol: number;
  readonly options: Record<string, unknown>;
}

/** The agent's reply to `hello`: `{"id":0,"protocol":1,"name":"…","options":{…}}`. */
export function readHello(line: string, id: number): Result<Hello, string> {
  const o = parseObject(line);
  if (!o.ok) return o;
  const r = o.value;
  if (r.id !== id) return err(`the reply to hello must carry "id": ${id}: ${quoteLine(line)}`);
  if (r.protocol !== PROTOCOL_VERSION)
    return err(`the agent speaks protocol ${JSON.stringify(r.protocol ?? null)}; this host speaks version ${PROTOCOL_VERSION} (docs/protocol.md)`);
  if (typeof r.name !== 'string' || r.name.length === 0 || r.name.length > 100) return err(`the reply to hello needs a "name" (1 to 100 characters): ${quoteLine(line)}`);
  const options = r.options ?? {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return err(`"options" in the reply to hello is an object: ${quoteLine(line)}`);
  return ok({ name: r.name, protocol: PROTOCOL_VERSION, options: options as Record<string, unknown> });
}

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The fields each answer kind has (decisions.ts `Answer`); nothing else is kept. */
const ANSWER_FIELDS: Readonly<Record<Decision['kind'], readonly string[]>> = {
  guard: ['target'],
  seer: ['target'],
  pack: ['target', 'say'],
  hunter: ['target'],
  successor: ['target'],
  election: ['target'],
  vote: ['target'],
  'tie-break': ['target'],
  steal: ['target'],
  potion: ['target'],
  sacrifice: ['target'],
  vouch: ['target'],
  punish: ['target'],
  catch: ['target'],
  thief: ['take'],
  cupid: ['lovers'],
  peek: ['peek'],
  witch: ['heal', 'poison'],
  piper: ['targets'],
  scapegoat: ['voters'],
  speech: ['claims', 'text'],
  'secret-lover': ['unfaithful', 'secret'],
  medium: ['question', 'about'],
  defend: ['defend'],
  friends: ['friends'],
  pact: ['accept'],
};

function pick(o: Record<string, unknown>, fields: readonly string[], into: Record<string, unknown>): Record<string, unknown> {
  for (const f of fields) if (has(o, f)) into[f] = o[f];
  return into;
}

/**
 * The agent's reply to a decision, `{"id":N,"answer":{…}}`, read into an answer of the
 * owed kind's fields only (the engine then checks it against the decision). An error
 * says what is wrong, for the log and for the agent (it is asked again with it).
 */
export function readAnswer(line: string, id: number, d: Decision, value?: unknown): Result<unknown, string> {
  const o = parseObject(line, value);
  if (!o.ok) return o;
  const r = o.value;
  if (r.id !== id) return err(`the reply must carry the decision's "id": ${id}, not ${JSON.stringify(r.id ?? null)}`);
  const a = r.answer;
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return err(`the reply needs an "answer" object (e.g. {"id":${id},"answer":{"kind":"${d.kind}",…}})`);
  const raw = a as Record<string, unknown>;
  if (raw.kind !== d.kind) return err(`a '${d.kind}' answer is owed, not ${JSON.stringify(raw.kind ?? null)}`);
  const out = pick(raw, ANSWER_FIELDS[d.kind], { kind: d.kind });
  if (d.kind === 'speech' && Array.isArray(out.claims))
    out.claims = out.claims.map((c: unknown) => {
      if (typeof c !== 'object' || c === null || Array.isArray(c)) return c;
      const claim = c as Record<string, unknown>;
      const fields = typeof claim.type === 'string' && has(CLAIM_FIELDS, claim.type) ? CLAIM_FIELDS[claim.type as keyof typeof CLAIM_FIELDS] : undefined;
      return fields === undefined ? claim : pick(claim, fields, { type: claim.type });
    });
  return ok(out);
}
