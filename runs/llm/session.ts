// An LLM session: the record a run (or a tournament) keeps its calls in, the run's LLM
// context over it, its games played one by one through `playLlmGame`, and at the end what
// it cost and why it stopped — as data. The CLI prints it (scripts/cli/llm-summary.ts);
// `sim` and `sim tournament` share this, so a budget stop, a provider's refusal or Ctrl-C
// ends both the same way.
//
// Names in the record: a run is `KEY:k/n:CREATED` (its run key, shard and creation time:
// unique across results files sharing one record, the same when it resumes); a game is
// `KEY/INDEX` (equal keys, equal games: a replay over the same record rewrites the same
// notes), so `sim show` finds a stored game's notes from its run's key. A tournament is
// `tournament:KEY:CREATED`, its games named by their pairing run's key.

import { resolve } from 'node:path';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import type { Seating } from '../../agents/registry.js';
import { err, ok, type GameSetup, type Result } from '../../engine/index.js';
import { tallyOf, type PlayedIndex } from '../games.js';
import { runKey, type RunConfig } from '../run-config.js';
import { Store, type RunRow } from '../storage.js';
import { inspectDbFile } from '../db-file.js';
import type { FailedAttempts } from '../../agents/llm/transport.js';
import type { GameControl } from '../games.js';
import { createLlmRunContext, type LlmRun, type LlmRunOptions, type ModelUsage, type StopInfo } from './context.js';
import { playLlmGame } from './runner.js';
import type { LlmGame } from './game.js';
import type { PlayedGame } from '../../agents/play.js';
import type { ExecHost } from '../../agents/exec/host.js';
import { llmGamePrefix, llmRunName, LlmStore, type SeatUsage } from './store.js';

/** The record: an LLM store on the results file's connection, or on a file of its own (--llm-cache). */
export interface LlmRecord {
  readonly store: LlmStore;
  readonly path: string;
  /** A file of its own that this invocation created. */
  readonly createdNow: boolean;
  close(): void;
}

export interface RecordOptions {
  /** A record file of its own (--llm-cache); undefined: the results file keeps it. */
  readonly cache?: string | undefined;
  /** The results file's path (null: no results file, --no-db). */
  readonly resultsPath: string | null;
  /** The open results file. */
  readonly results?: Store | undefined;
  /** A stored run continues: its record must be there already (a refused resume creates nothing). */
  readonly existing: boolean;
}

/** Opens the record; an error says which file to give instead. */
export function openRecord(o: RecordOptions): Result<LlmRecord, string> {
  const separate = o.cache !== undefined && (o.resultsPath === null || resolve(o.cache) !== resolve(o.resultsPath));
  const attach = (file: Store): Result<LlmStore, string> =>
    o.existing && !file.hasLlmRecord()
      ? err(`${file.path} holds no LLM record, so not this run's: give the --llm-cache FILE the run was started with`)
      : file.llmRecord('write');
  if (!separate) {
    if (o.results === undefined) throw new Error('no results file to keep the record in');
    const store = attach(o.results);
    return store.ok ? ok({ store: store.value, path: o.results.path, createdNow: false, close() {} }) : store;
  }
  const cache = o.cache!;
  const state = inspectDbFile(cache);
  const opened = Store.open(cache, o.existing ? 'update' : 'write');
  if (!opened.ok) return err(`--llm-cache: ${opened.error}`);
  const file = opened.value;
  const store = attach(file);
  if (!store.ok) {
    file.close();
    return store;
  }
  return ok({ store: store.value, path: file.path, createdNow: state.ok && state.value === 'missing', close: () => file.close() });
}

/** The run's name in the record (see the header). */
export function llmRunId(config: RunConfig, run: RunRow | undefined): string {
  return llmRunName(run ?? { key: runKey(config), shardK: config.shard.k, shardN: config.shard.n, created: new Date().toISOString() });
}

/**
 * The budget of a session: the flag, else what the run was started with (found in the
 * record), else none. A stored run that continues must find its entry in the record:
 * else its calls were recorded elsewhere.
 */
export function budgetOf(o: { readonly flag: number | null | undefined; readonly record: LlmRecord; readonly runId: string; readonly resuming: boolean; readonly what: string }): Result<number | null, string> {
  const info = o.runId === '' ? undefined : o.record.store.runInfo(o.runId);
  if (info === undefined) {
    if (o.resuming)
      return err(`the record ${o.record.path} has no entry for ${o.what}: its LLM calls were recorded in another file (give the --llm-cache FILE it was started with)`);
    return ok(o.flag ?? null);
  }
  return ok(o.flag !== undefined ? o.flag : info.maxCost);
}

/** Per model: its calls and tokens, what they cost as recorded, and its seats' wrong answers and fallbacks. */
export type ModelReport = Omit<SeatUsage, 'seat' | 'newCost'>;

function addSeat(into: Map<string, ModelReport>, u: ModelReport): void {
  let m = into.get(u.spec);
  if (m === undefined) {
    m = { spec: u.spec, calls: 0, cachedCalls: 0, inputTokens: 0, outputTokens: 0, cost: 0, invalid: 0, fallbacks: 0, decisions: 0 };
    into.set(u.spec, m);
  }
  m.calls += u.calls;
  m.cachedCalls += u.cachedCalls;
  m.inputTokens += u.inputTokens;
  m.outputTokens += u.outputTokens;
  m.cost = m.cost === null || u.cost === null ? null : m.cost + u.cost;
  m.invalid += u.invalid;
  m.fallbacks += u.fallbacks;
  // Unknown for the model once one of its seats' games predates the count.
  m.decisions = m.decisions === null || u.decisions === null ? null : m.decisions + u.decisions;
}

/** Failed requests of several models, added up by kind. */
export function sumFailed(all: readonly FailedAttempts[]): FailedAttempts {
  const out: FailedAttempts = {};
  for (const f of all) for (const [kind, n] of Object.entries(f) as [keyof FailedAttempts, number][]) out[kind] = (out[kind] ?? 0) + n;
  return out;
}

/** Why a session ended before its games were all stored. */
export type SessionStopKind =
  | 'interrupted' // Ctrl-C
  | 'budget' // --max-cost
  | 'fatal' // a provider refused (bad key, unknown model, unreachable), after some games
  | 'refused-at-first-call' // the same, before anything was recorded or stored: nothing was kept
  | 'replay-incomplete' // --llm-replay and the record lacks answers
  | 'incomplete'; // any other reason games are missing

export interface SessionEnd {
  /** This session's totals per model. */
  readonly usage: readonly ModelUsage[];
  /** Calls sent to providers (each once, whatever its attempts), calls answered from the record, dollars paid in this session. */
  readonly sent: number;
  readonly fromRecord: number;
  /** HTTP requests sent to providers (every attempt of every call sent), and the failed ones by kind. */
  readonly requests: number;
  readonly failedRequests: FailedAttempts;
  readonly paid: number;
  /** Spent by the run in all (every session), and its budget. */
  readonly spent: number;
  readonly limit: number | null;
  readonly stopped: StopInfo | null;
  /** Games started and not stored (their answered calls are in the record), and the first reason. */
  readonly unfinished: number;
  readonly firstReason: string | undefined;
  /** Refused at its first call with nothing recorded or stored: not kept (the caller removes a file it made). */
  readonly dropped: boolean;
  /** Why games are missing (null when every planned game was stored). */
  readonly stop: { readonly kind: SessionStopKind; readonly detail: string } | null;
}

export interface SessionOptions {
  readonly record: LlmRecord;
  /** The LLM context's settings, but the record (the session's). */
  readonly context: Omit<LlmRunOptions, 'store' | 'specs'>;
  /** Every agent the session may seat (their models are resolved once). */
  readonly seating: Seating;
}

/** An LLM session in progress: plays games through their sessions; says how it went. */
export class LlmSession {
  private readonly unfinishedReasons: string[] = [];
  private readonly finished: SeatUsage[] = [];
  private interrupted = false;

  private constructor(
    readonly llm: LlmRun,
    readonly record: LlmRecord,
  ) {}

  static start(o: SessionOptions): Result<LlmSession, string> {
    const llm = createLlmRunContext({ ...o.context, specs: llmSpecsOf(o.seating), store: o.record.store });
    return llm.ok ? ok(new LlmSession(llm.value, o.record)) : llm;
  }

  /** Plays game `index` of a run; undefined when it was abandoned (not stored; its answered calls are in the record). */
  async play(
    req: { readonly setup: GameSetup; readonly seating: Seating; readonly seed: string; readonly gameKey: (index: number) => string; readonly exec?: ExecHost | undefined; readonly control?: GameControl | undefined },
    index: number,
  ): Promise<PlayedIndex | undefined> {
    const r = await playLlmGame({ ...req, llm: this.llm }, index);
    if (r.status === 'unfinished') {
      this.unfinishedReasons.push(r.reason);
      return undefined;
    }
    this.finished.push(...r.usage.seats);
    return { game: r.game, played: r.played, specs: r.specs, tally: tallyOf(req.setup, r.game, r.trace, r.played) };
  }

  /**
   * A game played outside `play`, by a caller that seats others beside the models (the
   * table's people): its models' session, which `finishGame` ends.
   */
  startGame(gameKey: string, seed: string): LlmGame {
    return this.llm.startGame(gameKey, seed);
  }

  /** The game is over: its counts and notes are written to the record, and counted in this session's. */
  finishGame(game: LlmGame, played: PlayedGame): void {
    this.finished.push(...game.finish(played).seats);
  }

  /** Ctrl-C: no new call; calls in flight end and are recorded; games in flight come back unfinished. */
  interrupt(): void {
    this.interrupted = true;
    this.llm.stop('interrupted', 'interrupted (Ctrl-C)');
  }

  stopped(): boolean {
    return this.llm.stopped() !== null;
  }

  /** Per model over the games this session finished. */
  finishedModels(): ModelReport[] {
    const by = new Map<string, ModelReport>();
    for (const u of this.finished) addSeat(by, u);
    return [...by.values()];
  }

  /** Per model over stored runs' games (every session's), read from the record: a run's, or a tournament's pairings'. */
  storedModels(store: Store, runs: readonly RunRow[]): ModelReport[] {
    const by = new Map<string, ModelReport>();
    for (const run of runs) {
      const stored = new Set(store.storedIndices(run));
      const prefix = llmGamePrefix(run.key);
      for (const u of this.record.store.usageByPrefix(prefix)) if (stored.has(Number(u.game.slice(prefix.length)))) addSeat(by, u);
    }
    return [...by.values()];
  }

  /**
   * How the session ended, with `stored` of `planned` games stored. A session `created` for
   * a new run whose provider refused before it recorded a call or finished a game is not
   * kept: `dropIfEmpty` then drops what the caller made if nothing was stored (and says
   * whether it did), and the record forgets the session and the `dropRuns` named in it.
   */
  end(o: { readonly stored: number; readonly planned: number; readonly created: boolean; readonly dropIfEmpty: () => boolean; readonly dropRuns: readonly string[] }): SessionEnd {
    const usage = this.llm.usage();
    const stopped = this.llm.stopped();
    const unfinished = this.unfinishedReasons.length;
    const dropped =
      o.created &&
      stopped?.reason === 'fatal' &&
      this.finished.length === 0 &&
      this.record.store.callsByRun(this.llm.runId) === 0 &&
      o.dropIfEmpty();
    if (dropped) for (const name of [this.llm.runId, ...o.dropRuns]) this.record.store.dropRun(name);
    let stop: SessionEnd['stop'] = null;
    if (o.stored < o.planned) {
      const kind: SessionStopKind = this.interrupted
        ? 'interrupted'
        : stopped?.reason === 'budget'
          ? 'budget'
          : stopped?.reason === 'fatal'
            ? dropped
              ? 'refused-at-first-call'
              : 'fatal'
            : this.llm.mode === 'replay' && unfinished > 0
              ? 'replay-incomplete'
              : 'incomplete';
      stop = { kind, detail: stopped?.message ?? this.unfinishedReasons[0] ?? '' };
    }
    return {
      usage,
      sent: usage.reduce((a, m) => a + m.calls - m.cachedCalls, 0),
      fromRecord: usage.reduce((a, m) => a + m.cachedCalls, 0),
      requests: usage.reduce((a, m) => a + m.requests, 0),
      failedRequests: sumFailed(usage.map((m) => m.failedRequests)),
      paid: usage.reduce((a, m) => a + m.newCost, 0),
      spent: this.llm.budget.spent,
      limit: this.llm.budget.limit,
      stopped,
      unfinished,
      firstReason: this.unfinishedReasons[0],
      dropped,
      stop,
    };
  }

  close(): void {
    this.llm.close();
  }
}
