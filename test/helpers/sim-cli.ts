// Runs the compiled `sim` (dist/scripts/sim.js, built by `npm test`) in a child process,
// and snapshots directories to prove that a refused command wrote nothing.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect } from 'vitest';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SIM = join(ROOT, 'dist', 'scripts', 'sim.js');

export interface SimResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function sim(args: readonly string[], cwd: string): SimResult {
  if (!existsSync(SIM)) throw new Error(`${SIM} is missing: run npm run build (npm test does)`);
  const r = spawnSync(process.execPath, [SIM, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts `sim` without waiting (for the kill tests). */
export function simChild(args: readonly string[], cwd: string) {
  return spawn(process.execPath, [SIM, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Runs `sim` without blocking this process (a fake provider served from this process must
 * keep answering), with `env` over the environment (undefined values are removed).
 */
export function simAsync(args: readonly string[], cwd: string, env: Record<string, string | undefined> = {}): Promise<SimResult> {
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

export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `sim-${label}-`));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Every file of a directory with the sha256 of its bytes. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir).sort()) out[f] = createHash('sha256').update(readFileSync(join(dir, f))).digest('hex');
  return out;
}

/** A run's stored games, in index order, exactly as stored. */
export function storedGames(db: string, run = 1): string {
  // Read-write but query-only: a read-only connection would leave -wal/-shm files behind.
  const d = new Database(db, { fileMustExist: true });
  d.pragma('query_only = ON');
  try {
    const rows = d.prepare('SELECT idx, winner, days, invalid, fallbacks, seats FROM games WHERE run = ? ORDER BY idx').raw().all(run);
    return JSON.stringify(rows);
  } finally {
    d.close();
  }
}

/** A run's behaviour counter sums (metric_sums), in key order, their bytes as hex: equal only if byte for byte. */
export function storedSums(db: string, run = 1): string {
  const d = new Database(db, { fileMustExist: true });
  d.pragma('query_only = ON');
  try {
    return JSON.stringify(d.prepare('SELECT unit, agent, role, version, hex(counters) FROM metric_sums WHERE run = ? ORDER BY unit, agent, role').raw().all(run));
  } finally {
    d.close();
  }
}

export function storedCount(db: string, run = 1): number {
  // Polled while another process writes: a file not created yet, or without its tables yet, counts 0.
  let d: Database.Database;
  try {
    d = new Database(db, { readonly: true, fileMustExist: true });
  } catch {
    return 0;
  }
  try {
    return d.prepare('SELECT count(*) FROM games WHERE run = ?').pluck().get(run) as number;
  } catch {
    return 0;
  } finally {
    d.close();
  }
}

/** A command refused whole: its one-line message on stderr, exit 2, nothing on stdout, no file of `dir` created or changed. */
export function expectRefused(dir: string, args: readonly string[], message: RegExp): void {
  const before = snapshot(dir);
  const r = sim(args, dir);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).toMatch(/^sim: [^\n]+\n$/);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(snapshot(dir)).toEqual(before);
}

/** Every run's key and stored games, in key order (ids left out): two files with the same runs compare equal. */
export function storedContents(db: string): string {
  const d = new Database(db, { fileMustExist: true });
  d.pragma('query_only = ON');
  try {
    const runs = d.prepare('SELECT id, key FROM runs ORDER BY key').all() as { id: number; key: string }[];
    return JSON.stringify(runs.map((r) => ({ key: r.key, games: d.prepare('SELECT idx, winner, days, invalid, fallbacks, seats FROM games WHERE run = ? ORDER BY idx').raw().all(r.id) })));
  } finally {
    d.close();
  }
}

/** Every file under a directory, subdirectories included, with the sha256 of its bytes. */
export function snapshotTree(root: string, sub = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(join(root, sub)).sort()) {
    const rel = join(sub, f);
    if (statSync(join(root, rel)).isDirectory()) Object.assign(out, snapshotTree(root, rel));
    else out[rel] = createHash('sha256').update(readFileSync(join(root, rel))).digest('hex');
  }
  return out;
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
