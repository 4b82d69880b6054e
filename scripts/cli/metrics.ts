// `sim metrics`: printing (its flags: flags/metrics.ts; commands/metrics.ts does the work).

import { metricsJson, runMetrics } from '../../commands/metrics.js';
import { renderTable } from '../../reports/terminal.js';
import { DEFAULT_DB } from './args.js';
import type { MetricsCliArgs } from './flags/metrics.js';
import { fail, unwrap } from './errors.js';
import type { CliIo } from './io.js';

const ids = (flag: string, values: readonly string[] | undefined, what: string) =>
  values?.map((t) => {
    if (!/^\d+$/.test(t.trim())) fail(`--${flag} '${t}' is not a ${what} id (a whole number; ${flag === 'run' ? 'sim runs lists them' : 'sim report lists them'})`);
    return Number(t);
  });

export async function metricsCommand(a: MetricsCliArgs, io: CliIo): Promise<number> {
  const runs = ids('run', a.run, 'run');
  const tournaments = ids('tournament', a.tournament, 'tournament');
  const r = unwrap(
    await runMetrics({
      db: a.db ?? DEFAULT_DB,
      runs,
      tournaments,
      runAgents: a.runAgents,
      onReplay: (run, games) => io.stderr.write(`run ${run.id} stored no behaviour counts: replaying its ${games} games to count them…\n`),
    }),
  );
  io.stdout.write(a.json ? JSON.stringify(metricsJson(r)) + '\n' : renderTable(r.table).join('\n') + '\n');
  return 0;
}
