// No agent outlives its run (docs/protocol.md): `sim` stopped by SIGTERM (how `timeout`,
// Slurm, Kubernetes and systemd stop a job) or SIGHUP (a closed terminal) kills every
// agent's process group — the agent and what it started — exits with 128 + the signal's
// number, and names the `sim resume` command that plays the rest.
//
// Mutation that fails it: dropping `quitOnStopSignals()` from scripts/sim.ts and the
// stop-signal handlers of scripts/cli/interrupt.ts — Node's default action ends sim
// without its 'exit' hooks, and the agent and its `sleep` keep running.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../../helpers/sim-cli.js';
import { simChild } from '../../helpers/sim-process.js';
import { HOSTILE, leftBehind, membersOf } from './helpers.js';

let dir = '';
beforeAll(() => {
  dir = tempDir('exec-signals');
});
afterAll(() => removeDir(dir));

describe('no agent outlives its run', () => {
  test.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('sim stopped by %s leaves no agent process behind, exits %i and names the resume command', async (signal, code) => {
    const tag = `exec-signals-${signal}-${process.pid}-${Date.now()}`;
    const db = join(dir, `${signal}.db`);
    // `deaf` greets, starts a `sleep`, and never answers: the run waits on it until the signal.
    const child = simChild(['--games', '50', '--agents', 'heuristic', '--agents', `werewolves=exec:python3 ${HOSTILE} deaf ${tag}`, '--agent-timeout', '30', '--db', db], dir);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const closed = new Promise<number | null>((r) => child.on('close', (c) => r(c)));
    let agent: number | undefined;
    try {
      for (let i = 0; i < 200 && agent === undefined; i++) {
        await new Promise((r) => setTimeout(r, 50));
        agent = pythonWith(tag);
      }
      expect(agent, 'the agent started').toBeDefined();
      // Its `sleep` started too, and the run is under way (its log, opened once the run is stored, exists).
      const log = join(dir, `${signal}.run1.agents.log`);
      for (let i = 0; i < 100 && (membersOf([agent!]).length < 2 || !existsSync(log)); i++) await new Promise((r) => setTimeout(r, 50));
      expect(membersOf([agent!]).length, 'the agent and its sleep').toBe(2);
      expect(existsSync(log), 'the run started').toBe(true);
      child.kill(signal);
      const exit = await closed;
      expect(await leftBehind([agent!]), 'processes of the agent group still running after sim ended').toEqual([]);
      expect(exit, stderr).toBe(code);
      expect(stderr).toContain(`stopped by ${signal}`);
      expect(stderr).toContain(`sim resume --db ${db} --run 1`);
    } finally {
      child.kill('SIGKILL');
      if (agent !== undefined)
        try {
          process.kill(-agent, 'SIGKILL');
        } catch {
          // gone
        }
    }
  }, 30_000);
});

/** The pid of a live python process whose command line holds `tag` (not sim's own, which names it too). */
function pythonWith(tag: string): number | undefined {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const argv = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
      if (argv[0]?.includes('python') && argv.includes(tag)) return Number(d);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}
