// A tournament (or a sequential test or a pilot: sprt.ts, plan.ts) whose entrants include
// models: one LLM session for the whole tournament
// (one record, one limiter per model, one budget: --max-cost holds across every pairing),
// named `tournament:KEY:CREATED` in the record, so a rerun of the same command finds what
// the tournament already spent. Each game is named by its pairing run's key and index
// (`sim show` finds its notes like any run's). The dry run estimates every pairing that
// seats a model. Imported only when an entrant is a model (it loads the SDKs).
//
// Pairings share deals, and a call is keyed by what is sent and where (game seed, seat,
// decision): two pairings in which a model sees exactly the same prompt in the same seat of
// the same deal get the same answer from the record, for free. That is common random
// numbers carried into the model's sampling, and it keeps replays exact.

import { visibleLine } from '../../narrate/escape.js';
import { estimateRun, type RunEstimate } from '../../agents/llm/estimate.js';
import { usd } from '../../agents/llm/prices.js';
import { PROMPT_VERSION } from '../../agents/llm/prompt.js';
import { parseSeating, type Seating } from '../../agents/registry.js';
import type { PlanPrices } from '../../reports/plan-tables.js';
import { llmGameName, llmRunName } from '../../runs/llm/store.js';
import { pairingLabel, type Schedule } from '../../tournaments/schedule.js';
import { type Store } from '../../runs/storage.js';
import { removeDbFiles } from '../../runs/db-file.js';
import { specList } from '../../runs/run-config.js';
import type { OpenPilot, PilotPlan } from '../../tournaments/plan.js';
import type { OpenSprt, SprtPlan } from '../../tournaments/sprt.js';
import type { LivePairing, ModelSession, OpenTournament, PlayOutcome } from '../../tournaments/tournament.js';
import { unwrap } from './errors.js';
import type { LlmSettings } from './llm-args.js';
import { checkModels, contextOf, openRecordOf } from './llm-run.js';
import { failedByKind, latencyLines, latencySummary, modelLines, requestLines, requestsJson, sessionLines, stopMessage } from './llm-summary.js';
import { budgetOf, LlmSession } from '../../runs/llm/session.js';
import type { ExecHost } from '../../agents/exec/host.js';
import { wrap } from '../../narrate/width.js';
import type { CliIo } from './io.js';
import { roundedGrouped } from '../../narrate/numbers.js';

/** Every agent of the tournament as one seating (for the models' keys, URLs and prices). */
function everyone(s: Schedule): Seating {
  return unwrap(parseSeating(s.entrants.concat(s.reference ?? [])));
}

/** Keys, URLs and prices (under a budget) checked before any file is opened. */
export function checkTournamentModels(s: Schedule, settings: LlmSettings): void {
  checkModels(everyone(s), settings, settings.maxCost ?? null);
}

const sum = (xs: readonly (number | null)[]): number | null => (xs.some((x) => x === null) ? null : xs.reduce<number>((a, x) => a + x!, 0));

/** `--dry-run`: the estimated tokens and cost of every pairing that seats a model; no call, no file. */
export function dryRun(s: Schedule, settings: LlmSettings, json: boolean, io: CliIo): number {
  const rows: { label: string; e: RunEstimate }[] = [];
  for (const p of s.pairings) {
    if (!p.seating.async) continue;
    rows.push({ label: pairingLabel(p), e: unwrap(estimateRun({ setup: s.setup, seating: p.seating, games: s.games, seed: s.seed, prices: settings.prices })) });
  }
  const cost = sum(rows.map((r) => r.e.cost));
  const maxCost = sum(rows.map((r) => r.e.maxCost));
  const models = new Map<string, { calls: number; inputTokens: number; outputTokens: number; costs: (number | null)[]; maxCosts: (number | null)[] }>();
  for (const { e } of rows)
    for (const m of e.models) {
      let t = models.get(m.spec);
      if (t === undefined) models.set(m.spec, (t = { calls: 0, inputTokens: 0, outputTokens: 0, costs: [], maxCosts: [] }));
      t.calls += m.callsPerGame * e.games;
      t.inputTokens += m.inputTokensPerGame * e.games;
      t.outputTokens += m.outputTokensPerGame * e.games;
      t.costs.push(m.cost);
      t.maxCosts.push(m.maxCost);
    }
  const perModel = [...models.entries()].map(([spec, t]) => ({ spec, calls: t.calls, inputTokens: t.inputTokens, outputTokens: t.outputTokens, cost: sum(t.costs), maxCost: sum(t.maxCosts) }));
  const budget = settings.maxCost ?? null;
  if (json) {
    io.stdout.write(
      JSON.stringify({ dryRun: true, mode: s.mode, entrants: s.entrants, seed: s.seed, games: s.games, pairings: rows.map((r) => ({ pairing: r.label, ...r.e })), models: perModel, cost, maxCost, budget }) + '\n',
    );
    return 0;
  }
  const n = roundedGrouped;
  const lines = wrap(
    `Estimate for the tournament's ${rows.length} pairing${rows.length === 1 ? '' : 's'} that seat a model, ${s.games} game${s.games === 1 ? '' : 's'} each ` +
      `(measured on simulated games; an estimate, not a quote):`,
    80,
  );
  const item = (text: string) => lines.push(...wrap(text, 80, '    ').map((l, i) => (i === 0 ? `  ${l.trimStart()}` : l)));
  for (const r of rows) item(`${visibleLine(r.label)}: ${usd(r.e.cost)} (at most ${usd(r.e.maxCost)})`);
  for (const m of perModel) item(`${visibleLine(m.spec)}: ~${n(m.calls)} calls, ~${n(m.inputTokens)} prompt + ~${n(m.outputTokens)} answer tokens, ${usd(m.cost)} (at most ${usd(m.maxCost)})`);
  item(`total: ${usd(cost)} (at most ${usd(maxCost)})`);
  if (budget !== null)
    item(
      `budget: ${
        maxCost !== null && maxCost <= budget
          ? `even at most the tournament fits in --max-cost $${budget}`
          : cost !== null && cost <= budget
            ? `the estimate fits in --max-cost $${budget}, the ceiling does not: the tournament may stop before the end (run it again with a larger --max-cost to continue)`
            : cost !== null
              ? `the estimate is over --max-cost $${budget}: the tournament will stop before the end`
              : 'no price for some model: --max-cost cannot hold it (give --llm-prices FILE)'
      }`,
    );
  lines.push('Nothing was called and nothing was written (--dry-run).');
  io.stdout.write(lines.join('\n') + '\n');
  return 0;
}

/** The tournament's name in the LLM record: its key and creation time (the same when it continues). */
export function tournamentRunName(open: OpenTournament): string {
  return `tournament:${open.tournament.key}:${open.tournament.created}`;
}

export interface TournamentModels extends ModelSession {
  /** Ctrl-C: no new call; calls in flight end and are recorded; games in flight are left unfinished. */
  interrupt(): void;
}

/** The play of some pairings with models: what the LLM session needs to know of it. */
export interface ModelPlay {
  /** Its name in the record (its budget's entry): the same when the play continues. */
  readonly runId: string;
  /** Every agent of the play, as one seating (the models' keys, URLs and prices). */
  readonly everyone: Seating;
  readonly setup: Schedule['setup'];
  readonly seed: string;
  readonly pairings: readonly LivePairing[];
  /** Made by this invocation: dropped, with its record entry, if refused at its first call. */
  readonly fresh: boolean;
  /** The command and what it plays, for the messages (`sim tournament`, `the tournament`, `tournament 3`). */
  readonly command: string;
  /** The process agents of the play, started, when `exec:` seats sit beside the models. */
  readonly exec?: ExecHost | undefined;
  readonly what: string;
  readonly name: string;
}

export function startTournamentModels(store: Store, open: OpenTournament, s: Schedule, settings: LlmSettings, dbPath: string, exec?: ExecHost): TournamentModels {
  return startPairingModels(
    store,
    {
      runId: tournamentRunName(open),
      everyone: everyone(s),
      setup: s.setup,
      seed: s.seed,
      pairings: open.pairings,
      fresh: open.created,
      command: 'sim tournament',
      what: 'the tournament',
      name: `tournament ${open.tournament.id}`,
      exec,
    },
    settings,
    dbPath,
  );
}

/** One LLM session (record, limiters, budget) for the pairings that seat a model. */
export function startPairingModels(store: Store, p: ModelPlay, settings: LlmSettings, dbPath: string): TournamentModels {
  const runId = p.runId;
  const modelPairings = p.pairings.filter((l) => l.pairing.seating.async);
  const storedBefore = modelPairings.reduce((n, l) => n + store.storedCount(l.run.id), 0);
  const record = openRecordOf(settings, dbPath, store, storedBefore > 0);
  let session: LlmSession;
  try {
    const maxCost = unwrap(budgetOf({ flag: settings.maxCost, record, runId, resuming: storedBefore > 0, what: p.name }));
    if (maxCost !== (settings.maxCost ?? null)) checkModels(p.everyone, settings, maxCost);
    record.store.beginRun(runId, record.store.runInfo(runId) === undefined ? maxCost : settings.maxCost, PROMPT_VERSION);
    // Each pairing run is named too, so `sim resume --run R` can continue one pairing on its
    // own, with the prompt version it is played with (its calls are recorded under the
    // tournament's name: a replay of the pairing's games learns the version from this entry).
    for (const l of modelPairings) record.store.beginRun(llmRunName(l.run), undefined, PROMPT_VERSION);
    session = unwrap(LlmSession.start({ record, context: contextOf(settings, runId, maxCost), seating: p.everyone }));
  } catch (e) {
    record.close();
    throw e;
  }
  let dropped = false;
  return {
    playAsync: (l, index) => session.play({ setup: p.setup, seating: l.pairing.seating, seed: p.seed, gameKey: (i) => llmGameName(l.run.key, i), exec: p.exec }, index),
    stopped: () => session.stopped(),
    interrupt: () => session.interrupt(),
    finish(play: PlayOutcome) {
      const end = session.end({ stored: play.stored, planned: play.total, created: p.fresh, dropRuns: modelPairings.map((l) => llmRunName(l.run)), dropIfEmpty: () => play.stored === 0 });
      dropped = end.dropped;
      const llm = session.llm;
      const latency = latencySummary(record.store.latencies({ run: runId }));
      // Per model over the tournament's stored games, every invocation's: the figures its ratings rest on.
      const stored = dropped ? [] : session.storedModels(store, modelPairings.map((l) => l.run));
      const lines = [
        ...modelLines(stored, 'cost', (spec) => modelPairings.reduce((n, l) => n + (specList(l.pairing.seating).includes(spec) ? store.storedCount(l.run.id) : 0), 0)),
        `  (over the tournament's stored games; "recorded": calls answered from the record, free)`,
        ...latencyLines(latency),
        ...requestLines(end.usage, end),
        ...sessionLines(end, { whose: p.what, record: record.path, warnings: llm.warnings }),
      ];
      const models = end.usage.map(({ failedRequests, ...m }) => ({ ...m, failedRequests: failedByKind(failedRequests) }));
      const json = { record: record.path, mode: llm.mode, runId, models, stored, ...requestsJson(end.usage, end), latency, fromRecord: end.fromRecord, paid: end.paid, spent: end.spent, maxCost: end.limit, unfinished: end.unfinished, stopped: end.stopped, dropped, warnings: llm.warnings };
      const again = `run the same ${p.command} command again`;
      const stop = stopMessage(end, {
        stored: `${play.stored} of ${play.total} games stored`,
        what: p.what,
        resume: again,
        resumeBudget: `To go on, ${again} with a larger --max-cost`,
        record: record.path,
      });
      return { lines, json, stop, drop: dropped };
    },
    close() {
      session.close();
      record.close();
      if (dropped && record.createdNow) removeDbFiles(record.path);
    },
  };
}

/** Every agent of a sequential test as one seating. */
function sprtAgents(plan: SprtPlan): Seating {
  return unwrap(parseSeating([plan.candidate, plan.baseline, plan.opponent]));
}

/** A sequential test's models: keys, URLs and prices (under a budget) checked before any file is opened. */
export function checkSprtModels(plan: SprtPlan, settings: LlmSettings): void {
  checkModels(sprtAgents(plan), settings, settings.maxCost ?? null);
}

/** A sequential test's name in the LLM record: its key and its candidate run's creation time (the same when it continues). */
export function sprtRunName(open: OpenSprt): string {
  return `sprt:${open.plan.key}:${open.pairings[0].run.created}`;
}

export function startSprtModels(store: Store, open: OpenSprt, settings: LlmSettings, dbPath: string): TournamentModels {
  const plan = open.plan;
  return startPairingModels(
    store,
    { runId: sprtRunName(open), everyone: sprtAgents(plan), setup: plan.setup, seed: plan.seed, pairings: open.pairings, fresh: open.createdRuns.length > 0, command: 'sim sprt', what: 'the test', name: 'this test' },
    settings,
    dbPath,
  );
}

/** Every agent of a pilot as one seating. */
function pilotAgents(plan: PilotPlan): Seating {
  return unwrap(parseSeating([plan.a, plan.b, plan.opponent]));
}

export function checkPilotModels(plan: PilotPlan, settings: LlmSettings): void {
  checkModels(pilotAgents(plan), settings, settings.maxCost ?? null);
}

/** The estimated run of `games` games of each of the pilot's pairings that seat a model. */
function pilotEstimates(plan: PilotPlan, settings: LlmSettings, games: number): { side: string; e: RunEstimate }[] {
  return plan.sides.flatMap((s) =>
    s.pairings.filter((p) => p.seating.async).map((p) => ({ side: s.side, e: unwrap(estimateRun({ setup: plan.setup, seating: p.seating, games, seed: plan.seed, prices: settings.prices })) })),
  );
}

/** Estimated dollars per pair (a game of A and one of B) on each side, as the dry run prices them. */
export function pilotPrices(plan: PilotPlan, settings: LlmSettings): PlanPrices {
  const perPair: Record<string, number | null> = {};
  for (const s of plan.sides) perPair[s.side] = 0;
  for (const { side, e } of pilotEstimates(plan, settings, 1)) {
    const now = perPair[side] ?? null;
    perPair[side] = now === null || e.costPerGame === null ? null : now + e.costPerGame;
  }
  return { perPair };
}

/** The pilot's estimated cost, and its ceiling. */
export function pilotCost(plan: PilotPlan, settings: LlmSettings): { readonly cost: number | null; readonly maxCost: number | null } {
  const rows = pilotEstimates(plan, settings, plan.pilot);
  return { cost: sum(rows.map((r) => r.e.cost)), maxCost: sum(rows.map((r) => r.e.maxCost)) };
}

export function startPilotModels(store: Store, open: OpenPilot, settings: LlmSettings, dbPath: string): TournamentModels {
  const plan = open.plan;
  return startPairingModels(
    store,
    { runId: `plan:${plan.key}:${open.pairings[0]!.run.created}`, everyone: pilotAgents(plan), setup: plan.setup, seed: plan.seed, pairings: open.pairings, fresh: open.createdRuns.length > 0, command: 'sim plan', what: 'the pilot', name: 'this pilot' },
    settings,
    dbPath,
  );
}
