// `sim metrics`'s flags, apart from the command (../metrics.ts), which main.ts loads only
// when it is called: what every start loads stays small.

import type { Argv } from 'yargs';
import { DEFAULT_DB, RUN_AGENTS } from '../args.js';

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
