// Tables as aligned text that fits a terminal (the caller passes its width: the CLI gives
// `process.stdout.columns`, 80 when stdout is not a terminal): numbers right, text left.
// Widths are display widths (a CJK character takes two columns, a combining mark none).
// When a table is too wide its widest text column is narrowed and its cells wrapped onto
// more lines — never cut, so a name that tells two rows apart (`heuristic:fakeClaim=0.3`
// against `…=0.4`) is always there whole; as a last resort the rightmost columns are left
// to the CSV file, which says so. Text is shown visibly (narrate/escape.ts): nothing in a
// cell acts on the terminal.

import { visible } from '../narrate/escape.js';
import { charWidth, displayWidth, TERMINAL_WIDTH, WORD_BREAKS, wrap } from '../narrate/width.js';
import { formatCell, isNumeric, shownColumns, type Column, type Table } from './table.js';

const GAP = 2;
const INDENT = 2;
const MIN_TEXT = 8;

const padEnd = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - displayWidth(s)));
const padStart = (s: string, w: number) => ' '.repeat(Math.max(0, w - displayWidth(s))) + s;

/** Where a cell's text may break: after a space or one of these. */
const BREAKS = ` ${WORD_BREAKS}`;

/** The display width of the longest run of a text without a place to break. */
function longestWord(s: string): number {
  let best = 0;
  let run = 0;
  for (const ch of s) {
    run += charWidth(ch.codePointAt(0)!);
    if (BREAKS.includes(ch)) {
      best = Math.max(best, ch === ' ' ? run - 1 : run);
      run = 0;
    }
  }
  return Math.max(best, run);
}

/**
 * A cell's text in lines of at most `w` columns, broken after a space or one of , ; : = / - +
 * where one falls in the line, else anywhere: every character kept, in order.
 */
export function wrapCell(s: string, w: number): string[] {
  const out: string[] = [];
  let rest = [...s];
  while (rest.length > 0) {
    let width = 0;
    let end = 0;
    while (end < rest.length && width + charWidth(rest[end]!.codePointAt(0)!) <= w) width += charWidth(rest[end++]!.codePointAt(0)!);
    if (end === rest.length) {
      out.push(rest.join(''));
      break;
    }
    end = Math.max(end, 1);
    let cut = end;
    for (let k = end - 1; k > 0; k--)
      if (BREAKS.includes(rest[k]!)) {
        cut = k + 1;
        break;
      }
    out.push(rest.slice(0, cut).join('').trimEnd());
    rest = rest.slice(cut);
    while (rest[0] === ' ') rest = rest.slice(1);
  }
  return out.length === 0 ? [''] : out;
}

/** `  label      value` lines, the value wrapped under itself (labels of up to 10 characters). */
export function labelled(rows: readonly (readonly [string, string])[], width = TERMINAL_WIDTH): string[] {
  return rows.flatMap(([k, v]) => wrap(v, width, ' '.repeat(13)).map((l, i) => (i === 0 ? `  ${k.padEnd(10)} ${l.trimStart()}` : l)));
}

export function renderTable(t: Table, width = TERMINAL_WIDTH): string[] {
  let cols: Column[] = shownColumns(t);
  // A table without columns is a title and its notes (e.g. why nothing could be fitted).
  if (cols.length === 0) return [...wrap(t.title, width), ...(t.notes ?? []).flatMap((n) => wrap(n, width, ' '.repeat(INDENT)))];
  const cells = t.rows.map((r) => cols.map((c) => visible(formatCell(c, r))));
  let widths = cols.map((c, j) => Math.max(displayWidth(c.title), ...cells.map((row) => displayWidth(row[j]!))));
  const total = (ws: number[]) => INDENT + ws.reduce((s, w) => s + w, 0) + GAP * Math.max(0, ws.length - 1);

  // Narrow the widest text column, one column of the terminal at a time, while that helps:
  // its cells (and its title) wrap onto more lines. Words first: a column is narrowed below
  // its longest word (a name like claims-unverifiable) only when no other column can give.
  const words = cols.map((c, j) => Math.max(longestWord(c.title), ...cells.map((row) => longestWord(row[j]!))));
  for (const keepWords of [true, false])
    while (total(widths) > width) {
      let j = -1;
      for (let k = 0; k < cols.length; k++) {
        const floor = keepWords ? Math.max(MIN_TEXT, words[k]!) : MIN_TEXT;
        if (!isNumeric(cols[k]!) && widths[k]! > floor && (j < 0 || widths[k]! > widths[j]!)) j = k;
      }
      if (j < 0) break;
      widths[j]!--;
    }
  let hidden = 0;
  while (total(widths) > width && cols.length > 1) {
    cols = cols.slice(0, -1);
    widths = widths.slice(0, -1);
    hidden++;
  }
  const lines = (values: string[]): string[] => {
    const parts = values.slice(0, cols.length).map((v, j) => (isNumeric(cols[j]!) ? [v] : wrapCell(v, widths[j]!)));
    const height = Math.max(...parts.map((p) => p.length));
    const out: string[] = [];
    for (let k = 0; k < height; k++)
      out.push(
        (
          ' '.repeat(INDENT) +
          parts
            .map((p, j) => {
              const s = p[k] ?? '';
              return isNumeric(cols[j]!) ? padStart(s, widths[j]!) : padEnd(s, widths[j]!);
            })
            .join(' '.repeat(GAP))
        ).trimEnd(),
      );
    return out;
  };
  const out = [...wrap(t.title, width)];
  out.push(...lines(cols.map((c) => c.title)));
  out.push(' '.repeat(INDENT) + widths.map((w) => '─'.repeat(w)).join(' '.repeat(GAP)));
  for (const row of cells) out.push(...lines(row));
  if (t.rows.length === 0) out.push(`${' '.repeat(INDENT)}(no rows)`);
  for (const n of t.notes ?? []) out.push(...wrap(n, width, ' '.repeat(INDENT)));
  if (hidden > 0) out.push(...wrap(`(${hidden} more column${hidden === 1 ? '' : 's'} in ${t.id}.csv)`, width, ' '.repeat(INDENT)));
  return out;
}
