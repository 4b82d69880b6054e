// An LLM run: the record (SQLite), one limiter per provider and model, the budget, the
// price table, and the SDK clients; and per game a session that makes the LLM seats'
// agents, answers their calls (from the record when it can, else from the provider),
// counts tokens and cost per seat and model, and keeps the seats' notes for transcripts.
//
// Replay: a call is keyed by a hash of what is sent and where (game seed, seat, decision,
// attempt), so the same seed and setup ask the same calls and the record answers them:
// no network, the same answers, the same games byte for byte. `mode: 'replay'` forbids
// the network outright (a missing answer abandons that game, marked unfinished).
// Stops: the budget (`maxCost`), a configuration error every call would hit (bad key,
// unknown model), or `stop()` (Ctrl-C) refuse every new paid call; games in flight are
// abandoned (`AbandonGame`) and their answered calls stay in the record for the resume.

import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { LlmAgent, type CallResult, type CallSite, type LlmCalls } from '../agents/llm/agent.js';
import { Budget } from '../agents/llm/budget.js';
import { answerLabel } from '../agents/llm/choices.js';
import { DEFAULT_LIMITS, Limiter, realClock, type Clock, type Limits } from '../agents/llm/limiter.js';
import type { LlmNote, NoteKind } from '../agents/llm/notes.js';
import { builtinPrices, costOf, priceAt, type Price, type PriceTable } from '../agents/llm/prices.js';
import { anthropicAdapter } from '../agents/llm/providers/anthropic.js';
import { estimateTokens, hiddenPromptTokens, requestBody } from '../agents/llm/providers/index.js';
import { openaiAdapter } from '../agents/llm/providers/openai.js';
import type { LlmRequest, ProviderAdapter, Reply, TransportError } from '../agents/llm/providers/types.js';
import type { LlmSpec, Provider } from '../agents/llm/spec.js';
import { DEFAULT_POLICY, sendWithRetries, type CallPolicy } from '../agents/llm/transport.js';
import { AbandonGame, type PlayedGame, type PlayOptions } from '../agents/play.js';
import type { Agent, LlmSeatFactory } from '../agents/types.js';
import { fallbackAnswer } from '../engine/decisions.js';
import { err, ok, type Result } from '../engine/result.js';
import { LlmStore, callKey, sampleName, type SeatUsage } from './llm-store.js';

export type LlmMode = 'live' | 'replay';

/** Why a game was abandoned: its run stopped (scope run), or only this game cannot go on (scope game). */
export class LlmStop extends AbandonGame {
  override readonly name = 'LlmStop';
  constructor(
    message: string,
    readonly scope: 'game' | 'run',
  ) {
    super(message);
  }
}

export interface ProviderSettings {
  readonly apiKey?: string | undefined;
  readonly baseURL?: string | undefined;
}

export interface LlmRunOptions {
  /** Names the run in the record (who paid for which call; what a resumed run already spent). */
  readonly runId: string;
  /** The LLM specs the run seats (`llmSpecsOf(seating)`): keys, URLs and prices are checked up front. */
  readonly specs: readonly LlmSpec[];
  /** The record: a SQLite file path (created if missing), or an open store. */
  readonly store: string | LlmStore;
  readonly mode?: LlmMode | undefined;
  /** USD for the whole run, earlier sessions of the same runId included; null: no limit. */
  readonly maxCost?: number | null | undefined;
  readonly prices?: PriceTable | undefined;
  /** Limits per provider and model (a spec's own `concurrency=`, `rpm=`, `tpm=` are tighter if smaller). */
  readonly limits?: Partial<Limits> | undefined;
  readonly policy?: Partial<CallPolicy> | undefined;
  /** Times a wrong answer is asked again before the fallback (default 2). */
  readonly retries?: number | undefined;
  /** Ask again calls the record holds as failed (default: replay the failure, for identical games). */
  readonly retryFailed?: boolean | undefined;
  readonly providers?: Partial<Record<Provider, ProviderSettings>> | undefined;
  /** Environment variables (default: process.env). */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  readonly clock?: Clock | undefined;
  /** Every wait before a retry (429 retry-after, backoff), for logs. */
  readonly onWait?: ((model: string, ms: number, error: TransportError) => void) | undefined;
}

export interface StopInfo {
  readonly reason: 'budget' | 'fatal' | 'interrupted';
  readonly message: string;
}

/** Totals of one model (spec) over the run's session. */
export interface ModelUsage {
  readonly spec: string;
  calls: number;
  cachedCalls: number;
  failedCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** USD of its calls as recorded (null when the model has no price). */
  cost: number | null;
  /** USD paid in this session. */
  newCost: number;
}

export interface GameUsage {
  readonly seats: readonly SeatUsage[];
  readonly calls: number;
  readonly cachedCalls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cost: number | null;
  readonly newCost: number;
}

const DEFAULT_URL: Record<Provider, string | undefined> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  compatible: undefined,
};
const ENV_PREFIX: Record<Provider, string> = { openai: 'OPENAI', anthropic: 'ANTHROPIC', compatible: 'COMPATIBLE' };

/** A model as the run uses it: where it is, its key, price, limiter and adapter. */
interface ModelHandle {
  readonly spec: LlmSpec;
  readonly baseURL: string | undefined;
  /** undefined: unknown (the cost is not counted). */
  readonly price: Price | undefined;
  readonly limiter: Limiter;
  readonly adapter: ProviderAdapter;
}

export class LlmRun {
  readonly budget: Budget;
  readonly warnings: string[] = [];
  private stopInfo: StopInfo | null = null;
  private readonly models = new Map<string, ModelHandle>();
  private readonly limiters = new Map<string, Limiter>();
  private readonly totals = new Map<string, ModelUsage>();
  private readonly ownsStore: boolean;
  readonly policy: CallPolicy;
  readonly mode: LlmMode;
  readonly retries: number;

  constructor(
    readonly opts: LlmRunOptions,
    readonly store: LlmStore,
    handles: readonly ModelHandle[],
    alreadySpent: number,
  ) {
    this.ownsStore = typeof opts.store === 'string';
    this.budget = new Budget(opts.maxCost ?? null, alreadySpent);
    this.policy = { ...DEFAULT_POLICY, ...opts.policy };
    this.mode = opts.mode ?? 'live';
    this.retries = opts.retries ?? 2;
    for (const h of handles) {
      this.models.set(h.spec.text, h);
      this.totals.set(h.spec.text, { spec: h.spec.text, calls: 0, cachedCalls: 0, failedCalls: 0, inputTokens: 0, outputTokens: 0, cost: h.price === undefined ? null : 0, newCost: 0 });
    }
  }

  get runId(): string {
    return this.opts.runId;
  }

  get clock(): Clock {
    return this.opts.clock ?? realClock;
  }

  /** Set once the run stops taking new paid calls. */
  stopped(): StopInfo | null {
    return this.stopInfo;
  }

  /** Stops the run (Ctrl-C: reason 'interrupted'): calls in flight finish and are recorded; no new paid call starts. */
  stop(reason: StopInfo['reason'], message: string): void {
    this.stopInfo ??= { reason, message };
  }

  model(spec: LlmSpec): ModelHandle {
    const h = this.models.get(spec.text);
    if (h === undefined) throw new Error(`the LLM run was not told about ${spec.text}: pass it in specs (llmSpecsOf(seating))`);
    return h;
  }

  /** Per model (spec) totals of this session. */
  usage(): ModelUsage[] {
    return [...this.totals.values()].map((u) => ({ ...u }));
  }

  /** The most requests each limiter had in flight at once. */
  limiterStats(): { key: string; maxInFlight: number; limits: Limits }[] {
    return [...this.limiters.entries()].map(([key, l]) => ({ key, maxInFlight: l.maxInFlight, limits: l.limits }));
  }

  /** A session for one game: `gameKey` names it in the record (e.g. `${runId}/${index}`); `gameSeed` is `gameSeed(runSeed, index)`. */
  startGame(gameKey: string, gameSeed: string): LlmGame {
    return new LlmGame(this, gameKey, gameSeed);
  }

  count(spec: LlmSpec, c: { cached: boolean; failed: boolean; input: number; output: number; cost: number | null; paid: number }): void {
    const t = this.totals.get(spec.text)!;
    t.calls++;
    if (c.cached) t.cachedCalls++;
    if (c.failed) t.failedCalls++;
    t.inputTokens += c.input;
    t.outputTokens += c.output;
    t.cost = t.cost === null || c.cost === null ? null : t.cost + c.cost;
    t.newCost += c.paid;
  }

  limiterFor(key: string, limits: Limits): Limiter {
    let l = this.limiters.get(key);
    if (l === undefined) {
      l = new Limiter(limits, this.clock);
      this.limiters.set(key, l);
    }
    return l;
  }

  close(): void {
    if (this.ownsStore) this.store.close();
  }
}

function resolveHandles(o: LlmRunOptions, run: () => LlmRun): Result<{ handles: ModelHandle[]; warnings: string[] }, string> {
  const env = o.env ?? process.env;
  const live = (o.mode ?? 'live') === 'live';
  const prices = o.prices ?? builtinPrices();
  const warnings: string[] = [];
  const handles: ModelHandle[] = [];
  const clients = new Map<string, OpenAI | Anthropic>();
  for (const spec of o.specs) {
    const p = spec.provider;
    const settings = o.providers?.[p] ?? {};
    const prefix = ENV_PREFIX[p];
    const baseURL = spec.baseURL ?? settings.baseURL ?? env[`${prefix}_BASE_URL`] ?? DEFAULT_URL[p];
    const keyName = spec.keyEnv ?? `${prefix}_API_KEY`;
    const apiKey = spec.keyEnv !== undefined ? env[spec.keyEnv] : (settings.apiKey ?? env[keyName]);
    if (live) {
      if (baseURL === undefined)
        return err(`${spec.text} needs the server's base URL: write compatible:${spec.model}@http://HOST:PORT/v1, or set COMPATIBLE_BASE_URL (or --compatible-base-url)`);
      if ((apiKey === undefined || apiKey === '') && (p !== 'compatible' || spec.keyEnv !== undefined))
        return err(`${spec.text} needs an API key: set ${keyName}${spec.keyEnv === undefined ? ` (or --${p}-api-key)` : ''}`);
    }
    const price = priceAt(prices, p, spec.model, baseURL);
    if (price === undefined) {
      if (o.maxCost !== undefined && o.maxCost !== null)
        return err(`no price for ${spec.provider}:${spec.model}, so --max-cost cannot hold it: add it to a price file ({"${spec.provider}:${spec.model}": {"input": USD per 1M tokens, "output": USD per 1M tokens}}, --llm-prices FILE)`);
      warnings.push(`no price for ${spec.provider}:${spec.model}: its cost is not counted (add it with --llm-prices FILE)`);
    }
    const limiterKey = `${p}:${spec.model}@${baseURL ?? ''}`;
    const same = o.specs.filter((s) => `${s.provider}:${s.model}@${s.baseURL ?? ''}` === `${p}:${spec.model}@${spec.baseURL ?? ''}`);
    const tightest = (pick: (s: LlmSpec) => number | undefined, base: number | null): number | null => {
      const given = same.map(pick).filter((x): x is number => x !== undefined);
      return given.length === 0 ? base : Math.min(...given, base ?? Infinity);
    };
    const defaults: Limits = { ...DEFAULT_LIMITS, ...o.limits };
    const limits: Limits = {
      concurrency: tightest((s) => s.concurrency, defaults.concurrency) ?? defaults.concurrency,
      rpm: tightest((s) => s.rpm, defaults.rpm),
      tpm: tightest((s) => s.tpm, defaults.tpm),
    };
    const clientKey = `${p}|${baseURL}|${keyName}`;
    const timeout = { ...DEFAULT_POLICY, ...o.policy }.timeoutMs;
    const client = <T extends OpenAI | Anthropic>(make: () => T) => (): T => {
      let c = clients.get(clientKey) as T | undefined;
      if (c === undefined) {
        c = make();
        clients.set(clientKey, c);
      }
      return c;
    };
    const adapter =
      p === 'anthropic'
        ? anthropicAdapter(client(() => new Anthropic({ apiKey: apiKey ?? '', baseURL, maxRetries: 0, timeout })))
        : openaiAdapter(p, client(() => new OpenAI({ apiKey: apiKey || 'none', baseURL, maxRetries: 0, timeout })));
    let limiter: Limiter | undefined;
    handles.push({
      spec,
      baseURL,
      price,
      get limiter() {
        return (limiter ??= run().limiterFor(limiterKey, limits));
      },
      adapter,
    });
  }
  return ok({ handles, warnings });
}

/**
 * Opens the record and checks every model's key, URL and price before anything is spent.
 * Errors are for the user (what is missing, how to give it).
 */
export function createLlmRunContext(o: LlmRunOptions): Result<LlmRun, string> {
  if (o.maxCost !== undefined && o.maxCost !== null && !(Number.isFinite(o.maxCost) && o.maxCost >= 0))
    return err(`--max-cost takes an amount in US dollars ≥ 0, not ${o.maxCost}`);
  let run: LlmRun | undefined;
  const resolved = resolveHandles(o, () => run!);
  if (!resolved.ok) return resolved;
  let store: LlmStore;
  if (typeof o.store === 'string') {
    const opened = LlmStore.open(o.store);
    if (!opened.ok) return opened;
    store = opened.value;
  } else store = o.store;
  run = new LlmRun(o, store, resolved.value.handles, store.spentByRun(o.runId));
  run.warnings.push(...resolved.value.warnings);
  return ok(run);
}

function emptyUsage(seat: number, spec: string, priced: boolean): SeatUsage {
  return { seat, spec, calls: 0, cachedCalls: 0, inputTokens: 0, outputTokens: 0, cost: priced ? 0 : null, newCost: 0, invalid: 0, fallbacks: 0 };
}

/** One game's LLM session: makes its LLM agents and answers their calls. */
export class LlmGame implements LlmSeatFactory, LlmCalls {
  private readonly notesList: LlmNote[] = [];
  private readonly seats = new Map<number, SeatUsage>();

  constructor(
    private readonly run: LlmRun,
    readonly gameKey: string,
    readonly gameSeed: string,
  ) {}

  agent(spec: LlmSpec, seat: number): Agent {
    this.run.model(spec); // a spec the run was not told about is a bug: fail now, not mid-game
    this.seats.set(seat, emptyUsage(seat, spec.text, this.run.model(spec).price !== undefined));
    return new LlmAgent(spec, seat, this);
  }

  note(at: CallSite, kind: NoteKind, text: string): void {
    this.notesList.push({ seat: at.seat, decision: at.decision, attempt: at.attempt, seatEvents: at.seatEvents, kind, text });
  }

  notes(): readonly LlmNote[] {
    return this.notesList;
  }

  /** The driver's options: re-asks, and a note for each fallback played for an LLM seat. */
  playOptions(): PlayOptions {
    return {
      retries: this.run.retries,
      onInvalid: (error, d, fallback) => {
        if (!fallback || !this.seats.has(d.seat)) return;
        const last = [...this.notesList].reverse().find((n) => n.seat === d.seat && n.decision === d.id);
        this.notesList.push({
          seat: d.seat,
          decision: d.id,
          attempt: last === undefined ? 0 : last.attempt,
          seatEvents: last?.seatEvents ?? 0,
          kind: 'fallback',
          text: `played "${answerLabel(d, fallbackAnswer(d))}" for it after ${this.run.retries + 1} wrong answers (last: ${error.message})`,
        });
      },
    };
  }

  async call(spec: LlmSpec, req: LlmRequest, at: CallSite): Promise<CallResult> {
    const run = this.run;
    const m = run.model(spec);
    const body = requestBody(spec.provider, req);
    const sample = sampleName(this.gameSeed, at.seat, at.decision, at.attempt);
    const key = callKey(spec.provider, spec.model, sample, body);
    const rec = run.store.get(key);
    if (rec !== undefined && (rec.status === 'ok' || run.opts.retryFailed !== true)) {
      const reply = rec.status === 'ok' ? m.adapter.read(rec.response) : undefined;
      this.count(spec, at.seat, { cached: true, failed: rec.status === 'failed', input: rec.inputTokens, output: rec.outputTokens, cost: rec.cost, paid: 0 });
      if (rec.status === 'failed') return { ok: false, error: rec.error ?? { kind: 'bad-response', message: 'failed' } };
      if (typeof reply === 'string' || reply === undefined) return { ok: false, error: { kind: 'bad-response', message: `${spec.provider}: ${reply}` } };
      return { ok: true, raw: rec.response, reply };
    }
    if (run.mode === 'replay')
      throw new LlmStop(
        `replay: the record has no answer for P${at.seat + 1}'s decision #${at.decision} (attempt ${at.attempt + 1}) in game ${this.gameSeed}; run it live to complete the record`,
        'game',
      );
    const stopped = run.stopped();
    if (stopped !== null) throw new LlmStop(stopped.message, 'run');
    const promptTokens = estimateTokens(body) + hiddenPromptTokens(spec.provider, spec.format);
    const worst = m.price ? costOf(m.price, promptTokens, spec.maxTokens) : 0;
    const sent = await sendWithRetries({
      adapter: m.adapter,
      body,
      limiter: m.limiter,
      estimatedTokens: promptTokens + spec.maxTokens,
      policy: run.policy,
      clock: run.clock,
      beforeFirstSend: () => {
        const s = run.stopped();
        if (s !== null) throw new LlmStop(s.message, 'run');
        if (!run.budget.reserve(worst)) {
          run.stop('budget', `the budget of $${run.budget.limit} is spent ($${run.budget.spent.toFixed(4)} so far; the next call could cost up to $${worst.toFixed(4)})`);
          throw new LlmStop(run.stopped()!.message, 'run');
        }
      },
      onWait: run.opts.onWait === undefined ? undefined : (ms, e) => run.opts.onWait!(spec.text, ms, e),
    });
    const input = sent.ok ? sent.reply.inputTokens : 0;
    const output = sent.ok ? sent.reply.outputTokens : 0;
    const cost = m.price === undefined ? null : costOf(m.price, input, output);
    run.budget.settle(worst, cost ?? 0);
    if (!sent.ok && sent.error.kind === 'fatal') {
      run.stop('fatal', sent.error.message);
      throw new LlmStop(sent.error.message, 'run');
    }
    run.store.put({
      key,
      provider: spec.provider,
      model: spec.model,
      sample,
      request: body,
      status: sent.ok ? 'ok' : 'failed',
      response: sent.ok ? sent.raw : null,
      error: sent.ok ? null : sent.error,
      inputTokens: input,
      outputTokens: output,
      cost,
      attempts: sent.attempts,
      latencyMs: sent.latencyMs,
      run: run.runId,
    });
    this.count(spec, at.seat, { cached: false, failed: !sent.ok, input, output, cost, paid: cost ?? 0 });
    return sent.ok ? { ok: true, raw: sent.raw, reply: sent.reply as Reply } : { ok: false, error: sent.error };
  }

  private count(spec: LlmSpec, seat: number, c: { cached: boolean; failed: boolean; input: number; output: number; cost: number | null; paid: number }): void {
    this.run.count(spec, c);
    const u = this.seats.get(seat)!;
    u.calls++;
    if (c.cached) u.cachedCalls++;
    u.inputTokens += c.input;
    u.outputTokens += c.output;
    u.cost = u.cost === null || c.cost === null ? null : u.cost + c.cost;
    u.newCost += c.paid;
  }

  /** The game is over: its seats' counts and notes go to the record in one transaction. */
  finish(played: PlayedGame): GameUsage {
    const seats = [...this.seats.values()].sort((a, b) => a.seat - b.seat);
    for (const u of seats) {
      u.invalid = played.invalid[u.seat] ?? 0;
      u.fallbacks = played.fallbacks[u.seat] ?? 0;
    }
    this.run.store.saveGame(this.gameKey, this.notesList, seats);
    const sum = (f: (u: SeatUsage) => number) => seats.reduce((a, u) => a + f(u), 0);
    return {
      seats,
      calls: sum((u) => u.calls),
      cachedCalls: sum((u) => u.cachedCalls),
      inputTokens: sum((u) => u.inputTokens),
      outputTokens: sum((u) => u.outputTokens),
      cost: seats.some((u) => u.cost === null) ? null : sum((u) => u.cost ?? 0),
      newCost: sum((u) => u.newCost),
    };
  }
}
