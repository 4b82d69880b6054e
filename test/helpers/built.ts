// Says at the suite's start when the built binary is older than the sources
// (vitest.config.ts globalSetup). The tests that run `sim` as a process run the bundle
// dist/bin/sim.js: `npm test` builds it first, but vitest run alone after an edit tests
// the old build there, and those tests then fail on what the edit changed — far from the
// cause. One line on stderr names it; nothing is built or stopped here.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The folders the bundle is built from (test/project/architecture.test.ts LAYERS). */
const SOURCES = ['engine', 'narrate', 'agents', 'stats', 'metrics', 'runs', 'tournaments', 'studies', 'reports', 'commands', 'scripts'];

/** The newest modification time of the .ts files below `dir`, and its path. */
function newest(dir: string): { path: string; ms: number } {
  let best = { path: '', ms: 0 };
  if (!existsSync(dir)) return best;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    const here = e.isDirectory() ? newest(p) : e.name.endsWith('.ts') ? { path: p, ms: statSync(p).mtimeMs } : best;
    if (here.ms > best.ms) best = here;
  }
  return best;
}

/** The warning for a bundle missing or older than `source`'s newest file; null when it is newer. */
export function staleBuild(root = ROOT): string | null {
  const bundle = join(root, 'dist', 'bin', 'sim.js');
  if (!existsSync(bundle)) return 'dist/bin/sim.js is missing: the tests that run sim as a process will fail. Run npm run build (npm test does).';
  const built = statSync(bundle).mtimeMs;
  let edited = { path: '', ms: 0 };
  for (const d of SOURCES) {
    const n = newest(join(root, d));
    if (n.ms > edited.ms) edited = n;
  }
  if (edited.ms <= built) return null;
  return `dist/bin/sim.js is older than ${edited.path.slice(root.length)}: the tests that run sim as a process test the old build. Run npm run build (npm test does).`;
}

export default function setup(): void {
  const warning = staleBuild();
  if (warning !== null) process.stderr.write(`\nnote: ${warning}\n\n`);
}
