// `sim [run]` and `sim resume`: play a run (or what is missing of one), store it, print
// the results. Ctrl-C stops cleanly: the chunks in flight are stored, and `sim resume`
// plays the rest; a second Ctrl-C quits at once (the database is safe either way).

import { runKey, seatingFromText, setupFromJson, type RunConfig } from '../../tournaments/run-config.js';
import { runGames } from '../../tournaments/runner.js';
import { Store, type RunRow } from '../../tournaments/storage.js';
import { codeHash } from '../../tournaments/version.js';
import { dbPathFrom, DEFAULT_DB, executionFrom, runConfigFrom, type ExecutionArgs, type RunArgs } from './args.js';
import { EXIT_INTERRUPTED, fail, unwrap } from './errors.js';
import { humanSummary, jsonSummary } from './format.js';
import { progressBar } from './progress.js';

export interface RunCommandArgs extends RunArgs, ExecutionArgs {
  db?: string | boolean | undefined;
  resume: boolean;
}

type Execution = ReturnType<typeof executionFrom>;

export async function runCommand(a: RunCommandArgs): Promise<number> {
  const config = runConfigFrom(a);
  const exec = executionFrom(a);
  const dbPath = dbPathFrom(a.db);
  if (dbPath === null) {
    if (a.resume) fail('--resume continues a stored run: it needs a database (drop --no-db, or give --db PATH)');
    return play(config, exec, null, undefined, undefined);
  }
  const store = unwrap(Store.open(dbPath, 'write'));
  try {
    let resume: RunRow | undefined;
    if (a.resume) {
      const found = store.findRun(runKey(config), config.shard.k, config.shard.n);
      if (found === undefined) process.stderr.write(`note: no earlier run of this configuration in ${dbPath}; starting one\n`);
      else if (found.codeHash !== codeHash())
        process.stderr.write(
          `note: run ${found.id} in ${dbPath} has this configuration but was played by other code (${found.codeHash}, now ${codeHash()}); starting a new run\n`,
        );
      else resume = found;
    }
    return await play(config, exec, dbPath, store, resume);
  } finally {
    store.close();
  }
}

export interface ResumeArgs extends ExecutionArgs {
  db?: string | undefined;
  run?: string | undefined;
}

/** The stored run to resume or show: `--run R`, or the latest; its configuration rebuilt and checked. */
export function storedRun(store: Store, runArg: string | undefined, what: string): { run: RunRow; config: RunConfig } {
  let run: RunRow | undefined;
  if (runArg === undefined) {
    run = store.latestRun();
    if (run === undefined) fail(`${store.path} holds no runs yet: play one with \`sim --games N --db ${store.path}\``);
  } else {
    const id = /^\d+$/.test(runArg.trim()) ? Number(runArg) : NaN;
    run = Number.isSafeInteger(id) ? store.run(id) : undefined;
    if (run === undefined) {
      const ids = store.runs().map((r) => r.id);
      fail(`${store.path} has no run '${runArg}'; its runs are ${ids.length === 0 ? 'none' : ids.join(', ')} (\`sim runs --db ${store.path}\` lists them)`);
    }
  }
  const setup = unwrap(setupFromJson(run.setupJson, run.setup), `run ${run.id} cannot be ${what}`);
  const seating = unwrap(seatingFromText(run.seating), `run ${run.id} cannot be ${what}`);
  const config: RunConfig = { setup, seed: run.seed, seating, games: run.games, shard: { k: run.shardK, n: run.shardN } };
  if (runKey(config) !== run.key) fail(`run ${run.id} cannot be ${what}: its stored configuration does not match its key (the file was edited?)`);
  return { run, config };
}

export async function resumeCommand(a: ResumeArgs): Promise<number> {
  const exec = executionFrom(a);
  const dbPath = a.db ?? DEFAULT_DB;
  if (dbPath.trim() === '') fail('--db needs a file path');
  // Everything is checked read-only first: a refused resume changes nothing.
  const check = unwrap(Store.open(dbPath, 'read'));
  let id: number;
  try {
    const { run } = storedRun(check, a.run, 'resumed');
    if (run.codeHash !== codeHash())
      fail(
        `run ${run.id} was played by other code (code hash ${run.codeHash}${run.git === null ? '' : `, git ${run.git}`}; this is ${codeHash()}): ` +
          'resuming would mix games of two versions into one result. Start a new run with this version instead',
      );
    id = run.id;
  } finally {
    check.close();
  }
  const store = unwrap(Store.open(dbPath, 'update'));
  try {
    const { run, config } = storedRun(store, String(id), 'resumed');
    return await play(config, exec, dbPath, store, run);
  } finally {
    store.close();
  }
}

async function play(config: RunConfig, exec: Execution, dbPath: string | null, store: Store | undefined, resume: RunRow | undefined): Promise<number> {
  const bar = progressBar(!exec.json);
  let stopping = false;
  const onSigint = () => {
    if (stopping) {
      bar.stop();
      process.stderr.write('\nquitting now; the stored games are safe (sim resume plays the rest)\n');
      process.exit(EXIT_INTERRUPTED);
    }
    stopping = true;
    bar.stop();
    process.stderr.write('\nstopping: storing the games in flight (Ctrl-C again to quit at once)\n');
  };
  process.on('SIGINT', onSigint);
  let before = -1;
  try {
    const outcome = await runGames(config, {
      workers: exec.workers,
      concurrency: exec.concurrency,
      batch: exec.batch,
      store,
      resume,
      shouldStop: () => stopping,
      onProgress: (done, total) => {
        if (before < 0) before = done; // the first call: games stored before this invocation
        bar.update(done, total);
      },
    });
    bar.stop();
    const summary = { config, outcome, db: dbPath, workers: exec.workers, before: Math.max(0, before) };
    process.stdout.write(exec.json ? JSON.stringify(jsonSummary(summary)) + '\n' : humanSummary(summary));
    if (outcome.tally.games < outcome.planned) {
      const hint = outcome.run === null ? '' : `; continue with: sim resume --db ${dbPath} --run ${outcome.run.id}`;
      process.stderr.write(`stopped after ${outcome.tally.games} of ${outcome.planned} games${hint}\n`);
      return EXIT_INTERRUPTED;
    }
    return 0;
  } finally {
    process.off('SIGINT', onSigint);
    bar.stop();
  }
}
