// `sim balance`'s and `sim report`'s flags, apart from the commands (../balance.ts), which
// main.ts loads only when one is called: what every start loads stays small.

import type { Argv } from 'yargs';
import { DEFAULT_BATCH, DEFAULT_PRECISION } from '../../../tournaments/sweep-schedule.js';
import { DEFAULT_DB, DEFAULT_SEED, NUMBER, RUN_AGENTS, WORKERS_DEFAULT } from '../args.js';

export function balanceOptions<T>(y: Argv<T>) {
  return y
    .option('preset', { type: 'string', describe: 'preset(s), comma-separated (default standard): each is a rule set of its own' })
    .option('players', { type: 'string', describe: 'player counts: 8-18 (default), 10, or 8,10,12' })
    .option('wolves', { type: 'string', describe: 'werewolves per mix: auto (default: 1 to ⌊n/3⌋+1), 2, or 1-4' })
    .option('with', { type: 'string', array: true, describe: 'extra roles in every mix, e.g. seer,witch; repeat for several sets (none: no extras)' })
    .option('subsets', { type: 'boolean', default: false, describe: 'every subset of each --with set (varied mixes, for role values)' })
    .option('tables', { type: 'boolean', default: true, describe: "add the documents' own table rows (001, 004) for the same player counts (--no-tables: don't)" })
    .option('rule', { type: 'string', array: true, describe: 'rule option key=value, repeatable (see `sim rules`)' })
    .option('agents', { type: 'string', array: true, describe: 'seating: SPEC or WHO=SPEC, repeatable; default random' })
    .option('ensemble', {
      type: 'string',
      array: true,
      describe:
        "play every mix under an ensemble and call it even only if it is for all: alone, the default members (heuristic, heuristic:fakeClaim=0, heuristic:bus=0, belief); or one seating per value ('belief werewolves=heuristic'); each under speaking orders seat and after-victim",
    })
    .option('tolerance', { ...NUMBER, describe: 'with --ensemble: a mix is even when every member’s 95% interval is within 50% ± this (default 0.05)' })
    .option('seed', { type: 'string', describe: `the sweep's seed (default ${DEFAULT_SEED}): every cell's run uses it` })
    .option('precision', { ...NUMBER, describe: `a cell stops once its 95% interval is within ± this (default ${DEFAULT_PRECISION})` })
    .option('batch', { ...NUMBER, describe: `games between a cell's checkpoints (default ${DEFAULT_BATCH})` })
    .option('max-games', { ...NUMBER, describe: 'games at most per cell (default: enough for any cell to reach the precision)' })
    .option('db', { type: 'string', describe: `results database (default ${DEFAULT_DB})` })
    .option('workers', { ...NUMBER, describe: `worker threads (${WORKERS_DEFAULT})` })
    .option('concurrency', { ...NUMBER, describe: 'games in flight for asynchronous (LLM) agents (default 16)' })
    .option('json', { type: 'boolean', default: false, describe: 'print one JSON object on stdout (no progress bar)' });
}

export interface BalanceCliArgs {
  preset?: string;
  players?: string;
  wolves?: string;
  with?: string[];
  subsets: boolean;
  tables: boolean;
  rule?: string[];
  agents?: string[];
  ensemble?: string[];
  tolerance?: string;
  seed?: string;
  precision?: string;
  batch?: string;
  'max-games'?: string;
  db?: string;
  workers?: string;
  concurrency?: string;
  json: boolean;
}

export function reportOptions<T>(y: Argv<T>) {
  return y
    .option('db', { type: 'string', describe: `results database (default ${DEFAULT_DB})` })
    .option('out', { type: 'string', describe: 'write the HTML report, CSV and JSON of every table, and replays into this directory' })
    .option('replay', { type: 'string', array: true, describe: 'RUN:GAME to replay as a transcript page (with --out; default: the first game of the first 3 runs)' })
    .option('run', { type: 'string', array: true, describe: 'only these run ids (default: every run)' })
    .option('compare', { type: 'string', array: true, describe: 'RUN:RUN: compare the village win rates of two runs’ configurations (repeatable; any rule sets or agents)' })
    .option('tournament', { type: 'string', array: true, describe: 'only this tournament and its runs (repeatable; default: every run, and every tournament rated)' })
    .option('json', { type: 'boolean', default: false, describe: 'print the tables as one JSON object instead of text' })
    .option('anchor', { type: 'string', array: true, describe: 'the leaderboards\' anchors, as sim leaderboard --anchor (repeatable)' })
    .option('policy', { type: 'string', describe: `the leaderboards' failure policy, as sim leaderboard --policy; default: the stored one` })
    .option('metrics', { type: 'string', describe: 'the behaviour metrics in the text report: summary (default: the skill signals of each agent and side) or all (every metric, per role)' })
    .option('run-agents', RUN_AGENTS);
}

export interface ReportCliArgs {
  db?: string;
  out?: string;
  replay?: string[];
  run?: string[];
  compare?: string[];
  tournament?: string[];
  json: boolean;
  runAgents?: boolean;
  anchor?: string[];
  policy?: string;
  metrics?: string;
}
