// People at the table through its pages, in Chromium (skipped, saying how to install it,
// when there is none): three people in three browser contexts and five bots play a whole
// game of 004's 8-player table by clicking the buttons of their seats' pages; what each
// page shows of the game is, at every look, a beginning of its own seat's observation;
// a reload in the middle finds the seat where it was.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { gameSeed, observe, resolveSetup, Rng, type Game } from '../../engine/index.js';
import { parseSeating, seatAgents } from '../../agents/registry.js';
import { describe as narrate } from '../../narrate/transcript.js';
import { visible } from '../../narrate/escape.js';
import { startTable, type Table } from '../../commands/table-server.js';
import { launchBrowser } from '../helpers/browser.js';

const chrome = await launchBrowser();
let browser: Browser;
beforeAll(() => {
  if (chrome.ok) browser = chrome.browser;
});
afterAll(async () => {
  if (chrome.ok) await chrome.browser.close();
});

const PEOPLE = new Map([
  [0, 'alice'],
  [3, ''],
  [6, 'carol'],
]);

async function table(): Promise<Table> {
  const setup = resolveSetup({ preset: 'standard', players: 8 });
  if (!setup.ok) throw new Error(setup.error);
  const seating = parseSeating(['heuristic']);
  if (!seating.ok) throw new Error(seating.error);
  return startTable({ setup: setup.value, seed: gameSeed('browser-table', 1), people: PEOPLE, bots: (g: Game) => seatAgents(seating.value, g.state.seats.map((x) => x.dealt)).agents, clockMs: null });
}

const narrated = (game: Game, seat: number) => observe(game, seat).events.map((e) => narrate(e)).filter((x): x is string => x !== null).map((x) => visible(x));

if (!chrome.ok) test.skip(`table page tests: ${chrome.why}`, () => {});

describe.skipIf(!chrome.ok)('the table’s pages in Chromium', () => {
  test('three people and five bots play a whole game through the pages alone', async () => {
    const t = await table();
    try {
      const pages: { seat: number; page: Page; errors: string[] }[] = [];
      for (const s of t.seats) {
        const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
        const page = await context.newPage();
        page.setDefaultTimeout(5_000);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
        await page.goto(`${t.url}/seat/${s.token}`);
        pages.push({ seat: s.seat, page, errors });
      }
      const looks: { seat: number; lines: string[] }[] = [];
      let reloaded = false;
      for (let round = 0; round < 2000 && !t.game.over; round++) {
        let acted = false;
        for (const p of pages) {
          looks.push({ seat: p.seat, lines: await p.page.$$eval('#log li', (lis) => lis.map((li) => li.textContent ?? '')) });
          const choices = await p.page.$$('#owed button.choice');
          const say = await p.page.$('#say');
          if (choices.length > 0) {
            await choices[new Rng(`click-${p.seat}-${round}`).int(choices.length)]!.click();
            acted = true;
          } else if (say !== null) {
            await say.click();
            acted = true;
          }
          // Once, in the middle of the game: a reload finds the seat where it was.
          if (acted && !reloaded && round > 6) {
            reloaded = true;
            await p.page.reload();
            await p.page.waitForSelector('#owed p, #owed h2');
          }
        }
        if (!acted) await new Promise((r) => setTimeout(r, 5));
      }
      await t.done;
      expect(t.game.over).toBe(true);
      expect(reloaded).toBe(true);
      for (const p of pages) await p.page.waitForSelector('#owed .over');
      // What a page showed, at every look, was a beginning of its seat's observation.
      for (const { seat, lines } of looks) expect(narrated(t.game, seat).slice(0, lines.length)).toEqual(lines);
      for (const p of pages) {
        expect(p.errors).toEqual([]);
        expect(await p.page.$$eval('#log li', (lis) => lis.length)).toBe(narrated(t.game, p.seat).length);
      }
      expect(t.refused()).toBe(0);
    } finally {
      await t.close();
    }
  });
});
