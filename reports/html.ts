// The report as one self-contained HTML page: inline CSS, inline SVG charts, the tables,
// links to each table's CSV and JSON (files next to the page) and to game replays. No
// script, no font, no request: it opens offline, from a file or an attachment. Every text
// on it goes through `escapeHtml` (visible, then HTML-escaped).

import { createHash } from 'node:crypto';
import { visible } from '../narrate/escape.js';
import { contentsText, incompleteNote, type Report, type Section } from './report.js';
import { formatCell, isNumeric, shownColumns, type Table } from './table.js';

/**
 * Text for a page: first shown visibly (narrate/escape.ts: control characters, bidi
 * overrides, zero-widths written `\x1b`, `\u202e` — a model's words must not reorder or
 * hide what the page says), then HTML-escaped.
 */
export function escapeHtml(s: string): string {
  return visible(s).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

const STYLE = `
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 960px; padding: 1em 1.5em 4em; color: #1b1b1b; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { margin-top: 2.2em; border-bottom: 2px solid #ddd; padding-bottom: 0.2em; }
h3 { margin-top: 1.6em; }
/* A chart's title (Plot draws it as an h2) ranks under its section's h3. */
.chart h2 { font-size: 1em; margin-top: 1em; border-bottom: none; padding-bottom: 0; }
.meta { color: #555; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 13px; font-variant-numeric: tabular-nums; }
th, td { padding: 2px 8px; border-bottom: 1px solid #eee; }
th { text-align: left; border-bottom: 1px solid #999; }
td.n, th.n { text-align: right; }
caption { text-align: left; font-weight: 600; padding: 0.3em 0; }
p.note { color: #555; font-size: 13px; margin: 0.2em 0; }
.files { font-size: 12px; color: #555; }
figure { margin: 1em 0; }
nav a { margin-right: 1em; }
pre { background: #f7f7f7; padding: 1em; overflow-x: auto; font-size: 13px; }
details.full > summary { cursor: pointer; margin: 0.6em 0; color: #333; }
`;

export function tableHtml(t: Table): string {
  const cols = shownColumns(t);
  const cls = (c: (typeof cols)[number]) => (isNumeric(c) ? ' class="n"' : '');
  const head = cols.map((c) => `<th${cls(c)}>${escapeHtml(c.title)}</th>`).join('');
  const body = t.rows.map((r) => `<tr>${cols.map((c) => `<td${cls(c)}>${escapeHtml(formatCell(c, r))}</td>`).join('')}</tr>`).join('\n');
  const notes = (t.notes ?? []).map((n) => `<p class="note">${escapeHtml(n)}</p>`).join('\n');
  const files = `<p class="files">data: <a href="tables/${escapeHtml(t.id)}.csv">${escapeHtml(t.id)}.csv</a> · <a href="tables/${escapeHtml(t.id)}.json">${escapeHtml(t.id)}.json</a></p>`;
  return `<table id="table-${escapeHtml(t.id)}"><caption>${escapeHtml(t.title)}</caption>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody></table>\n${notes}\n${files}`;
}

export interface ReplayLink {
  readonly href: string;
  readonly text: string;
}

export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * A section's tables: all of them, or its short form open and the full tables one click
 * away (a long section then no longer pushes the rest a screen down).
 */
function sectionTables(s: Section): string[] {
  if (s.summary === undefined) return s.tables.map(tableHtml);
  const rows = s.tables.reduce((n, t) => n + t.rows.length, 0);
  return [...s.summary.tables.map(tableHtml), `<details class="full"><summary>${escapeHtml(s.title)}: the full table (${rows} rows)</summary>`, ...s.tables.map(tableHtml), '</details>'];
}

export function reportHtml(r: Report, replays: readonly ReplayLink[]): string {
  const parts: string[] = [];
  parts.push(`<h1>Werewolf lab report</h1>`);
  parts.push(`<p class="meta">${escapeHtml(r.source)} · ${escapeHtml(contentsText(r))}${escapeHtml(incompleteNote(r))}</p>`);
  if (r.comparisons !== null) parts.push('<h2 id="comparisons">Requested comparisons</h2>', tableHtml(r.comparisons));
  // Leaderboards and tournaments first: the ranking is the answer they were run for.
  const groups = [...r.boards.map((g, i) => ({ g, anchor: `leaderboard-${i + 1}` })), ...r.tournaments.map((g, i) => ({ g, anchor: `tournament-${i + 1}` })), ...r.groups.map((g, i) => ({ g, anchor: `group-${i + 1}` }))];
  if (groups.length > 1) parts.push(`<nav>${groups.map(({ g, anchor }) => `<a href="#${anchor}">${escapeHtml(g.label)}</a>`).join(' ')}</nav>`);
  groups.forEach(({ g, anchor }) => {
    parts.push(`<h2 id="${anchor}">${escapeHtml(g.label)}</h2>`);
    parts.push(`<p class="meta">${g.games} games</p>`);
    for (const s of g.sections) {
      parts.push(`<h3>${escapeHtml(s.title)}</h3>`);
      for (const t of s.text) parts.push(`<p>${escapeHtml(t)}</p>`);
      // The answer first: a leaderboard before its chart.
      if (s.tableFirst === true) parts.push(...sectionTables(s));
      for (const c of s.charts) parts.push(`<div class="chart">${c}</div>`);
      if (s.tableFirst !== true) parts.push(...sectionTables(s));
      if (s.links !== undefined && s.links.length > 0) parts.push(`<ul class="games">${s.links.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`).join('\n')}</ul>`);
    }
  });
  if (replays.length > 0) {
    parts.push('<h2 id="replays">Replays</h2>');
    parts.push('<p>Games replayed from their stored configuration and seed, with the full transcript (every night action, statement, vote and death). Any other stored game: <code>sim report --replay RUN:GAME</code>, or <code>sim show --run RUN --game GAME</code>.</p>');
    parts.push(`<ul>${replays.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`).join('\n')}</ul>`);
  }
  return page(`Werewolf lab report — ${r.source}`, parts.join('\n'));
}

/** A replay page: the transcript as preformatted text, and a link back. */
export function replayHtml(title: string, transcript: string, verdict: string): string {
  return page(
    title,
    `<p><a href="index.html">← report</a></p>\n<h1>${escapeHtml(title)}</h1>\n<p class="meta">${escapeHtml(verdict)}</p>\n<pre>${escapeHtml(transcript)}</pre>`,
  );
}

/**
 * A self-contained page whose one script is `client`'s source, run at once, and allowed by
 * its hash alone (a Content-Security-Policy: no other script, no request — unless
 * `connect`, then to the server that served it only). `body` is trusted markup.
 */
export function scriptedPage(o: { readonly title: string; readonly style: string; readonly body: string; readonly client: () => void; readonly connect?: boolean }): string {
  // Some TypeScript runners (tsx, esbuild's keepNames) wrap nested functions in a
  // `__name(fn, "name")` helper of their module: the page gets a harmless one of its own.
  const script = `(() => { const __name = (f) => f; (${o.client.toString()})(); })();`;
  const hash = createHash('sha256').update(script).digest('base64');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none';${o.connect === true ? " connect-src 'self';" : ''} style-src 'unsafe-inline'; script-src 'sha256-${hash}'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)}</title>
<style>${o.style}</style>
</head>
<body>
${o.body}
<script>${script}</script>
</body>
</html>
`;
}
