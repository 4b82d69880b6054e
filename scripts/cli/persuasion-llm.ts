// `sim persuasion` over games that seat models: the estimate (--dry-run: the stored games'
// own calls from each speech to the end of its day, times 2K), and the study played
// through one LLM session named `study:KEY` in the record — its budget (--max-cost) holds
// across every game and every continuation of the same study, and every call it makes is
// recorded, so the same command after a stop pays nothing twice. Loaded only then (it
// brings the SDKs).

import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { usd } from '../../agents/llm/prices.js';
import { PROMPT_VERSION } from '../../agents/llm/prompt.js';
import { parseSeating } from '../../agents/registry.js';
import { budgetOf, LlmSession } from '../../runs/llm/session.js';
import type { LlmStore } from '../../runs/llm/store.js';
import { Store } from '../../runs/storage.js';
import { modelArms } from '../../studies/llm-study.js';
import { readRecord } from '../../studies/stored.js';
import { checkReplays, estimateStudy, openStudy, type StudyPlan, type StudyRun } from '../../studies/study.js';
import type { StudyRow } from '../../studies/study-store.js';
import { EXIT_INTERRUPTED, unwrap } from './errors.js';
import { onInterrupt } from './interrupt.js';
import { llmSettingsFrom, type LlmArgs } from './llm-args.js';
import { checkModels, contextOf, openRecordOf } from './llm-run.js';
import { modelLines, requestLines, requestsJson, sessionLines, stopMessage } from './llm-summary.js';
import { runStudy, type printStudy } from './persuasion.js';
import type { CliIo } from './io.js';
import { grouped, roundedGrouped } from '../../narrate/numbers.js';

type Args = LlmArgs & { readonly json: boolean };

/** Every agent the study's games seat, as one seating (their models' keys, URLs and prices are checked once). */
function everyone(plan: StudyPlan) {
  const specs = [...new Set(plan.games.flatMap((g) => g.config.seating.assignments.map((x) => x.spec.text)))];
  return unwrap(parseSeating(specs));
}

/** The study's LLM record, read-only (in the results file, or --llm-cache's), lent to `use`. */
async function withRecord<T>(check: Store, dbPath: string, a: Args, use: (record: LlmStore) => Promise<T>): Promise<T> {
  // Only the record's path is read here: no key is needed, so no environment is given.
  const recordPath = llmSettingsFrom(a, {}).cache ?? dbPath;
  const file = recordPath === dbPath ? check : unwrap(Store.open(recordPath, 'read'), 'the LLM record');
  try {
    return await use(unwrap(readRecord(file, recordPath)));
  } finally {
    if (file !== check) file.close();
  }
}

/** Checks that the study's games to measure replay from the LLM record (read-only), before the study is written. */
export async function checkLlmReplays(check: Store, dbPath: string, plan: StudyPlan, found: StudyRow | undefined, a: Args): Promise<void> {
  await withRecord(check, dbPath, a, async (record) => unwrap(await checkReplays({ store: check, plan, study: found, record })));
}

export async function dryRunLlm(check: Store, dbPath: string, plan: StudyPlan, a: Args, io: CliIo): Promise<number> {
  const e = await withRecord(check, dbPath, a, async (record) => unwrap(await estimateStudy(plan, record)));
  const budget = llmSettingsFrom(a, io.env).maxCost ?? null;
  if (a.json) io.stdout.write(JSON.stringify({ dryRun: true, ...e, budget }) + '\n');
  else
    io.stdout.write(
      `Estimate for the study (the stored games' own calls from each speech to the end of its day, × 2 × ${plan.samples}; an estimate, not a quote):\n` +
        `  ${e.games} games, ${e.speeches} speeches, ${grouped(e.arms)} arms\n` +
        `  ~${roundedGrouped(e.calls)} model calls, ~${roundedGrouped(e.inputTokens)} prompt + ~${roundedGrouped(e.outputTokens)} answer tokens, ~${usd(e.cost)}\n` +
        (budget === null ? '' : `  budget: --max-cost $${budget} ${e.cost !== null && e.cost <= budget ? 'holds the estimate' : 'may stop the study before its end (the same command continues it)'}\n`) +
        'Nothing was called and nothing was written (--dry-run).\n',
    );
  return 0;
}

export async function playLlmStudy(dbPath: string, plan: StudyPlan, a: Args, print: typeof printStudy, io: CliIo): Promise<number> {
  const settings = llmSettingsFrom(a, io.env);
  const seating = everyone(plan);
  if (llmSpecsOf(seating).length === 0) throw new Error('a study of games with models seats none');
  checkModels(seating, settings, settings.maxCost ?? null);
  const results = unwrap(Store.open(dbPath, 'update'));
  const record = openRecordOf(settings, dbPath, results, true);
  let session: LlmSession | undefined;
  try {
    const { study, created } = openStudy(results, plan);
    const runId = `study:${plan.key}`;
    const maxCost = unwrap(budgetOf({ flag: settings.maxCost, record, runId, resuming: !created && record.store.runInfo(runId) !== undefined, what: 'this study' }));
    record.store.beginRun(runId, maxCost, PROMPT_VERSION);
    session = unwrap(LlmSession.start({ record, context: contextOf(settings, runId, maxCost), seating }));
    const s = session;
    let stopping = false;
    const interrupt = onInterrupt(io, {
      clear: () => {},
      continueHint: 'run the same command again',
      stoppingMessage: 'stopping: ending the calls in flight',
      onFirst: () => {
        stopping = true;
        s.interrupt();
      },
    });
    let outcome: StudyRun;
    try {
      outcome = unwrap(await runStudy(io, results, plan, study.id, { record: record.store, modelArms: modelArms(s.llm, plan.key) }, () => stopping));
    } finally {
      interrupt.dispose();
    }
    const end = s.end({ stored: outcome.total, planned: plan.games.length, created: false, dropIfEmpty: () => false, dropRuns: [] });
    const lines = [
      ...modelLines(s.llm.usage().map((m) => ({ ...m, cost: m.cost })), 'cost'),
      ...requestLines(end.usage, end),
      `  this call   ${end.sent} call${end.sent === 1 ? '' : 's'} sent, ${end.fromRecord} answered from the record; paid ${usd(end.paid)}`,
      ...sessionLines(end, { whose: 'the study', record: record.path, warnings: s.llm.warnings }),
    ];
    const json = { record: record.path, runId, callsSent: end.sent, fromRecord: end.fromRecord, paid: end.paid, spent: end.spent, maxCost: end.limit, ...requestsJson(end.usage, end) };
    print(io, results, plan, study.id, outcome, a.json, { lines, json });
    if (outcome.stopped !== null) {
      const stop = stopMessage(end, {
        stored: `${outcome.total} of ${plan.games.length} games measured`,
        what: 'the study',
        resume: 'the same command',
        resumeBudget: 'To go on, run the same command with a larger --max-cost',
        record: record.path,
      });
      io.stderr.write(`sim: ${stop?.message ?? `the study stopped (${outcome.stopped}); run the same command to continue it`}\n`);
      return stop?.exit ?? EXIT_INTERRUPTED;
    }
    return 0;
  } finally {
    session?.close();
    record.close();
    results.close();
  }
}
