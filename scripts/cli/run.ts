// `sim [run]` and `sim resume`: play a run (or what is missing of one), store it, print
// the results. Ctrl-C stops cleanly: the chunks in flight are stored, and `sim resume`
// plays the rest; a second Ctrl-C quits at once (the database is safe either way).
// A seating with models goes through llm-run.ts (loaded only then): the record, the
// budget, and games that may end unfinished (not stored; a resume replays them). A
// seating with process agents (`exec:`) has them started and greeted before any file is
// opened (exec-run.ts), and stopped when the command ends, however it ends.

import { visibleLine } from '../../narrate/escape.js';
import { visible } from '../../narrate/escape.js';
import { onInterrupt } from './interrupt.js';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import type { Seating } from '../../agents/registry.js';
import { runKey, type RunConfig } from '../../runs/run-config.js';
import { agentsNotRun, configOfRun } from '../../runs/replay.js';
import { runGames } from '../../runs/runner.js';
import { Store, type RunRow } from '../../runs/storage.js';
import { inspectDbFile, removeDbFiles } from '../../runs/db-file.js';
import { codeHash, versions } from '../../runs/version.js';
import { dbPathFrom, DEFAULT_DB, executionFrom, runConfigFrom, type ExecutionArgs, type RunArgs } from './args.js';
import { EXIT_INTERRUPTED, EXIT_WRITE, fail, unwrap } from './errors.js';
import { humanSummary, jsonSummary, runHeader } from './format.js';
import { checkStoredEndpoints, llmSettingsFrom, noLlmFlags, type LlmArgs, type LlmSettings } from './llm-args.js';
import type { LlmRunSession } from './llm-run.js';
import { progressBar } from './progress.js';
import type { ExecHost } from '../../agents/exec/host.js';
import { execCommandsOf } from '../../agents/exec/kind.js';
import { runFailures, type RunFailures } from '../../tournaments/failure-policy.js';
import { execSettingsFrom, execSummary, openGivenLog, openLogWithoutDb, startExec, type ExecArgs, type ExecSettings } from './exec-run.js';
import type { CliIo } from './io.js';
import { grouped } from '../../narrate/numbers.js';

export interface RunCommandArgs extends RunArgs, ExecutionArgs, LlmArgs, ExecArgs {
  db?: string | boolean | undefined;
  resume: boolean;
}

type Execution = ReturnType<typeof executionFrom>;

interface LlmPlan {
  readonly settings: LlmSettings;
  readonly mod: typeof import('./llm-run.js');
}

/** For a seating with models: the LLM flags checked, and the models' keys, URLs and prices; else the LLM flags refused. */
async function llmPlan(a: LlmArgs, seating: Seating, io: CliIo): Promise<LlmPlan | null> {
  if (llmSpecsOf(seating).length === 0) {
    noLlmFlags(a, seating.text);
    return null;
  }
  const settings = llmSettingsFrom(a, io.env);
  const mod = await import('./llm-run.js');
  if (!settings.dryRun) mod.checkModels(seating, settings, settings.maxCost ?? null);
  return { settings, mod };
}

export async function runCommand(a: RunCommandArgs, io: CliIo): Promise<number> {
  const config = runConfigFrom(a);
  const exec = executionFrom(a, io);
  const llm = await llmPlan(a, config.seating, io);
  const agentSettings = execSettingsFrom(a, [config.seating]);
  if (llm?.settings.dryRun === true) return llm.mod.dryRun(config, llm.settings, exec.json, io);
  const dbPath = dbPathFrom(a.db);
  if (dbPath === null) {
    if (a.resume) fail('--resume continues a stored run: it needs a database (drop --no-db, or give --db PATH)');
    if (llm !== null && llm.settings.cache === undefined)
      fail('a run with LLM seats records every call (to replay and resume it without paying twice): with --no-db, give --llm-cache PATH for the record, or drop --no-db');
  }
  // Everything is checked: the process agents start (and must greet) before any file is opened.
  const agents = agentSettings === null ? undefined : { host: await startExec([config.seating], agentSettings, { seed: config.seed }, io), settings: agentSettings };
  try {
    return await runWith(io, a, { config, exec, dbPath, agents }, llm);
  } finally {
    await agents?.host.close();
  }
}

async function runWith(io: CliIo, a: RunCommandArgs, t: PlayTarget, llm: LlmPlan | null): Promise<number> {
  const { config, dbPath, agents } = t;
  if (dbPath === null) {
    if (agents !== undefined) openLogWithoutDb(agents.host, agents.settings);
    return llm !== null ? playLlm(io, t, llm) : play(io, t);
  }
  const state = inspectDbFile(dbPath);
  const store = unwrap(Store.open(dbPath, 'write'));
  let dropped = false;
  try {
    let resume: RunRow | undefined;
    if (a.resume) {
      const found = store.findRun(runKey(config), config.shard.k, config.shard.n);
      if (found === undefined) io.stderr.write(`note: no earlier run of this configuration in ${dbPath}; starting one\n`);
      else if (found.codeHash !== codeHash())
        io.stderr.write(
          `note: run ${found.id} in ${dbPath} has this configuration but was played by other code (${found.codeHash}, now ${codeHash()}); starting a new run\n`,
        );
      else resume = found;
    }
    // A resumed run keeps the policy it was started under (its figure so far was read under it).
    if (resume !== undefined && a.policy !== undefined && config.policy !== resume.policy)
      fail(
        `--policy ${config.policy}: run ${resume.id} in ${dbPath}, which --resume continues, was started under ${resume.policy}; a run keeps its policy. ` +
          `Drop --policy to continue it (its summary shows the village under every policy), or drop --resume to start a run under ${config.policy}`,
      );
    const target = { ...t, config: resume === undefined ? config : { ...config, policy: resume.policy }, store, resume };
    if (agents !== undefined) openGivenLog(agents.host, agents.settings);
    if (llm !== null) return await playLlm(io, target, llm, () => (dropped = true));
    return await play(io, target);
  } finally {
    store.close();
    // A run refused at its first call is not kept; nor is the file made for it.
    if (dropped && state.ok && state.value === 'missing') removeDbFiles(dbPath);
  }
}

/** Where and how a run is played: its configuration, the execution flags, the results file. */
interface PlayTarget {
  readonly config: RunConfig;
  readonly exec: Execution;
  /** The results file's path and its open store (null and undefined with --no-db). */
  readonly dbPath: string | null;
  readonly store?: Store | undefined;
  /** The stored run this continues (undefined: a new run). */
  readonly resume?: RunRow | undefined;
  /** The run's process agents (`exec:` seats), started, and their settings. */
  readonly agents?: { readonly host: ExecHost; readonly settings: ExecSettings } | undefined;
}

/**
 * A run with LLM seats: its record opened (a resumed run's must be there already), the
 * run row made (a new run) and registered in the record with its budget, then played.
 * `onDropped`: the run was refused at its first call and not kept.
 */
async function playLlm(io: CliIo, t: PlayTarget, plan: LlmPlan, onDropped?: () => void): Promise<number> {
  const { settings, mod } = plan;
  const record = mod.openRecordOf(settings, t.dbPath, t.store, t.resume !== undefined);
  let session: LlmRunSession | undefined;
  let dropped = false;
  try {
    session = mod.LlmRunSession.start({
      config: t.config,
      settings,
      record,
      store: t.store,
      resume: t.resume,
      newRun: () => t.store?.createRun(t.config, runKey(t.config), versions()),
      exec: t.agents?.host,
    });
    const run = session.results?.run;
    return await play(io, { ...t, resume: run }, session, () => {
      dropped = true;
      onDropped?.();
    });
  } finally {
    session?.close();
    record.close();
    if (dropped && record.createdNow) removeDbFiles(record.path);
  }
}

export interface ResumeArgs extends ExecutionArgs, LlmArgs, ExecArgs {
  db?: string | undefined;
  run?: string | undefined;
  runAgents?: boolean | undefined;
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
  return { run, config: unwrap(configOfRun(run, what)) };
}

export async function resumeCommand(a: ResumeArgs, io: CliIo): Promise<number> {
  const exec = executionFrom(a, io);
  const dbPath = a.db ?? DEFAULT_DB;
  if (dbPath.trim() === '') fail('--db needs a file path');
  // Everything is checked read-only first: a refused resume changes nothing.
  const check = unwrap(Store.open(dbPath, 'read'));
  let id: number;
  let llm: LlmPlan | null;
  let agentSettings: ExecSettings | null;
  let seating: Seating;
  let seed: string;
  try {
    const { run, config } = storedRun(check, a.run, 'resumed');
    id = run.id;
    // A run that ended by design (a test decided, a ranking settled) is finished: nothing to
    // play, whichever code played it.
    const end = check.runEnd(run.id);
    const stored = check.storedCount(run.id);
    if (end !== undefined && stored < run.stop - run.first) {
      io.stdout.write(
        `run ${run.id} ended by design after ${grouped(stored)} of its ${grouped(run.stop - run.first)} planned games: ${visibleLine(end.why)}. ` +
          'It is finished, not stopped: there is nothing to resume, and nothing was played.\n',
      );
      return 0;
    }
    if (run.codeHash !== codeHash())
      fail(
        `run ${run.id} was played by other code (code hash ${run.codeHash}${run.git === null ? '' : `, git ${run.git}`}; this is ${codeHash()}): ` +
          'resuming would mix games of two versions into one result. Start a new run with this version instead',
      );
    // The file names the programs and servers: started and called only when the user says so.
    const programs = execCommandsOf(config.seating).map((c) => c.text);
    if (programs.length > 0 && a.runAgents !== true) fail(`run ${run.id}: ${agentsNotRun(programs, 'resuming it')}`);
    checkStoredEndpoints(llmSpecsOf(config.seating), a, `run ${run.id}`);
    llm = await llmPlan(a, config.seating, io);
    agentSettings = execSettingsFrom(a, [config.seating]);
    seating = config.seating;
    seed = config.seed;
  } finally {
    check.close();
  }
  const agents = agentSettings === null ? undefined : { host: await startExec([seating], agentSettings, { seed }, io), settings: agentSettings };
  try {
    const store = unwrap(Store.open(dbPath, 'update'));
    try {
      const { run, config } = storedRun(store, String(id), 'resumed');
      if (agents !== undefined) openGivenLog(agents.host, agents.settings);
      if (llm !== null) return await playLlm(io, { config, exec, dbPath, store, resume: run, agents }, llm);
      return await play(io, { config, exec, dbPath, store, resume: run, agents });
    } finally {
      store.close();
    }
  } finally {
    await agents?.host.close();
  }
}

/** Plays the run (with its LLM session when it seats models); `dropped` is called when that run was refused at its first call and not kept. */
async function play(io: CliIo, t: PlayTarget, llm?: LlmRunSession, dropped?: () => void): Promise<number> {
  const { config, exec, dbPath, store, resume } = t;
  // The header first: what is played and where it goes, before the bar and the wait. A run
  // with models shows it once its first game is stored (or at its end): a run refused at
  // its first call is not kept, and prints nothing on stdout.
  let headerShown = false;
  const header = () => {
    if (headerShown) return;
    headerShown = true;
    if (!exec.json) io.stdout.write(runHeader(config, dbPath, resume?.id ?? null));
  };
  if (llm === undefined) header();
  const bar = progressBar(!exec.json, io);
  let runId = resume?.id;
  const interrupt = onInterrupt(io, {
    clear: () => bar.stop(),
    continueHint: () => (runId === undefined || dbPath === null ? 'sim resume plays the rest' : `continue with: sim resume --db ${dbPath} --run ${runId}`),
    onFirst: () => llm?.interrupt(),
    ...(llm === undefined
      ? {}
      : { stoppingMessage: 'stopping: no new call; the calls in flight end and are recorded, their games are left for the resume' }),
  });
  const stopping = interrupt.stopping;
  let before = -1;
  try {
    const outcome = await runGames(config, {
      workers: exec.workers,
      threadFirst: exec.threadFirst,
      concurrency: exec.concurrency,
      // LLM games are slow and dear: each is stored as soon as it ends.
      batch: exec.batch ?? (llm === undefined ? undefined : 1),
      store,
      resume,
      shouldStop: llm === undefined ? stopping : () => stopping() || llm.stopped(),
      onRun: (run) => (runId = run.id),
      playAsync: llm?.play,
      exec: t.agents?.host,
      onProgress: (done, total) => {
        if (before < 0) before = done; // the first call: games stored before this invocation
        if (done > before) header();
        if (headerShown) bar.update(done, total);
      },
    });
    bar.stop();
    // The processes end first (the games are over): the summary counts every line they wrote.
    await t.agents?.host.close();
    const end = llm?.finish(outcome);
    // A run refused at its first call is not kept: no run to name, nothing stored, no
    // header. Its --json object is printed all the same (the requests sent, the reason),
    // stdout staying one parseable object; the text summary is the stderr paragraph alone.
    const kept = end?.dropped !== true;
    const firstStored = kept && store !== undefined && outcome.run !== null ? store.firstStored(outcome.run.id) : undefined;
    const summary = {
      config,
      outcome: kept ? outcome : { ...outcome, run: null },
      db: kept ? dbPath : null,
      workers: exec.workers,
      before: Math.max(0, before),
      llm: end,
      exec: t.agents === undefined ? undefined : execSummary(t.agents.host),
      firstStored,
      failures: kept && store !== undefined && outcome.run !== null ? failuresOf(store, outcome.run) : undefined,
    };
    if (kept) header();
    if (exec.json) io.stdout.write(JSON.stringify(jsonSummary(summary)) + '\n');
    else if (kept) io.stdout.write(humanSummary(summary, false));
    if (!kept) dropped?.();
    const failure = outcome.writeFailure;
    if (failure !== null && outcome.run !== null) {
      io.stderr.write(
        `sim: writing ${dbPath} failed: ${failure.why} (${failure.message}). The run stopped; its ${outcome.tally.games} games stored ` +
          `before are safe (the batch that failed was rolled back). ${failure.fix}, then continue with: sim resume --db ${dbPath} --run ${outcome.run.id}\n`,
      );
      return EXIT_WRITE;
    }
    if (end?.stop != null) {
      io.stderr.write(visible(end.stop.message) + '\n');
      return end.stop.exit;
    }
    if (outcome.tally.games < outcome.planned) {
      const hint = outcome.run === null ? '' : `; continue with: sim resume --db ${dbPath} --run ${outcome.run.id}`;
      io.stderr.write(`stopped after ${outcome.tally.games} of ${outcome.planned} games${hint}\n`);
      return EXIT_INTERRUPTED;
    }
    return 0;
  } finally {
    interrupt.dispose();
    bar.stop();
  }
}

/** The run's failures under each policy, where an agent fell back in a stored game; undefined where none did. */
function failuresOf(store: Store, run: RunRow): RunFailures | undefined {
  if (!store.anyFallbacks(run.id)) return undefined;
  return runFailures(store.winnersIn(run.id, run), store.sideFallbacksIn(run.id, run));
}
