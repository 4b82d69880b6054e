// `sim fork --out FILE.html`: a fork as one self-contained page (no script, no request):
// the decision and the edit, the original and the fork side by side from there on (who
// voted for whom, who went out, who died, who won; the rows that differ marked), and both
// transcripts from the decision on. Every text goes through `escapeHtml` (visible, then
// HTML-escaped): players' words are a model's or a program's, never markup. Beside it,
// `sim fork` writes each game's replay page (replay-page.ts) and this page links them.

import type { ForkView } from '../studies/fork-game.js';
import { escapeHtml, page } from './html.js';

const STYLE = `
table.fork td, table.fork th { vertical-align: top; }
table.fork tr.differs td.fork { background: #fff3cd; }
table.fork td.phase { color: #555; white-space: nowrap; }
div.pair { display: flex; gap: 1em; }
div.pair > div { flex: 1; min-width: 0; }
div.pair pre { white-space: pre-wrap; }
`;

/** The page; `replays`: the two games' replay pages (file names beside it), linked from it. */
export function forkHtml(v: ForkView, replays?: { readonly original: string; readonly fork: string }): string {
  const rows = v.rows
    .map(
      (r) =>
        `<tr class="${r.same ? 'same' : 'differs'}"><td class="phase">${escapeHtml(r.phase)}</td><td>${escapeHtml(r.what)}</td>` +
        `<td class="original">${escapeHtml(r.original ?? '—')}</td><td class="fork">${escapeHtml(r.fork ?? '—')}</td><td>${r.same ? '' : '≠'}</td></tr>`,
    )
    .join('\n');
  const body = [
    `<h1>${escapeHtml(v.title)}</h1>`,
    `<p class="meta">game seed ${escapeHtml(v.gameSeed)} · ${escapeHtml(v.decision.text)} · ${escapeHtml(v.edit)}</p>`,
    `<p class="meta">${escapeHtml(v.stored)}; the fork shares its first ${v.shared} events (everything before the decision)${v.identical ? ', and is the original to its end' : ''}.</p>`,
    `<table class="fork"><thead><tr><th></th><th></th><th>original</th><th>fork</th><th></th></tr></thead><tbody>`,
    `<tr class="${v.original === v.fork ? 'same' : 'differs'}"><td class="phase">#${v.decision.id}</td><td>${escapeHtml(v.decision.kind)}</td><td class="original">${escapeHtml(v.original)}</td><td class="fork">${escapeHtml(v.fork)}</td><td>${v.original === v.fork ? '' : '≠'}</td></tr>`,
    rows,
    `</tbody></table>`,
    ...(replays === undefined
      ? []
      : [`<p>Step through each game: <a href="${escapeHtml(replays.original)}">the original</a> · <a href="${escapeHtml(replays.fork)}">the fork</a></p>`]),
    `<h2>Transcripts from the decision on</h2>`,
    `<div class="pair"><div><h3>original</h3><pre>${escapeHtml(v.transcripts.original)}</pre></div><div><h3>fork</h3><pre>${escapeHtml(v.transcripts.fork)}</pre></div></div>`,
  ].join('\n');
  return page(v.title, `<style>${STYLE}</style>\n${body}`);
}
