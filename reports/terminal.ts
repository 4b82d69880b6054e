// Tables as aligned text that fits a terminal (80 columns by default): numbers right,
// text left; when a table is too wide its widest text column is shortened (…), and as a
// last resort the rightmost columns are left to the CSV file, which says so. Text is shown
// visibly (narrate/escape.ts): nothing in a cell acts on the terminal.

import { visible } from '../narrate/escape.js';
import { formatCell, isNumeric, shownColumns, type Column, type Table } from './table.js';

export const TERMINAL_WIDTH = 80;
const GAP = 2;
const INDENT = 2;
const MIN_TEXT = 6;

const len = (s: string) => [...s].length;

function cut(s: string, w: number): string {
  const cs = [...s];
  return cs.length <= w ? s : cs.slice(0, Math.max(0, w - 1)).join('') + '…';
}

/** Words wrapped to `width`, each line starting with `indent`. */
export function wrap(text: string, width = TERMINAL_WIDTH, indent = ''): string[] {
  const out: string[] = [];
  let line = indent;
  for (const word of visible(text).split(/\s+/).filter((w) => w !== '')) {
    if (line.trim() !== '' && len(line) + 1 + len(word) > width) {
      out.push(line);
      line = indent + word;
    } else line = line.trim() === '' ? indent + word : `${line} ${word}`;
  }
  if (line.trim() !== '') out.push(line);
  return out;
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
  let widths = cols.map((c, j) => Math.max(len(c.title), ...cells.map((row) => len(row[j]!))));
  const total = (ws: number[]) => INDENT + ws.reduce((s, w) => s + w, 0) + GAP * Math.max(0, ws.length - 1);

  // Shorten the widest text column, one character at a time, while that helps.
  while (total(widths) > width) {
    let j = -1;
    for (let k = 0; k < cols.length; k++) if (!isNumeric(cols[k]!) && widths[k]! > MIN_TEXT && (j < 0 || widths[k]! > widths[j]!)) j = k;
    if (j < 0) break;
    widths[j]!--;
  }
  let hidden = 0;
  while (total(widths) > width && cols.length > 1) {
    cols = cols.slice(0, -1);
    widths = widths.slice(0, -1);
    hidden++;
  }
  const line = (values: string[]) =>
    ' '.repeat(INDENT) +
    values
      .map((v, j) => {
        const s = cut(v, widths[j]!);
        return isNumeric(cols[j]!) ? s.padStart(widths[j]!) : s.padEnd(widths[j]!);
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const out = [...wrap(t.title, width)];
  out.push(line(cols.map((c) => c.title)));
  out.push(' '.repeat(INDENT) + widths.map((w) => '─'.repeat(w)).join(' '.repeat(GAP)));
  for (const row of cells) out.push(line(row.slice(0, cols.length)));
  if (t.rows.length === 0) out.push(`${' '.repeat(INDENT)}(no rows)`);
  for (const n of t.notes ?? []) out.push(...wrap(n, width, ' '.repeat(INDENT)));
  if (hidden > 0) out.push(...wrap(`(${hidden} more column${hidden === 1 ? '' : 's'} in ${t.id}.csv)`, width, ' '.repeat(INDENT)));
  return out;
}
