// `sim export`: the stored games as rows for pandas, R or a spreadsheet — one game a line
// (its run's setup, the winner, days, wrong answers) or one seat a line (the agent, the
// card dealt and played, alive, won, lover, sheriff, when and how it died), as JSON lines
// or CSV (RFC 4180). Read from the database's own views (runs/export-rows.ts), one row at
// a time, so a file of millions of games streams out in constant memory.

import { safeJson } from '../narrate/escape.js';
import { err, ok, type Result } from '../engine/index.js';
import type { Store } from '../runs/storage.js';
import { exportColumns, type ExportRows } from '../runs/export-rows.js';
import { csvValue } from './export.js';

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Checks the runs asked for (each must be in the file). */
export function checkExport(store: Store, runs: readonly number[] | undefined): Result<void, string> {
  const ids = store.runs().map((r) => r.id);
  if (ids.length === 0) return err(`${store.path} holds no runs yet: play one with \`sim --games N --db ${store.path}\``);
  for (const id of runs ?? [])
    if (!ids.includes(id)) return err(`${store.path} has no run ${id}; its runs are ${ids.join(', ')} (sim runs --db ${store.path} lists them)`);
  return ok(undefined);
}

/** The export's lines, header first for CSV (each ends with its newline: LF for JSON lines, CRLF for CSV). */
export function* exportLines(store: Store, o: { readonly rows: ExportRows; readonly format: ExportFormat; readonly runs?: readonly number[] | undefined }): Generator<string> {
  const columns = exportColumns(o.rows);
  if (o.format === 'csv') yield columns.join(',') + '\r\n';
  for (const row of store.exportRows(o.rows, o.runs)) {
    if (o.format === 'jsonl') yield safeJson(row) + '\n';
    else yield columns.map((c) => csvValue(row[c] ?? null)).join(',') + '\r\n';
  }
}
