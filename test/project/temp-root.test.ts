// The suite writes its temporary files in a directory of its own, removed at its end
// (test/helpers/temp-root.ts, vitest.config.ts globalSetup), and so do the processes its
// tests start. Planted: the globalSetup dropped — os.tmpdir() is the system's again.

import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { expect, test } from 'vitest';

test("the suite's temporary directory is its own, in this worker and in the processes it starts", () => {
  expect(basename(tmpdir())).toMatch(/^werewolf-tests-/);
  const child = spawnSync(process.execPath, ['-e', "process.stdout.write(require('node:os').tmpdir())"], { encoding: 'utf8' });
  expect(child.stdout).toBe(tmpdir());
});
