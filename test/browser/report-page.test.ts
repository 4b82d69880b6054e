// The tournament report, answer first: its first section is the leaderboard (a test on the
// HTML), the pairings' runs get no balance analysis of their own but a game page each, and
// in Chromium no two text labels of the strengths chart overlap (bounding boxes measured
// in the browser) — four close entrants, two of them playing alike (the same strengths), so
// labels drawn beside the points would land on each other.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runReport } from '../../commands/report.js';
import { runTournament } from '../../commands/tournament.js';
import { launchBrowser, openWatched } from '../helpers/browser.js';
import { removeDir, tempDir } from '../helpers/sim-cli.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = tempDir('report-page');
const chrome = await launchBrowser();
const ENTRANTS = ['heuristic:fakeClaim=0.1', 'heuristic:fakeClaim=0.2', 'heuristic', 'heuristic:fakeClaim=0.4'];
let html = '';

beforeAll(async () => {
  const db = join(dir, 't.db');
  const t = await runTournament({ db, mode: 'side', agents: ENTRANTS, rules: [], seed: 'r', games: 30, workers: 0, concurrency: 4, json: true });
  if (!t.ok) throw new Error(t.error);
  const r = await runReport({ db, out: join(dir, 'rep'), json: false, replays: [] });
  if (!r.ok) throw new Error(r.error);
  html = readFileSync(join(dir, 'rep', 'index.html'), 'utf8');
});
afterAll(async () => {
  if (chrome.ok) await chrome.browser.close();
  removeDir(dir);
});

describe('the tournament report', () => {
  test('starts with the leaderboard: the first section after the title is the tournament’s, and its first table ranks the entrants', () => {
    const { document } = parseHTML(html);
    const h2 = document.querySelector('h2')!;
    expect(h2.id).toBe('tournament-1');
    const firstSection = document.querySelector('h3')!;
    expect(firstSection.textContent).toBe('Leaderboard');
    const table = document.querySelector('table')!;
    expect(table.id).toBe('table-tournament-1-scores');
    expect(table.querySelector('th')!.textContent).toBe('#');
    const ranks = Array.from(table.querySelectorAll('tbody tr')).map((tr) => tr.querySelector('td')!.textContent);
    expect(ranks).toEqual(['1', '2', '3', '4']);
    // No balance analysis of each pairing's run before (or after) it.
    expect(Array.from(document.querySelectorAll('h3')).map((h) => h.textContent)).not.toContain('Balance');
    // A game page of each of its 16 pairings instead, linked and written.
    const links = Array.from(document.querySelectorAll('ul.games a')).map((a) => a.getAttribute('href')!);
    expect(links).toHaveLength(16);
    for (const l of links) expect(existsSync(join(dir, 'rep', l))).toBe(true);
  });

  if (!chrome.ok) test.skip(`browser checks of the report: ${chrome.why}`, () => {});

  test.skipIf(!chrome.ok)('no two text labels of the strengths chart overlap, and the page makes no request', async () => {
    if (!chrome.ok) return;
    const url = pathToFileURL(join(dir, 'rep', 'index.html')).href;
    const { page, trouble } = await openWatched(chrome.browser, url);
    const boxes = await page.evaluate(() => {
      const chart = Array.from(document.querySelectorAll('div.chart')).find((c) => /Wolf strength/.test(c.textContent ?? ''))!;
      // Every piece of text drawn: the SVG's labels (axes, ticks) and the legend's (its text nodes, measured by a range).
      const texts: Node[] = [];
      const walker = document.createTreeWalker(chart, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) if ((n.textContent ?? '').trim() !== '' && n.parentElement?.tagName !== 'STYLE' && n.parentElement?.tagName !== 'title' && n.parentElement?.tagName !== 'H2') texts.push(n);
      return texts.map((n) => {
        const range = document.createRange();
        range.selectNodeContents(n);
        const r = range.getBoundingClientRect();
        return { text: (n.textContent ?? '').trim(), x: r.x, y: r.y, w: r.width, h: r.height };
      });
    });
    // Every entrant is named (in the legend), whole.
    for (const e of ENTRANTS) expect(boxes.map((b) => b.text)).toContain(e);
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.w === 0 || b.w === 0) continue;
        const ix = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
        const iy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
        if (ix > 0.5 && iy > 0.5) overlaps.push(`${a.text} × ${b.text}`);
      }
    expect(overlaps).toEqual([]);
    expect(trouble.errors).toEqual([]);
    expect(trouble.requests).toEqual([]);
    // A pairing's game page opens too.
    const game = await openWatched(chrome.browser, pathToFileURL(join(dir, 'rep', 'game-1-0.html')).href);
    expect(await game.page.$$('svg.table g[data-seat]')).toHaveLength(8);
    expect(game.trouble.errors).toEqual([]);
    await game.page.close();
    await page.close();
  });

  // The games written together link each other in the report's order: the first has no
  // previous, the last no next, and following "next" from the first visits every page once.
  // The chain is read from each page's data (what its links are drawn from); the browser
  // draws and follows them at the chain's two ends (a page load each was ~0.8 s here).
  test.skipIf(!chrome.ok)("a game's page links the previous and the next game written with it", async () => {
    if (!chrome.ok) return;
    const order = Array.from(parseHTML(html).document.querySelectorAll('ul.games a')).map((a) => a.getAttribute('href')!);
    type Link = { href: string; text: string } | null;
    const linksOf = (page: string) =>
      JSON.parse(parseHTML(readFileSync(join(dir, 'rep', page), 'utf8')).document.getElementById('replay-data')!.textContent!) as { previous: Link; next: Link };
    const visited = [order[0]!];
    expect(linksOf(order[0]!).previous).toBeNull();
    for (let next = linksOf(order[0]!).next; next !== null; next = linksOf(visited.at(-1)!).next) {
      expect(next.text).toMatch(/^run \d+, game \d+$/);
      visited.push(decodeURIComponent(next.href));
      expect(visited.length).toBeLessThanOrEqual(order.length);
      expect(linksOf(visited.at(-1)!).previous?.href).toBe(visited.at(-2));
    }
    expect(visited).toEqual(order);
    // In the browser: the first page's "next" drawn and followed, the new page's "previous"; the last page has no "next".
    const { page, trouble } = await openWatched(chrome.browser, pathToFileURL(join(dir, 'rep', order[0]!)).href);
    expect(await page.$$('a.previous-game')).toHaveLength(0);
    expect(await page.textContent('a.next-game')).toMatch(/^run \d+, game \d+ ›$/);
    await page.click('a.next-game');
    await page.waitForLoadState();
    expect(decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!)).toBe(order[1]);
    expect(await page.getAttribute('a.previous-game', 'href')).toBe(order[0]);
    await page.goto(pathToFileURL(join(dir, 'rep', order.at(-1)!)).href);
    expect(await page.$$('a.next-game')).toHaveLength(0);
    expect(await page.$$('a.previous-game')).toHaveLength(1);
    expect(trouble.errors).toEqual([]);
    await page.close();
  });

  // The answer in the first screen: the leaderboard's rows lie above the fold of a laptop's
  // window, and a screenshot of that screen is written for the docs.
  test.skipIf(!chrome.ok)("the ranking is in the first screen (docs/img/tournament-report.png)", async () => {
    if (!chrome.ok) return;
    const { page, trouble } = await openWatched(chrome.browser, pathToFileURL(join(dir, 'rep', 'index.html')).href, { width: 1280, height: 800 });
    const bottom = await page.$eval('#table-tournament-1-scores tbody tr:last-child', (tr) => tr.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThan(800);
    const png = await page.screenshot({ fullPage: false });
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 800]);
    const target = join(ROOT, 'docs', 'img', 'tournament-report.png');
    if (!existsSync(target) || process.env['UPDATE_DOCS_IMG'] === '1') {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, png);
    }
    expect(trouble.errors).toEqual([]);
    await page.close();
  });
});
