// `sim fork` of a game that seats models. Checked read-only first (the game replayed from
// its LLM record, the decision and the edit); `--dry-run` stops there with an estimate;
// then the record is opened to write and the fork played through an LLM session named
// after the game, the decision and the edit (studies/llm-fork.ts): the record answers
// every prompt the stored game asked, a model only the prompts that heard the edit, under
// --max-cost. The same fork again is answered wholly from the record. Loaded only for such
// games (it brings the SDKs).

import { createHash } from 'node:crypto';
import { usd } from '../../agents/llm/prices.js';
import { PROMPT_VERSION } from '../../agents/llm/prompt.js';
import { budgetOf, LlmSession } from '../../runs/llm/session.js';
import { Store } from '../../runs/storage.js';
import type { Edit } from '../../studies/edit.js';
import { forkPoint, forkView, type ForkPoint } from '../../studies/fork-game.js';
import type { ForkReport } from './fork.js';
import { forkModels, forkName } from '../../studies/llm-fork.js';
import { readRecord, replayTraced, type ReplayedGame, type StoredGame } from '../../studies/stored.js';
import { fail, unwrap } from './errors.js';
import { onInterrupt } from './interrupt.js';
import { llmSettingsFrom, type LlmArgs } from './llm-args.js';
import { checkModels, contextOf, openRecordOf } from './llm-run.js';
import { modelLines, requestLines, requestsJson, sessionLines, stopMessage } from './llm-summary.js';
import type { CliIo } from './io.js';
import { roundedGrouped } from '../../narrate/numbers.js';

export interface ForkLlmRequest {
  readonly a: LlmArgs & { readonly json: boolean };
  /** The results file, open read-only (closed here). */
  readonly store: Store;
  readonly dbPath: string;
  readonly g: StoredGame;
  readonly at: number;
  readonly edit: Edit;
  readonly report: (f: ForkReport, extra: { readonly lines: readonly string[]; readonly json: Record<string, unknown> }) => number;
}

/** What the rest of the stored game cost after the decision: at most what the fork may ask. */
function estimate(original: ReplayedGame, at: number) {
  let calls = 0;
  let input = 0;
  let output = 0;
  let cost: number | null = 0;
  for (const d of original.asked) {
    if (d === undefined || d.id <= at) continue;
    const u = original.usage.find((s) => s.seat === d.seat);
    if (u === undefined || u.calls === 0) continue;
    // Per decision: the seat's recorded calls, tokens and dollars per decision it made.
    const made = original.asked.filter((x) => x !== undefined && x.seat === d.seat).length;
    calls += u.calls / made;
    input += u.inputTokens / made;
    output += u.outputTokens / made;
    cost = cost === null || u.cost === null ? null : cost + u.cost / made;
  }
  return { calls, inputTokens: input, outputTokens: output, cost };
}

export async function forkLlmCommand(o: ForkLlmRequest, io: CliIo): Promise<number> {
  const { a, g } = o;
  const settings = llmSettingsFrom(a, io.env);
  const recordPath = settings.cache ?? o.dbPath;
  let original: ReplayedGame;
  // Read-only: a refused fork writes nothing.
  try {
    const file = recordPath === o.dbPath ? o.store : unwrap(Store.open(recordPath, 'read'), 'the LLM record');
    try {
      const record = unwrap(readRecord(file, recordPath));
      original = unwrap(await replayTraced(g, record));
    } finally {
      if (file !== o.store) file.close();
    }
  } finally {
    o.store.close();
  }
  if (original.matches === false)
    fail(`game ${g.index} of run ${g.run.id} does not replay to its stored result from ${recordPath}: it cannot be forked by this version`);
  const point: ForkPoint = unwrap(forkPoint(g, original, o.at, o.edit));
  if (settings.dryRun) {
    const e = estimate(original, point.decision.id);
    if (a.json) io.stdout.write(JSON.stringify({ dryRun: true, run: g.run.id, game: g.index, at: point.decision.id, ...e }) + '\n');
    else
      io.stdout.write(
        `Estimate for the fork at #${point.decision.id} (the stored game's model calls after it; an estimate, not a quote):\n` +
          `  at most ~${e.calls.toFixed(0)} calls, ~${roundedGrouped(e.inputTokens)} prompt + ~${roundedGrouped(e.outputTokens)} answer tokens, ~${usd(e.cost)}\n` +
          '  The fork asks a model only where its prompt differs from the record (the rest is free); it may also last longer or shorter than the stored game.\n' +
          'Nothing was called and nothing was written (--dry-run).\n',
      );
    return 0;
  }
  checkModels(g.config.seating, settings, settings.maxCost ?? null);
  const results = unwrap(Store.open(o.dbPath, 'update'));
  const record = openRecordOf(settings, o.dbPath, results, true);
  const editKey = createHash('sha256').update(JSON.stringify(point.replacement)).digest('hex').slice(0, 12);
  const runId = forkName(g, point, editKey);
  let session: LlmSession | undefined;
  try {
    const maxCost = unwrap(budgetOf({ flag: settings.maxCost, record, runId, resuming: false, what: 'this fork' }));
    record.store.beginRun(runId, maxCost, PROMPT_VERSION);
    session = unwrap(LlmSession.start({ record, context: contextOf(settings, runId, maxCost), seating: g.config.seating }));
    const s = session;
    const interrupt = onInterrupt(io, { clear: () => {}, continueHint: 'run the same command again', stoppingMessage: 'stopping: ending the calls in flight', onFirst: () => s.interrupt() });
    let r;
    try {
      r = await forkModels(g, point, original, { llm: s.llm, gameKey: runId });
    } finally {
      interrupt.dispose();
    }
    const played = r.ok && r.value.status === 'played';
    const end = s.end({ stored: played ? 1 : 0, planned: 1, created: false, dropIfEmpty: () => false, dropRuns: [] });
    // A fork that sent nothing keeps no entry of its own in the record.
    record.store.dropRun(runId);
    if (!r.ok) fail(r.error);
    const lines = [
      ...modelLines(s.finishedModels(), 'cost'),
      ...requestLines(end.usage, end),
      `  this call   ${end.sent} call${end.sent === 1 ? '' : 's'} sent to a model (prompts that heard the edit), ${end.fromRecord} answered from the record; paid ${usd(end.paid)}`,
      ...sessionLines(end, { whose: 'this fork', record: record.path, warnings: s.llm.warnings }),
    ];
    if (r.value.status === 'stopped') {
      const stop = stopMessage(end, { stored: 'the fork was not played to its end', what: 'the fork', resume: 'the same command', resumeBudget: 'To go on, run the same command with a larger --max-cost', record: record.path });
      io.stdout.write(lines.join('\n') + '\n');
      io.stderr.write(`sim: ${stop?.message ?? r.value.reason}\n`);
      return stop?.exit ?? 3;
    }
    const json = { record: record.path, runId, callsSent: end.sent, fromRecord: end.fromRecord, paid: end.paid, spent: end.spent, maxCost: end.limit, ...requestsJson(end.usage, end) };
    return o.report({ view: forkView(g, r.value.outcome, original.matches), outcome: r.value.outcome, g }, { lines, json });
  } finally {
    session?.close();
    record.close();
    results.close();
  }
}
