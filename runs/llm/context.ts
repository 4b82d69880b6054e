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

import { Budget } from '../../agents/llm/budget.js';
import { Limiter, realClock, type Clock, type Limits } from '../../agents/llm/limiter.js';
import type { TransportError } from '../../agents/llm/providers/types.js';
import type { Secrets } from '../../agents/llm/secrets.js';
import type { LlmSpec } from '../../agents/llm/spec.js';
import { DEFAULT_POLICY, type CallPolicy, type FailedAttempts } from '../../agents/llm/transport.js';
import { err, ok, type Result } from '../../engine/index.js';
import { LlmGame, type LlmGameOptions } from './game.js';
import { resolveModels, secretsOf, type ModelHandle, type ModelsInput } from './models.js';
import { LlmStore } from './store.js';

export { LlmGame, LlmStop, type GameUsage, type LlmGameOptions } from './game.js';
export type { ModelsInput, ProviderSettings } from './models.js';

export type LlmMode = NonNullable<ModelsInput['mode']>;

/** The run's settings; the models' (specs, mode, budget, prices, limits, policy, providers, env) are in ModelsInput. */
export interface LlmRunOptions extends ModelsInput {
  /** Names the run in the record (who paid for which call; what a resumed run already spent). */
  readonly runId: string;
  /** The record: a SQLite file path (created if missing), or an open store. */
  readonly store: string | LlmStore;
  /** Times a wrong answer is asked again before the fallback (default 2). */
  readonly retries?: number | undefined;
  /** Ask again calls the record holds as failed (default: replay the failure, for identical games). */
  readonly retryFailed?: boolean | undefined;
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
  /** Calls (one a question asked: a decision's first ask or a re-ask), from the record or sent. */
  calls: number;
  cachedCalls: number;
  /** Calls that failed after their attempts (from the record: as recorded). */
  failedCalls: number;
  /** HTTP requests this session sent (every attempt of every call it sent). */
  requests: number;
  /** This session's failed requests, by kind (rate-limit = 429, server = 5xx, timeout = ours or 408, conflict = 409, connection = network …). */
  failedRequests: FailedAttempts;
  inputTokens: number;
  outputTokens: number;
  /** USD of its calls as recorded (null when the model has no price). */
  cost: number | null;
  /** USD paid in this session. */
  newCost: number;
}

/** One call as counted: from the record (no request) or sent (its requests, and how the failed ones failed). */
export interface CallCount {
  readonly cached: boolean;
  readonly failed: boolean;
  readonly requests: number;
  readonly failedRequests: FailedAttempts;
  readonly input: number;
  readonly output: number;
  readonly cost: number | null;
  readonly paid: number;
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
  /** Every key the run was given: masked in what it records and says. */
  readonly secrets: Secrets;
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
    this.secrets = secretsOf(opts);
    for (const h of handles) {
      this.models.set(h.spec.text, h);
      this.totals.set(h.spec.text, {
        spec: h.spec.text,
        calls: 0,
        cachedCalls: 0,
        failedCalls: 0,
        requests: 0,
        failedRequests: {},
        inputTokens: 0,
        outputTokens: 0,
        cost: h.price === undefined ? null : 0,
        newCost: 0,
      });
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
    return [...this.totals.values()].map((u) => ({ ...u, failedRequests: { ...u.failedRequests } }));
  }

  /** The most requests each limiter had in flight at once. */
  limiterStats(): { key: string; maxInFlight: number; limits: Limits }[] {
    return [...this.limiters.entries()].map(([key, l]) => ({ key, maxInFlight: l.maxInFlight, limits: l.limits }));
  }

  /** A session for one game: `gameKey` names it in the record (e.g. `${runId}/${index}`); `gameSeed` is `gameSeed(runSeed, index)`. */
  startGame(gameKey: string, gameSeed: string, opts: LlmGameOptions = {}): LlmGame {
    return new LlmGame(this, gameKey, gameSeed, opts);
  }

  count(spec: LlmSpec, c: CallCount): void {
    const t = this.totals.get(spec.text)!;
    t.calls++;
    if (c.cached) t.cachedCalls++;
    if (c.failed) t.failedCalls++;
    t.requests += c.requests;
    for (const [kind, n] of Object.entries(c.failedRequests) as [keyof FailedAttempts, number][]) t.failedRequests[kind] = (t.failedRequests[kind] ?? 0) + n;
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

/**
 * Opens the record and checks every model's key, URL and price before anything is spent.
 * Errors are for the user (what is missing, how to give it).
 */
export function createLlmRunContext(o: LlmRunOptions): Result<LlmRun, string> {
  if (o.maxCost !== undefined && o.maxCost !== null && !(Number.isFinite(o.maxCost) && o.maxCost >= 0))
    return err(`--max-cost takes an amount in US dollars ≥ 0, not ${o.maxCost}`);
  let run: LlmRun | undefined;
  const resolved = resolveModels(o, (key, limits) => run!.limiterFor(key, limits));
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

