// Decision numbers in a transcript. The engine numbers its decisions in the order it asks
// them (engine/game.ts); a batch of simultaneous decisions (the day's votes, an election,
// the pack's proposals) gets consecutive numbers in the order of its seats, but for a
// voter asked apart (the Harvest Festival's sheriff votes first, on a line of its own).
// Each batch is marked on the first line written after it was asked — the line that says
// what it decided — as `#24` or `#31–38` (gaps written out: `#26,28–36`), so a reader of
// `sim show` can name a decision to `sim fork --at N`.

import type { Event } from '../engine/index.js';
import { describe } from './transcript.js';

/** What a mark needs of a decision: its number, and the log's length when it was asked. */
export interface DecisionPlace {
  readonly id: number;
  readonly asked: number;
}

/** `[24]` → `#24`; `[31, 32, 33]` → `#31–33`; `[26, 28, 29, 30]` → `#26,28–30` (ids ascending). */
export function idRanges(ids: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < ids.length) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
    parts.push(j === i ? `${ids[i]}` : `${ids[i]}–${ids[j]}`);
    i = j + 1;
  }
  return `#${parts.join(',')}`;
}

/** An event written on a line of its own (not a heading, not folded into another). */
function onLine(e: Event): boolean {
  return e.type !== 'night' && e.type !== 'day' && describe(e) !== null;
}

/** The marks of a game's decisions by the index of the event line they go on (transcript's `marks`). */
export function decisionMarks(log: readonly Event[], decisions: readonly (DecisionPlace | undefined)[]): Map<number, string> {
  const batches = new Map<number, number[]>();
  for (const d of decisions) {
    if (d === undefined) continue;
    const ids = batches.get(d.asked);
    if (ids === undefined) batches.set(d.asked, [d.id]);
    else ids.push(d.id);
  }
  const marks = new Map<number, string>();
  for (const [asked, ids] of batches) {
    let i = asked;
    while (i < log.length && !onLine(log[i]!)) i++;
    // Every batch writes a line before the next is asked (checked over every preset and
    // variant); should one not, its mark joins the next line's rather than vanish.
    const mark = idRanges([...ids].sort((a, b) => a - b));
    const there = marks.get(i);
    marks.set(i, there === undefined ? mark : `${there} ${mark}`);
  }
  return marks;
}
