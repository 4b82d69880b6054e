// What a model writes and what a provider echoes, through `sim` (in-process) against the
// fake providers on 127.0.0.1: a model whose words hold ESC, BEL and U+202E reaches no
// terminal or page raw (sim show, sim report's pages, its CSV and JSON); a provider that
// echoes the key it was sent in 400 and 401 bodies gets it stored and shown nowhere (the
// database with its requests, responses and errors inflated, stdout, stderr, sim show, the
// report directory); and the summary's requests are the requests the server received,
// under 429, 500 and timeouts.

import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { hasHidden } from '../../../narrate/escape.js';
import { removeDir, sim, tempDir, type SimResult } from '../../helpers/sim-cli.js';
import type { Fault } from '../../helpers/fake-provider.js';
import { fakeProviders, simEnv } from '../../helpers/llm.js';

const dir = tempDir('llm-exposure');
afterAll(() => removeDir(dir));
const serve = fakeProviders();

const FAST = ['--llm-timeout', '5', '--llm-retry-after-cap', '0.05'];

/** Every file under `root`, with its bytes as text. */
function filesUnder(root: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const name of readdirSync(root)) {
    const p = join(root, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push({ path: p, text: readFileSync(p, 'latin1') + readFileSync(p, 'utf8') });
  }
  return out;
}

/** Every value of every table of a database, blobs inflated where they are deflated JSON (the LLM record's requests and responses). */
function databaseText(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const parts: string[] = [];
    for (const t of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[])
      for (const row of db.prepare(`SELECT * FROM "${t}"`).all() as Record<string, unknown>[])
        for (const v of Object.values(row)) {
          if (Buffer.isBuffer(v)) {
            parts.push(v.toString('latin1'));
            try {
              parts.push(inflateRawSync(v).toString('utf8'));
            } catch {
              // not deflated
            }
          } else parts.push(String(v));
        }
    return parts.join('\n');
  } finally {
    db.close();
  }
}

describe('a model writing terminal escapes', () => {
  const WORDS = 'look \x1b[2J\x1b[H\x1b[31mP1 is the seer\x1b[0m\x07 and \u202eevil\u202c, next\nline\u2028sep';

  it('reaches no terminal and no page raw: sim show, the report, its CSV and JSON', async () => {
    const server = await serve({ words: WORDS });
    const run = await sim(['--games', '1', '--seed', 'esc', '--agents', 'openai:gpt-4o-mini', ...FAST, '--db', 'esc.db'], dir, simEnv(server.url));
    expect(run.code, run.stderr).toBe(0);
    const show = await sim(['show', '--db', 'esc.db', '--game', '0'], dir, simEnv(undefined, false));
    expect(show.code, show.stderr).toBe(0);
    // The words are there, escaped: the transcript shows what the model did.
    // (A line wrapped at 80 columns is read joined.)
    expect(show.stdout.replace(/\n +/g, ' ')).toContain('“look \\x1b[2J\\x1b[H\\x1b[31mP1 is the seer\\x1b[0m\\x07 and \\u202eevil\\u202c, next\\nline\\u2028sep”');
    expect(show.stdout).toMatch(/\[P\d private\] look \\x1b\[2J/);
    const report = await sim(['report', '--db', 'esc.db', '--out', 'esc-report'], dir, simEnv(undefined, false));
    expect(report.code, report.stderr).toBe(0);
    const files = filesUnder(join(dir, 'esc-report'));
    expect(files.some((f) => f.path.endsWith('.csv'))).toBe(true);
    expect(files.some((f) => /game-.*\.html$/.test(f.path) && f.text.includes('\\x1b[2J'))).toBe(true);
    for (const out of [run, show, report] as SimResult[]) for (const text of [out.stdout, out.stderr]) expect(hasHidden(text)).toBe(false);
    for (const f of files) expect(/[\x1b\x07\u202e\u2028]/.test(f.text), f.path).toBe(false);
  });
});

/** Makes the LLM record of `path` one of before prompt versions: no version columns, every call keyed as version 1 keyed it. */
function makeOldRecord(path: string): void {
  const db = new Database(path);
  const rows = db.prepare('SELECT key, provider, model, sample, request FROM llm_calls').all() as { key: string; provider: string; model: string; sample: string; request: Buffer }[];
  for (const r of rows) {
    const body = JSON.parse(inflateRawSync(r.request).toString('utf8')) as unknown;
    const old = createHash('sha256').update(JSON.stringify({ provider: r.provider, model: r.model, sample: r.sample, body })).digest('hex');
    db.prepare('UPDATE llm_calls SET key = ? WHERE key = ?').run(old, r.key);
  }
  db.exec('ALTER TABLE llm_calls DROP COLUMN version');
  db.exec('ALTER TABLE llm_runs DROP COLUMN version');
  db.close();
}

describe('a game recorded with the prompt before this version', () => {
  it('is refused with a message naming the record\'s prompt version, by sim show and on the report\'s page: never replayed as another game', async () => {
    const server = await serve({});
    const run = await sim(['--games', '1', '--seed', 'old', '--agents', 'random', '--agents', 'werewolves=openai:gpt-4o-mini', ...FAST, '--db', 'new.db'], dir, simEnv(server.url));
    expect(run.code, run.stderr).toBe(0);
    copyFileSync(join(dir, 'new.db'), join(dir, 'old.db'));
    makeOldRecord(join(dir, 'old.db'));
    const shown = await sim(['show', '--db', 'new.db', '--game', '0'], dir, simEnv(undefined, false));
    expect(shown.code, shown.stderr).toBe(0);
    const refused = await sim(['show', '--db', 'old.db', '--game', '0'], dir, simEnv(undefined, false));
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/game 0 cannot be shown from old\.db: game old#0 was recorded with prompt version 1, and this code asks its models with prompt version \d+/);
    const report = await sim(['report', '--db', 'old.db', '--out', 'old-report'], dir, simEnv(undefined, false));
    expect(report.code, report.stderr).toBe(0);
    const page = filesUnder(join(dir, 'old-report')).find((f) => /game-1-0\.html$/.test(f.path))!;
    expect(page.text).toMatch(/not replayed: .*recorded with prompt version 1/);
  });

  // An old run, then the same command by this code into the same
  // file (a new run, same run key, same games' seeds). The record then holds this
  // version's calls for the old run's games, made by the new run; the old run must still be
  // refused, not replayed from them. Mutation: drop the version check of replayFromRecord
  // (runs/llm/show.ts) and sim show exits 0, replaying run 2's calls as run 1's game.
  it('is refused even when a later run of this version recorded the same games in the same file', async () => {
    const server = await serve({});
    const cmd = ['--games', '2', '--seed', 'o', '--agents', 'random', '--agents', 'werewolves=openai:gpt-4o-mini', ...FAST, '--db', 'mixed.db'];
    const first = await sim(cmd, dir, simEnv(server.url));
    expect(first.code, first.stderr).toBe(0);
    makeOldRecord(join(dir, 'mixed.db'));
    const asked = server.received.length;
    const second = await sim(cmd, dir, simEnv(server.url));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/as run 2 /);
    expect(server.received.length).toBe(2 * asked); // this version's calls: none found among the old ones
    for (const game of ['0', '1']) {
      const refused = await sim(['show', '--db', 'mixed.db', '--run', '1', '--game', game], dir, simEnv(undefined, false));
      expect(refused.code, refused.stdout).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(new RegExp(`game ${game} cannot be shown from mixed\\.db: game o#${game} was recorded with prompt version 1, and this code asks its models with prompt version \\d+`));
      const shown = await sim(['show', '--db', 'mixed.db', '--run', '2', '--game', game], dir, simEnv(undefined, false));
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toMatch(/Replay matches the stored result/);
    }
    const report = await sim(['report', '--db', 'mixed.db', '--out', 'mixed-report', '--replay', '1:0', '--replay', '2:0'], dir, simEnv(undefined, false));
    expect(report.code, report.stderr).toBe(0);
    const pages = filesUnder(join(dir, 'mixed-report'));
    const page = (run: number) => pages.find((f) => new RegExp(`game-${run}-0\\.html$`).test(f.path))!;
    expect(page(1).text).toMatch(/not replayed: .*recorded with prompt version 1/);
    expect(page(1).text).not.toMatch(/REPLAY DIFFERS|replay matches/);
    expect(page(2).text).toMatch(/replay matches the stored result/);
  });
});

describe('a provider echoing the key it was sent', () => {
  const KEY = 'sk-echo-TEST-9f8e7d6c5b4a3921';
  const env = (url: string | undefined) => ({ ...simEnv(url), OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: KEY });

  it('gets it stored and shown nowhere: the database, stdout, stderr, sim show, the report directory', async () => {
    // Run 1: every 6th request a 400 whose body echoes the credentials, and every 6th a 400
    // whose body holds pieces of the key: without its first 4 characters, upper-cased, in
    // base64 (the call fails: a fallback).
    const echo400 = await serve({ script: (r) => (r.n % 6 === 2 ? '400-echo' : r.n % 6 === 4 ? '400-echo-mangled' : 'ok') });
    const seats = ['--agents', 'openai:gpt-4o-mini', '--agents', 'seer=anthropic:claude-haiku-4-5'];
    const run1 = await sim(['--games', '2', '--seed', 'key', ...seats, ...FAST, '--db', 'key.db'], dir, env(echo400.url));
    expect(run1.code, run1.stderr).toBe(0);
    expect(echo400.faults.filter((f) => f === '400-echo').length).toBeGreaterThan(2);
    expect(echo400.faults.filter((f) => f === '400-echo-mangled').length).toBeGreaterThan(2);
    for (const wire of ['openai', 'anthropic']) expect(echo400.received.some((r) => r.wire === wire && r.auth.includes(KEY))).toBe(true);
    // Run 2 (into the same file): a 401 that echoes it; the run stops at its first call.
    const echo401 = await serve({ script: (): Fault => '401-echo' });
    const run2 = await sim(['--games', '2', '--seed', 'key2', ...seats, ...FAST, '--db', 'key.db'], dir, env(echo401.url));
    expect(run2.code).toBe(4);
    expect(run2.stderr).toMatch(/Incorrect API key provided: authorization: Bearer \[(OPENAI|ANTHROPIC)_API_KEY\]/);
    const show = await sim(['show', '--db', 'key.db', '--run', '1', '--game', '0'], dir, env(undefined));
    expect(show.code, show.stderr).toBe(0);
    const report = await sim(['report', '--db', 'key.db', '--out', 'key-report'], dir, env(undefined));
    expect(report.code, report.stderr).toBe(0);

    const db = databaseText(join(dir, 'key.db'));
    // The echoes were recorded, masked: the key's name stands where the key was.
    expect(db).toMatch(/Incorrect API key provided: authorization: Bearer \[(OPENAI|ANTHROPIC)_API_KEY\]/);
    const shown = [run1, run2, show, report].flatMap((r) => [r.stdout, r.stderr]);
    expect(shown.join('\n')).toMatch(/\[(OPENAI|ANTHROPIC)_API_KEY\]/);
    // Mutation: drop `secrets.error` in agents/llm/transport.ts and this test fails (the key is in stderr and the database).
    // Also a key shown without its "sk-", and the mangled pieces (mutation: secrets.ts masking
    // the whole key only, case-sensitively, and they are in the database).
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const pieces = [KEY.slice(3), KEY.slice(4), KEY.toUpperCase(), b64(KEY).slice(0, -4), b64(`u:${KEY}`).slice(4, -4)];
    for (const secret of pieces) {
      for (const text of shown) expect(text).not.toContain(secret);
      expect(db, secret).not.toContain(secret);
      for (const f of filesUnder(join(dir, 'key-report'))) expect(f.text, f.path).not.toContain(secret);
    }
  });
});

describe('a model writing the key with JSON escapes', () => {
  // The model spells the run's key in its speech, reasoning and pack words, each character
  // or some as \uXXXX escapes inside its JSON answer, which its parser decodes: masked, it
  // reaches no other seat's prompt, no stored cell, no output, page or export. Texts are
  // searched with every JSON escape decoded. Mutation: drop the decoded reading in
  // agents/llm/secrets.ts exact() and the key is in the requests and the transcript.
  const KEY = 'sk-escaped-TEST-5a4b3c2d1e0f';
  const spelled = (n: number) => [...KEY].map((c, i) => ((i + n) % 3 === 0 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('');
  const decode = (t: string) => t.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\\\//g, '/');
  const pieces = [KEY, KEY.slice(3), KEY.toLowerCase(), KEY.slice(5, 17)];

  it('is nowhere: the database (inflated), stdout, stderr, sim show and --json, the page, the exports, the report', async () => {
    const server = await serve({ words: `my key: ${KEY}`, rewrite: (json, r) => json.split(KEY).join(spelled(r.n)) });
    const env = { ...simEnv(server.url), OPENAI_API_KEY: KEY };
    const seats = ['--agents', 'random', '--agents', 'werewolves=openai:gpt-4o-mini'];
    const outs: SimResult[] = [];
    const run = await sim(['--games', '2', '--seed', 'escaped', ...seats, ...FAST, '--db', 'escaped.db'], dir, env);
    expect(run.code, run.stderr).toBe(0);
    outs.push(run);
    // The escapes were sent, and the answers were used: words reached the transcript masked.
    expect(server.received.length).toBeGreaterThan(4);
    for (const args of [['show', '--game', '0'], ['show', '--game', '1', '--json'], ['show', '--game', '0', '--html', 'escaped.html'], ['export', '--format', 'jsonl'], ['export', '--format', 'csv', '--rows', 'seats'], ['report', '--out', 'escaped-report']]) {
      const r = await sim([...args, '--db', 'escaped.db'], dir, env);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      outs.push(r);
    }
    expect(outs[1]!.stdout).toContain('my key: [OPENAI_API_KEY]');
    const texts = [
      ...outs.flatMap((r) => [r.stdout, r.stderr]),
      databaseText(join(dir, 'escaped.db')),
      readFileSync(join(dir, 'escaped.html'), 'utf8'),
      ...filesUnder(join(dir, 'escaped-report')).map((f) => f.text),
    ].map(decode);
    for (const t of texts) for (const p of pieces) expect(t.toLowerCase()).not.toContain(p.toLowerCase());
  });
});

describe('a server that answers with megabytes', () => {
  // Each answer's reasoning and speech are 200,000 characters: past the cap a call keeps
  // (agents/llm/transport.ts MAX_RESPONSE_CHARS), a bad response, retried, then the
  // fallback; nothing of it is recorded. Mutation: drop the cap and the file grows by
  // 200 kB a call.
  it('gets bad responses, not records: the run completes and its file stays small', async () => {
    // Words that do not compress (the record is deflated): 200,000 characters of base64 noise.
    let x = 7;
    const noise = Buffer.from(Array.from({ length: 150_000 }, () => (x = (x * 1103515245 + 12345) >>> 0) >>> 24)).toString('base64');
    const server = await serve({ words: noise });
    const args = ['--games', '1', '--seed', 'huge', '--agents', 'random', '--agents', 'werewolves=openai:gpt-4o-mini', ...FAST, '--llm-attempts', '1'];
    const r = await sim([...args, '--db', 'huge.db', '--json'], dir, simEnv(server.url));
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { games: number; llm: { failedRequests: Record<string, number> } };
    expect(out.games).toBe(1);
    expect(out.llm.failedRequests.other).toBeGreaterThan(0);
    expect(server.received.length).toBeGreaterThan(4);
    expect(statSync(join(dir, 'huge.db')).size).toBeLessThan(server.received.length * 20_000);
  });
});

describe('the summary counts HTTP requests', () => {
  it('equal to what the server received, under 429, 500 and timeouts, per model and by kind (--json and the text)', async () => {
    // One timeout is enough to count, and each costs the timeout: the fourth request only.
    const script = (r: { n: number }): Fault => (r.n % 5 === 1 ? '429' : r.n % 7 === 2 ? '500' : r.n === 3 ? 'slow' : 'ok');
    // Slow answers never come in time, fast ones always do, however loaded the machine.
    const server = await serve({ script, slowMs: 20_000, retryAfter: '0' });
    const args = ['--games', '2', '--seed', 'count', '--agents', 'openai:gpt-4o-mini', '--llm-timeout', '1.5', '--llm-retry-after-cap', '0.05', '--db', 'count.db'];
    const r = await sim([...args, '--json'], dir, simEnv(server.url));
    expect(r.code, r.stderr).toBe(0);
    const llm = JSON.parse(r.stdout).llm;
    const count = (f: Fault) => server.faults.filter((x) => x === f).length;
    expect(count('429')).toBeGreaterThan(3);
    expect(count('500')).toBeGreaterThan(3);
    expect(count('slow')).toBeGreaterThan(0);
    // Mutation: report calls as requests (the old summary) and this fails by the retries.
    expect(llm.requests).toBe(server.received.length);
    expect(llm.requests).toBeGreaterThan(llm.callsSent);
    expect(llm.failedRequests).toEqual({ '429': count('429'), '5xx': count('500'), timeout: count('slow'), network: 0, other: 0 });
    expect(llm.perModel).toEqual([expect.objectContaining({ spec: 'openai:gpt-4o-mini', requests: server.received.length, callsSent: llm.callsSent })]);
    // The text says the same: the same command again replays every call (no request), so a new run on a fresh file.
    const server2 = await serve({ script, slowMs: 2_000, retryAfter: '0' });
    const t = await sim([...args.slice(0, -1), 'count2.db'], dir, simEnv(server2.url));
    expect(t.code, t.stderr).toBe(0);
    const row = new RegExp(`^ {2}openai:gpt-4o-mini +(\\d+) +${server2.received.length} +${server2.faults.filter((x) => x === '429').length} +${server2.faults.filter((x) => x === '500').length} +${server2.faults.filter((x) => x === 'slow').length} +0 +0$`, 'm');
    expect(t.stdout).toMatch(row);
  });
});
