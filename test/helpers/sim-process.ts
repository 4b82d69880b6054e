// Runs the installed `sim` (package.json "bin": the bundle dist/bin/sim.js, built by
// `npm test`) as a child process:
// for the few end-to-end tests that need a real process (the installed binary, exit codes
// reaching the shell, signals, kill -9 and resume). Everything else runs `sim` in-process
// through sim-cli.ts, which returns what the binary would print.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ROOT, type SimResult } from './sim-cli.js';

/** The binary package.json installs (scripts/bundle.ts). */
export const SIM = join(ROOT, (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { sim: string } }).bin.sim);

/** `sim` in a child process, waited for. */
export function simProcess(args: readonly string[], cwd: string): SimResult {
  if (!existsSync(SIM)) throw new Error(`${SIM} is missing: run npm run build (npm test does)`);
  const r = spawnSync(process.execPath, [SIM, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts `sim` without waiting (for the kill tests), with `env` over the environment (undefined values are removed). */
export function simChild(args: readonly string[], cwd: string, env: Record<string, string | undefined> = {}) {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  return spawn(process.execPath, [SIM, ...args], { cwd, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * `sim` in a child process without blocking this one (a fake provider served from this
 * process must keep answering), with `env` over the environment (undefined values are removed).
 */
export function simProcessAsync(args: readonly string[], cwd: string, env: Record<string, string | undefined> = {}): Promise<SimResult> {
  if (!existsSync(SIM)) throw new Error(`${SIM} is missing: run npm run build (npm test does)`);
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  const child = spawn(process.execPath, [SIM, ...args], { cwd, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sim ${args.join(' ')} did not end within 120 s`));
    }, 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Kills `child` without warning (SIGKILL) as soon as `db` holds a game (or the child has ended), and waits for it to exit. */
export async function killOnceStored(child: ChildProcess, db: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      let n = 0;
      try {
        const d = new Database(db, { readonly: true, fileMustExist: true });
        try {
          n = d.prepare('SELECT count(*) FROM games').pluck().get() as number;
        } finally {
          d.close();
        }
      } catch {
        n = 0;
      }
      if (n > 0 || child.exitCode !== null) {
        clearInterval(poll);
        child.kill('SIGKILL');
        resolve();
      }
    }, 5);
  });
  if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
}
