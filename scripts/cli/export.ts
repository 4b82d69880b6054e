// `sim export`: the stored games of a database as JSON lines or CSV on stdout, one game
// or one seat a line, or one event a line replayed (reports/game-export.ts), for analysis
// in pandas or R. Read-only; every flag is checked before a row is written.

import { Store } from '../../runs/storage.js';
import { pairings, tournament, tournaments } from '../../tournaments/tournament-store.js';
import { checkExport, eventLines, EXPORT_FORMATS, EXPORT_KINDS, exportLines, ExportStopped, type ExportFormat, type ExportKind } from '../../reports/game-export.js';
import { DEFAULT_DB } from './args.js';
import { fail, unwrap } from './errors.js';
import type { CliIo } from './io.js';

export interface ExportArgs {
  db?: string | undefined;
  run?: string[] | undefined;
  tournament?: string | undefined;
  format?: string | undefined;
  rows?: string | undefined;
  runAgents?: boolean | undefined;
}

/** The runs of tournament `text`'s pairings (each once: a pairing of two tournaments is one run). */
function tournamentRuns(store: Store, text: string): number[] {
  const id = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || tournament(store, id) === undefined) {
    const ids = tournaments(store).map((t) => t.id);
    fail(`${store.path} has no tournament '${text}'; its tournaments are ${ids.length === 0 ? 'none' : ids.join(', ')} (sim runs lists them)`);
  }
  return [...new Set(pairings(store, id).map((p) => p.run))];
}

function choice<T extends string>(flag: string, value: string, choices: readonly T[], example: string): T {
  const v = value.trim().toLowerCase();
  if (!(choices as readonly string[]).includes(v)) fail(`--${flag} '${value}': choose ${choices.join(' or ')} (e.g. --${flag} ${example})`);
  return v as T;
}

export async function exportCommand(a: ExportArgs, io: CliIo): Promise<number> {
  if (a.format === undefined) fail(`sim export needs --format ${EXPORT_FORMATS.join('|')} (e.g. sim export --format csv > games.csv)`);
  const format = choice<ExportFormat>('format', a.format, EXPORT_FORMATS, 'csv');
  const rows = choice<ExportKind>('rows', a.rows ?? 'games', EXPORT_KINDS, 'seats');
  if (rows === 'events' && format !== 'jsonl')
    fail('--rows events is written as JSON lines only (--format jsonl): the fields of an event differ by its kind, so they make no CSV columns');
  if (rows !== 'events' && a.runAgents === true) fail('--run-agents applies to --rows events only (games and seats are read as stored, nothing is replayed)');
  if (a.run !== undefined && a.tournament !== undefined) fail('give --run R or --tournament T, not both (a tournament is its pairings\' runs)');
  const given = a.run?.map((t) => {
    if (!/^\d+$/.test(t.trim())) fail(`--run '${t}' is not a run id (a whole number; sim runs lists them)`);
    return Number(t);
  });
  const store = unwrap(Store.open(a.db ?? DEFAULT_DB, 'read'));
  try {
    const runs = a.tournament === undefined ? given : tournamentRuns(store, a.tournament);
    unwrap(checkExport(store, runs));
    // Lines are written in blocks, waiting for the pipe to drain: a slow reader never fills memory.
    let block = '';
    const flush = async () => {
      if (!io.stdout.write(block)) await new Promise<void>((resolve) => (io.stdout.once === undefined ? resolve() : io.stdout.once('drain', resolve)));
      block = '';
    };
    const lines =
      rows === 'events'
        ? eventLines(store, store.runs().filter((r) => runs === undefined || runs.includes(r.id)), { runAgents: a.runAgents === true })
        : exportLines(store, { rows, format, runs });
    try {
      for await (const line of lines) {
        block += line;
        if (block.length >= 1 << 16) await flush();
      }
    } catch (e) {
      // The games before are written whole: a reader keeps them, and is told where it stopped.
      if (!(e instanceof ExportStopped)) throw e;
      if (block !== '') await flush();
      fail(e.message);
    }
    if (block !== '') io.stdout.write(block);
    return 0;
  } finally {
    store.close();
  }
}
