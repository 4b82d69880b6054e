// The `sim` binary as shipped (package.json "bin": dist/bin/sim.js), built after the
// compiler by `npm run build`: our compiled modules bundled into a few files, the command
// and the game workers' entry, with the commands a run never uses split into chunks of
// their own, loaded when called. Node 20 has no compile cache for ES modules, and loading
// ~270 files of ours one by one was most of every start-up: `sim --version` took 0.28 s
// of wall time against 0.19 s bundled, and each worker thread loads its modules again as
// it starts. The packages stay outside (node_modules): some find files beside their own
// (better-sqlite3's native addon, piscina's worker). But for yargs, which every command
// loads: loaded from node_modules (~40 files) it took ~95 ms of CPU at every start, bundled
// ~45 ms (the import alone, measured after the other packages'), and ~20 ms once its help's
// layout packages wait for a help (SHIM_EDITS). Its locales (the French "Commandes :"
// under LANG=fr_FR) are copied beside the bundle, where its shim is pointed.
//
// dist/scripts/sim.js, the compiled entry it is bundled from, runs the same code.
//
//   node dist/scripts/bundle.js

import { build, type Plugin } from 'esbuild';
import { chmodSync, cpSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { gitDescribe, hashSources, PACKAGE_ROOT } from '../runs/version.js';

const dist = join(PACKAGE_ROOT, 'dist');
const out = join(dist, 'bin');

/** Where yargs' locales go in the bundle: beside its chunks. */
const LOCALES = 'yargs-locales';
/** The module the shim takes the help's layout from (LAZY_HELP_SOURCE). */
const LAZY_HELP = 'yargs-help-on-first-use';
/** yargs' ES module shim: what the platform gives yargs. */
const YARGS_SHIM = /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/;
/**
 * What the shim says, and what the bundle says instead:
 * - its locales are found beside the chunks, not from its place in node_modules;
 * - the two packages that lay out the help (cliui, string-width) are evaluated at their
 *   first call, not at every start: each makes an `Intl.Segmenter` and compiles Unicode
 *   property regular expressions as it loads (string-width's `\p{RGI_Emoji}` alone ~21 ms),
 *   ~45 ms of CPU that a run, which prints no help, never used. A `require` of a bundled
 *   ES module is how esbuild defers one (its code wrapped, run on the first `require`).
 */
const SHIM_EDITS: readonly (readonly [string, string])[] = [
  ["resolve(__dirname, '../../../locales')", `resolve(__dirname, '../${LOCALES}')`],
  ["import cliui from 'cliui'", `import { cliui } from '${LAZY_HELP}'`],
  ["import stringWidth from 'string-width';", `import { stringWidth } from '${LAZY_HELP}';`],
];
/** The module that loads those two on their first call, resolving them from the shim's folder (the shim's own `require` is not the one esbuild bundles). */
const LAZY_HELP_SOURCE = [
  "export const cliui = (...args) => require('cliui').default(...args);",
  "export const stringWidth = (...args) => require('string-width').default(...args);",
].join('\n');

/**
 * Packages stay in node_modules, but yargs: a bare import in our compiled code is external
 * unless it is yargs; what a bundled package imports is bundled with it (resolved from its
 * files, so its own versions of its dependencies). Its shim is edited (SHIM_EDITS;
 * `__dirname` there is the module's file).
 */
const yargsInside: Plugin = {
  name: 'yargs-inside',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^${LAZY_HELP}$`) }, (args) => ({ path: args.importer, namespace: LAZY_HELP }));
    b.onLoad({ filter: /.*/, namespace: LAZY_HELP }, (args) => ({ contents: LAZY_HELP_SOURCE, resolveDir: dirname(args.path), loader: 'js' }));
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const ours = !relative(dist, args.importer).startsWith('..');
      if (!ours || args.path === 'yargs' || args.path.startsWith('yargs/')) return undefined;
      return { external: true };
    });
    b.onLoad({ filter: YARGS_SHIM }, (args) => {
      let source = readFileSync(args.path, 'utf8');
      for (const [was, now] of SHIM_EDITS) {
        if (!source.includes(was)) throw new Error(`${args.path} no longer says ${was}: see scripts/bundle.ts SHIM_EDITS`);
        source = source.replace(was, now);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

// Chunks are named by their content: a build's would pile up beside the last one's.
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { sim: join(dist, 'scripts', 'sim.js'), worker: join(dist, 'runs', 'worker.js') },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [yargsInside],
  // Linked to the compiler's maps: `node --enable-source-maps` shows TypeScript lines.
  sourcemap: true,
  logLevel: 'warning',
  // The hash of the sources bundled (runs/version.ts codeHash): what the binary runs, read once here, not at every start.
  // And `git describe` of the checkout it is built from: no start spawns git for it.
  define: { SIM_BUNDLED_CODE_HASH: JSON.stringify(hashSources()), SIM_BUNDLED_GIT: JSON.stringify(gitDescribe()) },
});
cpSync(join(dirname(createRequire(import.meta.url).resolve('yargs/package.json')), 'locales'), join(out, LOCALES), { recursive: true });
chmodSync(join(out, 'sim.js'), 0o755);
