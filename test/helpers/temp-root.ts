// The suite's temporary files in one directory of its own (vitest.config.ts globalSetup),
// removed when the suite ends. Every test, every worker and every process a test starts
// finds it as TMPDIR (os.tmpdir()), so what a test leaves behind goes with it. That
// includes a directory whose cleanup hook a test registered too late, and the agents'
// log that a run of process agents without a database writes to the temporary directory
// by design. A suite run used to leave some fifty such files in /tmp.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'werewolf-tests-'));
  process.env['TMPDIR'] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
