// The `sim` binary as shipped (package.json "bin": dist/bin/sim.js), built after the
// compiler by `npm run build`: our compiled modules bundled into a few files, the command
// and the game workers' entry, with the commands a run never uses split into chunks of
// their own, loaded when called. Node 20 has no compile cache for ES modules, and loading
// ~270 files of ours one by one was most of every start-up: `sim --version` took 0.28 s
// of wall time against 0.19 s bundled, and each worker thread loads its modules again as
// it starts. The packages stay outside (node_modules): some find files beside their own
// (better-sqlite3's native addon, piscina's worker, yargs' locales).
//
// dist/scripts/sim.js, the compiled entry it is bundled from, runs the same code.
//
//   node dist/scripts/bundle.js

import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { hashSources, PACKAGE_ROOT } from '../runs/version.js';

const dist = join(PACKAGE_ROOT, 'dist');
const out = join(dist, 'bin');

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
  packages: 'external',
  // Linked to the compiler's maps: `node --enable-source-maps` shows TypeScript lines.
  sourcemap: true,
  logLevel: 'warning',
  // The hash of the sources bundled (runs/version.ts codeHash): what the binary runs, read once here, not at every start.
  define: { SIM_BUNDLED_CODE_HASH: JSON.stringify(hashSources()) },
});
chmodSync(join(out, 'sim.js'), 0o755);
