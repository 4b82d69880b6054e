// The replay page in a real browser (Chromium through playwright-core; skipped, saying
// how to install it, when there is none). A page per preset loads with no console error
// and no request; stepping forward and back shows each step's events, checked against
// the game's log; each seat's eyes show exactly the engine's observation of that seat;
// a model's markup and control characters are shown as text; the 8-player page stays
// under 300 kB and a 12-player LLM game's, with its prompts, under 3 MB; and a
// screenshot of the table is written for the docs (docs/img/replay-table.png).

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseSeating } from '../../agents/registry.js';
import { observe, PRESETS, resolveSetup, seenIndices, type Event, type GameSetup } from '../../engine/index.js';
import { GamePlayer } from '../../runs/games.js';
import { replayFromRecord } from '../../runs/llm/show.js';
import { LlmStore } from '../../runs/llm/store.js';
import { replayPage } from '../../reports/replay-page.js';
import type { ReplayInput } from '../../reports/replay-data.js';
import { launchBrowser, openWatched } from '../helpers/browser.js';
import { fakeProviders, must, play, runOf, seatingOf } from '../helpers/llm.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'replay-page-'));
const chrome = await launchBrowser();
let browser: Browser;

beforeAll(() => {
  if (chrome.ok) browser = chrome.browser;
});
afterAll(async () => {
  if (chrome.ok) await chrome.browser.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Played {
  readonly setup: GameSetup;
  readonly log: readonly Event[];
  readonly input: ReplayInput;
}

function playOne(req: Parameters<typeof resolveSetup>[0], agents: string[], index = 0): Played {
  const setup = must(resolveSetup(req));
  const seating = must(parseSeating(agents));
  const p = new GamePlayer({ setup, seed: '7', seating, agents });
  const r = p.playSync(index);
  const input: ReplayInput = { title: `${setup.preset} game ${index}`, lines: ['a test game'], verdict: 'not stored', matches: null, setup, log: r.game.log, specs: r.specs };
  return { setup, log: r.game.log, input };
}

function writePage(name: string, html: string): string {
  const file = join(dir, name);
  writeFileSync(file, html);
  return pathToFileURL(file).href;
}

/** The log indices of each step: what comes before the first night, then each night and each day. */
function stepsOf(log: readonly Event[]): number[][] {
  const out: number[][] = [];
  log.forEach((e, i) => {
    if (out.length === 0 || e.type === 'night' || e.type === 'day') out.push([]);
    out[out.length - 1]!.push(i);
  });
  return out;
}

/** The last log event shown at this moment, read from the step label's "event j of n" and the step's events (the list is hidden under the chat). */
async function lastShownEvent(page: Page): Promise<number | undefined> {
  return page.evaluate(() => {
    const data = JSON.parse(document.getElementById('replay-data')!.textContent!) as { events: { step: number }[] };
    const step = Number(document.body.dataset['step']);
    const m = /event (\d+) of/.exec(document.getElementById('step-label')!.textContent ?? '');
    const mine = data.events.map((e, i) => [e.step, i] as const).filter(([s]) => s === step).map(([, i]) => i);
    return m === null ? mine.at(-1) : mine[Number(m[1]) - 1];
  });
}

const shownEvents = (page: Page) => page.$$eval('#events li[data-ev]', (lis) => lis.map((li) => Number((li as HTMLElement).dataset['ev'])));

const presetGames = PRESETS.map((p) => [p.name, () => playOne({ preset: p.name }, ['heuristic'])] as const);
const variantGames = [
  ['standard with New Moon', () => playOne({ preset: 'standard', players: 10, rules: ['newMoon=all'] }, ['heuristic'])],
  ['standard with the Harvest Festival', () => playOne({ preset: 'standard', players: 10, roles: 'werewolf=2,seer,witch,guard,hunter,cupid,villager=3', rules: ['harvestFestival=true'] }, ['heuristic'])],
] as const;

if (!chrome.ok) test.skip(`replay page tests: ${chrome.why}`, () => {});

describe.skipIf(!chrome.ok)('the replay page in Chromium', () => {
  test.each([...presetGames, ...variantGames])('%s: loads with no console error and no request, and every step renders', async (_name, make) => {
    const g = make();
    const url = writePage(`${_name.replaceAll(' ', '-')}.html`, replayPage(g.input));
    const { page, trouble } = await openWatched(browser, url);
    const steps = stepsOf(g.log);
    expect(await page.$$eval('svg.table g[data-seat]', (gs) => gs.map((x) => x.getAttribute('data-seat')))).toEqual(
      Array.from({ length: g.setup.players }, (_, i) => String(i + 1)),
    );
    // Every step in one round trip (a round trip each cost ~0.1 s; the keys themselves are
    // the next test's): what the list shows at each, stepping by the page's → key.
    const shown = await page.evaluate(() => {
      const out: number[][] = [];
      for (let k = 0; ; k++) {
        out.push(Array.from(document.querySelectorAll('#events li[data-ev]')).map((li) => Number((li as HTMLElement).dataset['ev'])));
        if ((document.getElementById('next') as HTMLButtonElement).disabled) return out;
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        if (k > 1000) throw new Error('the page never reached its last step');
      }
    });
    expect(shown).toEqual(steps);
    // Each seat's eyes at the last step, too.
    await page.evaluate((players) => {
      const eyes = document.getElementById('eyes') as HTMLSelectElement;
      for (let s = 0; s < players; s++) {
        eyes.value = String(s);
        eyes.dispatchEvent(new Event('change'));
      }
    }, g.setup.players);
    expect(trouble.errors).toEqual([]);
    expect(trouble.requests).toEqual([]);
    await page.close();
  });

  test('stepping forward and back (buttons, keys, slider) shows each step’s events, as the log has them', async () => {
    const g = playOne({ preset: 'classic', players: 12 }, ['heuristic']);
    const steps = stepsOf(g.log);
    expect(steps.length).toBeGreaterThan(4);
    const { page, trouble } = await openWatched(browser, writePage('steps.html', replayPage(g.input)));
    const check = async (k: number) => {
      // The page's step, its list and its heading, read in one round trip.
      const shown = await page.evaluate(() => ({
        step: document.body.dataset['step'],
        events: Array.from(document.querySelectorAll('#events li[data-ev]')).map((li) => Number((li as HTMLElement).dataset['ev'])),
        label: document.getElementById('step-label')!.textContent ?? '',
      }));
      expect(shown.step).toBe(String(k));
      expect(shown.events).toEqual(steps[k]);
      // The step's heading is the log's own night or day.
      const first = g.log[steps[k]![0]!]!;
      const label = first.type === 'night' ? `Night ${first.night}` : first.type === 'day' ? `Day ${first.day}` : 'Setup';
      expect(shown.label).toContain(label);
    };
    await check(0);
    for (let k = 1; k < steps.length; k++) {
      await page.click('#next');
      await check(k);
    }
    expect(await page.isDisabled('#next')).toBe(true);
    for (let k = steps.length - 2; k >= 0; k--) {
      await page.keyboard.press('ArrowLeft');
      await check(k);
    }
    await page.fill('#step', '3');
    await check(3);
    // A vote's arrows go from each voter to its target.
    const votesAt = steps.findIndex((ix) => ix.some((i) => g.log[i]!.type === 'votes'));
    await page.fill('#step', String(votesAt));
    const last = [...steps[votesAt]!].reverse().find((i) => g.log[i]!.type === 'votes')!;
    const ev = g.log[last]!;
    if (ev.type !== 'votes') throw new Error('not a vote');
    const arrows = await page.$$eval('line.vote', (ls) => ls.map((l) => `${l.getAttribute('data-voter')}>${l.getAttribute('data-target')}`));
    expect(arrows.sort()).toEqual(ev.votes.filter((v) => v.target !== null).map((v) => `${v.voter + 1}>${v.target! + 1}`).sort());
    expect(trouble.errors).toEqual([]);
    await page.close();
  });

  // Inside a night or a day, event by event (‹ ›, ↑ ↓, play): the list grows one log event at
  // a time, a death marks its seat as soon as it is shown (not at the step's end), and the
  // address names the moment, which a fresh page opens at. Mutations: the table of the
  // step's end shown from its first event (the dead seat dead too early); the fragment not
  // read on load.
  test('event by event, a link to each moment, and play', async () => {
    const g = playOne({ preset: 'classic', players: 12 }, ['heuristic']);
    const steps = stepsOf(g.log);
    const url = writePage('events.html', replayPage(g.input));
    const { page, trouble } = await openWatched(browser, url);
    // The first day: its deaths come after some other event.
    const day = steps.findIndex((ix) => g.log[ix[0]!]!.type === 'day' && ix.some((i) => g.log[i]!.type === 'death'));
    await page.fill('#step', String(day - 1));
    // The keys act on the page, not on the focused slider.
    await page.click('h1');
    const deathAt = steps[day]!.findIndex((i) => g.log[i]!.type === 'death');
    const death = g.log[steps[day]![deathAt]!]!;
    if (death.type !== 'death') throw new Error('not a death');
    // What the page shows after each key, read in one round trip.
    const moment = () =>
      page.evaluate((seat) => ({
        shown: Array.from(document.querySelectorAll('#events li[data-ev]')).map((li) => Number((li as HTMLElement).dataset['ev'])),
        dead: document.querySelector(`svg.table g[data-seat="${seat}"]`)!.classList.contains('dead'),
        label: document.getElementById('step-label')!.textContent ?? '',
        hash: location.hash,
        current: Number((document.querySelector('#events li.current') as HTMLElement | null)?.dataset['ev'] ?? NaN),
      }), death.seat + 1);
    for (let j = 1; j <= steps[day]!.length; j++) {
      await page.keyboard.press('ArrowDown');
      const m = await moment();
      expect(m.shown).toEqual(steps[day]!.slice(0, j));
      expect(m.dead).toBe(j > deathAt);
      if (j < steps[day]!.length) {
        expect(m.label).toContain(`event ${j} of ${steps[day]!.length}`);
        expect(m.hash).toBe(`#step=day-${day === 0 ? 0 : (g.log[steps[day]![0]!] as { day: number }).day}&event=${j}`);
        expect(m.current).toBe(steps[day]![j - 1]);
      }
    }
    // The whole step shown, the next press opens the next step at its first event; ↑ goes back.
    await page.keyboard.press('ArrowDown');
    expect(await shownEvents(page)).toEqual(steps[day + 1]!.slice(0, 1));
    await page.keyboard.press('ArrowUp');
    expect(await shownEvents(page)).toEqual(steps[day]);
    // A link to a moment, with a seat's eyes: a fresh page opens there.
    await page.selectOption('#eyes', '3');
    await page.click('#prev-event');
    const hash = await page.evaluate(() => location.hash);
    expect(hash).toMatch(/^#step=day-\d+&event=\d+&eyes=P4$/);
    const mine = seenIndices(g, 3).filter((i) => steps[day]!.includes(i));
    const fresh = await openWatched(browser, `${url}${hash}`);
    expect(await fresh.page.$eval('#eyes', (x) => (x as HTMLSelectElement).value)).toBe('3');
    expect(await shownEvents(fresh.page)).toEqual(mine.slice(0, mine.length - 1));
    await fresh.page.close();
    // Play: an event every 1.2 s from the start, until paused (the page's clock, run forward).
    await page.clock.install();
    await page.goto(`${url}#step=setup`);
    await page.click('#play');
    await page.clock.runFor(1200 * 3 + 100);
    expect(await page.textContent('#play')).toBe('❚❚ pause');
    expect(await shownEvents(page)).toEqual(steps[1]!.slice(0, 4));
    await page.keyboard.press(' ');
    await page.clock.runFor(5000);
    expect(await shownEvents(page)).toEqual(steps[1]!.slice(0, 4));
    expect(trouble.errors).toEqual([]);
    expect(trouble.requests).toEqual([]);
    await page.close();
  });

  // The talk as a chat: the log's speeches these eyes heard up to the moment shown, in
  // order, each under its day, its words as the agent said them (markup as text).
  test('the talk as a chat: every speech so far, in order, under its day', async () => {
    const g = playOne({ preset: 'classic', players: 12 }, ['heuristic']);
    const evil = '<b>bold</b> <img src=x onerror="window.pwned=1">';
    const first = g.log.findIndex((e) => e.type === 'speech');
    const log = g.log.map((e, i) => (i === first && e.type === 'speech' ? { ...e, text: evil } : e));
    const steps = stepsOf(log);
    const { page, trouble } = await openWatched(browser, writePage('chat.html', replayPage({ ...g.input, log })));
    const day2 = steps.findIndex((ix, k) => k > steps.findIndex((jx) => jx.some((i) => log[i]!.type === 'speech')) && ix.some((i) => log[i]!.type === 'speech'));
    await page.fill('#step', String(day2));
    await page.click('#talk');
    const speeches = (upto: number) => log.flatMap((e, i) => (e.type === 'speech' && i <= upto ? [i] : []));
    const chat = () => page.$$eval('#chat li.msg', (lis) => lis.map((li) => Number((li as HTMLElement).dataset['ev'])));
    expect(await page.isVisible('#events')).toBe(false);
    expect(await chat()).toEqual(speeches(steps[day2]!.at(-1)!));
    expect(await page.$$eval('#chat li.chat-day', (lis) => lis.length)).toBe(2);
    const said = log[first]!;
    if (said.type !== 'speech') throw new Error('not a speech');
    expect(await page.textContent(`#chat li[data-ev="${first}"] .from`)).toBe(`P${said.seat + 1}`);
    expect(await page.textContent(`#chat li[data-ev="${first}"] .said`)).toContain(evil);
    expect(await page.$$('#chat img, #chat b')).toHaveLength(0);
    // Event by event, the chat holds what was said so far; the link says the chat is shown.
    await page.click('#prev-event');
    const shownUpTo = (await lastShownEvent(page))!;
    expect(await chat()).toEqual(speeches(shownUpTo));
    expect(await page.evaluate(() => location.hash)).toMatch(/&view=talk$/);
    await page.keyboard.press('t');
    expect(await page.isVisible('#events')).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(trouble.errors).toEqual([]);
    await page.close();
  });

  test('each seat’s eyes show exactly the engine’s observation of that seat, and only the cards it knows', async () => {
    // 001's 12-player table: wolves, a little girl, lovers, a seer — private events of many kinds.
    const g = playOne({ preset: 'classic', players: 12 }, ['heuristic'], 3);
    const { page, trouble } = await openWatched(browser, writePage('eyes.html', replayPage(g.input)));
    const dealt = g.log.flatMap((e) => (e.type === 'deal' ? [e] : []));
    // Through the page's own controls, in one round trip: each pair of eyes chosen, every step
    // shown by its ▶ button; what the list shows, and the table's cards at the first step.
    const seen = await page.evaluate((players) => {
      const eyes = document.getElementById('eyes') as HTMLSelectElement;
      const next = document.getElementById('next') as HTMLButtonElement;
      const slider = document.getElementById('step') as HTMLInputElement;
      const out: { events: number[]; roles: string[] }[] = [];
      for (let s = -1; s < players; s++) {
        eyes.value = String(s);
        eyes.dispatchEvent(new Event('change'));
        slider.value = '0';
        slider.dispatchEvent(new Event('input'));
        const roles = Array.from(document.querySelectorAll('svg.table g[data-seat] .role')).map((t) => t.textContent ?? '');
        const events: number[] = [];
        for (;;) {
          events.push(...Array.from(document.querySelectorAll('#events li[data-ev]')).map((li) => Number((li as HTMLElement).dataset['ev'])));
          if (next.disabled) break;
          next.click();
        }
        out.push({ events, roles });
      }
      return out;
    }, g.setup.players);
    // The moderator sees the whole log.
    expect(seen[0]!.events).toEqual(g.log.map((_, i) => i));
    for (let s = 0; s < g.setup.players; s++) {
      const { events, roles } = seen[s + 1]!;
      // The page's events for the seat are the log positions of its observation, and they are its observation.
      expect(events).toEqual(seenIndices(g, s));
      expect(events.map((i) => ({ ...g.log[i]!, vis: 0 }))).toEqual(observe({ log: g.log, setup: g.setup }, s).events.map((e) => ({ ...e, vis: 0 })));
      // Before the first night a seat knows its own card, and no other unless it is a wolf seeing its pack.
      expect(roles[s]).toBe(dealt[s]!.role);
      roles.forEach((r, t) => {
        if (t !== s && r !== '?') expect(r).toBe('werewolf');
      });
    }
    expect(trouble.errors).toEqual([]);
    await page.close();
  });

  test('a speech holding <script>, onerror and ESC is shown as text, and runs nothing', async () => {
    const g = playOne({ preset: 'standard', players: 8 }, ['heuristic']);
    const evil = '</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">\u001b[31mred\u202e';
    const at = g.log.findIndex((e) => e.type === 'speech');
    const log = g.log.map((e, i) => (i === at && e.type === 'speech' ? { ...e, text: evil } : e));
    const input: ReplayInput = {
      ...g.input,
      title: `game ${evil}`,
      log,
      specs: g.input.specs.map((s, i) => (i === 0 ? `${s} ${evil}` : s)),
      notes: [{ seat: 0, decision: 1, attempt: 0, seatEvents: 3, kind: 'reasoning', text: evil }],
      calls: [{ seat: 0, decision: 1, attempt: 0, system: 'rules', user: `prompt ${evil}`, rejections: [], answer: `answer ${evil}`, ok: true }],
    };
    const html = replayPage(input);
    expect(html).not.toContain('\u001b');
    expect(html).not.toContain('<img');
    const { page, trouble } = await openWatched(browser, writePage('evil.html', html));
    const step = stepsOf(log).findIndex((ix) => ix.includes(at));
    await page.fill('#step', String(step));
    const row = (await page.textContent(`#events li[data-ev="${at}"]`)) ?? '';
    expect(row).toContain('</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">\\x1b[31mred\\u202e');
    expect(await page.$$('#events img, #events script, header img')).toHaveLength(0);
    expect(await page.textContent('h1')).toContain('<script>window.pwned=1</script>');
    // The model's note and its prompt and answer, inflated on demand, are text too.
    // The note goes before the next event its seat saw after it was asked (its 4th).
    const noteAt = seenIndices({ log }, 0)[3]!;
    const noteStep = stepsOf(log).findIndex((ix) => ix.includes(noteAt));
    await page.fill('#step', String(noteStep));
    await page.click('li.note .prompt-button');
    await page.waitForFunction(() => !document.querySelector('.prompt-text')?.textContent?.startsWith('loading'));
    expect(await page.textContent('.prompt-text')).toContain('prompt </script><script>window.pwned=1</script>');
    expect(await page.textContent('.answer-text')).toContain('\\x1b[31m');
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(trouble.errors).toEqual([]);
    expect(trouble.requests).toEqual([]);
    await page.close();
  });

  // Every label of the table — names, cards, badges (the Elder's lives, the sheriff's
  // star), agents — measured in the browser at every table size: no two boxes overlap,
  // and none leaves the drawing. Long agent names (a program's path) are shortened on the
  // table, whole in the seat's tooltip. Mutation: the layout before (badges above the
  // circle, the agent below it, names whole): at 12 players the Elder's lives fall on a
  // neighbour's agent and the long name runs off the table.
  test('no label overlaps another or leaves the table, at 8 to 18 players, at every step', async () => {
    const long = `exec:python3 /home/someone/projects/werewolf-agents/${'deep/'.repeat(4)}bot.py --model big`;
    // One page visits the eleven tables (a page each would cost a browser page's start each).
    const { page, trouble } = await openWatched(browser, 'about:blank');
    for (let players = 8; players <= 18; players++) {
      // 001's table with an Elder (lives), a sheriff, lovers; seat 2 a program with a long command line.
      const wolves = Math.floor(players / 4);
      const g = playOne({ preset: 'classic', players, roles: `werewolf=${wolves},seer,witch,elder,hunter,cupid,villager=${players - wolves - 5}` }, ['heuristic']);
      const input: ReplayInput = { ...g.input, specs: g.input.specs.map((spec, i) => (i === 1 ? long : i === players - 1 ? 'heuristic:fakeClaim=0' : spec)) };
      await page.goto(writePage(`labels-${players}.html`, replayPage(input)));
      const overlaps = await page.evaluate(() => {
        const next = document.getElementById('next') as HTMLButtonElement;
        const svgBox = document.querySelector('svg.table')!.getBoundingClientRect();
        const found: string[] = [];
        for (;;) {
          const boxes = Array.from(document.querySelectorAll('svg.table g[data-seat] text'))
            .filter((t) => (t.textContent ?? '') !== '')
            .map((t) => ({ r: t.getBoundingClientRect(), what: `${t.closest('g')!.getAttribute('data-seat')}:${t.getAttribute('class')}:${t.textContent}` }));
          for (const b of boxes)
            if (b.r.left < svgBox.left - 0.5 || b.r.right > svgBox.right + 0.5 || b.r.top < svgBox.top - 0.5 || b.r.bottom > svgBox.bottom + 0.5) found.push(`${b.what} leaves the table`);
          for (let i = 0; i < boxes.length; i++)
            for (let j = i + 1; j < boxes.length; j++) {
              const a = boxes[i]!.r;
              const b = boxes[j]!.r;
              if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) found.push(`${boxes[i]!.what} × ${boxes[j]!.what}`);
            }
          if (next.disabled) break;
          next.click();
        }
        return [...new Set(found)];
      });
      expect(overlaps, `${players} players`).toEqual([]);
      // The long name: shortened on the table, whole in the tooltip.
      const spec = await page.$eval('svg.table g[data-seat="2"] .spec', (t) => t.textContent ?? '');
      expect(spec.length).toBeLessThan(long.length);
      expect(spec.endsWith('…')).toBe(true);
      expect(await page.$eval('svg.table g[data-seat="2"] title', (t) => t.textContent ?? '')).toContain(long);
    }
    expect(trouble.errors).toEqual([]);
    await page.close();
  });

  // 12 players of 001 with an Elder, at its first vote: the labels the test above measures.
  test('a screenshot of the table for the docs (docs/img/replay-table.png)', async () => {
    const g = playOne({ preset: 'classic', players: 12, roles: 'werewolf=3,seer,witch,elder,hunter,cupid,villager=4' }, ['heuristic'], 2);
    const { page, trouble } = await openWatched(browser, writePage('shot.html', replayPage(g.input)), { width: 1100, height: 640 });
    const day = stepsOf(g.log).findIndex((ix) => ix.some((i) => g.log[i]!.type === 'votes'));
    await page.fill('#step', String(day));
    const png = await page.screenshot({ fullPage: false });
    // A PNG of the viewport's size (IHDR: width and height at bytes 16–23).
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1100, 640]);
    const target = join(ROOT, 'docs', 'img', 'replay-table.png');
    // Written when missing, or on request (UPDATE_DOCS_IMG=1): a test run leaves the work tree as it was.
    if (!existsSync(target) || process.env['UPDATE_DOCS_IMG'] === '1') {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, png);
    }
    expect(readFileSync(target).subarray(1, 4).toString()).toBe('PNG');
    expect(trouble.errors).toEqual([]);
    await page.close();
  });
});

describe('the replay page’s size', () => {
  test('an 8-player game’s page is under 300 kB', () => {
    const g = playOne({ preset: 'standard', players: 8 }, ['heuristic']);
    const bytes = Buffer.byteLength(replayPage(g.input));
    console.log(`replay page, 8 players (heuristic): ${(bytes / 1024).toFixed(1)} kB`);
    expect(bytes).toBeLessThan(300 * 1024);
  });

  const serve = fakeProviders();
  test('a 12-player LLM game’s page, with every prompt, is under 3 MB, and a prompt opens on demand', async () => {
    const server = await serve({ verbose: true });
    const setup = must(resolveSetup({ preset: 'classic', players: 12 }));
    const seating = seatingOf('openai:gpt-4o-mini');
    const store = must(LlmStore.open(join(dir, 'llm.db')));
    try {
      const [r] = await play(setup, seating, runOf(seating, { store, url: server.url }), 1, 'page');
      if (r?.status !== 'finished') throw new Error('the LLM game did not finish');
      const replay = must(await replayFromRecord({ config: { setup, seed: 'page', seating }, index: 0, record: store, gameKey: r.gameKey, keepCalls: true }));
      expect(replay.calls.length).toBeGreaterThan(50);
      const html = replayPage({ ...playedInput(setup, replay.game.log, replay.specs), notes: replay.notes, calls: replay.calls });
      const bytes = Buffer.byteLength(html);
      const raw = replay.calls.reduce((n, c) => n + c.system.length + c.user.length, 0);
      console.log(`replay page, 12 LLM seats: ${(bytes / 1024).toFixed(0)} kB with ${replay.calls.length} prompts (${(raw / 1024).toFixed(0)} kB of prompt text, deflated in the page)`);
      expect(bytes).toBeLessThan(3 * 1024 * 1024);
      if (!chrome.ok) return;
      const { page, trouble } = await openWatched(browser, writePage('llm.html', html));
      const steps = stepsOf(replay.game.log);
      // A note with its call: the prompt shown is the one the model was sent.
      for (let k = 0; k < steps.length && (await page.$$('li.note .prompt-button')).length === 0; k++) await page.click('#next');
      const k = Number(await page.$eval('li.note', (li) => (li as HTMLElement).dataset['note']));
      await page.click('li.note .prompt-button');
      await page.waitForFunction(() => !document.querySelector('.prompt-text')?.textContent?.startsWith('loading'));
      const shown = (await page.textContent('.prompt-text')) ?? '';
      const call = replay.calls.find((c) => c.seat === replay.notes[k]!.seat && c.decision === replay.notes[k]!.decision && c.attempt === replay.notes[k]!.attempt)!;
      expect(shown).toContain(call.user.slice(0, 200));
      expect(trouble.errors).toEqual([]);
      expect(trouble.requests).toEqual([]);
      await page.close();
    } finally {
      store.close();
    }
  });
});

function playedInput(setup: GameSetup, log: readonly Event[], specs: readonly string[]): ReplayInput {
  return { title: 'LLM game', lines: [], verdict: 'replayed from the record', matches: null, setup, log, specs };
}
