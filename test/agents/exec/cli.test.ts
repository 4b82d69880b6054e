// `sim` with process agents, end to end through the CLI (in-process): the run, its log beside
// the database (the agents' stderr there, not on the terminal), the summary's counts; a
// command that cannot play refused with exit 2 and nothing written; resume and show of a
// stored run; the tournament; `sim agent-check`'s verdicts; the flags refused without an
// `exec:` seat.

import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { removeDir, sim, snapshot, storedGames, tempDir } from '../../helpers/sim-cli.js';
import { HOSTILE, RANDOM_BOT } from './helpers.js';

const dir = tempDir('exec-cli');
afterAll(() => removeDir(dir));

const BOT = `werewolves=exec:python3 ${RANDOM_BOT}`;

describe('sim with a process agent', () => {
  test('plays and stores the run; the log is beside the database; resume plays exactly the missing games; show replays one', async () => {
    const db = join(dir, 'bot.db');
    const r = await sim(['--games', '60', '--agents', 'heuristic', '--agents', BOT, '--db', db, '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { games: number; exec: { log: string; agents: { errors: number; seats: number; name: string }[] } };
    expect(out.games).toBe(60);
    expect(out.exec.agents[0]).toMatchObject({ errors: 0, name: 'random_bot' });
    expect(out.exec.log).toBe(join(dir, 'bot.run1.agents.log'));
    expect(readFileSync(out.exec.log, 'utf8')).toContain('hello: {"name":"random_bot"');
    const before = storedGames(db);
    // Lose 25 games, then resume: the same games come back.
    const d = new Database(db);
    d.prepare('DELETE FROM games WHERE run = 1 AND idx BETWEEN 10 AND 34').run();
    d.close();
    // The run's programs start again only with --run-agents (the file names them).
    expect((await sim(['resume', '--db', db], dir)).code).toBe(2);
    const resumed = await sim(['resume', '--db', db, '--run-agents'], dir);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('35 games were already stored');
    expect(storedGames(db)).toBe(before);
    // A results file can name any command: its programs run only with --run-agents.
    const refused = await sim(['show', '--db', db, '--game', '17'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^sim: run 1: its agents include programs \(exec:python3 .*\): replaying it would run them.*--run-agents/);
    const shown = await sim(['show', '--db', db, '--game', '17', '--run-agents'], dir);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Replay matches the stored result');
    expect(shown.stdout).toMatch(/agents: [^]*exec:python3/);
  });

  test("a hostile agent's run completes; its stderr goes to the log, not the terminal; the summary counts its errors", async () => {
    const db = join(dir, 'garbage.db');
    const spec = `exec:python3 ${HOSTILE} garbage`;
    const r = await sim(['--games', '20', '--agents', 'heuristic', '--agents', `2=${spec}`, '--db', db, '--agent-timeout', '0.5', '--agent-restarts', '1'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('hostile agent');
    const log = readFileSync(join(dir, 'garbage.run1.agents.log'), 'utf8');
    expect(log).toContain('hostile agent (garbage) starting');
    expect(log).toContain('protocol error');
    expect(log).toContain('"this is not json"');
    expect(r.stdout).toMatch(/process agent/);
    const d = new Database(db, { readonly: true });
    const bySeat = d.prepare('SELECT seat, sum(invalid) AS invalid, sum(fallbacks) AS fallbacks FROM seats WHERE run = 1 GROUP BY seat ORDER BY seat').all() as { seat: number; invalid: number; fallbacks: number }[];
    d.close();
    // Seat 2 (index 1) only.
    for (const s of bySeat) {
      if (s.seat === 1) expect(s.fallbacks).toBeGreaterThan(0);
      else expect([s.invalid, s.fallbacks]).toEqual([0, 0]);
    }
  });

  test.each([
    ['a program that does not exist', 'exec:no-such-program-werewolf', /could not start: .*could not be run/],
    ['a program that does not greet', `exec:python3 -c "print('hello')"`, /could not start: .*not JSON: "hello"/],
  ])('%s is refused: exit 2, one paragraph, nothing written', async (_what, spec, message) => {
    const sub = tempDir('exec-refused');
    try {
      const before = snapshot(sub);
      const r = await sim(['--games', '10', '--agents', `werewolves=${spec}`, '--db', join(sub, 'x.db')], sub);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toContain('    at ');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(snapshot(sub)).toEqual(before);
    } finally {
      removeDir(sub);
    }
  });

  test('the process-agent flags are refused for a seating without one', async () => {
    const r = await sim(['--games', '10', '--agent-timeout', '3', '--no-db'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--agent-timeout applies to process agents');
  });

  test('sim sprt refuses a process agent with a clear message (sim tournament seats them)', async () => {
    const r = await sim(['sprt', '--candidate', `exec:python3 ${RANDOM_BOT}`, '--baseline', 'heuristic', '--side', 'werewolves', '--db', join(dir, 'sprt.db')], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('sim sprt does not seat process agents');
    expect(existsSync(join(dir, 'sprt.db'))).toBe(false);
  });

  test('a tournament seats a process agent as an entrant', async () => {
    const db = join(dir, 'tour.db');
    const r = await sim(['tournament', '--agents', 'random', '--agents', `exec:python3 ${RANDOM_BOT}`, '--games', '30', '--db', db, '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { stored: number; total: number; exec: { agents: { errors: number; seats: number }[]; log: string } };
    expect(out.stored).toBe(out.total);
    expect(out.total).toBe(120);
    expect(out.exec.agents[0]!.errors).toBe(0);
    expect(out.exec.agents[0]!.seats).toBeGreaterThan(0);
    expect(existsSync(out.exec.log)).toBe(true);
  });
});

describe('reading a results file runs nothing it names', () => {
  // A results database names its process agents' commands. `sim report --out` replayed a
  // game for its page by starting them (a run whose werewolves were
  // `exec:sh -c 'touch MARKER; …'` touched MARKER again on `sim report --out`), so a file
  // someone sends runs any program it names. Now the report, sim show and sim metrics
  // start them only with --run-agents.
  test('sim report --out, sim show and sim metrics start no program of the file without --run-agents', async () => {
    const marker = join(dir, 'MARKER');
    const db = join(dir, 'named.db');
    const agent = `werewolves=exec:sh -c 'touch ${marker}; exec python3 ${RANDOM_BOT}'`;
    const played = await sim(['--games', '3', '--agents', 'heuristic', '--agents', agent, '--db', db], dir);
    expect(played.code, played.stderr).toBe(0);
    expect(existsSync(marker), 'the run started the agent').toBe(true);
    rmSync(marker);
    const d = new Database(db);
    d.prepare('DELETE FROM metric_sums').run();
    d.close();
    const report = await sim(['report', '--db', db, '--out', join(dir, 'named-report')], dir);
    expect(report.code, report.stderr).toBe(0);
    expect(readFileSync(join(dir, 'named-report', 'game-1-0.html'), 'utf8')).toContain('--run-agents');
    const show = await sim(['show', '--db', db, '--game', '0'], dir);
    expect(show.code).toBe(2);
    const metrics = await sim(['metrics', '--db', db, '--json'], dir);
    expect(metrics.code, metrics.stderr).toBe(0);
    expect((JSON.parse(metrics.stdout) as { notes: string[] }).notes.join(' ')).toMatch(/cannot be replayed: its agents include programs/);
    expect(existsSync(marker), 'a command stored in the file ran').toBe(false);
    const trusted = await sim(['report', '--db', db, '--out', join(dir, 'named-report-2'), '--run-agents'], dir);
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(existsSync(marker), 'with --run-agents the replay starts the agent').toBe(true);
  });
});

describe('an answer the engine cannot use', () => {
  // {"kind":"speech"} without its claims list once reached the behaviour tally, which
  // crashed the run (0 of 5 games stored) and its resume; agent-check called the bot clean.
  test('a speech without claims is a wrong answer, charged: every game stored; agent-check lists it', async () => {
    const spec = `exec:python3 ${HOSTILE} noclaims`;
    const r = await sim(['--games', '5', '--seed', 'noclaims', '--agents', 'random', '--agents', `villagers=${spec}`, '--db', 'noclaims.db', '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { games: number; exec: { agents: { invalid: number; fallbacks: number }[] } };
    expect(out.games).toBe(5);
    // Each speech is asked three times, then the fallback (silence) is said.
    const agent = out.exec.agents[0]!;
    expect(agent.fallbacks).toBeGreaterThan(0);
    expect(agent.invalid).toBe(3 * agent.fallbacks);
    const check = await sim(['agent-check', spec, '--games', '1', '--json'], dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('claims is a list of claims');
  });
});

describe('what a process agent starts', () => {
  // A grandchild in a session of its own (setsid) is out of the agent's process group,
  // which the host kills; it is found below the agent before the agent quits, and killed
  // too. Mutation: drop the `family` kill in agents/exec/process.ts close().
  test('a grandchild that calls setsid() does not outlive the run', async () => {
    const mark = `${600 + Math.floor(Math.random() * 1000)}.25`;
    const agent = `werewolves=exec:sh -c 'setsid sleep ${mark} & exec python3 ${RANDOM_BOT}'`;
    const r = await sim(['--games', '2', '--no-db', '--seed', 'setsid', '--agents', 'random', '--agents', agent], dir);
    expect(r.code, r.stderr).toBe(0);
    const left = () =>
      readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').includes(mark);
          } catch {
            return false;
          }
        });
    // A killed process takes a moment to be gone from /proc.
    for (let i = 0; i < 40 && left().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(left()).toEqual([]);
  });
});

describe("a process agent's environment", () => {
  // It gets what programs need to run, never a key: a bot that logs its environment, or
  // a library that reads OPENAI_API_KEY, finds none. Mutation: spawn with the command's
  // whole environment (exec-run.ts agentEnvironment) and the key is in the file.
  test.each([
    ['without --agent-env it holds no key', [], false],
    ['--agent-env OPENAI_API_KEY passes that one on (the control)', ['--agent-env', 'OPENAI_API_KEY'], true],
  ] as const)('%s', async (_name, flags, passed) => {
    const file = join(dir, `env-${passed}.txt`);
    const agent = `werewolves=exec:sh -c 'env > ${file}; exec python3 ${RANDOM_BOT}'`;
    const r = await sim(['--games', '2', '--no-db', '--seed', 'env', '--agents', 'random', '--agents', agent, ...flags], dir, { OPENAI_API_KEY: 'sk-env-SECRET-42', SIM_TEST_OTHER: 'x' });
    expect(r.code, r.stderr).toBe(0);
    const env = readFileSync(file, 'utf8');
    expect(env).toMatch(/^PATH=/m);
    expect(env.includes('sk-env-SECRET-42')).toBe(passed);
    expect(env).not.toContain('SIM_TEST_OTHER');
  });
});

describe('the default seed is a public one', () => {
  // A program that knows the run's seed rebuilds every deal (the engine is a public
  // function of it); with the default seed 1, an agent that tries the first game indices
  // finds the one whose seat seed it was sent in milliseconds. sim says so, and
  // docs/protocol.md#what-an-agent-can-learn says what to do.
  test.each([
    [[], true],
    [['--seed', 'a-secret-seed'], false],
  ])('process agents with %j: the note %s', async (seed, noted) => {
    const r = await sim(['--games', '2', '--no-db', '--agents', 'heuristic', '--agents', BOT, ...seed], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(/play under the default seed 1, which a program can guess/.test(r.stderr)).toBe(noted);
  });
});

describe('sim agent-check', () => {
  test('passes the example bot: every preset, no protocol error, exit 0', async () => {
    const r = await sim(['agent-check', `exec:python3 ${RANDOM_BOT}`, '--games', '1'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('no protocol error');
    for (const preset of ['thiercelieux', 'classic', 'introduction', 'standard']) expect(r.stdout).toContain(preset);
    // 80 columns: a table a line under one header, long texts wrapped at their spaces.
    for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(r.stdout).toMatch(/^ {2}table +games +decisions +wrong +fallbacks$/m);
    expect(r.stdout).toMatch(/^ {2}standard every role, Harvest Festival +1 +\d+ +0 +0$/m);
  });

  test.each([
    ['illegal', /\[illegal\] .*P\d+ \w+/],
    ['noanswer', /\[unreadable\] .*needs an "answer" object/],
    ['chatty', /\[stray\] .*answers no request \(not JSON\): "thinking about it"/],
    ['exit', /\[exit\] .*exited with code 3/],
  ])('lists every protocol error of an agent that is %s, and exits 1', async (mode, line) => {
    const r = await sim(['agent-check', `exec:python3 ${HOSTILE} ${mode}`, '--games', '1', '--agent-timeout', '2'], dir);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/\d+ protocol errors?:/);
    expect(r.stdout.replace(/\n +/g, ' ')).toMatch(line);
    for (const l of r.stdout.split('\n')) expect(l.length, l).toBeLessThanOrEqual(80);
  });

  // The hello's name is the agent's text: printed raw, its ESC colour and OSC title
  // sequences, BEL and U+202E reached the user's terminal.
  test("shows the agent's name with its control characters made visible", async () => {
    const r = await sim(['agent-check', `exec:python3 ${HOSTILE} evilname`, '--games', '1'], dir);
    expect(r.code, r.stderr).toBe(0);
    const line = r.stdout.split('\n').find((l) => l.includes('RED'));
    expect(line, r.stdout).toBeDefined();
    expect(line).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]/);
    expect(line).toMatch(/\\x1b\[31mRED/);
  });

  test('refuses what is not one process agent', async () => {
    const r = await sim(['agent-check', 'heuristic'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('checks one process agent');
  });
});
