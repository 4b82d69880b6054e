// What `sim` and `sim tournament` print about an LLM session (runs/llm/session.ts): the
// models' calls, tokens and dollars, this invocation's calls and HTTP requests per model
// with the failed requests by kind, the budget, the record, and — when games are missing
// — one message saying why and how to continue, with its exit code.

import { usd } from '../../agents/llm/prices.js';
import { visibleLine } from '../../narrate/escape.js';
import type { FailedAttempts } from '../../agents/llm/transport.js';
import type { ModelUsage } from '../../runs/llm/context.js';
import type { ModelReport, SessionEnd, SessionStopKind } from '../../runs/llm/session.js';
import { EXIT_INTERRUPTED, EXIT_LLM_INCOMPLETE, EXIT_LLM_PROVIDER } from './errors.js';
import { gamesText, spentLine, unfinishedLine } from './format.js';
import { quantileInterval, type QuantileEstimate } from '../../stats/quantile.js';
import { TERMINAL_WIDTH } from '../../narrate/width.js';
import { roundedGrouped } from '../../narrate/numbers.js';

const n = roundedGrouped;
/** A spec as printed: escaped, whatever it holds (the parser refuses such specs; a stored one may predate that). */
const shown = (spec: string) => visibleLine(spec);

type ModelRow = Omit<ModelReport, 'invalid' | 'fallbacks' | 'decisions'> & Partial<Pick<ModelReport, 'invalid' | 'fallbacks' | 'decisions'>>;

/** Prompt and answer tokens per decision the model's seats owed (re-asks included); null: unknown. */
export function tokensPerDecision(m: Pick<ModelReport, 'inputTokens' | 'outputTokens'> & { readonly decisions?: number | null }): number | null {
  return m.decisions === undefined || m.decisions === null || m.decisions === 0 ? null : (m.inputTokens + m.outputTokens) / m.decisions;
}

/**
 * One row a model: calls, those answered from the record, tokens (and per decision, when
 * counted), and dollars (and per game, given the stored games each model sat in:
 * `gamesOf`); wrong answers and fallbacks when known. A name too long for one
 * 80-column line goes on a line of its own, its numbers under it.
 */
export function modelLines(rows: readonly ModelRow[], costLabel: string, gamesOf?: (spec: string) => number): string[] {
  const seats = rows.some((m) => m.invalid !== undefined);
  const perDecision = rows.some((m) => m.decisions !== undefined);

  const columns: (readonly [string, number, (m: ModelRow) => string])[] = [
    ['calls', 7, (m) => n(m.calls)],
    ['recorded', 8, (m) => n(m.cachedCalls)],
    ['prompt tok', 10, (m) => n(m.inputTokens)],
    ['answer tok', 10, (m) => n(m.outputTokens)],
    ...(perDecision ? [['tok/dec', 7, (m: ModelRow) => { const t = tokensPerDecision(m); return t === null ? '?' : n(t); }] as const] : []),
    [costLabel, 9, (m) => (m.cost === null ? '?' : usd(m.cost))],
    ...(seats ? ([['invalid', 7, (m: ModelRow) => n(m.invalid ?? 0)], ['fallbacks', 9, (m: ModelRow) => n(m.fallbacks ?? 0)]] as const) : []),
  ];
  const numbers = (cell: (title: string, value: (m: ModelRow) => string) => string) => columns.map(([title, w, value]) => cell(title, value).padStart(w)).join(' ');
  const titles = numbers((title) => title);
  const w = Math.max(5, ...rows.map((m) => shown(m.spec).length));
  const oneLine = 2 + w + 1 + titles.length <= TERMINAL_WIDTH;
  const lines = oneLine ? ['', `  ${'LLM'.padEnd(w)} ${titles}`] : ['', '  LLM', `    ${titles}`];
  for (const m of rows) {
    const values = numbers((_title, value) => value(m));
    if (oneLine) lines.push(`  ${shown(m.spec).padEnd(w)} ${values}`);
    else lines.push(`  ${shown(m.spec)}`, `    ${values}`);
  }
  // Dollars per game on lines of their own: a ninth column would not fit 80.
  if (gamesOf !== undefined)
    for (const m of rows) {
      const games = gamesOf(m.spec);
      const value = m.cost === null || games === 0 ? '?' : usd(m.cost / games);
      lines.push(`  $/game ${value.padStart(9)}  ${shown(m.spec)} (${gamesText(games)})`);
    }
  if (rows.length === 0) lines.push('  (no game finished)');
  else if (perDecision) lines.push('  (tok/dec: tokens per decision its seats owed, re-asks included; ? where its', '  games were stored before decisions were counted)');
  return lines;
}

/** Failed requests in the four kinds the summary shows (429, 5xx, timeout — 408 included —, network) and the rest (409 among them). */
export function failedByKind(f: FailedAttempts): { readonly '429': number; readonly '5xx': number; readonly timeout: number; readonly network: number; readonly other: number } {
  return {
    '429': f['rate-limit'] ?? 0,
    '5xx': f.server ?? 0,
    timeout: f.timeout ?? 0,
    network: f.connection ?? 0,
    other: (f['bad-response'] ?? 0) + (f.conflict ?? 0) + (f.refused ?? 0) + (f.fatal ?? 0),
  };
}

/**
 * This invocation, one row a model: the calls it sent (a question each, whatever its
 * attempts), the HTTP requests they took (every attempt), and the failed requests by kind
 * (429; 5xx; timeout, ours or the server's 408; network; other: a broken body, a 409, a
 * refusal, a refused key).
 */
export function requestLines(usage: readonly ModelUsage[], end: Pick<SessionEnd, 'sent' | 'requests' | 'failedRequests'>): string[] {
  const w = Math.max(10, ...usage.map((m) => shown(m.spec).length));
  const cols = ['calls sent', 'requests', '429', '5xx', 'timeout', 'network', 'other'] as const;
  const row = (name: string, sent: number, requests: number, f: FailedAttempts) => {
    const k = failedByKind(f);
    const cells = [sent, requests, k['429'], k['5xx'], k.timeout, k.network, k.other];
    return `  ${name.padEnd(w)} ${cells.map((c, i) => n(c).padStart(cols[i]!.length)).join(' ')}`;
  };
  const lines = ['', `  ${'this call'.padEnd(w)} ${cols.join(' ')}`];
  for (const m of usage) lines.push(row(shown(m.spec), m.calls - m.cachedCalls, m.requests, m.failedRequests));
  if (usage.length > 1) lines.push(row('all', end.sent, end.requests, end.failedRequests));
  lines.push(
    '  (requests: HTTP requests, every attempt of every call sent;',
    '  429 … other: the failed ones)',
  );
  return lines;
}

/** The summary's `--json` of this invocation's requests: per model and in all. */
export function requestsJson(usage: readonly ModelUsage[], end: Pick<SessionEnd, 'sent' | 'requests' | 'failedRequests'>): Record<string, unknown> {
  return {
    callsSent: end.sent,
    requests: end.requests,
    failedRequests: failedByKind(end.failedRequests),
    perModel: usage.map((m) => ({ spec: m.spec, calls: m.calls, cachedCalls: m.cachedCalls, callsSent: m.calls - m.cachedCalls, requests: m.requests, failedRequests: failedByKind(m.failedRequests) })),
  };
}

/** Per model, its answered calls' latency: the median and the 95th percentile (ms), each with its 95% interval (stats/quantile.ts). */
export interface LatencySummary {
  readonly model: string;
  readonly calls: number;
  readonly median: QuantileEstimate;
  readonly p95: QuantileEstimate;
}

export function latencySummary(byModel: ReadonlyMap<string, readonly number[]>): LatencySummary[] {
  return [...byModel].flatMap(([model, ms]) => {
    const median = quantileInterval(ms, 0.5);
    const p95 = quantileInterval(ms, 0.95);
    return median === null || p95 === null ? [] : [{ model, calls: ms.length, median, p95 }];
  });
}

/** One line a model: its answered calls' latency over the run, median and p95 with their intervals. */
export function latencyLines(rows: readonly LatencySummary[]): string[] {
  if (rows.length === 0) return [];
  const q = (e: QuantileEstimate) => `${n(e.value)} ms (${n(e.low)}–${n(e.high)})`;
  return [
    '',
    ...rows.flatMap((r) => [`  latency     ${shown(r.model)}, ${n(r.calls)} answered call${r.calls === 1 ? '' : 's'}:`, `              median ${q(r.median)}, p95 ${q(r.p95)}`]),
    '  (a call\'s request and its retries, this run\'s answered calls, 95% intervals:',
    '  the provider\'s and the network\'s speed on the day, not the model\'s alone)',
  ];
}

/** The lines after the table: budget, record, unfinished games, the context's warnings. */
export function sessionLines(end: SessionEnd, o: { readonly whose: string; readonly record: string; readonly warnings: readonly string[] }): string[] {
  const lines = [spentLine(end.spent, end.limit, o.whose), `  record      ${o.record}`];
  if (end.unfinished > 0) lines.push(unfinishedLine(end.unfinished, end.firstReason));
  for (const warning of o.warnings) lines.push(`  note        ${warning}`);
  return lines;
}

const EXIT: Record<SessionStopKind, number> = {
  interrupted: EXIT_INTERRUPTED,
  budget: EXIT_LLM_INCOMPLETE,
  fatal: EXIT_LLM_PROVIDER,
  'refused-at-first-call': EXIT_LLM_PROVIDER,
  'replay-incomplete': EXIT_LLM_INCOMPLETE,
  incomplete: EXIT_LLM_INCOMPLETE,
};

export interface StopWording {
  /** "40 of 100 games stored". */
  readonly stored: string;
  /** What was kept when the provider refused at once: "the run", "the tournament". */
  readonly what: string;
  /** How to continue, as a clause after "continue with:" / "then": a command, or null (nothing to continue). */
  readonly resume: string | null;
  /** The sentence that says how to go on with a larger budget (null: nothing to continue). */
  readonly resumeBudget: string | null;
  /** Where the record is (replay-incomplete). */
  readonly record: string;
}

/** Why games are missing, as one paragraph for stderr, and the exit code; null when none is. */
export function stopMessage(end: SessionEnd, w: StopWording): { readonly message: string; readonly exit: number } | null {
  if (end.stop === null) return null;
  const u = end.unfinished;
  const left =
    u === 0
      ? ''
      : `; ${u === 1 ? '1 game was' : `${u} games were`} left unfinished (not stored; ${u === 1 ? 'its' : 'their'} answered calls are in the record: continuing replays them for free)`;
  const then = (lead: string) => (w.resume === null ? '' : `${lead}${w.resume}`);
  const { kind, detail } = end.stop;
  const message =
    kind === 'interrupted'
      ? `stopped by Ctrl-C: ${w.stored}${left}${then('; continue with: ')}`
      : kind === 'budget'
        ? `stopped by --max-cost: ${detail}. ${w.stored}${left}.${w.resumeBudget === null ? '' : ` ${w.resumeBudget}`}`
        : kind === 'refused-at-first-call'
          ? `stopped at the first call: ${detail}. Nothing was paid and ${w.what} was not kept: fix it and run the same command again`
          : kind === 'fatal'
            ? `stopped: ${detail}. Nothing more was sent. ${w.stored}${left}.${then(' Fix it, then: ')}`
            : kind === 'replay-incomplete'
              ? `${w.stored}: ${u} game${u === 1 ? '' : 's'} could not be replayed, the record (${w.record}) lacks some answers (${detail}). Play them live, without --llm-replay${then(': ')}`
              : `stopped after ${w.stored}${left}${then('; continue with: ')}`;
  return { message, exit: EXIT[kind] };
}
