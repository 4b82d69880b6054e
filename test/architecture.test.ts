// The house is a strict stack of folders: each imports only folders below it (and itself),
// so no arrow runs back up and no two folders import each other in a circle; and every
// folder above the engine reaches it through its public surface, engine/index.ts.
// docs/ARCHITECTURE.md draws the same stack.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The floors, from the bottom. */
const LAYERS = ['engine', 'narrate', 'agents', 'stats', 'metrics', 'runs', 'tournaments', 'studies', 'reports', 'scripts'] as const;

/** Every module a source file names: static imports and re-exports, side-effect imports, import(). */
export function importsOf(source: string): string[] {
  const out: string[] = [];
  const patterns = [/\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const re of patterns) for (const m of source.matchAll(re)) out.push(m[1]!);
  return out;
}

interface Violation {
  readonly file: string;
  readonly target: string;
  readonly why: string;
}

/** Checks one file's imports against the stack (`file` relative to the root, `/`-separated). */
export function violationsOf(file: string, source: string): Violation[] {
  const floor = (path: string) => LAYERS.indexOf(path.split('/')[0] as (typeof LAYERS)[number]);
  const mine = floor(file);
  const out: Violation[] = [];
  for (const spec of importsOf(source)) {
    if (!spec.startsWith('.')) continue;
    const target = relative(ROOT, resolve(ROOT, dirname(file), spec)).replaceAll('\\', '/');
    const theirs = floor(target);
    if (theirs < 0) out.push({ file, target, why: 'imports a file outside the layered folders' });
    else if (theirs > mine) out.push({ file, target, why: `${LAYERS[mine]}/ imports ${LAYERS[theirs]}/, a folder above it` });
    else if (theirs === 0 && mine > 0 && target !== 'engine/index.js')
      out.push({ file, target, why: 'reaches into the engine instead of through engine/index.ts' });
  }
  return out;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sources(p));
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

describe('the stack of folders', () => {
  test('no import runs up the stack or into the engine past its surface', () => {
    const files = LAYERS.flatMap((l) => {
      try {
        return sources(l);
      } catch {
        return [];
      }
    });
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => violationsOf(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found.map((v) => `${v.file} -> ${v.target}: ${v.why}`)).toEqual([]);
  });

  // The checker itself can fail: each of these is a violation it must see.
  test.each([
    ['agents/llm/x.ts', "import { P } from '../../reports/transcript.js';", 'a folder above it'],
    ['runs/x.ts', "import type { Table } from '../reports/table.js';", 'a folder above it'],
    ['narrate/x.ts', "const m = await import('../agents/play.js');", 'a folder above it'],
    ['stats/x.ts', "export { wilson } from '../runs/tally.js';", 'a folder above it'],
    ['reports/x.ts', "import { Game } from '../engine/game.js';", 'through engine/index.ts'],
    ['scripts/x.ts', "import '../test/helpers/played.js';", 'outside the layered folders'],
  ])('sees %s importing upward: %s', (file, source, why) => {
    const v = violationsOf(file, source);
    expect(v).toHaveLength(1);
    expect(v[0]!.why).toContain(why);
  });

  test.each([
    ['reports/x.ts', "import { wilson } from '../stats/wilson.js';\nimport { Game } from '../engine/index.js';"],
    ['engine/flow/x.ts', "import type { Game } from '../game.js';"],
    ['scripts/cli/x.ts', "import { z } from 'node:zlib';"],
  ])('lets %s import downward', (file, source) => {
    expect(violationsOf(file, source)).toEqual([]);
  });
});
