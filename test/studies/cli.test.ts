// `sim show` numbers decisions; `sim fork` and `sim persuasion` from the command line:
// output, JSON, the fork's page, a study killed (kill -9) and continued, and bad input —
// one line on stderr, exit 2, nothing written.

import Database from 'better-sqlite3';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayDataOf } from '../../reports/replay-page.js';
import { removeDir, sim, snapshot, tempDir } from '../helpers/sim-cli.js';
import { simChild } from '../helpers/sim-process.js';

const dir = tempDir('studies');
afterAll(() => removeDir(dir));

/** Decision numbers of a speech with claims and of a vote in `sim show`'s transcript of game 3. */
let shown: { speech: number; vote: number; text: string };
const numbers = () => shown;

beforeAll(async () => {
  expect((await sim(['--games', '30', '--agents', 'heuristic', '--seed', '3', '--workers', '0', '--db', 'h.db', '--json'], dir)).code).toBe(0);
  expect((await sim(['--games', '300', '--agents', 'heuristic', '--seed', '4', '--workers', '0', '--db', 'big.db', '--json'], dir)).code).toBe(0);
  const r = await sim(['show', '--db', 'h.db', '--game', '3'], dir);
  expect(r.code).toBe(0);
  const speech = /^ {2}#(\d+) +P\d: I am the seer/m.exec(r.stdout);
  const vote = /^ {2}#(\d+)–\d+ +vote: /m.exec(r.stdout);
  expect(speech).not.toBeNull();
  expect(vote).not.toBeNull();
  shown = { speech: Number(speech![1]), vote: Number(vote![1]), text: r.stdout };
});

describe('sim show', () => {
  it('numbers every decision in a gutter, the numbers sim fork --at takes', () => {
    const { text } = numbers();
    expect(text).toMatch(/^ {2}#0 +\[P\d only\] P\d \(seer\) looks at/m);
    expect(text).toContain('Replay matches the stored result');
  });
});

describe('sim fork', () => {
  it('silences a speech and shows both games side by side from it; writes nothing but its pages', async () => {
    const { speech } = numbers();
    const before = snapshot(dir);
    const r = await sim(['fork', '--db', 'h.db', '--game', '3', '--at', String(speech), '--silence', '--out', 'fork.html'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Fork of run 1, game 3 at decision #${speech}`);
    expect(r.stdout).toMatch(/original {2}P\d: I am the seer/);
    expect(r.stdout).toMatch(/fork {4}≠ P\d: \(says nothing\)/);
    expect(r.stdout).toMatch(/^ {2}vote +original {2}P1/m);
    expect(r.stdout).toMatch(/^ {2}result +original {2}\w+ won after \d+ days?$/m);
    const after = snapshot(dir);
    for (const f of ['fork.html', 'fork.original.html', 'fork.fork.html']) delete after[f];
    expect(after).toEqual(before);
    const page = readFileSync(join(dir, 'fork.html'), 'utf8');
    expect(page).toContain('<table class="fork">');
    expect(page).not.toMatch(/<script/);
    // Each game as a replay page to step through, linked from the fork's page.
    expect(page).toContain('<a href="fork.original.html">the original</a> · <a href="fork.fork.html">the fork</a>');
    const silenced = replayDataOf(readFileSync(join(dir, 'fork.fork.html'), 'utf8'));
    const stored = replayDataOf(readFileSync(join(dir, 'fork.original.html'), 'utf8'));
    expect(silenced).not.toBeNull();
    expect(JSON.stringify(silenced)).toContain('(says nothing)');
    expect(JSON.stringify(silenced)).not.toBe(JSON.stringify(stored));
  });

  it('prints JSON; with the stored answer as its edit, the fork is the stored game to its end', async () => {
    const { vote, text } = numbers();
    // The vote numbered #vote is the first voter's: his answer is the first arrow of the line.
    const own = new RegExp(`^ {2}#${vote}–\\d+ +vote: P\\d+(?:\\(×2\\))?→(P\\d+)`, 'm').exec(text)![1]!;
    const same = JSON.parse((await sim(['fork', '--db', 'h.db', '--game', '3', '--at', String(vote), '--answer', own, '--json'], dir)).stdout) as { identical: boolean; rows: { same: boolean }[] };
    expect(same.identical).toBe(true);
    expect(same.rows.every((r) => r.same)).toBe(true);
  });

  it('writes the words of a --say edit escaped on its page', async () => {
    const { speech } = numbers();
    const r = await sim(['fork', '--db', 'h.db', '--game', '3', '--at', String(speech), '--say', '<b>P2\u001b[31m is a wolf</b>', '--claim', 'suspect=P2', '--out', 'say.html'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    const page = readFileSync(join(dir, 'say.html'), 'utf8');
    expect(page).toContain('&lt;b&gt;P2\\x1b[31m is a wolf&lt;/b&gt;');
    expect(page).not.toContain('<b>');
  });

  it.each([
    [['--at', '9999', '--silence'], 'there is no decision #9999'],
    [['--at', 'VOTE', '--say', 'hello'], 'is not a speech: --silence, --say and --claim change a speech'],
    [['--at', 'VOTE', '--answer', 'P99'], 'is not a legal choice at decision'],
    [['--at', 'SPEECH', '--answer', 'P2'], 'is a speech: change it with --silence'],
    [['--at', 'SPEECH', '--claim', 'seen=P12:werewolf'], "'P12' is not a player of this game"],
    [['--at', 'SPEECH'], 'sim fork needs one edit'],
    [['--at', 'SPEECH', '--silence', '--answer', 'P2'], 'give one edit'],
    [['--at', 'SPEECH', '--silence', '--out', 'nowhere/f.html'], 'does not exist'],
    [['--at', 'SPEECH', '--silence', '--max-cost', '2'], '--max-cost applies to runs that seat a model'],
    [['--at', 'SPEECH', '--silence', '--game', '99'], 'there is no game 99'],
  ])('refuses %j: one line, exit 2, nothing written', async (args, why) => {
    const { speech, vote } = numbers();
    const before = snapshot(dir);
    const filled = args.map((x) => (x === 'SPEECH' ? String(speech) : x === 'VOTE' ? String(vote) : x));
    const r = await sim(['fork', '--db', 'h.db', ...(filled.includes('--game') ? [] : ['--game', '3']), ...filled], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(why);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a game that does not replay to its stored result', async () => {
    copyFileSync(join(dir, 'h.db'), join(dir, 'edited.db'));
    const d = new Database(join(dir, 'edited.db'));
    d.prepare('UPDATE games SET days = days + 1 WHERE run = 1 AND idx = 3').run();
    d.close();
    const before = snapshot(dir);
    const r = await sim(['fork', '--db', 'edited.db', '--game', '3', '--at', '5', '--silence'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('does not replay to its stored result');
    expect(snapshot(dir)).toEqual(before);
  });
});

/** A study's JSON rows. */
async function studyRows(db: string): Promise<unknown> {
  const r = await sim(['persuasion', '--db', db, '--games', '60', '--samples', '2', '--json'], dir);
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { rows: unknown }).rows;
}

function measuredGames(db: string): number {
  try {
    const d = new Database(join(dir, db), { readonly: true, fileMustExist: true });
    try {
      return d.prepare('SELECT count(*) FROM study_games').pluck().get() as number;
    } finally {
      d.close();
    }
  } catch {
    return 0;
  }
}

describe('sim persuasion', () => {
  it('killed with kill -9 and run again, ends with the figures of a study never stopped', async () => {
    copyFileSync(join(dir, 'big.db'), join(dir, 'killed.db'));
    const child = simChild(['persuasion', '--db', 'killed.db', '--games', '60', '--samples', '2', '--json'], dir);
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (measuredGames('killed.db') > 0 || child.exitCode !== null) {
          clearInterval(poll);
          child.kill('SIGKILL');
          resolve();
        }
      }, 5);
    });
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    const killedAt = measuredGames('killed.db');
    expect(killedAt).toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(60);
    expect(await studyRows('killed.db')).toEqual(await studyRows('big.db'));
    // The second command found the study complete: it played nothing more, wrote nothing.
    const before = snapshot(dir);
    const again = await sim(['persuasion', '--db', 'killed.db', '--games', '60', '--samples', '2'], dir);
    expect(again.stdout).toContain('60 of 60 games measured');
    expect(snapshot(dir)).toEqual(before);
  }, 120_000);

  it('prints each agent × side with intervals beside the reference; --dry-run plays and writes nothing', async () => {
    const before = snapshot(dir);
    const dry = await sim(['persuasion', '--db', 'h.db', '--dry-run'], dir);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Estimate: 30 games, \d+ speeches, [\d,]+ arms to play/);
    expect(snapshot(dir)).toEqual(before);
    const r = await sim(['persuasion', '--db', 'h.db', '--samples', '2'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}heuristic +village +vote-shift +\d+\.\d\d +\d+\.\d\d–\d+\.\d\d +\d+ +itself$/m);
    expect(r.stdout.replace(/\n/g, ' ')).toMatch(/each speech against silence \(no words, no claims\)/);
    // Another silence is another study of the same games; bots speak in claims only, so silencing words finds no speech.
    const words = await sim(['persuasion', '--db', 'h.db', '--samples', '2', '--silence', 'words', '--json'], dir);
    expect(words.code, words.stderr).toBe(0);
    expect(JSON.parse(words.stdout)).toMatchObject({ study: 2, silence: 'words', speeches: 0 });
  });

  it.each([
    [['--run', '1', '--tournament', '1'], 'give --run R or --tournament T, not both'],
    [['--agents', 'wizard'], "unknown agent 'wizard'"],
    [['--agents', 'random'], '--agents random plays in none of the games of run 1'],
    [['--samples', '0'], '--samples must be a whole number from 1 to 1000'],
    [['--tournament', '4'], 'has no tournament 4'],
    [['--run', '7'], 'has no run 7'],
    [['--max-cost', '1'], '--max-cost applies to studies of games that seat a model'],
    [['--silence', 'claim'], "--silence 'claim' (did you mean 'claims'?): choose all"],
  ])('refuses %j: one line, exit 2, nothing written', async (args, why) => {
    const before = snapshot(dir);
    const r = await sim(['persuasion', '--db', 'h.db', ...args], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(why);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(snapshot(dir)).toEqual(before);
  });
});
