// The suite's note on a stale build (test/helpers/built.ts): said when the bundle is
// missing or older than a source, not when it is newer than every one.

import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staleBuild } from '../helpers/built.js';
import { removeDir, tempDir } from '../helpers/sim-cli.js';

const root = tempDir('built') + '/';
afterAll(() => removeDir(root));

function file(path: string, secondsAgo: number): void {
  const p = join(root, path);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, '');
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(p, t, t);
}

describe('the note on a stale build', () => {
  it('names a missing bundle', () => {
    expect(staleBuild(root)).toMatch(/^dist\/bin\/sim\.js is missing: .* Run npm run build/);
  });

  it('is silent when the bundle is newer than every source, and names the source edited after it', () => {
    file('engine/game.ts', 300);
    file('reports/deep/table.ts', 200);
    file('dist/bin/sim.js', 100);
    expect(staleBuild(root)).toBeNull();
    file('reports/deep/table.ts', 10);
    expect(staleBuild(root)).toBe('dist/bin/sim.js is older than reports/deep/table.ts: the tests that run sim as a process test the old build. Run npm run build (npm test does).');
    // A test file edited after the build changes nothing the bundle holds.
    file('reports/deep/table.ts', 200);
    file('test/x.test.ts', 1);
    expect(staleBuild(root)).toBeNull();
  });
});
