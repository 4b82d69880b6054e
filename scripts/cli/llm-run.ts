// A `sim` run that seats models: the record (in the results file, or --llm-cache), the
// run's LLM context (keys, limits, budget), each game played through its LLM session
// (runs/llm/runner.ts `playLlmGame`: the record's notes and counts are written
// before the game is stored), and what the summary says about it. Imported only when a
// seating has LLM seats (it loads the SDKs).
//
// Names in the record: a run is `KEY:k/n:CREATED` (its run key, shard and creation time:
// unique across results files sharing one record, the same when it resumes); a game is
// `KEY/INDEX` (equal keys, equal games: a replay over the same record rewrites the same
// notes), so `sim show` finds a stored game's notes from its run's key.

import type { ExecHost } from '../../agents/exec/host.js';
import { estimateRun, estimateText, type RunEstimate } from '../../agents/llm/estimate.js';
import { usd } from '../../agents/llm/prices.js';
import { spentLine, unfinishedLine } from './format.js';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { Limiter } from '../../agents/llm/limiter.js';
import type { Seating } from '../../agents/registry.js';
import { resolve } from 'node:path';
import type { PlayedIndex } from '../../runs/games.js';
import { createLlmRunContext, type LlmRun, type ModelUsage, type StopInfo } from '../../runs/llm/context.js';
import { resolveModels } from '../../runs/llm/models.js';
import { playLlmGame } from '../../runs/llm/runner.js';
import { hasLlmRecord, llmGameName, llmGamePrefix, llmRunName, LlmStore, type SeatUsage } from '../../runs/llm/store.js';
import { runKey, shardRange, type RunConfig } from '../../runs/run-config.js';
import type { RunOutcome } from '../../runs/runner.js';
import { inspectDbFile, Store, type RunRow } from '../../runs/storage.js';
import { EXIT_LLM_INCOMPLETE, EXIT_LLM_PROVIDER, fail, unwrap } from './errors.js';
import type { LlmSettings } from './llm-args.js';

/** The models' keys, URLs and prices (under a budget) checked before any file is opened. */
export function checkModels(seating: Seating, s: LlmSettings, maxCost: number | null): string[] {
  const checked = resolveModels(
    { specs: llmSpecsOf(seating), mode: s.mode, maxCost, prices: s.prices, limits: s.limits, policy: s.policy, providers: s.providers },
    (_key, limits) => new Limiter(limits),
  );
  return unwrap(checked).warnings;
}


/** `--dry-run`: the estimate of the run's games (this shard's), no call, no file. */
export function dryRun(config: RunConfig, s: LlmSettings, json: boolean): number {
  const range = shardRange(config.games, config.shard);
  const games = range.stop - range.first;
  const e: RunEstimate = unwrap(estimateRun({ setup: config.setup, seating: config.seating, games, seed: config.seed, prices: s.prices }));
  const budget = s.maxCost ?? null;
  const fits = budget === null || e.maxCost === null ? null : e.maxCost <= budget ? 'within' : e.cost !== null && e.cost <= budget ? 'maybe' : 'over';
  if (json) {
    process.stdout.write(JSON.stringify({ dryRun: true, agents: config.seating.text, seed: config.seed, ...e, budget }) + '\n');
    return 0;
  }
  const lines = [estimateText(e)];
  if (budget !== null) {
    const verdict =
      fits === 'within'
        ? `even at most (${usd(e.maxCost)}) the run fits in --max-cost $${budget}`
        : fits === 'maybe'
          ? `the estimate (${usd(e.cost)}) fits in --max-cost $${budget}, the ceiling (${usd(e.maxCost)}) does not: the run may stop before the end (sim resume continues it)`
          : fits === 'over'
            ? `the estimate (${usd(e.cost)}) is over --max-cost $${budget}: the run will stop before the end (sim resume with a larger --max-cost continues it)`
            : `no price for some model: --max-cost cannot hold it (give --llm-prices FILE)`;
    lines.push(`  budget: ${verdict}`);
  }
  lines.push('Nothing was called and nothing was written (--dry-run).');
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}

/** The record: an LLM store on the results file's connection, or on the --llm-cache file's. */
export interface LlmRecord {
  readonly store: LlmStore;
  readonly path: string;
  /** A file of its own (--llm-cache) that this invocation created. */
  readonly createdNow: boolean;
  close(): void;
}

/**
 * Opens the record. `results` is the open results file (undefined with --no-db). A resumed
 * run (`existing`) needs its record there already: a refused resume creates nothing.
 */
export function openRecord(s: LlmSettings, resultsPath: string | null, results: Store | undefined, existing: boolean): LlmRecord {
  const separate = s.cache !== undefined && (resultsPath === null || resolve(s.cache) !== resolve(resultsPath));
  const attach = (file: Store): LlmStore => {
    if (existing && !hasLlmRecord(file.db))
      fail(`${file.path} holds no LLM record, so not this run's: give the --llm-cache FILE the run was started with`);
    return unwrap(LlmStore.attach(file.db, 'write'));
  };
  if (!separate) {
    if (results === undefined) throw new Error('no results file to keep the record in');
    return { store: attach(results), path: results.path, createdNow: false, close() {} };
  }
  const state = inspectDbFile(s.cache!);
  const file = unwrap(Store.open(s.cache!, existing ? 'update' : 'write'), '--llm-cache');
  try {
    return { store: attach(file), path: file.path, createdNow: state.ok && state.value === 'missing', close: () => file.close() };
  } catch (e) {
    file.close();
    throw e;
  }
}

/** The run's name in the record (see the header). */
export function llmRunId(config: RunConfig, run: RunRow | undefined): string {
  return llmRunName(run ?? { key: runKey(config), shardK: config.shard.k, shardN: config.shard.n, created: new Date().toISOString() });
}

/** Per model: its calls and tokens, what they cost as recorded, and its seats' wrong answers and fallbacks. */
export type ModelReport = Omit<SeatUsage, 'seat' | 'newCost'>;

function addSeat(into: Map<string, ModelReport>, u: SeatUsage): void {
  let m = into.get(u.spec);
  if (m === undefined) {
    m = { spec: u.spec, calls: 0, cachedCalls: 0, inputTokens: 0, outputTokens: 0, cost: 0, invalid: 0, fallbacks: 0 };
    into.set(u.spec, m);
  }
  m.calls += u.calls;
  m.cachedCalls += u.cachedCalls;
  m.inputTokens += u.inputTokens;
  m.outputTokens += u.outputTokens;
  m.cost = m.cost === null || u.cost === null ? null : m.cost + u.cost;
  m.invalid += u.invalid;
  m.fallbacks += u.fallbacks;
}

export interface LlmEnd {
  /** The run was refused at its first call and not kept (no summary: nothing was played, stored or paid). */
  readonly dropped: boolean;
  /** Lines for the human summary. */
  readonly lines: string[];
  /** The summary's `llm` object. */
  readonly json: Record<string, unknown>;
  /** Why the run is incomplete (stderr), and its exit code; null when every game was stored. */
  readonly stop: { readonly message: string; readonly exit: number } | null;
}

/** An LLM run in progress: plays games through their sessions; says how it went. */
export class LlmRunSession {
  private readonly finishedSeats: SeatUsage[] = [];
  private readonly unfinishedReasons: string[] = [];
  private interrupted = false;

  constructor(
    readonly llm: LlmRun,
    readonly config: RunConfig,
    readonly record: LlmRecord,
    /** Where the run's games are stored (undefined: --no-db). */
    readonly results: { readonly store: Store; readonly run: RunRow } | undefined,
    readonly createdNow: boolean,
    /** The run's process agents, when `exec:` seats sit beside the models. */
    readonly exec?: ExecHost | undefined,
  ) {}

  private readonly gameKey = (index: number) => llmGameName(this.results?.run.key ?? runKey(this.config), index);

  /** Plays game `index`; undefined when it was abandoned (not stored; its answered calls are in the record). */
  readonly play = async (index: number): Promise<PlayedIndex | undefined> => {
    const r = await playLlmGame({ setup: this.config.setup, seating: this.config.seating, seed: this.config.seed, llm: this.llm, gameKey: this.gameKey, exec: this.exec }, index);
    if (r.status === 'unfinished') {
      this.unfinishedReasons.push(r.reason);
      return undefined;
    }
    this.finishedSeats.push(...r.usage.seats);
    return { game: r.game, played: r.played, specs: r.specs };
  };

  /** Ctrl-C: no new call; calls in flight end and are recorded; games in flight come back unfinished. */
  interrupt(): void {
    this.interrupted = true;
    this.llm.stop('interrupted', 'interrupted (Ctrl-C)');
  }

  stopped(): boolean {
    return this.llm.stopped() !== null;
  }

  /** Per model over the run's stored games (this invocation's finished games with --no-db). */
  private models(): ModelReport[] {
    const by = new Map<string, ModelReport>();
    if (this.results === undefined) {
      for (const u of this.finishedSeats) addSeat(by, u);
    } else {
      const { store, run } = this.results;
      const stored = new Set(store.db.prepare('SELECT idx FROM games WHERE run = ?').pluck().all(run.id) as number[]);
      const prefix = llmGamePrefix(run.key);
      for (const u of this.record.store.usageByPrefix(prefix)) {
        const idx = Number(u.game.slice(prefix.length));
        if (stored.has(idx)) addSeat(by, u);
      }
    }
    return [...by.values()];
  }

  /** A new run refused at its first call (bad key, unknown model, no server), with nothing stored or recorded, is not kept. */
  private dropIfEmpty(): boolean {
    if (!this.createdNow || this.llm.stopped()?.reason !== 'fatal' || this.finishedSeats.length > 0) return false;
    if (this.record.store.callsByRun(this.llm.runId) > 0) return false;
    if (this.results !== undefined) {
      if (this.results.store.storedCount(this.results.run.id) > 0) return false;
      this.results.store.deleteRun(this.results.run.id);
    }
    this.record.store.dropRun(this.llm.runId);
    return true;
  }

  /** The command that continues the run (null with --no-db: nothing to continue). */
  private resumeCommand(): string | null {
    if (this.results === undefined) return null;
    const r = this.results;
    return `sim resume --db ${r.store.path} --run ${r.run.id}${this.record.path === r.store.path ? '' : ` --llm-cache ${this.record.path}`}`;
  }

  finish(outcome: RunOutcome): LlmEnd {
    const models = this.models();
    const session: ModelUsage[] = this.llm.usage();
    const paid = session.reduce((a, m) => a + m.newCost, 0);
    const sent = session.reduce((a, m) => a + m.calls - m.cachedCalls, 0);
    const fromRecord = session.reduce((a, m) => a + m.cachedCalls, 0);
    const spent = this.llm.budget.spent;
    const limit = this.llm.budget.limit;
    const stop: StopInfo | null = this.llm.stopped();
    const unfinished = this.unfinishedReasons.length;
    const dropped = this.dropIfEmpty();

    const n = (x: number) => Math.round(x).toLocaleString('en-US');
    const w = Math.max(5, ...models.map((m) => m.spec.length));
    const lines = ['', `  ${'LLM'.padEnd(w)} ${'calls'.padStart(7)} ${'recorded'.padStart(8)} ${'prompt tok'.padStart(11)} ${'answer tok'.padStart(11)} ${'cost'.padStart(9)} ${'invalid'.padStart(7)} ${'fallbacks'.padStart(9)}`];
    for (const m of models)
      lines.push(
        `  ${m.spec.padEnd(w)} ${n(m.calls).padStart(7)} ${n(m.cachedCalls).padStart(8)} ${n(m.inputTokens).padStart(11)} ${n(m.outputTokens).padStart(11)} ` +
          `${(m.cost === null ? '?' : usd(m.cost)).padStart(9)} ${n(m.invalid).padStart(7)} ${n(m.fallbacks).padStart(9)}`,
      );
    if (models.length === 0) lines.push('  (no game finished)');
    lines.push(
      `  (over the ${this.results === undefined ? 'games finished now' : "run's stored games"}; "recorded": calls answered from the record, free)`,
      `  this call   ${n(sent)} request${sent === 1 ? '' : 's'} sent, ${n(fromRecord)} answered from the record${this.llm.mode === 'replay' ? ' (--llm-replay: no network)' : ''}; paid ${usd(paid)}`,
      spentLine(spent, limit, 'the run'),
      `  record      ${this.record.path}`,
    );
    if (unfinished > 0) lines.push(unfinishedLine(unfinished, this.unfinishedReasons[0]));
    for (const warning of this.llm.warnings) lines.push(`  note        ${warning}`);

    const json = {
      record: this.record.path,
      mode: this.llm.mode,
      runId: this.llm.runId,
      models,
      session: session.map(({ newCost, ...m }) => ({ ...m, paid: newCost })),
      requests: sent,
      fromRecord,
      paid,
      spent,
      maxCost: limit,
      unfinished,
      stopped: stop,
      warnings: this.llm.warnings,
    };

    let end: LlmEnd['stop'] = null;
    if (outcome.tally.games < outcome.planned) {
      const resume = this.resumeCommand();
      const stored = `${outcome.tally.games} of ${outcome.planned} games ${this.results === undefined ? 'played' : 'stored'}`;
      const left =
        unfinished === 0
          ? ''
          : `; ${unfinished === 1 ? '1 game was' : `${unfinished} games were`} left unfinished (not stored; ${unfinished === 1 ? 'its' : 'their'} answered calls are in the record: a resume replays them for free)`;
      if (this.interrupted) end = { message: `stopped by Ctrl-C: ${stored}${left}${resume === null ? '' : `; continue with: ${resume}`}`, exit: 130 };
      else if (stop?.reason === 'budget')
        end = {
          message: `stopped by --max-cost: ${stop.message}. ${stored}${left}.${resume === null ? '' : ` To go on, give a larger budget: ${resume} --max-cost USD`}`,
          exit: EXIT_LLM_INCOMPLETE,
        };
      else if (stop?.reason === 'fatal')
        end = dropped
          ? { message: `stopped at the first call: ${stop.message}. Nothing was paid and the run was not kept: fix it and run the same command again`, exit: EXIT_LLM_PROVIDER }
          : { message: `stopped: ${stop.message}. Nothing more was sent. ${stored}${left}.${resume === null ? '' : ` Fix it, then: ${resume}`}`, exit: EXIT_LLM_PROVIDER };
      else if (this.llm.mode === 'replay' && unfinished > 0)
        end = {
          message:
            `${stored}: ${unfinished} game${unfinished === 1 ? '' : 's'} could not be replayed, the record (${this.record.path}) lacks some answers (${this.unfinishedReasons[0]}). ` +
            `Play them live, without --llm-replay${resume === null ? '' : `: ${resume}`}`,
          exit: EXIT_LLM_INCOMPLETE,
        };
      else end = { message: `stopped after ${stored}${left}${resume === null ? '' : `; continue with: ${resume}`}`, exit: EXIT_LLM_INCOMPLETE };
    }
    return { dropped, lines, json, stop: end };
  }
}

/** Makes the run's LLM context over the record; every user error was checked before (checkModels). */
export function startLlmRun(
  config: RunConfig,
  s: LlmSettings,
  record: LlmRecord,
  runId: string,
  maxCost: number | null,
): LlmRun {
  return unwrap(
    createLlmRunContext({
      runId,
      specs: llmSpecsOf(config.seating),
      store: record.store,
      mode: s.mode,
      maxCost,
      prices: s.prices,
      limits: s.limits,
      policy: s.policy,
      retries: s.retries,
      retryFailed: s.retryFailed,
      providers: s.providers,
    }),
  );
}

/**
 * The run's budget: the flag, else what the run was started with (a resume), else none.
 * A resumed run must find its entry in the record: else its calls were recorded elsewhere.
 */
export function budgetOf(s: LlmSettings, record: LlmRecord, runId: string, resuming: boolean): number | null {
  if (!resuming) return s.maxCost ?? null;
  const info = record.store.runInfo(runId);
  if (info === undefined)
    fail(`the record ${record.path} has no entry for this run: its LLM calls were recorded in another file (give the --llm-cache FILE it was started with)`);
  return s.maxCost !== undefined ? s.maxCost : info.maxCost;
}
