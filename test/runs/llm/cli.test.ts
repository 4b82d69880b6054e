// `sim` with LLM seats, end to end through the CLI (in-process), against the fake
// providers on 127.0.0.1 (never the internet): a run stores its games like any run plus
// the LLM record; `sim show` prints the private reasoning without calling a model;
// `--dry-run` calls and writes nothing; `--max-cost` stops and `sim resume` finishes with
// the games of an uninterrupted run, no call paid twice; a replay makes no request and
// stores the same games; bad input gets a clear error and changes nothing.

import Database from 'better-sqlite3';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayDataOf } from '../../../reports/replay-page.js';
import { removeDir, sim, snapshot, storedGames, tempDir } from '../../helpers/sim-cli.js';
import { SIM } from '../../helpers/sim-process.js';
import { spawn } from 'node:child_process';
import { hasHidden } from '../../../narrate/escape.js';
import { startFakeProvider, type FakeOptions, type FakeProvider } from '../../helpers/fake-provider.js';
import { simEnv } from '../../helpers/llm.js';

const dir = tempDir('llm-cli');
const servers: FakeProvider[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  removeDir(dir);
});

async function serve(opts: FakeOptions = {}): Promise<FakeProvider> {
  const s = await startFakeProvider(opts);
  servers.push(s);
  return s;
}

const envFor = simEnv;

// The village is random; the wolves are one model, the seer another: ~20 calls a game.
const SEATS = ['--agents', 'random', '--agents', 'werewolves=openai:gpt-4o-mini', '--agents', 'seer=anthropic:claude-haiku-4-5'];
const FAST = ['--llm-timeout', '5', '--llm-retry-after-cap', '0.05'];

function llmTables(db: string): { calls: number; usage: number; notes: number } {
  const d = new Database(db, { fileMustExist: true });
  d.pragma('query_only = ON');
  try {
    const n = (t: string) => d.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
    return { calls: n('llm_calls'), usage: n('llm_usage'), notes: n('llm_notes') };
  } finally {
    d.close();
  }
}

describe('sim with LLM seats', () => {
  let live: FakeProvider;
  let out: Record<string, any>;

  beforeAll(async () => {
    // The wolves never give a legal choice: they are asked again, then the fallback is played.
    live = await serve({ script: (r) => (/Your card: werewolf/.test(r.user) ? 'illegal' : 'ok') });
    const r = await sim(['--games', '3', '--seed', 'cli', ...SEATS, ...FAST, '--db', 'run.db', '--json'], dir, envFor(live.url));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    out = JSON.parse(r.stdout);
  });

  it('stores its games in the runs and games tables like any run, and the LLM record beside them', () => {
    expect(out).toMatchObject({ run: 1, games: 3, planned: 3, complete: true, agents: 'random werewolves=openai:gpt-4o-mini seer=anthropic:claude-haiku-4-5' });
    const models = out.llm.models as { spec: string; calls: number; inputTokens: number; outputTokens: number; cost: number; invalid: number; fallbacks: number }[];
    expect(models.map((m) => m.spec).sort()).toEqual(['anthropic:claude-haiku-4-5', 'openai:gpt-4o-mini']);
    for (const m of models) {
      expect(m.calls).toBeGreaterThan(0);
      expect(m.inputTokens).toBeGreaterThan(m.outputTokens);
      expect(m.cost).toBeGreaterThan(0);
    }
    const wolves = models.find((m) => m.spec === 'openai:gpt-4o-mini')!;
    expect(wolves.invalid).toBeGreaterThan(0);
    expect(wolves.fallbacks).toBeGreaterThan(0);
    expect(models.find((m) => m.spec === 'anthropic:claude-haiku-4-5')!.invalid).toBe(0);
    // Every request the server saw was paid once and recorded once.
    expect(out.llm.requests).toBe(live.received.length);
    expect(models.reduce((a, m) => a + m.calls, 0)).toBe(live.received.length);
    expect(out.llm.paid).toBeCloseTo(models.reduce((a, m) => a + m.cost, 0), 9);
    expect(out.llm.record).toBe('run.db');
    const db = join(dir, 'run.db');
    expect(llmTables(db)).toMatchObject({ calls: live.received.length });
    expect(llmTables(db).usage).toBeGreaterThan(0);
    // The stored seats name their agents; the games' invalid and fallback counts are the models'.
    const d = new Database(db, { readonly: true });
    const seats = d.prepare("SELECT agent, sum(invalid) AS invalid, sum(fallbacks) AS fallbacks FROM seats WHERE run = 1 GROUP BY agent ORDER BY agent").all();
    d.close();
    expect(seats).toEqual([
      { agent: 'anthropic:claude-haiku-4-5', invalid: 0, fallbacks: 0 },
      { agent: 'openai:gpt-4o-mini', invalid: wolves.invalid, fallbacks: wolves.fallbacks },
      { agent: 'random', invalid: 0, fallbacks: 0 },
    ]);
  });

  it('`sim runs` lists it; `sim resume` of the complete run prints the LLM usage and calls nothing', async () => {
    const runs = await sim(['runs', '--db', 'run.db'], dir, envFor(undefined, false));
    expect(runs.code).toBe(0);
    expect(runs.stdout).toMatch(/games 3\/3 {2}complete/);
    const before = live.received.length;
    const r = await sim(['resume', '--db', 'run.db'], dir, envFor(live.url));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/resumed {5}3 games were already stored: the run is complete/);
    // The model's name on a line, its numbers under it: calls, recorded, tokens, tokens per decision, dollars, invalid, fallbacks.
    expect(r.stdout).toMatch(/^ {2}openai:gpt-4o-mini\n {4} +\d+ +0 +[\d,]+ +[\d,]+ +[\d,]+ +\$\d+\.\d+ +[1-9]\d* +[1-9]\d*$/m);
    expect(r.stdout).toMatch(/^ {2}this call {3}0 calls sent in 0 HTTP requests, 0 answered from the record; paid \$0\.0000$/m);
    expect(r.stdout).toMatch(/^ {2}record {6}run\.db$/m);
    expect(live.received.length).toBe(before);
  });

  it('`sim show` prints speeches, private reasoning, invalid answers and fallbacks, from the record alone (no key, no request)', async () => {
    const before = live.received.length;
    const r = await sim(['show', '--db', 'run.db', '--game', '1'], dir, envFor(undefined, false));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^LLM seats:$/m);
    expect(r.stdout).toMatch(/^ {2}P\d openai:gpt-4o-mini: \d+ calls \(0 from the record\), \d+ prompt \+ \d+ answer tokens, \$\d\.\d{4}; [1-9]\d* invalid answers?, [1-9]\d* fallbacks?$/m);
    expect(r.stdout).toMatch(/^ {2}\[P\d private\] thinking as P\d \(ok\)$/m);
    expect(r.stdout).toMatch(/^ {2}\[P\d invalid answer, attempt 1\] "P99" is not a legal choice/m);
    expect(r.stdout).toMatch(/^ {2}\[P\d fallback\] played ".+" for it after 3 wrong answers/m);
    // An event line, after the gutter of decision numbers (#N).
    expect(r.stdout).toMatch(/^ {2}#\d+ +P\d: I suspect P\d\. “P\d here: I have my doubts about P\d\.”$/m);
    expect(r.stdout).toMatch(/Replay matches the stored result/);
    expect(live.received.length).toBe(before);
  });

  it('`sim report` reads the run like any run; its game pages are replayed from the record, with the private reasoning', async () => {
    const before = live.received.length;
    const r = await sim(['report', '--db', 'run.db', '--out', 'report'], dir, envFor(undefined, false));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^report written: report\/+index\.html/m);
    const page = readFileSync(join(dir, 'report', 'game-1-0.html'), 'utf8');
    // The replay page: the seats' private reasoning, and each call's answer, from the record.
    const data = replayDataOf(page)!;
    expect(data.notes.some((n) => n.kind === 'reasoning' && /^thinking as P\d/.test(n.text))).toBe(true);
    expect(data.calls.length).toBeGreaterThan(0);
    expect(data.verdict).toMatch(/replay matches the stored result/);
    expect(live.received.length).toBe(before);
    // A sweep of bots only: models are refused there, with what to do instead.
    const b = await sim(['balance', '--agents', 'openai:gpt-4o-mini', '--players', '8'], dir, envFor(live.url));
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/sim balance sweeps bots .* sim report --compare RUN:RUN/);
  });

  it('a replay (--llm-replay) makes zero requests and stores the same games; so does a live run over the same record', async () => {
    const other = await serve();
    const replay = await sim(['--games', '3', '--seed', 'cli', ...SEATS, '--db', 'replay.db', '--llm-cache', 'run.db', '--llm-replay', '--json'], dir, envFor(other.url, false));
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout).llm).toMatchObject({ mode: 'replay', requests: 0, paid: 0 });
    expect(storedGames(join(dir, 'replay.db'))).toBe(storedGames(join(dir, 'run.db')));
    // Live mode answers from the record too: the same games, nothing sent.
    const auto = await sim(['--games', '3', '--seed', 'cli', ...SEATS, '--db', 'run.db', '--json'], dir, envFor(other.url));
    expect(auto.code).toBe(0);
    const a = JSON.parse(auto.stdout);
    expect(a).toMatchObject({ run: 2, complete: true });
    expect(a.llm.requests).toBe(0);
    expect(a.llm.fromRecord).toBe(live.received.length);
    expect(storedGames(join(dir, 'run.db'), 2)).toBe(storedGames(join(dir, 'run.db'), 1));
    expect(other.received.length).toBe(0);
    // A replay whose record lacks the answers (another seed) stores nothing and says why.
    const missing = await sim(['--games', '2', '--seed', 'unseen', ...SEATS, '--db', 'replay.db', '--llm-cache', 'run.db', '--llm-replay'], dir, envFor(other.url, false));
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/0 of 2 games stored: 2 games could not be replayed, the record \(run\.db\) lacks some answers/);
    expect(other.received.length).toBe(0);
  });
});

describe('latency in the summary', () => {
  it('gives each model its answered calls\' median and p95 with intervals, over this run\'s calls only', async () => {
    // An earlier run in the same file (another run id) answers at once; this one waits 15 ms a call.
    const quick = await serve();
    expect((await sim(['--games', '1', '--seed', 'quick', ...SEATS, ...FAST, '--db', 'latency.db'], dir, envFor(quick.url))).code).toBe(0);
    const slow = await serve({ delayMs: 15 });
    const r = await sim(['--games', '1', '--seed', 'slow', ...SEATS, ...FAST, '--db', 'latency.db', '--json'], dir, envFor(slow.url));
    expect(r.code, r.stderr).toBe(0);
    const latency = JSON.parse(r.stdout).llm.latency as { model: string; calls: number; median: { value: number; low: number; high: number }; p95: { value: number } }[];
    expect(latency.map((l) => l.model).sort()).toEqual(['anthropic:claude-haiku-4-5', 'openai:gpt-4o-mini']);
    // Only this run's calls, every one of them slow.
    expect(latency.reduce((n, l) => n + l.calls, 0)).toBe(slow.received.length);
    for (const l of latency) {
      expect(l.median.value).toBeGreaterThanOrEqual(15);
      expect(l.median.low).toBeLessThanOrEqual(l.median.value);
      expect(l.p95.value).toBeGreaterThanOrEqual(l.median.value);
    }
    const resumed = await sim(['resume', '--db', 'latency.db'], dir, envFor(slow.url));
    for (const l of latency)
      expect(resumed.stdout).toMatch(new RegExp(`^ {2}latency {5}${l.model}, ${l.calls} answered calls:\\n {14}median [\\d,]+ ms \\([\\d,]+–[\\d,]+\\), p95 [\\d,]+ ms \\([\\d,]+–[\\d,]+\\)$`, 'm'));
    const block = resumed.stdout.split('\n').filter((line) => /^ {2}latency|^ {14}median|^ {2}\(a call's|provider's and the network's/.test(line));
    expect(block).toHaveLength(2 * latency.length + 2);
    for (const line of block) expect([...line].length).toBeLessThanOrEqual(80);
  });
});

describe('--dry-run', () => {
  it('prints the tokens and cost per game and for the run; calls nothing and writes nothing (no key needed)', async () => {
    const s = await serve();
    const empty = tempDir('dry');
    try {
      const r = await sim(['--games', '200', ...SEATS, '--dry-run', '--max-cost', '0.01'], empty, envFor(s.url, false));
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Estimate for 200 games \(measured on 20 simulated games/);
      // Within 80 columns: a model's line wrapped under it.
      for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
      const joined = r.stdout.replace(/\n {4}/g, ' ');
      expect(joined).toMatch(/^ {2}openai:gpt-4o-mini: \d+\.\d calls\/game, ~[\d,]+ prompt \+ ~[\d,]+ answer tokens\/game, \$\d\.\d{4}\/game \(at most \$\d/m);
      expect(joined).toMatch(/^ {2}total: \$\d+\.\d+ \(at most \$\d+\.\d+\); per game \$\d\.\d{4}$/m);
      expect(joined).toMatch(/budget: the estimate .* is over --max-cost \$0\.01/);
      const j = await sim(['--games', '200', ...SEATS, '--dry-run', '--json'], empty, envFor(s.url, false));
      const e = JSON.parse(j.stdout);
      expect(e).toMatchObject({ dryRun: true, games: 200, sampleGames: 20 });
      expect(e.models).toHaveLength(2);
      expect(e.cost).toBeGreaterThan(0);
      expect(e.maxCost).toBeGreaterThan(e.cost);
      expect(readdirSync(empty)).toEqual([]);
      expect(s.received.length).toBe(0);
    } finally {
      removeDir(empty);
    }
  });
});

describe('--max-cost and sim resume', () => {
  it('stops cleanly when the budget is reached; `sim resume` keeps the budget, then finishes with the games of an uninterrupted run, no call paid twice', async () => {
    // Dear models ($1000 per million tokens): a few calls reach the limit.
    writeFileSync(join(dir, 'dear.json'), JSON.stringify({ 'openai:gpt-4o-mini': { input: 1000, output: 1000 }, 'anthropic:claude-haiku-4-5': { input: 1000, output: 1000 } }));
    const args = ['--games', '3', '--seed', 'budget', ...SEATS, ...FAST, '--llm-prices', 'dear.json', '--games-in-flight', '1', '--json'];
    const ref = await serve();
    const whole = await sim([...args, '--db', 'whole.db'], dir, envFor(ref.url));
    expect(whole.code).toBe(0);
    const total = ref.received.length;

    const s1 = await serve();
    // About half of what the 3 games cost (whole dollars: the message prints it so): one game or two, not three.
    const limit = Math.round((JSON.parse(whole.stdout).llm.spent as number) * 0.5);
    const first = await sim([...args, '--db', 'budget.db', '--max-cost', String(limit)], dir, envFor(s1.url));
    expect(first.code).toBe(3);
    expect(first.stderr).toMatch(new RegExp(`^stopped by --max-cost: the budget of \\$${limit} is spent .* To go on, give a larger budget: sim resume --db budget\\.db --run 1 --max-cost USD\\n$`));
    const o1 = JSON.parse(first.stdout);
    expect(o1.complete).toBe(false);
    expect(o1.games).toBeGreaterThanOrEqual(1);
    expect(o1.games).toBeLessThan(3);
    expect(o1.llm.stopped.reason).toBe('budget');
    expect(o1.llm.spent).toBeLessThanOrEqual(limit);
    expect(o1.llm.spent).toBeGreaterThan(limit / 2);
    expect(o1.llm.unfinished).toBe(1);

    // Without --max-cost the resume keeps the run's budget, already spent: it stops again.
    const s2 = await serve();
    const again = await sim(['resume', '--db', 'budget.db', '--llm-prices', 'dear.json', '--json'], dir, envFor(s2.url));
    expect(again.code).toBe(3);
    expect(JSON.parse(again.stdout).llm).toMatchObject({ maxCost: limit, stopped: { reason: 'budget' } });
    expect(JSON.parse(again.stdout).llm.spent).toBeLessThanOrEqual(limit);

    // With a larger budget it finishes: the games of the uninterrupted run, every call paid once.
    const s3 = await serve();
    const done = await sim(['resume', '--db', 'budget.db', '--llm-prices', 'dear.json', '--max-cost', '1000', '--json'], dir, envFor(s3.url));
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    const o3 = JSON.parse(done.stdout);
    expect(o3).toMatchObject({ run: 1, games: 3, complete: true });
    expect(o3.llm.fromRecord).toBeGreaterThan(0);
    expect(storedGames(join(dir, 'budget.db'))).toBe(storedGames(join(dir, 'whole.db')));
    expect(s1.received.length + s2.received.length + s3.received.length).toBe(total);
    expect(llmTables(join(dir, 'budget.db')).calls).toBe(total);
  });
});

describe('compatible servers, shards and Ctrl-C', () => {
  it('a model on an OpenAI-compatible server seated by seat number; two shards merged replay and show from the merged file', async () => {
    const s = await serve();
    const seats = ['--agents', 'random', '--agents', `2=compatible:qwen2.5:7b@${s.url}/v1`, '--agents', 'werewolves=openai:gpt-4o-mini'];
    const args = ['--games', '4', '--seed', 'sh', ...seats, ...FAST, '--json'];
    const whole = await sim([...args, '--db', 'c-whole.db'], dir, envFor(s.url));
    expect(whole.code).toBe(0);
    const models = (JSON.parse(whole.stdout).llm.models as { spec: string; calls: number; cost: number }[]).map((m) => [m.spec, m.calls > 0, m.cost]);
    // A server on 127.0.0.1 is free unless priced.
    expect(models).toContainEqual([`compatible:qwen2.5:7b@${s.url}/v1`, true, 0]);
    const seen = s.received.length;
    for (const k of [1, 2]) expect((await sim([...args, '--shard', `${k}/2`, '--db', `c-${k}.db`], dir, envFor(s.url))).code).toBe(0);
    expect(s.received.length).toBe(2 * seen); // each shard has its own record: its games are asked again
    const m = await sim(['merge', 'c-1.db', 'c-2.db', '--into', 'c-all.db'], dir, envFor(undefined, false));
    expect(m.code).toBe(0);
    expect(storedGames(join(dir, 'c-all.db'))).toBe(storedGames(join(dir, 'c-whole.db')));
    expect(llmTables(join(dir, 'c-all.db')).calls).toBe(seen);
    for (const game of ['0', '3']) {
      const show = await sim(['show', '--db', 'c-all.db', '--game', game], dir, envFor(undefined, false));
      expect(show.code).toBe(0);
      // The header's parts, its lines joined where they were broken after a ' ·'.
      expect(show.stdout.replace(/ ·\n {4}/g, ' · ')).toContain(`agents: P1 random · P2 compatible:qwen2.5:7b@${s.url}/v1 · `);
      expect(show.stdout).toMatch(/^ {2}\[P\d private\] /m);
      expect(show.stdout).toMatch(/Replay matches the stored result/);
    }
    expect(s.received.length).toBe(2 * seen);
  });

  it('Ctrl-C: the calls in flight end and are recorded, their games are left unfinished (exit 130); the resume completes the run, no call paid twice', async () => {
    const ref = await serve();
    const args = ['--games', '4', '--seed', 'int', ...SEATS, ...FAST, '--games-in-flight', '2', '--json'];
    expect((await sim([...args, '--db', 'i-whole.db'], dir, envFor(ref.url))).code).toBe(0);
    const total = ref.received.length;

    const slow = await serve({ delayMs: 20 });
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, ...envFor(slow.url) })) if (v !== undefined) env[k] = v;
    const child = spawn(process.execPath, [SIM, ...args, '--db', 'i-stop.db'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    while (slow.received.length < 10) {
      if (Date.now() > deadline) throw new Error('no request within 60 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toMatch(/^stopped by Ctrl-C: \d of 4 games stored; (1 game was|\d games were) left unfinished .*; continue with: sim resume --db i-stop\.db --run 1$/m);
    const o = JSON.parse(stdout);
    expect(o.complete).toBe(false);
    expect(o.llm.stopped.reason).toBe('interrupted');
    // Every request the server answered is in the record.
    expect(llmTables(join(dir, 'i-stop.db')).calls).toBe(slow.received.length);

    const rest = await serve();
    const r = await sim(['resume', '--db', 'i-stop.db', '--json'], dir, envFor(rest.url));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ games: 4, complete: true });
    expect(storedGames(join(dir, 'i-stop.db'))).toBe(storedGames(join(dir, 'i-whole.db')));
    expect(slow.received.length + rest.received.length).toBe(total);
  });
});

describe('a run stopped by its provider before any game was stored', () => {
  // The summary once suggested `sim show … --game 0`, which then failed.
  // Mutation: suggest run.first again in scripts/cli/format.ts.
  it('suggests no game to show; the --json object says none is stored', async () => {
    const late401 = await serve({ script: (r) => (r.n < 10 ? 'ok' : '401') });
    const d = tempDir('llm-late-401');
    try {
      const r = await sim(['--games', '1', '--agents', 'openai:gpt-4o-mini', ...FAST], d, envFor(late401.url));
      expect(r.code).toBe(4);
      expect(r.stdout).toMatch(/stored in {3}werewolf\.db as run 1 \(no game of it is stored yet\)/);
      expect(r.stdout).not.toMatch(/--game/);
      expect(r.stderr).toMatch(/stopped: openai refused the API key \(401\).* 0 of 1 games stored/);
      const show = await sim(['show', '--run', '1', '--game', '0'], d, envFor(undefined, false));
      expect(show.code).not.toBe(0); // what the summary no longer suggests
    } finally {
      removeDir(d);
    }
  });
});

describe('bad input', () => {
  /** Runs `sim` in a fresh directory (or `cwd`) and checks that it wrote nothing there. */
  async function refused(args: string[], env: Record<string, string | undefined>, code = 2): Promise<string> {
    const d = tempDir('llm-bad');
    try {
      const r = await sim(args, d, env);
      expect(r.code).toBe(code);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(readdirSync(d)).toEqual([]);
      return r.stderr;
    } finally {
      removeDir(d);
    }
  }

  it('a missing key, an unpriced model under --max-cost and misused flags: exit 2, nothing written, no request', async () => {
    const s = await serve();
    const noKey = { ...envFor(s.url), OPENAI_API_KEY: '' };
    expect(await refused(['--games', '2', ...SEATS], noKey)).toMatch(/^sim: openai:gpt-4o-mini needs an API key: set OPENAI_API_KEY \(or --openai-api-key\)\n$/);
    expect(await refused(['--games', '2', '--agents', 'openai:gpt-9-preview', '--max-cost', '5'], envFor(s.url))).toMatch(
      /no price for openai:gpt-9-preview, so --max-cost cannot hold it: add it to a price file .*--llm-prices FILE/,
    );
    expect(await refused(['--games', '2', '--max-cost', '5', '--llm-replay'], envFor(s.url))).toMatch(/--max-cost, --llm-replay apply to runs that seat a model/);
    expect(await refused(['--games', '2', ...SEATS, '--no-db'], envFor(s.url))).toMatch(/with --no-db, give --llm-cache PATH/);
    expect(await refused(['--games', '2', ...SEATS, '--max-cost', 'lots'], envFor(s.url))).toMatch(/--max-cost takes an amount in US dollars/);
    expect(await refused(['--games', '2', ...SEATS, '--llm-replay', '--llm-retry-failed'], envFor(s.url))).toMatch(/give one of them/);
    expect(await refused(['--games', '2', ...SEATS, '--llm-prices', 'missing.json'], envFor(s.url))).toMatch(/--llm-prices: cannot read the price file missing\.json/);
    expect(await refused(['--games', '2', ...SEATS, '--openai-base-url', 'localhost:8000'], envFor(s.url))).toMatch(/must start with http:\/\/ or https:\/\//);
    expect(s.received.length).toBe(0);
  });

  // Mutations: drop the base URL check of resolveModels (runs/llm/models.ts)
  // and the first rows exit 0 with every decision a fallback; drop the spec parser's check of
  // hidden characters (agents/llm/spec.ts) and the ESC spec is accepted.
  it('a base URL from the environment that is no URL, a spec holding control characters or credentials: exit 2, one paragraph, nothing written, no request', async () => {
    const s = await serve();
    for (const [name, value] of [
      ['OPENAI_BASE_URL', 'notaurl'],
      ['OPENAI_BASE_URL', 'http://[bad/v1'],
      ['ANTHROPIC_BASE_URL', 'notaurl'],
      ['ANTHROPIC_BASE_URL', 'http://[bad'],
      ['OPENAI_BASE_URL', 'ftp://127.0.0.1/v1'],
    ] as const)
      expect(await refused(['--games', '2', ...SEATS], { ...envFor(s.url), [name]: value })).toMatch(
        new RegExp(`^sim: the base URL of (openai|anthropic):\\S+ \\(from ${name}\\): '[^']+' (is not a URL|must start with http:// or https://) .*; fix it and run the command again\n$`),
      );
    const withPassword = await refused(['--games', '2', ...SEATS], { ...envFor(s.url), OPENAI_BASE_URL: 'http://bob:PASSWORD-SECRET@[bad/v1' });
    expect(withPassword).toMatch(/'http:\/\/\[masked\]@\[bad\/v1' is not a URL/);
    expect(withPassword).not.toContain('PASSWORD-SECRET');

    const esc = `compatible:m\x1b[31m\u202e@${s.url}/v1`;
    for (const args of [['--games', '1', '--agents', esc], ['tournament', '--games', '1', '--agents', 'random', '--agents', esc]]) {
      const said = await refused(args, envFor(s.url));
      expect(said).toMatch(/the spec 'compatible:m\\x1b\[31m\\u202e@http:\/\/127\.0\.0\.1:\d+\/v1' holds a control or invisible character \(\\x1b\)/);
      expect(hasHidden(said)).toBe(false);
    }
    const cred = await refused(['--games', '1', '--agents', 'compatible:m@http://bob:PASSWORD-SECRET@127.0.0.1:9/v1?api-key=QUERY-SECRET-1'], envFor(s.url));
    expect(cred).toMatch(/the URL in the spec 'http:\/\/\[masked\]@127\.0\.0\.1:9\/v1\?api-key=\[masked\]' holds credentials \(user, password, api-key\)/);
    expect(cred).not.toMatch(/PASSWORD-SECRET|QUERY-SECRET/);
    expect(s.received.length).toBe(0);
  });

  it('a refused key (401) or a server that cannot be reached stops the run at its first call (exit 4): nothing paid, nothing kept', async () => {
    const refusing = await serve({ script: () => '401' });
    expect(await refused(['--games', '2', ...SEATS, ...FAST], envFor(refusing.url), 4)).toMatch(
      /^stopped at the first call: (openai|anthropic) refused the API key \(401\): check the key .* Nothing was paid and the run was not kept: fix it and run the same command again\n$/,
    );
    const gone = await serve();
    const url = gone.url;
    await gone.close(); // nothing listens there any more
    expect(await refused(['--games', '2', ...SEATS, ...FAST], envFor(url), 4)).toMatch(/connection failed .*: cannot reach http:\/\/127\.0\.0\.1:\d+/);
    // A base URL's user, password and key are not printed (mutation: print m.baseURL raw in runs/llm/game.ts).
    const secretUrl = url.replace('http://', 'http://bob:PASSWORD-SECRET@');
    const unreachable = await refused(['--games', '2', ...SEATS, ...FAST], { ...envFor(url), OPENAI_BASE_URL: `${secretUrl}/v1?api-key=QUERY-SECRET-1`, ANTHROPIC_BASE_URL: secretUrl }, 4);
    expect(unreachable).toMatch(/cannot reach http:\/\/\[masked\]@127\.0\.0\.1:\d+/);
    expect(unreachable).not.toMatch(/PASSWORD-SECRET|QUERY-SECRET/);

    // Into a results file that already holds a run: that run is untouched, the refused one is not kept.
    const d = tempDir('llm-401');
    try {
      expect((await sim(['--games', '20', '--workers', '0', '--json'], d, envFor(undefined))).code).toBe(0);
      const before = refusing.received.length;
      const r = await sim(['--games', '2', ...SEATS, ...FAST, '--json'], d, envFor(refusing.url));
      expect(r.code).toBe(4);
      // --json still prints its one object: no run, the requests sent, the reason (mutation:
      // print nothing when the run is dropped, as before, and JSON.parse fails).
      const json = JSON.parse(r.stdout) as { run: unknown; db: unknown; games: number; llm: { dropped: boolean; requests: number; callsSent: number; failedRequests: Record<string, number>; stopped: { reason: string; message: string } } };
      expect(json).toMatchObject({ run: null, db: null, games: 0, llm: { dropped: true, stopped: { reason: 'fatal', message: expect.stringMatching(/refused the API key \(401\)/) } } });
      expect(json.llm.requests).toBe(refusing.received.length - before);
      expect(json.llm.requests).toBeGreaterThan(0);
      expect(json.llm.failedRequests.other).toBe(json.llm.requests);
      const runs = await sim(['runs', '--json'], d, envFor(undefined));
      expect((JSON.parse(runs.stdout) as { id: number }[]).map((x) => x.id)).toEqual([1]);
      const db = new Database(join(d, 'werewolf.db'));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
      expect(Object.keys(snapshot(d))).toEqual(['werewolf.db']);
    } finally {
      removeDir(d);
    }
  });
});
