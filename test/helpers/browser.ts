// A real browser for the page tests: Debian's chromium driven by playwright-core (which
// downloads no browser of its own). One launch per test file. When no browser can be had
// the tests are skipped, and the skipped test's name says why and how to get one.

import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Where the browser is: $CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const FIX = 'install it with `apt-get install -y chromium` (as root; .ci/run does) or set CHROMIUM_PATH';

/** The browser, or why there is none (a sentence naming the fix, also said on stderr: the run's output shows why its browser tests were skipped). */
export async function launchBrowser(): Promise<{ ok: true; browser: Browser } | { ok: false; why: string }> {
  const none = (why: string) => {
    console.warn(`browser tests SKIPPED: ${why}`);
    return { ok: false as const, why };
  };
  if (!existsSync(CHROMIUM)) return none(`no browser at ${CHROMIUM}: ${FIX}`);
  try {
    return { ok: true, browser: await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] }) };
  } catch (e) {
    return none(`${CHROMIUM} would not start (${String(e).split('\n')[0]}): ${FIX}`);
  }
}

/** What a page did that a self-contained page must not: console errors, uncaught errors, requests other than its own file. */
export interface PageTrouble {
  readonly errors: string[];
  readonly requests: string[];
}

/** Opens a page with its console errors, uncaught exceptions and requests watched. */
export async function openWatched(browser: Browser, url: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; trouble: PageTrouble }> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(5_000);
  const trouble: PageTrouble = { errors: [], requests: [] };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') trouble.errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => trouble.errors.push(`uncaught: ${e.message}`));
  page.on('request', (r) => {
    if (r.url() !== url) trouble.requests.push(r.url());
  });
  await page.goto(url);
  return { page, trouble };
}
