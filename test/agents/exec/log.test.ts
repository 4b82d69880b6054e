// The agents' log (agents/exec/log.ts) is capped as a file, not per session: every resume
// of a run appends to the same RESULTS.runN.agents.log, so a flooding agent resumed again
// and again must not grow it past the cap (two sessions with a 1,000-byte cap left 2,0xx
// bytes when the cap counted only each session's bytes).

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { RunLog } from '../../../agents/exec/log.js';

const dir = mkdtempSync(join(tmpdir(), 'agents-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.each([1, 2, 5])('%i sessions of a flooding agent: the file stays within the cap, with one line saying so', (sessions) => {
  const path = join(dir, `capped-${sessions}.agents.log`);
  for (let session = 0; session < sessions; session++) {
    const log = new RunLog(1000);
    log.open(path);
    for (let i = 0; i < 100; i++) log.line(`[exec:bot #1 stderr] ${'E'.repeat(40)}`);
    log.close();
  }
  const text = readFileSync(path, 'utf8');
  expect(statSync(path).size).toBeLessThanOrEqual(1000 + 100);
  expect(text.match(/the log reached 1000 bytes/g)).toHaveLength(1);
});

test('a log under the cap gets every line of every session', () => {
  const path = join(dir, 'small.agents.log');
  for (let session = 0; session < 3; session++) {
    const log = new RunLog(1000);
    log.open(path);
    log.line(`session ${session}`);
    log.close();
  }
  expect(readFileSync(path, 'utf8').match(/session \d/g)).toEqual(['session 0', 'session 1', 'session 2']);
});

// An agent's stderr is its own text: `cat` of the log must act on no terminal, and a line
// it writes cannot pass for two. Mutation: write `text` raw in RunLog.line.
test("an agent's control characters and newlines are written escaped, one line each", () => {
  const path = join(dir, 'escaped.agents.log');
  const log = new RunLog(10_000);
  log.open(path);
  log.line('[exec:bot #1 stderr] \x1b]0;pwned\x07\x1b[2J\u202eevil\nforged line');
  log.close();
  const text = readFileSync(path, 'utf8');
  expect(text).toContain('\\x1b]0;pwned\\x07\\x1b[2J\\u202eevil\\nforged line');
  expect(text.split('\n').filter((l) => l !== '')).toHaveLength(1);
  expect(/[\x1b\x07\u202e]/.test(text)).toBe(false);
});

// A write that fails (a full disk: /dev/full answers every write with ENOSPC) stops the
// log, not the run: lines come from the processes' stderr handlers, where a throw would end
// the whole process with a stack trace. The log says why it stopped; its tail is kept.
// Mutation: writeSync called without its catch in RunLog.
test.skipIf(!existsSync('/dev/full'))('a log on a full disk stops being written, and says why; the lines are still kept for messages', () => {
  const log = new RunLog(10_000);
  log.open('/dev/full');
  expect(() => {
    log.line('[exec:bot #1 stderr] first');
    log.line('[exec:bot #1 stderr] second');
  }).not.toThrow();
  log.close();
  expect(log.failure).toMatch(/ENOSPC/);
  expect(log.tail()).toEqual(['[exec:bot #1 stderr] first', '[exec:bot #1 stderr] second']);
  const fine = new RunLog(10_000);
  fine.open(join(dir, 'fine.agents.log'));
  fine.line('a line');
  fine.close();
  expect(fine.failure).toBeUndefined();
});
