// What an LLM seat did outside the engine's log, for transcripts: its private reasoning,
// its wrong answers (and why they were refused), failed calls, words cut to the length
// limit, and the fallback moves played for it. The log already holds its speeches, claims
// and the pack's night chat. A note's text is the model's (or a provider's): transcripts
// show it escaped (narrate/escape.ts `visibleLine`), never raw.
//
// A note is placed by the seat's view of the log: `seatEvents` is how many events the
// seat had seen when it was asked, so the note goes just before the next event that seat
// sees (usually the result of that very decision). This needs only the stored log.

import type { Event } from '../../engine/index.js';
import { visibleLine } from '../../narrate/escape.js';
import { P } from '../../narrate/transcript.js';

export const NOTE_KINDS = ['reasoning', 'invalid', 'failure', 'truncated', 'fallback'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

export interface LlmNote {
  readonly seat: number;
  /** The decision's id (engine, unique within the game). */
  readonly decision: number;
  readonly attempt: number;
  /** Events the seat had seen when asked. */
  readonly seatEvents: number;
  readonly kind: NoteKind;
  readonly text: string;
}

const MAX_SHOWN = 600;

export function noteLine(n: LlmNote): string {
  const cut = (s: string) => visibleLine((s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}…` : s).replace(/[ \t\n\r]+/g, ' '));
  switch (n.kind) {
    case 'reasoning':
      return `[${P(n.seat)} private] ${cut(n.text)}`;
    case 'invalid':
      return `[${P(n.seat)} invalid answer, attempt ${n.attempt + 1}] ${cut(n.text)}`;
    case 'failure':
      return `[${P(n.seat)} call failed, attempt ${n.attempt + 1}] ${cut(n.text)}`;
    case 'truncated':
      return `[${P(n.seat)} words cut] ${cut(n.text)}`;
    case 'fallback':
      return `[${P(n.seat)} fallback] ${cut(n.text)}`;
  }
}

/** Lines to print before log[i] (key i; key log.length: after the last event). */
export function transcriptAnnotations(log: readonly Event[], notes: readonly LlmNote[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  // For each seat, the log index of its k-th visible event.
  const seen = new Map<number, number[]>();
  const positions = (seat: number): number[] => {
    let p = seen.get(seat);
    if (p === undefined) {
      p = [];
      const bit = 1 << seat;
      for (let i = 0; i < log.length; i++) if ((log[i]!.vis & bit) !== 0) p.push(i);
      seen.set(seat, p);
    }
    return p;
  };
  for (const n of notes) {
    const at = positions(n.seat)[n.seatEvents] ?? log.length;
    const lines = out.get(at) ?? [];
    lines.push(noteLine(n));
    out.set(at, lines);
  }
  return out;
}
