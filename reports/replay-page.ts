// One game as a self-contained HTML page (`sim show --html FILE`, and each game page of
// `sim report --out`): inline style, the data as one JSON block (replay-data.ts), the
// prompts of LLM seats as one deflated block inflated on demand, and the script that
// renders them (replay-client.ts). It makes no request of any kind and opens from the
// file system. A Content-Security-Policy allows no connection and only this page's own
// script (by its hash): text a model wrote can neither run nor fetch anything, even if
// it ever reached the markup.

import { deflateRawSync } from 'node:zlib';
import { escapeHtml, scriptedPage } from './html.js';
import { replayClient } from './replay-client.js';
import { promptTexts, replayData, type ReplayData, type ReplayInput } from './replay-data.js';

const STYLE = `
:root { --wolf: #c0392b; --village: #2e6fbf; --dead: #9a9a9a; --ink: #1b1b1b; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1200px; padding: 0.8em 1.2em 3em; color: var(--ink); }
h1 { font-size: 1.35em; margin: 0.2em 0; }
.meta { color: #555; margin: 0.1em 0; }
p.nav a { margin-right: 1.2em; }
.verdict { color: #2d6a2d; margin: 0.3em 0; }
.verdict.differs { color: #b00020; font-weight: 600; }
.controls { position: sticky; top: 0; background: #fff; padding: 0.5em 0; border-bottom: 1px solid #ddd; display: flex; gap: 0.6em; align-items: center; flex-wrap: wrap; z-index: 1; }
.controls input[type=range] { flex: 1 1 200px; }
.step-label { font-weight: 600; min-width: 12em; }
.main { display: flex; gap: 1.2em; align-items: flex-start; flex-wrap: wrap; }
.table-wrap { flex: 0 1 560px; position: sticky; top: 3.2em; }
svg.table { width: 100%; max-width: 560px; height: auto; aspect-ratio: 660 / 560; }
.seat circle { fill: #eef3fb; stroke: var(--village); stroke-width: 2; }
.seat.wolf circle { fill: #fbeeee; stroke: var(--wolf); }
.seat.dead circle { fill: #f1f1f1; stroke: var(--dead); stroke-dasharray: 4 3; }
.seat.dead text { fill: var(--dead); }
.seat.involved circle { stroke-width: 4; }
.seat.me circle { stroke: #000; stroke-width: 3.5; }
.seat text { text-anchor: middle; font-size: 12px; }
.seat text[text-anchor=start] { text-anchor: start; }
.seat text[text-anchor=end] { text-anchor: end; }
.seat .name { font-weight: 700; font-size: 13px; }
.seat .role { font-size: 10px; }
.seat .badges { font-size: 11px; fill: #7a4b00; }
.seat .spec { font-size: 11px; fill: #666; }
.center { text-anchor: middle; font-size: 18px; fill: #888; }
line.vote { stroke: #444; opacity: 0.75; }
.arrowhead { fill: #444; }
ol.events { flex: 1 1 420px; list-style: none; margin: 0; padding: 0; }
ol.events li { padding: 3px 6px; border-bottom: 1px solid #f0f0f0; }
li.heading { font-weight: 700; font-size: 1.1em; border-bottom: 2px solid #ddd; }
li.t-death { color: #8b0000; }
li.t-speech .text { white-space: pre-wrap; }
li.has-votes { cursor: pointer; }
li.shown-votes { background: #fff7d6; }
li.current { box-shadow: inset 3px 0 0 #2e6fbf; background: #f3f7fd; }
button.playing, button[aria-pressed=true] { background: #2e6fbf; color: #fff; }
ol.chat { flex: 1 1 420px; list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
ol.chat li.chat-day { align-self: center; font-weight: 700; color: #666; margin-top: 0.6em; }
ol.chat li.msg { max-width: 80%; background: #f1f3f6; border-radius: 10px; padding: 4px 10px 6px; align-self: flex-start; }
ol.chat li.msg.mine { align-self: flex-end; background: #e3edfb; }
ol.chat .from { font-weight: 700; margin-right: 6px; }
ol.chat .agent { font-size: 11px; color: #777; }
ol.chat .said { margin: 2px 0 0; white-space: pre-wrap; }
.who { display: inline-block; font-size: 11px; color: #fff; background: #777; border-radius: 3px; padding: 0 4px; margin-right: 6px; }
li.note { background: #f6f3fb; font-size: 13px; }
li.note .who { background: #6b4fa0; }
li.note.k-invalid .who, li.note.k-failure .who { background: #b00020; }
li.note.k-fallback .who { background: #a05a00; }
li.note .text { white-space: pre-wrap; }
.prompt-button { margin-left: 6px; font-size: 11px; }
.prompt pre { white-space: pre-wrap; max-height: 24em; overflow: auto; background: #fafafa; border: 1px solid #eee; padding: 0.5em; font-size: 12px; }
.prompt h4 { margin: 0.4em 0 0.1em; font-size: 12px; }
.legend { color: #555; font-size: 12px; margin-top: 1.5em; }
`;

/** JSON inside a <script> block: nothing in it can close the block or start markup. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const LEGEND =
  'Step through nights and days with ◀ ▶, the slider, or ← →; event by event with ‹ › or ↑ ↓; ▷ play (space) shows an event every 1.2 s; talk (t) shows the speeches so far as a chat. ' +
  'The address names what is shown (#step=day-2&event=3&eyes=P4): copy it to link to that moment. “Whose eyes”: the moderator sees every card, every night action and each model’s private notes; ' +
  'a seat sees exactly what the engine gave that player (its observation), and the table as that player knows it. ' +
  '★ sheriff · ♥ lover · ♪ charmed · ? a card this pair of eyes does not know. Click a vote to draw it as arrows (voter → target).';

/** The page of one game, from its data. */
export function replayPageOf(data: ReplayData, prompts: readonly string[]): string {
  const promptBlock = prompts.length === 0 ? '' : deflateRawSync(Buffer.from(JSON.stringify(prompts)), { level: 9 }).toString('base64');
  const body = `<main id="replay"></main>
<noscript><p>This replay is drawn by the page's script: allow JavaScript, or read the game as text with <code>sim show</code>.</p></noscript>
<p class="legend">${escapeHtml(LEGEND)}</p>
<script type="application/json" id="replay-data">${scriptJson(data)}</script>
<script type="text/plain" id="replay-prompts">${promptBlock}</script>`;
  return scriptedPage({ title: data.title, style: STYLE, body, client: replayClient });
}

/** The page of one replayed game. */
export function replayPage(input: ReplayInput): string {
  return replayPageOf(replayData(input), promptTexts(input.calls ?? []));
}

/** The data of a replay page (its JSON block), or null when the page has none. */
export function replayDataOf(html: string): ReplayData | null {
  const m = /<script type="application\/json" id="replay-data">([^<]*)<\/script>/.exec(html);
  return m === null ? null : (JSON.parse(m[1]!) as ReplayData);
}
