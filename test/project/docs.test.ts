// The docs' shape: the README stays a short front page (at most 220 lines, with the
// install-and-run and install-and-test commands in its first 15 lines), every relative link
// in README.md and docs/*.md reaches a file (and, when it names one, a heading of that
// page), and every docs page is reachable from the README by links. The checker is also
// run on small broken sets of pages, so it is known to fail when a link breaks.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const COMMANDS = ['npm ci && npx sim --games 10000', 'npm ci && npm test'];

/** Where links may point: pages by path from the repository root (posix separators). */
interface Site {
  /** The pages whose links are checked. */
  pages: ReadonlyMap<string, string>;
  /** Whether a path (from the root) exists; for a target that is not one of `pages`. */
  exists: (path: string) => boolean;
  /** A markdown file's text, for the headings a link's `#anchor` must name. */
  read: (path: string) => string | undefined;
}

interface Link { from: string; line: number; path: string; anchor: string | undefined }

/** Each line, with the lines of fenced code blocks emptied (they hold no links or headings). */
function outsideFences(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^ {0,3}(```|~~~)/.test(line)) { fenced = !fenced; return ''; }
    return fenced ? '' : line;
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of outsideFences(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The relative links of a page (inline and reference definitions), outside code. */
function linksOf(from: string, text: string): Link[] {
  const links: Link[] = [];
  outsideFences(text).forEach((raw, i) => {
    const line = raw.replace(/`[^`]*`/g, '');
    const targets = [...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)/.exec(line)?.[1];
    for (const target of definition === undefined ? targets : [...targets, definition]) {
      if (target === undefined || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;   // http:, mailto: …
      const [file = '', anchor] = target.split('#');
      const path = file === '' ? from : posix.normalize(posix.join(posix.dirname(from), decodeURI(file)));
      links.push({ from, line: i + 1, path, anchor });
    }
  });
  return links;
}

/** One line per broken link: a missing file, or an anchor its page has no heading for. */
function brokenLinks(site: Site): string[] {
  const problems: string[] = [];
  for (const [from, text] of site.pages) {
    for (const link of linksOf(from, text)) {
      const where = `${link.from}:${link.line} → ${link.path}${link.anchor === undefined ? '' : `#${link.anchor}`}`;
      if (!site.pages.has(link.path) && !site.exists(link.path)) { problems.push(`${where}: no such file`); continue; }
      if (link.anchor === undefined || !link.path.endsWith('.md')) continue;
      const target = site.pages.get(link.path) ?? site.read(link.path) ?? '';
      if (!anchorsOf(target).has(link.anchor)) problems.push(`${where}: no such heading`);
    }
  }
  return problems;
}

/** The pages no chain of links from `start` reaches. */
function unreachable(site: Site, start: string): string[] {
  const reached = new Set([start]);
  const queue = [start];
  for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
    for (const { path } of linksOf(page, site.pages.get(page) ?? '')) {
      if (site.pages.has(path) && !reached.has(path)) { reached.add(path); queue.push(path); }
    }
  }
  return [...site.pages.keys()].filter((p) => !reached.has(p));
}

function repositorySite(): Site {
  const docs = readdirSync(resolve(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort();
  const paths = ['README.md', ...docs.map((f) => `docs/${f}`)];
  const read = (p: string) => (existsSync(resolve(ROOT, p)) ? readFileSync(resolve(ROOT, p), 'utf8') : undefined);
  return {
    pages: new Map(paths.map((p) => [p, read(p) ?? ''])),
    exists: (p) => existsSync(resolve(ROOT, p)),
    read,
  };
}

function memorySite(pages: Record<string, string>, files: string[] = []): Site {
  const map = new Map(Object.entries(pages));
  return { pages: map, exists: (p) => files.includes(p), read: (p) => map.get(p) };
}

describe('the README and docs/', () => {
  const site = repositorySite();
  const readme = site.pages.get('README.md') ?? '';
  const lines = readme.replace(/\n$/, '').split('\n');

  test('the README has at most 220 lines', () => {
    expect(lines.length).toBeLessThanOrEqual(220);
  });

  test.each(COMMANDS)('the README shows `%s` in its first 15 lines', (command) => {
    expect(lines.slice(0, 15).join('\n')).toContain(command);
  });

  test('every relative link reaches a file, and a heading when it names one', () => {
    expect(brokenLinks(site)).toEqual([]);
  });

  test('every docs page is reachable from the README by links', () => {
    expect(site.pages.size).toBeGreaterThan(5);
    expect(unreachable(site, 'README.md')).toEqual([]);
  });

  test.each(['slurm-array-script', 'slurm-merge-command'])('docs/cluster.md: <!-- %s --> is followed by a fenced block', (marker) => {
    const cluster = (site.pages.get('docs/cluster.md') ?? '').split('\n');
    const at = cluster.indexOf(`<!-- ${marker} -->`);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(cluster[at + 1]).toMatch(/^```(bash|sh)$/);
    expect(cluster.slice(at + 2).indexOf('```')).toBeGreaterThan(0);
  });
});

describe('the link checker fails on broken pages', () => {
  const home = '[a](docs/a.md) [b](docs/b.md#second-part)\n';
  const a = '# A\n\nBack [home](../README.md), on to [b](b.md), [the web](https://example.org).\n';
  const b = '# B\n\n## Second part\n\n```\n[not a link](nowhere.md)\n```\n`[nor this](nowhere.md)`\n';

  test('a sound set of pages passes', () => {
    const ok = memorySite({ 'README.md': home, 'docs/a.md': a, 'docs/b.md': b });
    expect(brokenLinks(ok)).toEqual([]);
    expect(unreachable(ok, 'README.md')).toEqual([]);
  });

  test.each([
    ['a missing file', home.replace('docs/a.md', 'docs/c.md'), 'docs/c.md: no such file'],
    ['a missing heading', home.replace('#second-part', '#third-part'), 'docs/b.md#third-part: no such heading'],
    ['a file outside docs/ that is gone', `${home}[src](engine/game.ts)\n`, 'engine/game.ts: no such file'],
  ])('%s', (_name, readmeText, problem) => {
    const broken = memorySite({ 'README.md': readmeText, 'docs/a.md': a, 'docs/b.md': b });
    expect(brokenLinks(broken).join('\n')).toContain(problem);
  });

  test('a page no link reaches', () => {
    const orphan = memorySite({ 'README.md': '[a](docs/a.md)\n', 'docs/a.md': '# A\n', 'docs/b.md': b });
    expect(unreachable(orphan, 'README.md')).toEqual(['docs/b.md']);
  });

  test('an existing file outside the pages is a sound target', () => {
    const withSource = memorySite({ 'README.md': '[src](engine/game.ts)\n' }, ['engine/game.ts']);
    expect(brokenLinks(withSource)).toEqual([]);
  });

  test.each([
    ['`sim`: play a run', 'sim-play-a-run'],
    ['Harvest Festival (004)', 'harvest-festival-004'],
    ['The record: replay and resume', 'the-record-replay-and-resume'],
  ])('heading %s has the anchor %s', (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });
});
