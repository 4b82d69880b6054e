// Tables as files: CSV (RFC 4180: comma-separated, CRLF, quoted where needed) with every
// raw column at full precision, and JSON with the same rows plus the columns' meaning.
// A CSV cell's text is shown visibly (narrate/escape.ts): a spreadsheet or a terminal
// `cat` never gets a raw control or bidi character; JSON escapes what it must itself.

import { visible } from '../narrate/escape.js';
import { isRaw, type Cell, type Table } from './table.js';

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break. A text that a
 * spreadsheet would run as a formula (it begins with = + - @, a tab or a carriage return:
 * an agent spec a results file names, say) is written behind a ' (OWASP's guard).
 */
export function csvValue(v: Cell | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : v > 0 ? 'Infinity' : v < 0 ? '-Infinity' : 'NaN';
  const text = String(v);
  const s = visible(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function toCsv(t: Table): string {
  const cols = t.columns.filter(isRaw);
  const lines = [cols.map((c) => csvValue(c.key)).join(',')];
  for (const r of t.rows) lines.push(cols.map((c) => csvValue(r[c.key])).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** JSON cannot hold Infinity: it is written as the string "Infinity". */
function jsonValue(v: Cell | undefined): Cell {
  if (v === undefined) return null;
  if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? null : v > 0 ? 'Infinity' : '-Infinity';
  return v;
}

export function toJsonObject(t: Table): Record<string, unknown> {
  const cols = t.columns.filter(isRaw);
  return {
    id: t.id,
    title: t.title,
    columns: cols.map((c) => ({ key: c.key, title: c.title, kind: c.kind })),
    rows: t.rows.map((r) => Object.fromEntries(cols.map((c) => [c.key, jsonValue(r[c.key])]))),
    notes: t.notes ?? [],
  };
}
