// People at the table through its pages, in Chromium (skipped, saying how to install it,
// when there is none): three people in three browser contexts and five bots play a whole
// game of 004's 8-player table by clicking the buttons of their seats' pages; what each
// page shows of the game is, at every look, a beginning of its own seat's observation;
// a reload in the middle finds the seat where it was. The host's page shows who has
// joined, starts the game and links its replay at the end. A series of two games: the
// page follows the game in play and links the replay of the one over. Pictures for docs/table.md:
// the host's page, a seat at night and at a day vote, at a desktop's width and a phone's.

import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { Game as GameOf, gameSeed, observe, resolveSetup, Rng, type Game } from '../../engine/index.js';

const PEOPLE = new Map<number, string>();
import { parseSeating, seatAgents } from '../../agents/registry.js';
import { describe as narrate } from '../../narrate/transcript.js';
import { visible } from '../../narrate/escape.js';
import { startTable, type Table } from '../../commands/table-server.js';
import { launchBrowser } from '../helpers/browser.js';
import type { DecisionTrace } from '../../agents/trace.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const chrome = await launchBrowser();
afterAll(async () => {
  if (chrome.ok) await chrome.browser.close();
});

const SEED = gameSeed('browser-table', 1);

async function table(onGameOver?: (trace: DecisionTrace) => void): Promise<Table> {
  const setup = resolveSetup({ preset: 'standard', players: 8 });
  if (!setup.ok) throw new Error(setup.error);
  // The people: the Seer, a werewolf and a villager of this deal (each decides at night or by day).
  const dealt = new GameOf(setup.value, SEED).state.seats.map((x) => x.dealt);
  PEOPLE.clear();
  PEOPLE.set(dealt.indexOf('seer'), 'alice');
  PEOPLE.set(dealt.indexOf('werewolf'), '');
  PEOPLE.set(dealt.indexOf('villager'), 'carol');
  const seating = parseSeating(['heuristic']);
  if (!seating.ok) throw new Error(seating.error);
  return startTable({ setup: setup.value, seed: SEED, people: PEOPLE, bots: (g: Game) => seatAgents(seating.value, g.state.seats.map((x) => x.dealt)).agents, clockMs: null, start: 'host', onGameOver: (_g, _game, _played, trace) => onGameOver?.(trace) });
}

/**
 * The docs' pictures of a page, at a desktop's width and a phone's (390 px): written to
 * docs/img/NAME-desktop.png and NAME-phone.png when missing, or with UPDATE_DOCS_IMG=1.
 */
async function shot(page: Page, name: string): Promise<void> {
  const before = page.viewportSize()!;
  for (const [size, viewport] of [['desktop', { width: 1280, height: 720 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    const png = await page.screenshot();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([viewport.width, viewport.height]);
    const target = join(ROOT, 'docs', 'img', `${name}-${size}.png`);
    if (!existsSync(target) || process.env['UPDATE_DOCS_IMG'] === '1') writeFileSync(target, png);
  }
  await page.setViewportSize(before);
}

const narrated = (game: Game, seat: number) => observe(game, seat).events.map((e) => narrate(e)).filter((x): x is string => x !== null).map((x) => visible(x));

if (!chrome.ok) test.skip(`table page tests: ${chrome.why}`, () => {});

describe.skipIf(!chrome.ok)('the table’s pages in Chromium', () => {
  test('three people and five bots play a whole game through the pages alone', async () => {
    if (!chrome.ok) return;
    const browser = chrome.browser;
    let trace: DecisionTrace | undefined;
    const t = await table((tr) => (trace = tr));
    try {
      // The host's page: nobody has joined; each seat's page opened, all three have.
      const hostContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const host = await hostContext.newPage();
      host.setDefaultTimeout(5_000);
      await host.goto(`${t.url}/host/${t.hostToken}`);
      await host.waitForSelector('text=0 of 3 people have joined');
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
      await host.waitForSelector('text=3 of 3 people have joined');
      expect(await host.$$eval('#seats tr', (trs) => trs.map((tr) => tr.textContent ?? ''))).toHaveLength(8);
      await shot(host, 'table-host');
      // Nothing is played before the host starts: the log stays as dealt, nobody is asked anything.
      const dealt = t.game.log.length;
      await new Promise((r) => setTimeout(r, 100));
      expect(t.game.log.length).toBe(dealt);
      for (const p of pages) expect(await p.page.$$('#owed h2')).toHaveLength(0);
      await host.click('#start');
      const shots = new Set<string>();
      const looks: { seat: number; lines: string[] }[] = [];
      let reloaded = false;
      for (let round = 0; round < 2000 && !t.game.over; round++) {
        let acted = false;
        for (const p of pages) {
          // What the page shows, read in one round trip, not one per element.
          const seen = await p.page.evaluate(() => ({
            lines: Array.from(document.querySelectorAll('#log li'), (li) => li.textContent ?? ''),
            owed: document.querySelector('#owed h2')?.textContent ?? '',
            choices: document.querySelectorAll('#owed button.choice').length,
            say: document.querySelector('#say') !== null,
            beliefs: document.querySelector('#beliefs summary') !== null,
          }));
          looks.push({ seat: p.seat, lines: seen.lines });
          // The pictures for the docs: a seat deciding at night, and at a day vote.
          const night = (seen.lines.filter((x) => /^(Night|Day) \d+$/.test(x)).at(-1) ?? '').startsWith('Night');
          const kind = /: vote$/.test(seen.owed) ? 'table-seat-vote' : night && seen.owed !== '' ? 'table-seat-night' : null;
          if (kind !== null && !shots.has(kind)) {
            shots.add(kind);
            await shot(p.page, kind);
          }
          // At a day vote, a belief stated: 70% on the first candidate.
          if (seen.beliefs) {
            await p.page.click('#beliefs summary');
            await p.page.selectOption('#beliefs select >> nth=0', '0.7');
          }
          if (seen.choices > 0) {
            await p.page.locator('#owed button.choice').nth(new Rng(`click-${p.seat}-${round}`).int(seen.choices)).click();
            acted = true;
          } else if (seen.say) {
            await p.page.click('#say');
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
      expect([...shots].sort()).toEqual(['table-seat-night', 'table-seat-vote']);
      // The beliefs stated on the pages reached the metrics' trace.
      const stated = trace!.beliefs.filter((b) => PEOPLE.has(b.seat));
      expect(stated.length).toBeGreaterThan(0);
      expect(stated.every((b) => [...b.p].filter((x) => !Number.isNaN(x)).join() === '0.7')).toBe(true);
      // The host's page at the end: the result, and the game's replay page.
      await host.waitForSelector('text=The game is over');
      await host.click('text=the game’s replay');
      await host.waitForSelector('svg.table');
      expect(await host.$$('svg.table g[data-seat]')).toHaveLength(8);
    } finally {
      await t.close();
    }
  });

  test('a series of two games: the page follows the game in play, links the replay of the one over, and the host ends with both', async () => {
    if (!chrome.ok) return;
    const setup = resolveSetup({ preset: 'standard', players: 8 });
    if (!setup.ok) throw new Error(setup.error);
    const seating = parseSeating(['random']);
    if (!seating.ok) throw new Error(seating.error);
    const over = new Map<number, Game>();
    const t = await startTable({
      setup: setup.value,
      people: new Map([[0, 'dana']]),
      bots: (g: Game) => seatAgents(seating.value, g.state.seats.map((x) => x.dealt)).agents,
      clockMs: null,
      games: [0, 1].map((index) => ({ index, seed: gameSeed('browser-series', index) })),
      onGameOver: (g, game) => void over.set(g.index, game),
      start: 'host',
    });
    try {
      const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 720 } });
      const host = await context.newPage();
      host.setDefaultTimeout(5_000);
      await host.goto(`${t.url}/host/${t.hostToken}`);
      const page = await context.newPage();
      page.setDefaultTimeout(5_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${t.url}/seat/${t.seats[0]!.token}`);
      // Before the start: the first game, as dealt.
      await page.waitForSelector('text=game 1 of 2');
      const looks: { game: number; lines: string[] }[] = [{ game: 0, lines: await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent ?? '')) }];
      expect(looks[0]!.lines.length).toBeGreaterThan(0);
      await host.click('#start');
      let ended = false;
      void t.done.then(() => (ended = true));
      let replayed = false;
      const openReplay = async () => {
        // A locator, found again at each use: the page redraws its list of games played as
        // the game goes on, and a handle taken before a redraw is detached by the click.
        const link = page.locator('#played a').first();
        await link.waitFor();
        expect(await link.textContent()).toBe('game 1');
        const [replay] = await Promise.all([context.waitForEvent('page'), link.click()]);
        await replay!.waitForSelector('svg.table');
        expect(await replay!.$$('svg.table g[data-seat]')).toHaveLength(8);
        await replay!.close();
        replayed = true;
      };
      for (let round = 0; round < 4000 && !ended; round++) {
        // The game named and its log read in one evaluation: read apart, the page could move
        // on to the next game between the two (a look then paired game 1's name with game 2's log).
        const seen = await page.evaluate(() => ({
          who: document.querySelector('#who')?.textContent ?? '',
          lines: Array.from(document.querySelectorAll('#log li'), (li) => li.textContent ?? ''),
        }));
        const game = Number(/game (\d) of 2/.exec(seen.who)?.[1]) - 1;
        expect(game === 0 || game === 1).toBe(true);
        looks.push({ game, lines: seen.lines });
        // In the second game, the first one's replay is linked: every card shown, the game over.
        if (game === 1 && !replayed) await openReplay();
        const choices = await page.$$('#owed button.choice');
        const say = await page.$('#say');
        if (choices.length > 0) await choices[new Rng(`series-${round}`).int(choices.length)]!.click();
        else if (say !== null) await say.click();
        else await new Promise((r) => setTimeout(r, 5));
      }
      await t.done;
      // (The person may have died early in the second game, which the bots then finished before a look: the link is there at the end too.)
      if (!replayed) await openReplay();
      await page.waitForSelector('text=The game is over.');
      expect(await page.$$eval('#played a', (as) => as.map((a) => a.textContent))).toEqual(['game 1', 'game 2']);
      expect([...over.keys()]).toEqual([0, 1]);
      // At every look the page showed a beginning of its seat's observation of the game it named.
      for (const { game, lines } of looks) expect(narrated(over.get(game)!, 0).slice(0, lines.length)).toEqual(lines);
      expect(new Set(looks.map((l) => l.game))).toEqual(new Set([0, 1]));
      expect(errors).toEqual([]);
      await host.waitForSelector('text=The series is over: 2 games');
      expect(await host.$$eval('#status a', (as) => as.map((a) => a.textContent))).toEqual(['game 1', 'game 2']);
    } finally {
      await t.close();
    }
  });
});
