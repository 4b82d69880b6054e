// The original game and its fork side by side, from the fork's decision on: for each
// night and day, who voted for whom (each ballot), who went out, who died and how, who
// became sheriff, and in the end who won. Rows are aligned by phase and by what they say
// (a ballot that one side has and the other has not is a row with an empty cell), and
// each row says whether both are the same.

import type { Event, Outcome } from '../engine/index.js';
import { causeWords, describe, P } from '../narrate/transcript.js';

export interface TimelineRow {
  /** `Night 2`, `Day 2`, or `End`. */
  readonly phase: string;
  /** `vote`, `vote (round 2)`, `election`, `sheriff`, `eliminated`, `deaths`, `result`. */
  readonly what: string;
  /** The original's text, the fork's (null where that side has no such row). */
  readonly original: string | null;
  readonly fork: string | null;
  readonly same: boolean;
}

interface Step {
  readonly phase: number;
  readonly key: string;
  readonly text: string;
}

const phaseName = (p: number) => (p === Number.MAX_SAFE_INTEGER ? 'End' : p % 2 === 1 ? `Night ${(p + 1) / 2}` : `Day ${p / 2}`);

/** Night n is phase 2n − 1, day n is 2n (0: before the first night). */
function phaseAt(log: readonly Event[], end: number): number {
  for (let i = end - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.type === 'night') return 2 * e.night - 1;
    if (e.type === 'day') return 2 * e.day;
  }
  return 0;
}

function stepsOf(log: readonly Event[], from: number, outcome: Outcome | null): Step[] {
  const out: { phase: number; key: string; text: string }[] = [];
  let phase = phaseAt(log, from);
  const count = new Map<string, number>();
  // The deaths of one moment (a dawn, a verdict and its chain) are one row.
  let deaths: { text: string } | null = null;
  const push = (key: string, text: string) => {
    const k = `${phase}|${key}`;
    const n = (count.get(k) ?? 0) + 1;
    count.set(k, n);
    const step = { phase, key: n === 1 ? key : `${key} ${n}`, text };
    out.push(step);
    return step;
  };
  for (let i = from; i < log.length; i++) {
    const e = log[i]!;
    if (e.type !== 'death') deaths = e.type === 'death-cause' ? deaths : null;
    switch (e.type) {
      case 'night':
        phase = 2 * e.night - 1;
        break;
      case 'day':
        phase = 2 * e.day;
        break;
      case 'votes':
        push(e.round > 1 ? `vote (round ${e.round})` : 'vote', describe(e)!.replace(/^vote( \(round \d+\))?: /, ''));
        break;
      case 'election':
        push(e.round > 1 ? `election (round ${e.round})` : 'election', describe(e)!.replace(/^sheriff election( \(round \d+\))?: /, ''));
        break;
      case 'sheriff':
        push('sheriff', `${P(e.seat)} (${e.how})`);
        break;
      case 'no-successor':
        push('sheriff', `nobody (${P(e.seat)} named no successor)`);
        break;
      case 'verdict':
        push('eliminated', e.target === null ? `nobody (${e.reason})` : `${P(e.target)} (${e.reason})`);
        break;
      case 'death': {
        const text = `${P(e.seat)} ${e.role} (${causeWords(e.cause)})`;
        if (deaths === null) deaths = push('deaths', text);
        else deaths.text += `, ${text}`;
        break;
      }
      default:
        break;
    }
  }
  if (outcome !== null)
    out.push({ phase: Number.MAX_SAFE_INTEGER, key: 'result', text: `${outcome.winner === 'draw' ? 'a draw' : `${outcome.winner} won`} after ${outcome.days} day${outcome.days === 1 ? '' : 's'}` });
  return out;
}

/** The two games' rows from event `from` on (the log's length when the fork's decision was asked). */
export function timeline(
  original: { readonly log: readonly Event[]; readonly outcome: Outcome | null },
  fork: { readonly log: readonly Event[]; readonly outcome: Outcome | null },
  from: number,
): TimelineRow[] {
  const a = stepsOf(original.log, from, original.outcome);
  const b = stepsOf(fork.log, from, fork.outcome);
  const phases = [...new Set([...a, ...b].map((s) => s.phase))].sort((x, y) => x - y);
  const rows: TimelineRow[] = [];
  for (const p of phases) {
    const mine = a.filter((s) => s.phase === p);
    const theirs = b.filter((s) => s.phase === p);
    const keys = [...mine.map((s) => s.key), ...theirs.map((s) => s.key).filter((k) => !mine.some((s) => s.key === k))];
    for (const key of keys) {
      const o = mine.find((s) => s.key === key)?.text ?? null;
      const f = theirs.find((s) => s.key === key)?.text ?? null;
      rows.push({ phase: phaseName(p), what: key.replace(/ \d+$/, ''), original: o, fork: f, same: o === f });
    }
  }
  return rows;
}
