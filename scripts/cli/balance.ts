// `sim balance` and `sim report`: flags and wiring; the work is in reports/
// (runBalance, runReport), which return errors as values.

import { onInterrupt } from './interrupt.js';
import type { Argv } from 'yargs';
import { runBalance } from '../../commands/balance.js';
import { runReport } from '../../commands/report.js';
import { DEFAULT_BATCH, DEFAULT_PRECISION } from '../../tournaments/sweep-schedule.js';
import { DEFAULT_DB, DEFAULT_SEED, executionFrom, listFlag, NUMBER, policyFrom, RUN_AGENTS } from './args.js';
import { join } from 'node:path';
import { EXIT_INTERRUPTED, fail, unwrap } from './errors.js';
import { progressBar } from './progress.js';
import { terminalWidth, type CliIo } from './io.js';

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
    .option('workers', { ...NUMBER, describe: 'worker threads (default: all cores; 0 = this thread)' })
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

export async function balanceCommand(a: BalanceCliArgs, io: CliIo): Promise<number> {
  const exec = executionFrom({ workers: a.workers, concurrency: a.concurrency, batch: undefined, json: a.json }, io);
  // One bar for the whole sweep: its total is the games the sweep will likely need (an
  // estimate that firms up round by round), its rate and ETA over the last seconds.
  const bar = progressBar(!a.json, io);
  const interrupt = onInterrupt(io, { clear: () => bar.stop(), continueHint: 'run the same sim balance again to continue' });
  try {
    const r = await runBalance(
      {
        db: a.db ?? DEFAULT_DB,
        width: terminalWidth(io),
        presets: a.preset ?? 'standard',
        players: a.players ?? '8-18',
        wolves: a.wolves ?? 'auto',
        with: listFlag('with', a.with, 'seer,witch'),
        subsets: a.subsets,
        tables: a.tables,
        rules: listFlag('rule', a.rule, 'tie=none'),
        agents: listFlag('agents', a.agents, 'heuristic'),
        ensemble: a.ensemble,
        tolerance: a.tolerance,
        seed: a.seed ?? DEFAULT_SEED,
        precision: a.precision,
        batch: a.batch,
        maxGames: a['max-games'],
        workers: exec.workers,
        concurrency: exec.concurrency,
        json: a.json,
      },
      {
        shouldStop: interrupt.stopping,
        onProgress: (p) => bar.update(p.stored, p.expected, `round ${p.round} · ${p.open}/${p.cells} open ·`),
      },
    );
    bar.stop();
    const out = unwrap(r);
    io.stdout.write(out.stdout);
    return out.sweep.stopped ? EXIT_INTERRUPTED : 0;
  } finally {
    interrupt.dispose();
    bar.stop();
  }
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

export async function reportCommand(a: ReportCliArgs, io: CliIo): Promise<number> {
  const runs = a.run?.map((t) => {
    if (!/^\d+$/.test(t.trim())) fail(`--run '${t}' is not a run id (a whole number; sim runs lists them)`);
    return Number(t);
  });
  const tournaments = a.tournament?.map((t) => {
    if (!/^\d+$/.test(t.trim())) fail(`--tournament '${t}' is not a tournament id (a whole number; sim tournament prints it)`);
    return Number(t);
  });
  const anchors = a.anchor === undefined ? undefined : listFlag('anchor', a.anchor, 'random');
  const policy = a.policy === undefined ? undefined : policyFrom(a.policy);
  const metricRows = a.metrics === undefined ? 'summary' : a.metrics.trim().toLowerCase();
  if (metricRows !== 'summary' && metricRows !== 'all') fail(`--metrics '${a.metrics}': choose summary or all (e.g. --metrics all)`);
  if (metricRows === 'all' && (a.json || a.out !== undefined))
    fail(`--metrics all applies to the text report: ${a.json ? 'the JSON holds' : 'the HTML report (its full tables in a collapsed part) and its CSV and JSON files hold'} every metric already`);
  const r = unwrap(
    await runReport({ width: terminalWidth(io), db: a.db ?? DEFAULT_DB, out: a.out, json: a.json, replays: a.replay ?? [], runs, compare: a.compare, tournaments, runAgents: a.runAgents, anchors, policy, metricRows }),
  );
  io.stdout.write(r.stdout);
  if (a.out !== undefined && !a.json) io.stdout.write(`report written: ${join(a.out, 'index.html')} (${r.files.length} files)\n`);
  if (r.mismatches > 0) {
    io.stderr.write(`${r.mismatches} replay${r.mismatches === 1 ? '' : 's'} differ from the stored results (see the replay pages)\n`);
    return 1;
  }
  return 0;
}
