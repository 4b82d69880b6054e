// The report for the terminal: the same tables as the page, aligned in 80 columns; a long
// section (the behaviour metrics) in its short form unless all is asked for.

import { contentsText, incompleteNote, type Report } from './report.js';
import { renderTable } from './terminal.js';
import { TERMINAL_WIDTH, wrap } from '../narrate/width.js';

/**
 * `metrics`: the behaviour sections in short (their skill signals, and a line saying
 * what the full table adds: the default) or whole (`sim report --metrics all`).
 */
export function terminalReport(r: Report, width = TERMINAL_WIDTH, o: { readonly metrics?: 'summary' | 'all' } = {}): string {
  const out: string[] = [];
  out.push(...wrap(`werewolf-lab report · ${r.source} · ${contentsText(r)}${incompleteNote(r)}`, width));
  if (r.comparisons !== null) out.push('', ...renderTable(r.comparisons, width));
  for (const g of [...r.boards, ...r.tournaments, ...r.groups]) {
    out.push('', '═'.repeat(Math.min(width, 78)));
    out.push(...wrap(`${g.label} · ${g.games} games`, width));
    out.push('═'.repeat(Math.min(width, 78)));
    for (const s of g.sections) {
      out.push('', `${s.title.toUpperCase()}`);
      for (const t of s.text) out.push(...wrap(t, width, '  '));
      if (s.summary !== undefined && o.metrics !== 'all') {
        for (const t of s.summary.tables) out.push('', ...renderTable(t, width));
        out.push('', ...wrap(s.summary.more, width, '  '));
      } else for (const t of s.tables) out.push('', ...renderTable(t, width));
    }
  }
  return out.join('\n') + '\n';
}

/** What `sim report --out` prints: the report's title and what it holds, one line a part (the page holds the rest). */
export function outlineReport(r: Report, width = TERMINAL_WIDTH): string {
  const out = [...wrap(`werewolf-lab report · ${r.source} · ${contentsText(r)}${incompleteNote(r)}`, width)];
  for (const g of [...r.boards, ...r.tournaments, ...r.groups]) out.push(...wrap(`${g.label} · ${g.games} games`, width, '  '));
  return out.join('\n') + '\n';
}
