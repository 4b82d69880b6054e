// What code played a run: the package version, Node's version, a hash of the engine,
// narration, agent and metrics sources (the code a game's stored result depends on: models
// read narrated events; behaviour counts are stored with the games), and `git describe` when the
// package is a git checkout. Runs are resumed and shards merged only under the same
// code hash: games of two versions must not be mixed into one result.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The package root, from `runs/` (sources under vitest/tsx) or `dist/runs/`. */
export const PACKAGE_ROOT = existsSync(join(here, '..', 'package.json')) ? join(here, '..') : join(here, '..', '..');

/** Directories whose sources decide a game's result. */
const CODE_DIRS = ['engine', 'narrate', 'agents', 'metrics'] as const;

function files(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p, ext));
    else if (e.name.endsWith(ext)) out.push(p);
  }
  return out;
}

let cachedHash: string | undefined;

/**
 * sha256 (first 16 hex digits) of the TypeScript sources of engine/, narrate/, agents/ and metrics/, by
 * relative path in sorted order; the compiled JavaScript of dist/ when the sources are
 * absent. The same checkout gives the same hash under `sim` (dist/) and under vitest.
 */
export function codeHash(): string {
  if (cachedHash !== undefined) return cachedHash;
  let list = CODE_DIRS.flatMap((d) => files(join(PACKAGE_ROOT, d), '.ts'));
  if (list.length === 0) list = CODE_DIRS.flatMap((d) => files(join(PACKAGE_ROOT, 'dist', d), '.js'));
  list.sort();
  const h = createHash('sha256');
  for (const f of list) {
    h.update(relative(PACKAGE_ROOT, f).replaceAll('\\', '/'));
    h.update('\0');
    h.update(readFileSync(f));
    h.update('\0');
  }
  return (cachedHash = h.digest('hex').slice(0, 16));
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/** `git describe --always --dirty --tags` of the package, or null outside a git checkout. */
export function gitDescribe(): string | null {
  if (!existsSync(join(PACKAGE_ROOT, '.git'))) return null;
  try {
    return execFileSync('git', ['-C', PACKAGE_ROOT, 'describe', '--always', '--dirty', '--tags'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
  } catch {
    return null;
  }
}

export interface Versions {
  readonly package: string;
  readonly node: string;
  readonly codeHash: string;
  readonly git: string | null;
}

export function versions(): Versions {
  return { package: packageVersion(), node: process.versions.node, codeHash: codeHash(), git: gitDescribe() };
}
