// A local stand-in for OpenAI's chat completions and Anthropic's messages (on
// 127.0.0.1, a random port), spoken to through the real SDKs. Its scripted player reads
// the legal choices from the request (the JSON schema's enums, or the prompt's lists in
// json/text formats) and answers legally, so whole games play; a script can instead
// answer 429 with retry-after, 500, 408, 409, too slowly, with malformed JSON, with an illegal
// choice, and so on, per request; or echo the credentials it was sent in a 400 or 401 body
// (as a careless proxy does), or pieces of the key (without its first 4 characters,
// upper-cased, base64-encoded, with no header name before them); or speak given words.
// It counts requests and how many were in flight at once.

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAULTS = ['ok', '429', '500', '408', '409', '401', '400-echo', '400-echo-mangled', '401-echo', 'slow', 'malformed', 'illegal', 'illegal-claim', 'extra-field', 'bad-body', 'no-tool'] as const;
export type Fault = (typeof FAULTS)[number];

export type Wire = 'openai' | 'anthropic';

export interface Received {
  readonly n: number;
  readonly wire: Wire;
  readonly body: Record<string, unknown>;
  /** The user prompt (first user message) and the last user message. */
  readonly user: string;
  readonly last: string;
  /** The credentials sent: the Authorization and x-api-key headers, as sent (`authorization: …; x-api-key: …`). */
  readonly auth: string;
}

export interface FakeOptions {
  /** What to do with request n (0-based, in arrival order). Default: always 'ok'. */
  readonly script?: (r: Received) => Fault;
  /** Milliseconds before every answer (to let requests overlap). */
  readonly delayMs?: number;
  /** How long a 'slow' answer takes. */
  readonly slowMs?: number;
  /** retry-after header of a 429 (seconds, as text). */
  readonly retryAfter?: string;
  /** Reasoning and speeches of a typical model's length (a few hundred characters) instead of a few words. */
  readonly verbose?: boolean;
  /** Mixed into every choice with the request's arrival number: two live runs with different salts differ (a replay must not). */
  readonly salt?: string;
  /** The words of every speech, pack message and reasoning (default: a few plain words). */
  readonly words?: string;
  /** Rewrites the answer's JSON text before it is sent as the message's content (e.g. to spell characters as JSON escapes). */
  readonly rewrite?: (json: string, r: Received) => string;
  /** At a day vote, state beliefs (the optional `beliefs` field): 0.75 for one other player, 0.25 for the rest. */
  readonly beliefs?: boolean;
  /**
   * Stand-ins of known skill, by the request's model name: the chance (0–1) that it plays a
   * game soundly (`soundGame`); in such a game a choice of a player is the sound one (`judged`: a werewolf spares its pack and goes for a seer
   * claimant; the village goes for a player seen or claimed a werewolf), else the unsound
   * one (a werewolf names its own pack; the village names a player known innocent or the
   * seer claimant). Without it, or where neither applies, choices are hashed.
   */
  readonly skill?: (model: string) => number;
}

export interface FakeProvider {
  /** http://127.0.0.1:PORT (Anthropic's base URL; OpenAI's is `${url}/v1`). */
  readonly url: string;
  readonly received: Received[];
  readonly faults: Fault[];
  inFlight: number;
  maxInFlight: number;
  readonly maxInFlightBy: Record<Wire, number>;
  close(): Promise<void>;
}

function userTexts(wire: Wire, body: Record<string, unknown>): { user: string; last: string } {
  const msgs = (body.messages as { role: string; content: unknown }[]) ?? [];
  const text = (c: unknown): string =>
    typeof c === 'string' ? c : Array.isArray(c) ? c.map((b: { text?: string; content?: string }) => b.text ?? b.content ?? '').join('\n') : '';
  const users = msgs.filter((m) => m.role === 'user').map((m) => text(m.content));
  void wire;
  return { user: users[0] ?? '', last: users[users.length - 1] ?? '' };
}

function schemaOf(wire: Wire, body: Record<string, unknown>): Record<string, unknown> | undefined {
  if (wire === 'openai') {
    const rf = body.response_format as { type?: string; json_schema?: { schema?: Record<string, unknown> } } | undefined;
    return rf?.json_schema?.schema;
  }
  const tools = body.tools as { input_schema?: Record<string, unknown> }[] | undefined;
  return tools?.[0]?.input_schema;
}

function hashPick<T>(items: readonly T[], salt: string): T {
  const h = createHash('sha256').update(salt).digest();
  return items[h.readUInt32BE(0) % items.length]!;
}

const quoted = (s: string): string[] => [...s.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);

const seatsOf = (text: string, re: RegExp, group = 1): string[] => [...text.matchAll(re)].map((m) => m[group]!);

/**
 * A stand-in's sound or unsound choice of a player among `labels`, read from what its
 * prompt says it knows; undefined where it knows nothing that bears on it. Sound: a
 * werewolf spares its pack and votes as one with it; the seer looks at a player it has not
 * seen; the village votes for a player seen, confessed or reported a werewolf, else with the
 * announced votes; at the sheriff's election each elects its own. Unsound: a werewolf names its pack; the seer looks again at a player it
 * has seen; the village votes for a player known innocent or the seer claimant.
 */
function judged(user: string, labels: readonly string[], sound: boolean, mix: string): string | undefined {
  const legal = (xs: readonly string[]) => xs.filter((x) => labels.includes(x));
  const pack = seatsOf(user, /^- (P\d+): [^\n]*werewolf \(your pack\)/gm);
  const seenWolf = seatsOf(user, /^- (P\d+): [^\n]*you saw: werewolf/gm);
  const seenGood = seatsOf(user, /^- (P\d+): [^\n]*you saw: (?!werewolf)/gm);
  const claimants = seatsOf(user, /^ {2}(P\d+): I am the seer\./gm);
  const accused = [...seatsOf(user, /^ {2}(P\d+): I am the werewolf\./gm), ...seatsOf(user, /^ {2}P\d+: [^"\n]*?I saw (P\d+): werewolf/gm)];
  const me = /You are (P\d+)\./.exec(user)?.[1];
  // The players most announced as vote targets ("I will vote for P3."), most first.
  const intents = seatsOf(user, /I will vote for (P\d+)\./g).filter((x) => x !== me);
  const byIntent = [...new Set(intents)].sort((a, b) => intents.filter((x) => x === b).length - intents.filter((x) => x === a).length);
  const wolf = /your team: werewolves/.test(user);
  // The sheriff's vote counts twice: the sound elect their own (the pack, the seer claimant), the unsound the other side's.
  if (/elect the sheriff/.test(user)) {
    const trusted = [...seenGood, ...claimants.filter((c) => !accused.includes(c))];
    if (wolf) return sound ? legal(pack)[0] : legal(claimants)[0];
    return sound ? legal(trusted)[0] : legal(accused)[0];
  }
  if (wolf) {
    const others = labels.filter((l) => /^P\d+$/.test(l) && !pack.includes(l));
    if (!sound) return legal(pack)[0];
    // The seer claimant, else the first other player: a pack of sound stand-ins votes as one.
    return legal(claimants.filter((c) => !pack.includes(c)))[0] ?? others[0];
  }
  if (/whose card you look at/.test(user)) {
    const unseen = labels.filter((l) => /^P\d+$/.test(l) && !seenWolf.includes(l) && !seenGood.includes(l));
    return sound ? unseen[0] : (legal(seenGood)[0] ?? legal(seenWolf)[0]);
  }
  void mix;
  return sound ? (legal(seenWolf)[0] ?? legal(accused)[0] ?? legal(byIntent)[0]) : (legal(seenGood)[0] ?? legal(claimants)[0]);
}

/**
 * A stand-in's claims in a speech, sound or not: the sound seer says what it saw; a sound
 * villager names the player accused; a sound werewolf suspects a seer claimant. The unsound
 * werewolf says what it is and names its pack; an unsound villager or seer confesses to
 * being a werewolf. `me`: the speaker's label.
 */
function judgedClaims(user: string, me: string, sound: boolean, mix: string): Record<string, unknown>[] {
  const seen = [...user.matchAll(/^- (P\d+): [^\n]*you saw: ([a-z-]+)/gm)].map((m) => ({ target: m[1]!, result: m[2]! }));
  const claimants = seatsOf(user, /^ {2}(P\d+): I am the seer\./gm).filter((c) => c !== me);
  const accused = seatsOf(user, /^ {2}P\d+: I am the seer\.[^\n]*?I saw (P\d+): werewolf/gm).filter((c) => c !== me);
  const pack = seatsOf(user, /^- (P\d+): [^\n]*werewolf \(your pack\)/gm);
  if (/your team: werewolves/.test(user)) {
    if (!sound) return [{ type: 'role', role: 'werewolf' }, ...pack.filter((w) => w !== me).map((target) => ({ type: 'seen', target, result: 'werewolf' }))];
    const target = claimants.find((c) => !pack.includes(c));
    return target === undefined ? [] : [{ type: 'suspect', target }];
  }
  // Unsound in the village: a false confession, which wastes the village a day if it is believed.
  if (!sound) return [{ type: 'role', role: 'werewolf' }];
  if (/Your card: seer/.test(user)) return [{ type: 'role', role: 'seer' }, ...seen.map((x) => ({ type: 'seen', target: x.target, result: x.result }))];
  void mix;
  return accused[0] === undefined ? [] : [{ type: 'suspect', target: accused[0] }];
}

/** A number in [0, 1) from the text. */
const unit = (text: string): number => createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;

/**
 * Whether a stand-in plays this game soundly: drawn once per game and seat (its model, seat
 * and card, and the game's first death, fixed from the first day on), so that a stand-in of
 * skill ½ is sound in half its games and unsound in the others — a mixture of the two, never
 * a player whose story changes from one speech to the next.
 */
function soundGame(user: string, model: string, skill: number): boolean {
  const me = /You are (P\d+)\./.exec(user)?.[1] ?? '';
  const card = /Your card: ([a-z-]+)/.exec(user)?.[1] ?? '';
  const death = /^ {2}(P\d+ dies .*)$/m.exec(user)?.[1] ?? '';
  return unit(`${model}|${me}|${card}|${death}`) < skill;
}

/** A legal answer (or the faulty one asked for) to the decision in the request. */
function answerFor(r: Received, fault: Fault, salt: string | undefined, verbose: boolean, words: string | undefined, beliefs: boolean, skill?: (model: string) => number): Record<string, unknown> {
  const schema = schemaOf(r.wire, r.body);
  const props = (schema?.properties ?? {}) as Record<string, { enum?: string[]; items?: { enum?: string[] } }>;
  const fieldsLine = /exactly the fields ([a-z, ]+)\./.exec(r.user)?.[1] ?? /Answer with the fields: ([a-z, ]+)\./.exec(r.user)?.[1] ?? '';
  const fields = schema !== undefined ? Object.keys(props) : fieldsLine.split(',').map((f) => f.trim()).filter(Boolean);
  const me = /You are (P\d+)\./.exec(r.user)?.[1] ?? 'P1';
  const players = [...new Set([...r.user.matchAll(/^- (P\d+)/gm)].map((m) => m[1]!))];
  const mix = JSON.stringify(r.body.messages) + (salt === undefined ? '' : `#${salt}#${r.n}`);
  const pad = verbose ? ' '.padEnd(300, ' and more of the same careful thought') : '';
  const out: Record<string, unknown> = { reasoning: words ?? `thinking as ${me} (${fault})${pad}` };
  if (fields.includes('speech')) {
    const others = players.filter((p) => p !== me);
    const target = hashPick(others.length > 0 ? others : ['P1'], mix);
    out.speech = words ?? `${me} here: I have my doubts about ${target}.${pad.slice(0, 200)}`;
    out.claims =
      fault === 'illegal-claim'
        ? [{ type: 'suspect', target: me }]
        : skill === undefined
          ? [{ type: 'suspect', target }]
          : judgedClaims(r.user, me, soundGame(r.user, String(r.body.model), skill(String(r.body.model))), mix);
  }
  if (fields.includes('say')) out.say = words ?? `${me}: let us agree quickly.${pad.slice(0, 100)}`;
  if (fields.includes('choice')) {
    const oneLine = /Legal choices \(answer with exactly one label\): (.*)\.$/m.exec(r.user)?.[1];
    const manyLine = /Players you may name: (.*)\.$/m.exec(r.user)?.[1];
    const labels = props.choice?.enum ?? (oneLine !== undefined ? quoted(oneLine) : undefined);
    if (labels !== undefined) {
      // Packs converge: from round 2 follow the leader's last proposal when it is legal.
      const lead = /The leader is (P\d+)/.exec(r.user)?.[1];
      const prev = lead === undefined ? undefined : new RegExp(`${lead} → (P\\d+|none)`).exec(r.user)?.[1];
      const model = String(r.body.model);
      const chosen = skill === undefined ? undefined : judged(r.user, labels, soundGame(r.user, model, skill(model)), mix);
      out.choice = prev !== undefined && labels.includes(prev) ? prev : (chosen ?? hashPick(labels, mix));
    } else {
      const cands = props.choice?.items?.enum ?? (manyLine !== undefined ? quoted(manyLine) : []);
      const count = Number(/exactly (\d+), all different/.exec(r.user)?.[1] ?? '1');
      const start = cands.length === 0 ? 0 : cands.indexOf(hashPick(cands, mix));
      out.choice = Array.from({ length: Math.min(count, cands.length) }, (_, i) => cands[(start + i) % cands.length]);
    }
    if (fault === 'illegal') out.choice = Array.isArray(out.choice) ? ['P99'] : 'P99';
  }
  if (beliefs && fields.includes('beliefs')) {
    const others = players.filter((p) => p !== me);
    const suspect = hashPick(others.length > 0 ? others : ['P1'], `${mix}/beliefs`);
    out.beliefs = Object.fromEntries(others.map((p) => [p, p === suspect ? 0.75 : 0.25]));
  }
  if (fault === 'extra-field') out.confidence = 0.9;
  return out;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function respond(r: Received, fault: Fault, res: ServerResponse, opts: FakeOptions): void {
  switch (fault) {
    case '429':
      return send(res, 429, { error: { type: 'rate_limit_error', message: 'slow down' } }, { 'retry-after': opts.retryAfter ?? '1' });
    case '500':
      return send(res, 500, { error: { type: 'server_error', message: 'the fake server broke' } });
    case '408':
      return send(res, 408, { error: { type: 'timeout', message: 'the server timed out waiting for the request' } });
    case '409':
      return send(res, 409, { error: { type: 'conflict', message: 'another request is in progress' } });
    case '401':
      return send(res, 401, { error: { type: 'authentication_error', message: 'invalid x-api-key' } });
    case '400-echo':
      return send(res, 400, { error: { type: 'invalid_request_error', message: `Incorrect API key provided: ${r.auth}`, sent: { authorization: r.auth } } });
    case '400-echo-mangled': {
      const key = r.auth.replace(/^authorization: Bearer |^x-api-key: /, '').replace(/;.*$/, '');
      const pieces = `${key.slice(4)} / ${key.toUpperCase()} / ${Buffer.from(key).toString('base64')} / ${Buffer.from(`u:${key}`).toString('base64')}`;
      return send(res, 400, { error: { type: 'invalid_request_error', message: `We could not use ${pieces}`, pieces } });
    }
    case '401-echo':
      return send(res, 401, { error: { type: 'authentication_error', message: `Incorrect API key provided: ${r.auth}` } });
    case 'bad-body':
      return send(res, 200, '{"choices": [ this is not JSON');
    default:
      break;
  }
  const answer = answerFor(r, fault, opts.salt, opts.verbose === true, opts.words, opts.beliefs === true, opts.skill);
  const json = JSON.stringify(answer);
  const text = fault === 'malformed' ? 'Sure! My answer is: {choice: P2, reasoning' : (opts.rewrite?.(json, r) ?? json);
  const inputTokens = Math.ceil(JSON.stringify(r.body).length / 4);
  const outputTokens = Math.ceil(text.length / 4);
  if (r.wire === 'openai') {
    return send(res, 200, {
      id: `chatcmpl-${r.n}`,
      object: 'chat.completion',
      created: 0,
      model: r.body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
    });
  }
  const tool = Array.isArray(r.body.tools) && fault !== 'malformed' && fault !== 'no-tool';
  send(res, 200, {
    id: `msg_${r.n}`,
    type: 'message',
    role: 'assistant',
    model: r.body.model,
    content: tool ? [{ type: 'tool_use', id: `toolu_${r.n}`, name: 'answer', input: answer }] : [{ type: 'text', text: fault === 'no-tool' ? `Here you go: ${text}` : text }],
    stop_reason: tool ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: inputTokens, output_tokens: outputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  });
}

export async function startFakeProvider(opts: FakeOptions = {}): Promise<FakeProvider> {
  const timers = new Set<NodeJS.Timeout>();
  const inFlightBy: Record<Wire, number> = { openai: 0, anthropic: 0 };
  const state: FakeProvider = {
    url: '',
    received: [],
    faults: [],
    inFlight: 0,
    maxInFlight: 0,
    maxInFlightBy: { openai: 0, anthropic: 0 },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const wire: Wire | undefined = req.url === '/v1/chat/completions' ? 'openai' : req.url === '/v1/messages' ? 'anthropic' : undefined;
    if (req.method !== 'POST' || wire === undefined) return send(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
    const body = JSON.parse(raw) as Record<string, unknown>;
    const header = (h: string | string[] | undefined) => (Array.isArray(h) ? h.join(', ') : (h ?? ''));
    const auth = [['authorization', req.headers.authorization], ['x-api-key', req.headers['x-api-key']]]
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k as string}: ${header(v)}`)
      .join('; ');
    const r: Received = { n: state.received.length, wire, body, ...userTexts(wire, body), auth };
    state.received.push(r);
    const fault = opts.script?.(r) ?? 'ok';
    state.faults.push(fault);
    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    inFlightBy[wire]++;
    state.maxInFlightBy[wire] = Math.max(state.maxInFlightBy[wire], inFlightBy[wire]);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      state.inFlight--;
      inFlightBy[wire]--;
    };
    res.on('close', finish);
    const delay = fault === 'slow' ? (opts.slowMs ?? 2000) : (opts.delayMs ?? 0);
    const go = () => {
      if (res.destroyed) return finish();
      respond(r, fault, res, opts);
    };
    if (delay <= 0) go();
    else {
      const t = setTimeout(() => {
        timers.delete(t);
        go();
      }, delay);
      timers.add(t);
    }
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  (state as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
