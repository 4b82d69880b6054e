// A `sim` run that seats models, on the CLI's side: the models checked before any file is
// opened, the dry run, and the run's LLM session (runs/llm/session.ts: the record, the
// budget, games played through their sessions) started and summed up for printing.
// Imported only when a seating has LLM seats (it loads the SDKs).

import type { ExecHost } from '../../agents/exec/host.js';
import { estimateRun, estimateText, type RunEstimate } from '../../agents/llm/estimate.js';
import { usd } from '../../agents/llm/prices.js';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { Limiter } from '../../agents/llm/limiter.js';
import { PROMPT_VERSION } from '../../agents/llm/prompt.js';
import type { Seating } from '../../agents/registry.js';
import { resolveModels } from '../../runs/llm/models.js';
import { budgetOf, llmRunId, LlmSession, openRecord, type LlmRecord, type SessionEnd } from '../../runs/llm/session.js';
import { llmGameName } from '../../runs/llm/store.js';
import { runKey, shardRange, type RunConfig } from '../../runs/run-config.js';
import type { RunOutcome } from '../../runs/runner.js';
import type { RunRow, Store } from '../../runs/storage.js';
import { unwrap } from './errors.js';
import { hanging, wrap } from '../../narrate/width.js';
import type { LlmSettings } from './llm-args.js';
import { failedByKind, latencyLines, latencySummary, modelLines, requestLines, requestsJson, sessionLines, stopMessage } from './llm-summary.js';
import type { CliIo } from './io.js';
import { grouped } from '../../narrate/numbers.js';

/** The models' keys, URLs and prices (under a budget) checked before any file is opened. */
export function checkModels(seating: Seating, s: LlmSettings, maxCost: number | null): string[] {
  const checked = resolveModels(
    { specs: llmSpecsOf(seating), mode: s.mode, maxCost, prices: s.prices, limits: s.limits, policy: s.policy, providers: s.providers, env: s.env },
    (_key, limits) => new Limiter(limits),
  );
  return unwrap(checked).warnings;
}


/** `--dry-run`: the estimate of the run's games (this shard's), no call, no file. */
export function dryRun(config: RunConfig, s: LlmSettings, json: boolean, io: CliIo): number {
  const range = shardRange(config.games, config.shard);
  const games = range.stop - range.first;
  const e: RunEstimate = unwrap(estimateRun({ setup: config.setup, seating: config.seating, games, seed: config.seed, prices: s.prices }));
  const budget = s.maxCost ?? null;
  const fits = budget === null || e.maxCost === null ? null : e.maxCost <= budget ? 'within' : e.cost !== null && e.cost <= budget ? 'maybe' : 'over';
  if (json) {
    io.stdout.write(JSON.stringify({ dryRun: true, agents: config.seating.text, seed: config.seed, ...e, budget }) + '\n');
    return 0;
  }
  // Within 80 columns: each line of the estimate wrapped at its spaces, a model's under its name.
  const lines = estimateText(e)
    .split('\n')
    .flatMap((l) => (l.startsWith('  ') ? hanging('  ', l.trim(), { indent: 4 }) : wrap(l)));
  if (budget !== null) {
    const verdict =
      fits === 'within'
        ? `even at most (${usd(e.maxCost)}) the run fits in --max-cost $${budget}`
        : fits === 'maybe'
          ? `the estimate (${usd(e.cost)}) fits in --max-cost $${budget}, the ceiling (${usd(e.maxCost)}) does not: the run may stop before the end (sim resume continues it)`
          : fits === 'over'
            ? `the estimate (${usd(e.cost)}) is over --max-cost $${budget}: the run will stop before the end (sim resume with a larger --max-cost continues it)`
            : `no price for some model: --max-cost cannot hold it (give --llm-prices FILE)`;
    lines.push(...hanging('  ', `budget: ${verdict}`, { indent: 4 }));
  }
  lines.push('Nothing was called and nothing was written (--dry-run).');
  io.stdout.write(lines.join('\n') + '\n');
  return 0;
}

/** The session's settings from the flags, for a run or a tournament. */
export function contextOf(s: LlmSettings, runId: string, maxCost: number | null) {
  return { runId, mode: s.mode, maxCost, prices: s.prices, limits: s.limits, policy: s.policy, retries: s.retries, retryFailed: s.retryFailed, providers: s.providers, env: s.env };
}

/** Opens the record the flags name (--llm-cache, or the results file). */
export function openRecordOf(s: LlmSettings, resultsPath: string | null, results: Store | undefined, existing: boolean): LlmRecord {
  return unwrap(openRecord({ cache: s.cache, resultsPath, results, existing }));
}

/** A `sim` run's LLM session and where its games are stored; play, interrupt, then `finish`. */
export class LlmRunSession {
  private constructor(
    readonly session: LlmSession,
    readonly config: RunConfig,
    /** Where the run's games are stored (undefined: --no-db). */
    readonly results: { readonly store: Store; readonly run: RunRow } | undefined,
    readonly createdNow: boolean,
    /** The run's process agents, when `exec:` seats sit beside the models. */
    readonly exec: ExecHost | undefined,
  ) {}

  /**
   * Registers the run in the record with its budget (a resumed run's must be there already)
   * and starts its session. `run` is the stored run (undefined: --no-db).
   */
  static start(o: {
    readonly config: RunConfig;
    readonly settings: LlmSettings;
    readonly record: LlmRecord;
    readonly store: Store | undefined;
    readonly resume: RunRow | undefined;
    readonly newRun: () => RunRow | undefined;
    readonly exec?: ExecHost | undefined;
  }): LlmRunSession {
    const { config, settings, record, resume } = o;
    const resuming = resume !== undefined;
    const runId0 = resuming ? llmRunId(config, resume) : undefined;
    const maxCost = unwrap(budgetOf({ flag: settings.maxCost, record, runId: runId0 ?? '', resuming, what: 'this run' }));
    if (maxCost !== (settings.maxCost ?? null)) checkModels(config.seating, settings, maxCost);
    const run = resume ?? o.newRun();
    const runId = runId0 ?? llmRunId(config, run);
    record.store.beginRun(runId, resuming ? settings.maxCost : maxCost, PROMPT_VERSION);
    const session = unwrap(LlmSession.start({ record, context: contextOf(settings, runId, maxCost), seating: config.seating }));
    return new LlmRunSession(session, config, o.store !== undefined && run !== undefined ? { store: o.store, run } : undefined, !resuming, o.exec);
  }

  private readonly gameKey = (index: number) => llmGameName(this.results?.run.key ?? runKey(this.config), index);

  readonly play = (index: number) =>
    this.session.play({ setup: this.config.setup, seating: this.config.seating, seed: this.config.seed, gameKey: this.gameKey, exec: this.exec }, index);
  interrupt = () => this.session.interrupt();
  stopped = () => this.session.stopped();

  /** The summary's lines and `llm` object, and why the run is incomplete (stderr) with its exit code. */
  finish(outcome: RunOutcome): { readonly dropped: boolean; readonly lines: string[]; readonly json: Record<string, unknown>; readonly stop: { readonly message: string; readonly exit: number } | null } {
    const r = this.results;
    const end: SessionEnd = this.session.end({
      stored: outcome.tally.games,
      planned: outcome.planned,
      created: this.createdNow,
      dropRuns: [],
      dropIfEmpty: () => {
        if (r === undefined) return true;
        if (r.store.storedCount(r.run.id) > 0) return false;
        r.store.deleteRun(r.run.id);
        return true;
      },
    });
    const models = r === undefined ? this.session.finishedModels() : this.session.storedModels(r.store, [r.run]);
    const llm = this.session.llm;
    const record = this.session.record.path;
    const latency = latencySummary(this.session.record.store.latencies({ run: llm.runId }));
    const lines = [
      // Every model of a run sits in each of its games.
      ...modelLines(models, 'cost', r === undefined ? undefined : () => r.store.storedCount(r.run.id)),
      `  (over the ${r === undefined ? 'games finished now' : "run's stored games"}; "recorded": calls answered from the record, free)`,
      ...latencyLines(latency),
      ...requestLines(end.usage, end),
      `  this call   ${grouped(end.sent)} call${end.sent === 1 ? '' : 's'} sent in ${grouped(end.requests)} HTTP request${end.requests === 1 ? '' : 's'}, ${grouped(end.fromRecord)} answered from the record${llm.mode === 'replay' ? ' (--llm-replay: no network)' : ''}; paid ${usd(end.paid)}`,
      ...sessionLines(end, { whose: 'the run', record, warnings: llm.warnings }),
    ];
    const json = {
      record,
      mode: llm.mode,
      runId: llm.runId,
      models,
      session: end.usage.map(({ newCost, failedRequests, ...m }) => ({ ...m, failedRequests: failedByKind(failedRequests), paid: newCost })),
      ...requestsJson(end.usage, end),
      latency,
      fromRecord: end.fromRecord,
      paid: end.paid,
      spent: end.spent,
      maxCost: end.limit,
      unfinished: end.unfinished,
      stopped: end.stopped,
      // Refused at its first call: the run was not kept (nor a results file made for it).
      dropped: end.dropped,
      warnings: llm.warnings,
    };
    const resume = r === undefined ? null : `sim resume --db ${r.store.path} --run ${r.run.id}${record === r.store.path ? '' : ` --llm-cache ${record}`}`;
    const stop = stopMessage(end, {
      stored: `${outcome.tally.games} of ${outcome.planned} games ${r === undefined ? 'played' : 'stored'}`,
      what: 'the run',
      resume,
      resumeBudget: resume === null ? null : `To go on, give a larger budget: ${resume} --max-cost USD`,
      record,
    });
    return { dropped: end.dropped, lines, json, stop };
  }

  close(): void {
    this.session.close();
  }
}
