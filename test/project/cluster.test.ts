// The cluster checks (scripts/cluster/) read docs/cluster.md itself: the Slurm array script
// and merge command that slurm-check.sh submits, and the Dockerfile that docker-check.sh
// replays. These tests keep the page and the checks in step (the checks themselves need
// root, daemons or a container engine, and are run by hand: docs/cluster.md).

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../helpers/sim-cli.js';

test("slurm-check.sh finds the page's array script and merge command, and the script is valid bash", () => {
  const r = spawnSync('bash', [join(ROOT, 'scripts', 'cluster', 'slurm-check.sh'), '--print'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const [script, merge] = r.stdout.split('# <!-- slurm-merge-command -->\n');
  expect(script).toContain('#SBATCH --array=');
  expect(script).toContain('--shard "${SLURM_ARRAY_TASK_ID}/${SLURM_ARRAY_TASK_COUNT}"');
  expect(script).toContain('--games "${GAMES:-');
  expect(merge).toContain('sbatch --parsable sim-array.sh');
  expect(merge).toMatch(/--dependency=afterok:"\$jobid" --wrap 'npx sim merge shards\/shard-\*\.db --into all\.db'/);
  const body = script!.split('\n').slice(1).join('\n');
  expect(spawnSync('bash', ['-n'], { input: body, encoding: 'utf8' }).status).toBe(0);
});

test('the Dockerfile is the one docker-check.sh replays: Node 20 slim, npm ci, the sim entry point', () => {
  const d = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  expect(d).toMatch(/^FROM node:20-[a-z]+-slim|^FROM node:20-slim/m);
  expect(d).toMatch(/^RUN .*npm ci/m);
  // The binary package.json installs (the bundle, scripts/bundle.ts).
  const bin = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { sim: string } }).bin.sim;
  expect(d).toContain(`ENTRYPOINT ["node", "/app/${bin}"]`);
  expect(d).toContain(`ln -s /app/${bin} /usr/local/bin/sim`);
  const r = spawnSync('bash', ['-n', join(ROOT, 'scripts', 'cluster', 'docker-check.sh')], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
});
