// What code played a run: the package version, Node's version, a hash of the engine,
// narration, agent and metrics sources (the code a game's stored result depends on: models
// read narrated events; behaviour counts are stored with the games), and `git describe` when
// the package is a git checkout (the binary's: at its build, as its code hash). Runs are
// resumed and shards merged only under the same code hash: games of two versions must not
// be mixed into one result.

import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { Socket } from 'node:net';
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

/** The code hash of the sources the `sim` binary was bundled from, set by its bundler (scripts/bundle.ts); undefined elsewhere. */
declare const SIM_BUNDLED_CODE_HASH: string | undefined;

let cachedHash: string | undefined;

/**
 * sha256 (first 16 hex digits) of the TypeScript sources of engine/, narrate/, agents/ and metrics/, by
 * relative path in sorted order; the compiled JavaScript of dist/ when the sources are
 * absent. The same checkout gives the same hash under `sim` (dist/) and under vitest. The
 * bundled binary carries the hash of the sources it was built from: it describes the code
 * that binary runs (sources edited since are not), and reading ~130 files cost every run
 * ~8 ms of its start.
 */
export function codeHash(): string {
  if (cachedHash !== undefined) return cachedHash;
  if (typeof SIM_BUNDLED_CODE_HASH === 'string') return (cachedHash = SIM_BUNDLED_CODE_HASH);
  return (cachedHash = hashSources());
}

/** The code hash read from the files (codeHash). */
export function hashSources(): string {
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
  return h.digest('hex').slice(0, 16);
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

const DESCRIBE = ['describe', '--always', '--dirty', '--tags'];
const GIT_TIMEOUT_MS = 5000;
/** `git describe` of the checkout the `sim` binary was bundled from (null: none), set by its bundler (scripts/bundle.ts); undefined elsewhere. */
declare const SIM_BUNDLED_GIT: string | null | undefined;
/**
 * `git describe`'s answer once it came (prefetchGitDescribe), else undefined. The binary
 * carries its build's: it describes the code that binary runs, as its code hash does
 * (a checkout moved on since and not rebuilt does not), and no start spawns git.
 */
let described: string | null | undefined = typeof SIM_BUNDLED_GIT === 'undefined' ? undefined : SIM_BUNDLED_GIT;

/**
 * Starts `git describe` in the background as the unbundled `sim` starts (the binary carries
 * its build's answer; any command may store a run, or print its version): git takes ~10 ms, more as the history grows, which then overlaps the
 * start-up's module loading on another core instead of adding to it. gitDescribe takes its
 * answer if it came by then.
 * The child is not waited for: a command that ends first does not wait for git.
 */
export function prefetchGitDescribe(): void {
  if (described !== undefined || !existsSync(join(PACKAGE_ROOT, '.git'))) return;
  try {
    const child = execFile('git', ['-C', PACKAGE_ROOT, ...DESCRIBE], { encoding: 'utf8', timeout: GIT_TIMEOUT_MS }, (error, stdout) => {
      described ??= error === null ? stdout.trim() : null;
    });
    // Its pipes too are sockets, each holding the event loop open until git closes it.
    child.unref();
    for (const pipe of [child.stdout, child.stderr]) (pipe as Socket | null)?.unref();
  } catch {
    // No git to start: gitDescribe says so when asked.
  }
}

/** `git describe --always --dirty --tags` of the package, or null outside a git checkout; asked once a process, as the code hash is read once. */
export function gitDescribe(): string | null {
  if (described !== undefined) return described;
  if (!existsSync(join(PACKAGE_ROOT, '.git'))) return (described = null);
  try {
    described = execFileSync('git', ['-C', PACKAGE_ROOT, ...DESCRIBE], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: GIT_TIMEOUT_MS,
    }).trim();
  } catch {
    described = null;
  }
  return described;
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
