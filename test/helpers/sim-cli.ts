// Runs `sim` in-process: the CLI's `main(argv, io)` with its own stdout, stderr and
// environment, from a directory, returning the exit code and the text exactly as the
// binary prints them (the binary adds only the process around it: scripts/sim.ts). Also
// snapshots of directories and stored games, to prove what a command wrote or did not.
//
// Relative paths are opened from the process's working directory, so a command runs with
// the process moved into its directory (tests run in forked workers, where chdir works)
// and one at a time: calls that overlap wait for each other.

import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { CliIo, OutStream } from '../../scripts/cli/io.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface SimResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** What a command's io.exit throws: the code it would have ended the process with. */
class Exited extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

function collector(): OutStream & { text: string } {
  return {
    text: '',
    write(t: string) {
      this.text += t;
      return true;
    },
  };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * `sim args…` run in-process from `cwd`, with `env` over this process's environment
 * (undefined values removed): its exit code, stdout and stderr. A bug (an exception
 * main does not turn into a message) gives code 1 and its stack on stderr, as the binary.
 */
export function sim(args: readonly string[], cwd: string, env: Record<string, string | undefined> = {}): Promise<SimResult> {
  const turn = queue.then(() => runOnce(args, cwd, env));
  queue = turn.catch(() => undefined);
  return turn;
}

async function runOnce(args: readonly string[], cwd: string, env: Record<string, string | undefined>): Promise<SimResult> {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  const stdout = collector();
  const stderr = collector();
  const io: CliIo = {
    stdout,
    stderr,
    env: merged,
    cwd,
    exit: (code) => {
      throw new Exited(code);
    },
  };
  // Imported on first use: a test file that only makes temporary directories does not load the CLI.
  const { main } = await import('../../scripts/cli/main.js');
  const home = process.cwd();
  process.chdir(cwd);
  let code: number;
  try {
    code = await main(args, io);
  } catch (e) {
    if (e instanceof Exited) code = e.code;
    else {
      stderr.write(`${inspect(e)}\n`);
      code = 1;
    }
  } finally {
    process.chdir(home);
  }
  return { code, stdout: stdout.text, stderr: stderr.text };
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
export async function expectRefused(dir: string, args: readonly string[], message: RegExp): Promise<void> {
  const before = snapshot(dir);
  const r = await sim(args, dir);
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

