// `sim balance` and `sim report`: wiring (their flags: flags/balance.ts); the work is in
// reports/ (runBalance, runReport), which return errors as values.

import { onInterrupt } from './interrupt.js';
import { runBalance } from '../../commands/balance.js';
import { runReport } from '../../commands/report.js';
import { DEFAULT_DB, DEFAULT_SEED, executionFrom, listFlag, policyFrom } from './args.js';
import { join } from 'node:path';
import { EXIT_INTERRUPTED, fail, unwrap } from './errors.js';
import { progressBar } from './progress.js';
import { terminalWidth, type CliIo } from './io.js';
import type { BalanceCliArgs, ReportCliArgs } from './flags/balance.js';

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
        threadFirst: exec.threadFirst,
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
