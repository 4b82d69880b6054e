// The suite's `python3` is the interpreter itself (vitest.config.ts globalSetup). Where
// `python3` on PATH is a version manager's shim (pyenv's runs some thirty shell processes,
// about 0.3 s of CPU, before it starts the interpreter), the interpreter's own directory
// goes first on PATH for the suite and every process it starts: the tests start example
// and hostile agents many times, and each restart of an agent paid the shim again.
// The interpreter is the same one the shim would start; nothing is changed where
// `python3` is already the interpreter, or is missing.

import { spawnSync } from 'node:child_process';
import { dirname, delimiter } from 'node:path';

export default function setup(): void {
  const r = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  const exe = r.status === 0 ? r.stdout.trim() : '';
  if (exe === '') return;
  const dir = dirname(exe);
  const path = process.env['PATH'] ?? '';
  if (path.split(delimiter)[0] !== dir) process.env['PATH'] = `${dir}${delimiter}${path}`;
}
