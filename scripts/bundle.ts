// The `sim` binary as shipped (package.json "bin": dist/bin/sim.js), built after the
// compiler by `npm run build`: our compiled modules bundled into a few files, the command
// and the game workers' entry, with the commands a run never uses split into chunks of
// their own, loaded when called. Node 20 has no compile cache for ES modules, and loading
// ~270 files of ours one by one was most of every start-up: `sim --version` took 0.28 s
// of wall time against 0.19 s bundled, and each worker thread loads its modules again as
// it starts. The packages stay outside (node_modules): some find files beside their own
// (better-sqlite3's native addon, piscina's worker). But for yargs, which every command
// loads: loaded from node_modules (~40 files) it took ~95 ms of CPU at every start, bundled
// ~45 ms (the import alone, measured after the other packages'). Its locales (the French
// "Commandes :" under LANG=fr_FR) are copied beside the bundle, where its shim is pointed.
//
// dist/scripts/sim.js, the compiled entry it is bundled from, runs the same code.
//
//   node dist/scripts/bundle.js

import { build, type Plugin } from 'esbuild';
import { chmodSync, cpSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { hashSources, PACKAGE_ROOT } from '../runs/version.js';

const dist = join(PACKAGE_ROOT, 'dist');
const out = join(dist, 'bin');

/** Where yargs' locales go in the bundle: beside its chunks. */
const LOCALES = 'yargs-locales';
/** yargs' ES module shim, and the words in it that find its locales (from its own place in node_modules). */
const YARGS_SHIM = /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/;
const LOCALES_FROM_SHIM = "resolve(__dirname, '../../../locales')";

/**
 * Packages stay in node_modules, but yargs: a bare import in our compiled code is external
 * unless it is yargs; what a bundled package imports is bundled with it (resolved from its
 * files, so its own versions of its dependencies). Its shim's path to the locales is
 * pointed at the copy beside the chunks (`__dirname` there is the module's file).
 */
const yargsInside: Plugin = {
  name: 'yargs-inside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const ours = !relative(dist, args.importer).startsWith('..');
      if (!ours || args.path === 'yargs' || args.path.startsWith('yargs/')) return undefined;
      return { external: true };
    });
    b.onLoad({ filter: YARGS_SHIM }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(LOCALES_FROM_SHIM)) throw new Error(`${args.path} no longer finds its locales with ${LOCALES_FROM_SHIM}: see scripts/bundle.ts`);
      return { contents: source.replace(LOCALES_FROM_SHIM, `resolve(__dirname, '../${LOCALES}')`), loader: 'js' };
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
  define: { SIM_BUNDLED_CODE_HASH: JSON.stringify(hashSources()) },
});
cpSync(join(dirname(createRequire(import.meta.url).resolve('yargs/package.json')), 'locales'), join(out, LOCALES), { recursive: true });
chmodSync(join(out, 'sim.js'), 0o755);
