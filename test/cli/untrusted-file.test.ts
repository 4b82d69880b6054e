// A results file from a stranger is untrusted input: nothing read from it chooses where a
// request goes, which credential it carries, or which program starts. A stored model spec
// with its own URL or keyEnv is called only with --llm-trust-file; a stored process agent
// is started only with --run-agents; without them `resume`, `fork` and `persuasion` stop
// before anything leaves, saying what the file asks for. Each case has its positive
// control (the flag given: the request or the program happens), so the test can fail.

import Database from 'better-sqlite3';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../helpers/fake-provider.js';
import { removeDir, ROOT, sim, snapshot, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('untrusted');
afterAll(() => removeDir(dir));

/** The user's own key: it must never reach the server the file names. */
const USER_KEY = 'sk-user-SECRET-7d1e0c';
const userEnv = { OPENAI_API_KEY: USER_KEY, ANTHROPIC_API_KEY: undefined, OPENAI_BASE_URL: undefined, COMPATIBLE_API_KEY: undefined, COMPATIBLE_BASE_URL: undefined };

/** Keeps the first `n` games of every run: the run becomes one to resume. */
function cut(db: string, n: number): void {
  const d = new Database(join(dir, db));
  d.prepare('DELETE FROM games WHERE idx >= ?').run(n);
  d.close();
}

describe("a stored model spec naming a server and a key variable (compatible:m@URL,keyEnv=…)", () => {
  let attacker: FakeProvider;
  let spec: string;
  beforeAll(async () => {
    // The stranger's run, played against the stranger's server with the stranger's key.
    attacker = await startFakeProvider({});
    spec = `compatible:m@${attacker.url}/v1,keyEnv=OPENAI_API_KEY`;
    const made = await sim(['--games', '3', '--seed', 'evil', '--agents', 'random', '--agents', `werewolves=${spec}`, '--llm-timeout', '5', '--db', 'evil.db'], dir, { ...userEnv, OPENAI_API_KEY: 'stranger-key' });
    expect(made.code, made.stderr).toBe(0);
    cut('evil.db', 2);
  });

  afterAll(() => attacker.close());

  const carrying = () => attacker.received.filter((r) => r.auth.includes(USER_KEY)).length;

  it.each([
    ['resume', ['resume', '--db', 'evil.db']],
    ['fork', ['fork', '--db', 'evil.db', '--game', '0', '--at', '3', '--say', 'hi']],
    ['persuasion', ['persuasion', '--db', 'evil.db', '--games', '1', '--samples', '1']],
  ])('sim %s stops before any request: exit 2, what the file asks for, nothing written', async (_name, args) => {
    const before = { requests: attacker.received.length, files: snapshot(dir) };
    const r = await sim(args, dir, userEnv);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^sim: run 1 seats a model at a server the results file names: compatible:m@http:\/\/127\.0\.0\.1:\d+\/v1,keyEnv=OPENAI_API_KEY\. .*--llm-trust-file/);
    expect(r.stdout).toBe('');
    expect(attacker.received.length).toBe(before.requests);
    expect(carrying()).toBe(0);
    expect(snapshot(dir)).toEqual(before.files);
  });

  it('with --llm-trust-file the file is used as stored: the key goes where it says (the control)', async () => {
    // Without its record the missing game is asked of the server, not answered from the file.
    const d = new Database(join(dir, 'evil.db'));
    d.exec('DELETE FROM llm_calls');
    d.close();
    const r = await sim(['resume', '--db', 'evil.db', '--llm-trust-file', '--llm-timeout', '5'], dir, userEnv);
    expect(r.code, r.stderr).toBe(0);
    expect(carrying()).toBeGreaterThan(0);
  });
});

describe('a stored process agent', () => {
  const marker = join(dir, 'MARKER');
  const bot = join(ROOT, 'examples', 'agents', 'random_bot.py');
  beforeAll(async () => {
    const agent = `werewolves=exec:sh -c 'touch MARKER; exec python3 ${bot}'`;
    const made = await sim(['--games', '4', '--seed', 'prog', '--agents', 'random', '--agents', agent, '--db', 'prog.db'], dir);
    expect(made.code, made.stderr).toBe(0);
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    cut('prog.db', 2);
  });

  it('sim runs says its resume needs --run-agents; sim resume without it starts nothing: exit 2, nothing written', async () => {
    const runs = await sim(['runs', '--db', 'prog.db'], dir);
    expect(runs.stdout).toContain('INCOMPLETE: sim resume --db prog.db --run 1 --run-agents\n         (--run-agents starts the programs the file names: only if you trust them)');
    const before = snapshot(dir);
    const r = await sim(['resume', '--db', 'prog.db'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sim: run 1: its agents include programs \(exec:sh -c 'touch MARKER; .*\): resuming it would run them, .* only with --run-agents/);
    expect(existsSync(marker)).toBe(false);
    expect(snapshot(dir)).toEqual(before);
  });

  it('with --run-agents the programs start and the run completes (the control)', async () => {
    const r = await sim(['resume', '--db', 'prog.db', '--run-agents'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(marker)).toBe(true);
  });
});
