// The house is a strict stack of folders: each imports only folders below it (and itself),
// so no arrow runs back up and no two folders import each other in a circle; and every
// folder above the engine reaches it through its public surface, engine/index.ts.
// docs/ARCHITECTURE.md draws the same stack.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The floors, from the bottom. */
const LAYERS = ['engine', 'narrate', 'agents', 'stats', 'metrics', 'runs', 'tournaments', 'studies', 'reports', 'commands', 'scripts'] as const;

/** What a module specifier is when the checker cannot read it: an import() of a computed path. */
export const COMPUTED = '<computed>';

/**
 * Every module a source file names, read by TypeScript's parser (not by patterns, which
 * `import{P}from'…'`, a comment holding a quote, or import(`…`) slip past): static imports
 * and re-exports (type-only ones too), side-effect imports, `import x = require()`,
 * import() and require() calls, and `import('…')` types; COMPUTED for a path built at run time.
 */
export function importsOf(source: string): string[] {
  const out: string[] = [];
  const literal = (n: ts.Node | undefined): string => (n !== undefined && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : COMPUTED);
  const visit = (n: ts.Node): void => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier !== undefined) out.push(literal(n.moduleSpecifier));
    else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference)) out.push(literal(n.moduleReference.expression));
    else if (ts.isCallExpression(n) && (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require'))) out.push(literal(n.arguments[0]));
    else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument)) out.push(literal(n.argument.literal));
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true));
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
    // scripts/ is the top floor: its computed imports (same-games.ts loads another build) run up nothing.
    if (spec === COMPUTED) {
      if (mine !== LAYERS.length - 1) out.push({ file, target: spec, why: 'imports a module by a computed path the checker cannot follow' });
      continue;
    }
    if (spec.startsWith('/') || spec.startsWith('file:') || spec.startsWith('werewolf-lab')) {
      out.push({ file, target: spec, why: 'imports this repository by an absolute path or its package name: write a relative path' });
      continue;
    }
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

/** SQL as a statement starts: the words a query or a schema change opens with. */
const SQL_START = /^\s*(SELECT\s[\s\S]*\bFROM\s|INSERT\s+(OR\s+\w+\s+)?INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|(CREATE|DROP)\s+(TEMP\s+|TEMPORARY\s+)?(TABLE|INDEX|VIEW|TRIGGER)\s|ALTER\s+TABLE\s|PRAGMA\s|WITH\s+\w+\s+AS\s*\()/i;

/**
 * The floors above runs/ read and write stored games only through runs/ (the Store and
 * its tables): no SQL in their strings (literals and templates, read by the parser), no
 * SQLite driver of their own.
 */
export function sqlOf(file: string, source: string): Violation[] {
  const floor = LAYERS.indexOf(file.split('/')[0] as (typeof LAYERS)[number]);
  if (floor <= LAYERS.indexOf('runs')) return [];
  const out: Violation[] = [];
  for (const spec of importsOf(source))
    if (spec === 'better-sqlite3') out.push({ file, target: spec, why: 'opens SQLite itself: ask runs/ (the Store) instead' });
  const visit = (n: ts.Node): void => {
    // A template's literal parts, each substitution read as a word.
    const text = ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) ? n.text : ts.isTemplateExpression(n) ? n.head.text + n.templateSpans.map((t) => ` x ${t.literal.text}`).join('') : null;
    if (text !== null && SQL_START.test(text)) out.push({ file, target: text.trim().slice(0, 40), why: 'writes SQL above runs/: add a typed query to runs/ instead' });
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true));
  return out;
}

describe('one door to stored games', () => {
  test('no SQL and no SQLite above runs/', () => {
    const files = LAYERS.slice(LAYERS.indexOf('runs') + 1).flatMap((l) => sources(l));
    const found = files.flatMap((f) => sqlOf(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found.map((v) => `${v.file}: ${v.target}: ${v.why}`)).toEqual([]);
  });

  // The checker itself can fail: each SQL statement above runs/ is seen, and plain words are not SQL.
  test.each([
    ['tournaments/x.ts', "const n = store.db.prepare('SELECT count(*) FROM games WHERE run = ?');", 1],
    ['reports/x.ts', 'const q = `SELECT ${cols} FROM seats x`;', 1],
    ['studies/x.ts', "db.exec('CREATE TABLE IF NOT EXISTS studies (id INTEGER)');", 1],
    ['scripts/x.ts', "db.prepare('insert into games (run) values (?)');", 1],
    ['reports/x.ts', "db.prepare('select idx from games');", 1],
    ['scripts/x.ts', "import Database from 'better-sqlite3';", 1],
    ['scripts/cli/x.ts', "d.pragma('PRAGMA user_version');", 1],
    ['runs/x.ts', "db.prepare('SELECT 1');", 0],
    ['reports/x.ts', "const t = 'Select a player to vote for';", 0],
    ['scripts/x.ts', "fail('delete the file from the disk first');", 0],
  ])('%s: %s (%i found)', (file, source, found) => {
    expect(sqlOf(file, source)).toHaveLength(found);
  });
});

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
    // Ways past a pattern-based reader: no spaces, a comment holding a quote, a template literal, a CommonJS require.
    ['runs/x.ts', "import{T}from'../reports/table.js';", 'a folder above it'],
    ['runs/x.ts', "export *from'../reports/table.js';", 'a folder above it'],
    ['runs/x.ts', "import { T /* it's */ } from '../reports/table.js';", 'a folder above it'],
    ['runs/x.ts', "const m = await import(`../reports/table.js`);", 'a folder above it'],
    ['runs/x.ts', "const m = await import(/* later */ '../reports/table.js');", 'a folder above it'],
    ['runs/x.ts', "const t = require('../reports/table.js');", 'a folder above it'],
    ['runs/x.ts', "type T = import('../reports/table.js').Table;", 'a folder above it'],
    ['runs/x.ts', "const m = await import(`../${'reports'}/table.js`);", 'computed path'],
    ['runs/x.ts', "import { T } from '/work/main/reports/table.js';", 'absolute path'],
    ['runs/x.ts', "import { T } from 'werewolf-lab/dist/reports/table.js';", 'package name'],
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

/**
 * Libraries that cost start-up and only some commands use: the model SDKs and chart
 * libraries (measured at 96–265 ms each), the worker pool (piscina, ~12 ms: most runs
 * play in the main thread) and the progress bar (cli-progress, ~10 ms: drawn only on a
 * terminal).
 */
const LOADED_ON_USE = ['openai', '@anthropic-ai/sdk', '@observablehq/plot', 'linkedom', 'piscina', 'cli-progress'];
/** The files that import one of them as a value all the same: the pool's worker thread runs under piscina, and loads nothing else at its start. */
const EAGER_BY_NATURE: Readonly<Record<string, string>> = { 'runs/worker.ts': 'piscina' };

/**
 * Whether the compiler drops an import: only a type-only clause (`import type …`).
 * Under verbatimModuleSyntax (tsconfig.json), `import { type A } from 'x'` compiles to
 * `import {} from 'x'`, which still loads x (dist/runs/runner.js shows one).
 */
function droppedByCompiler(n: ts.ImportDeclaration): boolean {
  return n.importClause?.isTypeOnly === true;
}

/**
 * A value import of a library loaded on use (LOADED_ON_USE): every command would pay its
 * load at start-up. `import type` costs nothing (droppedByCompiler); the loaders
 * (agents/llm/providers/sdk.ts, reports/charts.ts, runs/execute.ts,
 * scripts/cli/progress.ts) load them through `createRequire` on first use.
 */
export function eagerLoadsOf(file: string, source: string): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && LOADED_ON_USE.includes(n.moduleSpecifier.text)) {
      if (!droppedByCompiler(n) && EAGER_BY_NATURE[file] !== n.moduleSpecifier.text) out.push(`${file}: ${n.moduleSpecifier.text}`);
    }
    if (ts.isExportDeclaration(n) && n.moduleSpecifier !== undefined && ts.isStringLiteral(n.moduleSpecifier) && LOADED_ON_USE.includes(n.moduleSpecifier.text) && !n.isTypeOnly)
      out.push(`${file}: ${n.moduleSpecifier.text}`);
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true));
  return out;
}

/**
 * What loading a module loads at once, as the compiled code does: its imports and
 * re-exports (the compiler drops `import type` alone: droppedByCompiler), not its import()
 * calls, which run when reached. Both as paths from the root (`.ts`); packages left out.
 */
export function loadsOf(file: string, source: string): { now: string[]; later: string[] } {
  const now: string[] = [];
  const later: string[] = [];
  const path = (spec: string) => relative(ROOT, resolve(ROOT, dirname(file), spec)).replaceAll('\\', '/').replace(/\.js$/, '.ts');
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && n.moduleSpecifier.text.startsWith('.')) {
      if (!droppedByCompiler(n)) now.push(path(n.moduleSpecifier.text));
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier !== undefined && ts.isStringLiteral(n.moduleSpecifier) && n.moduleSpecifier.text.startsWith('.') && !n.isTypeOnly) {
      now.push(path(n.moduleSpecifier.text));
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] !== undefined && ts.isStringLiteral(n.arguments[0]) && n.arguments[0].text.startsWith('.')) {
      later.push(path(n.arguments[0].text));
    }
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return { now, later };
}

/** Every module loading `entry` loads at once (itself included). */
function loadedWith(entry: string, read: (file: string) => string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...loadsOf(f, read(f)).now);
  }
  return seen;
}

describe('start-up loads only what every command needs', () => {
  test('the model SDKs, the chart libraries, the worker pool and the progress bar are loaded on first use, not imported', () => {
    const files = LAYERS.flatMap((l) => sources(l));
    expect(files.flatMap((f) => eagerLoadsOf(f, readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });

  // The checker itself can fail: the value imports are seen, `import type` is not.
  test.each([
    ["import OpenAI from 'openai';", 1],
    ["import * as Plot from '@observablehq/plot';", 1],
    ["import { parseHTML } from 'linkedom';", 1],
    ["import Anthropic, { type APIError } from '@anthropic-ai/sdk';", 1],
    ["import 'openai';", 1],
    ["export { default } from 'openai';", 1],
    ["import type OpenAI from 'openai';", 0],
    // Compiled to `import {} from '@observablehq/plot'`: loaded all the same.
    ["import { type PlotOptions } from '@observablehq/plot';", 1],
    ["import yargs from 'yargs';", 0],
    ["import { Piscina } from 'piscina';", 1],
    ["import cliProgress from 'cli-progress';", 1],
    ["import type { Piscina } from 'piscina';", 0],
  ])('%s (%i found)', (source, found) => {
    expect(eagerLoadsOf('runs/x.ts', source)).toHaveLength(found);
  });

  // sim's commands other than a run's are loaded when called (main.ts: an import() in the
  // command's handler; their flags in flags/): a start loads none of them, nor what they
  // use (commands/, the report pages). Planted: main.ts importing balance.js again.
  test("a start loads no command but the run: each other is loaded when called", () => {
    const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');
    const atStart = loadedWith('scripts/cli/main.ts', read);
    const whenCalled = loadsOf('scripts/cli/main.ts', read('scripts/cli/main.ts')).later;
    expect(whenCalled.length).toBeGreaterThanOrEqual(15);
    expect(whenCalled.filter((f) => atStart.has(f))).toEqual([]);
    expect([...atStart].filter((f) => f.startsWith('commands/') || f.startsWith('studies/'))).toEqual([]);
  });

  test.each([
    ["import { balanceCommand } from './balance.js';", ['scripts/cli/balance.ts'], []],
    ["import type { BalanceCliArgs } from './flags/balance.js';", [], []],
    ["import { type BalanceCliArgs } from './flags/balance.js';", ['scripts/cli/flags/balance.ts'], []],
    ["export { sprtOptions } from './flags/sprt.js';", ['scripts/cli/flags/sprt.ts'], []],
    ["const { showCommand } = await import('./show.js');", [], ['scripts/cli/show.ts']],
    ["import yargs from 'yargs';", [], []],
  ])('loadsOf: %s', (source, now, later) => {
    expect(loadsOf('scripts/cli/main.ts', source)).toEqual({ now, later });
  });

  test('the worker thread may import piscina, and only piscina', () => {
    expect(eagerLoadsOf('runs/worker.ts', "import { workerData } from 'piscina';")).toEqual([]);
    expect(eagerLoadsOf('runs/worker.ts', "import cliProgress from 'cli-progress';")).toHaveLength(1);
  });
});
