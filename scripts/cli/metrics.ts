// `sim metrics`: flags and printing (reports/metrics-command.ts does the work).

import type { Argv } from 'yargs';
import { metricsJson, runMetrics } from '../../commands/metrics.js';
import { renderTable } from '../../reports/terminal.js';
import { DEFAULT_DB, RUN_AGENTS } from './args.js';
import { fail, unwrap } from './errors.js';
import type { CliIo } from './io.js';

export function metricsOptions<T>(y: Argv<T>) {
  return y
    .option('db', { type: 'string', describe: `results database (default ${DEFAULT_DB})` })
    .option('run', { type: 'string', array: true, describe: 'only these run ids (default: every run)' })
    .option('tournament', { type: 'string', array: true, describe: "only this tournament's runs (repeatable)" })
    .option('json', { type: 'boolean', default: false, describe: 'print {rows: [{agent, side, role, metric, value, low, high, n}], notes} instead of the table' })
    .option('run-agents', RUN_AGENTS);
}

export interface MetricsCliArgs {
  db?: string;
  run?: string[];
  tournament?: string[];
  json: boolean;
  runAgents?: boolean;
}

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
