// What `sim` and `sim tournament` print about an LLM session (runs/llm/session.ts): the
// models' calls, tokens and dollars, the budget, the record, and — when games are
// missing — one message saying why and how to continue, with its exit code.

import { usd } from '../../agents/llm/prices.js';
import type { ModelReport, SessionEnd, SessionStopKind } from '../../runs/llm/session.js';
import { EXIT_INTERRUPTED, EXIT_LLM_INCOMPLETE, EXIT_LLM_PROVIDER } from './errors.js';
import { spentLine, unfinishedLine } from './format.js';

const n = (x: number) => Math.round(x).toLocaleString('en-US');

/** One row a model: calls, those answered from the record, tokens, and dollars; wrong answers and fallbacks when known. */
export function modelLines(rows: readonly (Omit<ModelReport, 'invalid' | 'fallbacks'> & Partial<Pick<ModelReport, 'invalid' | 'fallbacks'>>)[], costLabel: string): string[] {
  const seats = rows.some((m) => m.invalid !== undefined);
  const w = Math.max(5, ...rows.map((m) => m.spec.length));
  const head = `  ${'LLM'.padEnd(w)} ${'calls'.padStart(7)} ${'recorded'.padStart(8)} ${'prompt tok'.padStart(11)} ${'answer tok'.padStart(11)} ${costLabel.padStart(9)}`;
  const lines = ['', head + (seats ? ` ${'invalid'.padStart(7)} ${'fallbacks'.padStart(9)}` : '')];
  for (const m of rows)
    lines.push(
      `  ${m.spec.padEnd(w)} ${n(m.calls).padStart(7)} ${n(m.cachedCalls).padStart(8)} ${n(m.inputTokens).padStart(11)} ${n(m.outputTokens).padStart(11)} ` +
        `${(m.cost === null ? '?' : usd(m.cost)).padStart(9)}` +
        (seats ? ` ${n(m.invalid ?? 0).padStart(7)} ${n(m.fallbacks ?? 0).padStart(9)}` : ''),
    );
  if (rows.length === 0) lines.push('  (no game finished)');
  return lines;
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
