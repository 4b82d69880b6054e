// The `sim` command line (yargs): run (default), resume, show, fork, persuasion, merge, runs, presets,
// rules, agents, balance, tournament, sprt, plan, leaderboard, invariance, report, metrics. Returns the exit code: 0 done, 1 a replay
// that differs from what was stored, 2 a usage error (message on stderr, no stack, nothing written), 3 an LLM run
// stopped by its budget or an incomplete replay record, 4 an LLM run stopped by its
// provider (key refused, unknown model, server unreachable), 5 a write failed (disk full,
// read-only, I/O error), 130 stopped (Ctrl-C), 143 and 129 stopped by SIGTERM and SIGHUP (interrupt.ts). A damaged database met anywhere is a usage
// error naming the file (exit 2); a write that fails anywhere is exit 5 (run and resume
// stop cleanly and print the resume command themselves: run.ts).

import { COMPLETION_SCRIPT } from './completion.js';
import yargs from 'yargs';
import { codeHash, gitDescribe, packageVersion } from '../../runs/version.js';
import { closest } from '../../engine/index.js';
import { executionOptions, NUMBER, RUN_AGENTS, RUN_GROUP, setupOptions } from './args.js';
import { agentsCommand, presetsCommand, rulesCommand, runsCommand } from './catalog.js';
import { balanceOptions, reportOptions, type BalanceCliArgs, type ReportCliArgs } from './flags/balance.js';
import { existsSync } from 'node:fs';
import { visibleLine } from '../../narrate/escape.js';
import { damagedMessage, damageOf, DEFAULT_LOCK_WAIT_MS, isDamage, setLockWait, storedValueMessage, writeFailureOf } from '../../runs/db-file.js';
import { StoredValueError } from '../../runs/stored-value.js';
import { DEFAULT_DB } from './args.js';
import { EXIT_USAGE, EXIT_WRITE, UsageError } from './errors.js';
import { llmOptions, TRUST_FILE } from './llm-args.js';
import { execOptions } from './exec-run.js';
import { metricsOptions, type MetricsCliArgs } from './flags/metrics.js';
import { resumeCommand, runCommand, storedRun } from './run.js';
import { leaderboardOptions, type LeaderboardCliArgs } from './flags/leaderboard.js';
import { invarianceCliOptions, type InvarianceCliArgs } from './flags/invariance.js';
import { planOptions, type PlanCliArgs } from './flags/plan.js';
import type { ForkArgs } from './fork.js';
import type { PersuasionArgs } from './persuasion.js';
import { sprtOptions, type SprtCliArgs } from './flags/sprt.js';
import { tournamentOptions, type TournamentCliArgs } from './flags/tournament.js';
import type { TableArgs } from './table.js';
import type { CliIo } from './io.js';

const EXAMPLES: [string, string][] = [
  ['sim --games 10000', '10,000 games of the standard 8-player table into werewolf.db'],
  ['sim --preset classic --players 12 --games 5000 --json', "001's 12-player table, results as JSON"],
  ['sim --roles werewolf=2,seer,witch,villager=5 --rule tie=random', 'an explicit mix with a rule changed'],
  ['sim --games 1000000 --shard 3/8 --db shard-3.db', 'the third of 8 shards of a run (one per machine)'],
  ['sim resume', 'continue the latest run of werewolf.db after a stop'],
  ['sim show --game 17', 'the transcript of game 17 of the latest run, its decisions numbered'],
  ['sim fork --game 17 --at 24 --silence', 'game 17 again with decision #24 (a speech) silenced, beside the original'],
  ['sim persuasion --games 500 --agents heuristic', "what the heuristic agent's speeches change in the votes of their day, with intervals"],
  ['sim merge shard-*.db --into all.db', 'the shards of a run as one run'],
  ['sim balance --players 8-18 --with seer', 'which number of werewolves gives an even game, per player count'],
  ['sim report --out report/', 'the HTML report (charts), CSV and JSON of werewolf.db'],
  ['sim tournament --agents random --agents heuristic --games 500', 'rate two agents as wolves and as village, on shared deals'],
  ['sim sprt --candidate heuristic:fakeClaim=0 --baseline heuristic --side werewolves', 'is one agent better than another as wolves? as few games as it takes'],
  ["sim --agents heuristic --agents 'werewolves=exec:python3 examples/agents/heuristic_bot.py'", 'a Python program plays the werewolves (docs/protocol.md)'],
  ["sim agent-check 'exec:python3 my_bot.py'", 'check a process agent against the protocol'],
  ['sim --games 20 --agents werewolves=openai:gpt-4o-mini --dry-run', 'the tokens and cost of 20 games with LLM wolves, estimated'],
  ['sim --games 20 --agents openai:gpt-4o-mini --max-cost 2', 'the same, played (OPENAI_API_KEY), stopping before $2 is spent'],
];

/** The database files a command's arguments name (the default one when --db is not given). */
function databasesOf(a: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (typeof a['db'] === 'string') out.push(a['db']);
  else if (a['db'] !== false) out.push(DEFAULT_DB);
  for (const k of ['inputs', 'into', 'llmCache']) {
    const v = a[k];
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') out.push(x);
  }
  return out;
}

/**
 * The paragraph for an error a user's file caused rather than a bug: a damaged database
 * (exit 2, naming the file SQLite's check finds damaged) or a failed write (exit 5).
 */
function fileProblem(e: unknown, databases: readonly string[]): { message: string; exit: number } | null {
  if (e instanceof StoredValueError) {
    // The decoders name the run and game; the file is one of the command's databases.
    const files = databases.filter((f) => existsSync(f));
    return { message: storedValueMessage(files.join(' or ') || 'a database', e), exit: EXIT_USAGE };
  }
  if (isDamage(e)) {
    for (const f of databases) {
      const problem = existsSync(f) ? damageOf(f) : null;
      if (problem !== null) return { message: damagedMessage(f, `SQLite's check: ${problem}`), exit: EXIT_USAGE };
    }
    return { message: damagedMessage(databases.join(' or ') || 'a database', `SQLite: ${e.message}`), exit: EXIT_USAGE };
  }
  const failure = writeFailureOf(e);
  if (failure === null) return null;
  const path = (e as { path?: unknown }).path;
  const what = typeof path === 'string' ? path : databases.join(', ');
  return {
    message:
      `writing ${what} failed: ${failure.why} (${(e as Error).message}). Nothing stored before is lost (every batch is one transaction; ` +
      `one that failed was rolled back). ${failure.fix} and run the command again: runs, sweeps and tournaments continue where they stopped`,
    exit: EXIT_WRITE,
  };
}

/**
 * SIM_LOCK_WAIT: how many seconds a write waits for another process's lock on a results
 * file (default 10). The wait in ms, or the paragraph saying what is wrong with it.
 */
function lockWaitFrom(env: CliIo['env']): number | string {
  const v = env['SIM_LOCK_WAIT'];
  if (v === undefined || v === '') return DEFAULT_LOCK_WAIT_MS;
  const s = Number(v.trim());
  if (!/^\s*\d+(\.\d+)?\s*$/.test(v) || !(s <= 3600))
    return `SIM_LOCK_WAIT=${visibleLine(v)} is not a number of seconds from 0 to 3600: it says how long a write waits for another process's lock on a results file (default 10). Set it to a number, or unset it`;
  return Math.round(s * 1000);
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let code = 0;
  const wait = lockWaitFrom(io.env);
  if (typeof wait === 'string') {
    io.stderr.write(`sim: ${wait}\n`);
    return EXIT_USAGE;
  }
  setLockWait(wait);
  // --version (-V) anywhere, or `sim version`: the version and the code hash that runs store (runs/version.ts).
  if (argv.includes('--version') || argv.includes('-V') || (argv.length === 1 && argv[0] === 'version')) {
    const git = gitDescribe();
    io.stdout.write(`sim ${packageVersion()} · code ${codeHash()}${git === null ? '' : ` · git ${git}`} · node ${process.versions.node}\n`);
    return 0;
  }
  if (argv.length === 1 && argv[0] === 'completion') {
    io.stdout.write(COMPLETION_SCRIPT);
    return 0;
  }
  let databases: string[] = [];
  const cli = yargs([...argv])
    .scriptName('sim')
    .usage('$0 [command] [options] — Werewolf simulations, stored in SQLite')
    .version(false)
    .option('version', { alias: 'V', type: 'boolean', describe: 'print the version and the code hash that runs store' })
    .help('help')
    .alias('help', 'h')
    // Answers --get-yargs-completions (the script `sim completion` prints asks it); the command itself is main's.
    .completion('completion', false)
    .strict()
    .wrap(Math.min(80, io.stdout.columns ?? 80))
    .command(
      ['run', '$0'],
      'play a run of games (the default command)',
      (y) =>
        execOptions(llmOptions(executionOptions(setupOptions(y)), true))
          .option('games', { ...NUMBER, group: RUN_GROUP, describe: 'games in the run (default 1000)' })
          .option('seed', { type: 'string', group: RUN_GROUP, describe: 'the run seed (default 1): game i is seeded "<seed>#<i>"; 1–64 letters, digits, marks, punctuation, symbols or spaces of any script, not # or / (NFC-normalized)' })
          .option('db', { type: 'string', group: RUN_GROUP, describe: 'results database (default werewolf.db); --no-db stores nothing' })
          .option('shard', { type: 'string', group: RUN_GROUP, describe: "k/n: play only the k-th of n parts of the run's games" })
          .option('resume', { type: 'boolean', group: RUN_GROUP, default: false, describe: 'continue the stored run of this configuration if there is one' })
          .option('policy', { type: 'string', group: RUN_GROUP, describe: "what a game in which an agent fell back counts for in the run's figure, stored with it: keep (default), forfeit or void (docs/sequential.md)" }),
      async (a) => {
        code = await runCommand(a as Parameters<typeof runCommand>[0], io);
      },
    )
    .command(
      'resume',
      'continue a stopped run (default: the latest run of the database)',
      (y) =>
        execOptions(llmOptions(executionOptions(y), false))
          .option('run', { ...NUMBER, group: RUN_GROUP, describe: 'run id (default: the latest)' })
          .option('db', { type: 'string', group: RUN_GROUP, describe: 'results database (default werewolf.db)' })
          .option('llm-trust-file', TRUST_FILE)
          .option('run-agents', { ...RUN_AGENTS, describe: "start the programs of the run's process agents (a results file can name any command: give it only for a file you trust)" }),
      async (a) => {
        code = await resumeCommand(a as Parameters<typeof resumeCommand>[0], io);
      },
    )
    .command(
      'show',
      'print one game as a transcript, replayed from a stored run or from --seed and setup flags',
      (y) =>
        execOptions(setupOptions(y, 'Replay without a database (with --seed):'))
          .option('game', { ...NUMBER, describe: 'game index (from 0)' })
          .option('run', { ...NUMBER, describe: 'run id (default: the latest run of the database)' })
          .option('db', { type: 'string', describe: 'results database (default werewolf.db)' })
          .option('seed', { type: 'string', describe: 'replay without a database: the run seed (with the setup flags)' })
          .option('llm-cache', { type: 'string', describe: 'the LLM record to replay a game with models from (default: the results database)' })
          .option('html', { type: 'string', describe: 'write the game as an interactive replay page (one self-contained file) instead of printing its transcript' })
          .option('json', { type: 'boolean', default: false, describe: 'print the game as one JSON object (setup, seats, events with who saw each, result)' })
          .option('run-agents', RUN_AGENTS),
      async (a) => {
        const { showCommand } = await import('./show.js');
        code = await showCommand(a as Parameters<typeof showCommand>[0], storedRunForShow, io);
      },
    )
    .command(
      'fork',
      'replay a stored game up to decision N (as sim show numbers them), change it, play on, and show the original and the fork side by side',
      (y) =>
        llmOptions(y, true)
          .option('llm-trust-file', TRUST_FILE)
          .option('db', { type: 'string', describe: 'results database (default werewolf.db)' })
          .option('run', { type: 'string', describe: 'run id (default: the latest run of the database)' })
          .option('game', { type: 'string', describe: 'game index (from 0)' })
          .option('at', { type: 'string', describe: 'the decision to change: its number #N in sim show' })
          .option('silence', { type: 'boolean', describe: 'the speech at N says nothing (no text, no claims)' })
          .option('say', { type: 'string', describe: 'the speech at N says this text instead (with --claim: and these claims)' })
          .option('claim', { type: 'string', array: true, describe: 'the speech at N makes this claim instead, repeatable: seer, seen=P4:werewolf, suspect=P3, trust=P3, vote=P3, action=healed:P2' })
          .option('answer', { type: 'string', describe: 'another answer at N (not a speech): P3, none, keep, peek, heal P3, P1+P4, … or JSON' })
          .option('json', { type: 'boolean', default: false, describe: 'print one JSON object on stdout' })
          .option('out', { type: 'string', describe: 'also write the fork as a self-contained HTML page (FILE.html)' }),
      async (a) => {
        const { forkCommand } = await import('./fork.js');
        code = await forkCommand(a as unknown as ForkArgs, io);
      },
    )
    .command(
      'persuasion',
      'what speeches changed: each day speech of the chosen agents silenced, the rest of its day played K times with and without it (common random numbers); per agent × side, with 95% intervals',
      (y) =>
        llmOptions(y, true)
          .option('llm-trust-file', TRUST_FILE)
          .option('db', { type: 'string', describe: 'results database (default werewolf.db)' })
          .option('run', { type: 'string', describe: 'the run whose games are studied (default: the latest)' })
          .option('tournament', { type: 'string', describe: "a tournament: every pairing run's games" })
          .option('agents', { type: 'string', array: true, describe: 'the agents whose speeches are measured, repeatable (default: every agent of the games)' })
          .option('reference', { type: 'string', describe: "the agent shown beside (default: the tournament's reference, else heuristic)" })
          .option('games', { type: 'string', describe: 'the first N games of each run (default: all stored)' })
          .option('samples', { type: 'string', describe: 'samples of the rest of the day per speech, in each arm (default 8)' })
          .option('silence', { type: 'string', describe: 'what the arm without a speech takes from it: all (default: words and claims), claims (the words stay) or words (the claims stay)' })
          .option('seed', { type: 'string', describe: "the study's seed: its fresh streams after each speech (default 1)" })
          .option('json', { type: 'boolean', default: false, describe: 'print one JSON object (rows as sim metrics prints them)' }),
      async (a) => {
        const { persuasionCommand } = await import('./persuasion.js');
        code = await persuasionCommand(a as unknown as PersuasionArgs, io);
      },
    )
    .command(
      'merge [inputs..]',
      'merge the shard databases of one run into a new database',
      (y) =>
        y
          .positional('inputs', { type: 'string', array: true, describe: 'shard databases' })
          .option('into', { type: 'string', describe: 'the database to write (must not exist)' })
          .option('json', { type: 'boolean', default: false }),
      async (a) => {
        const { mergeCommand } = await import('./merge.js');
        code = mergeCommand(a as Parameters<typeof mergeCommand>[0], io);
      },
    )
    .command(
      'runs',
      'list the runs of a database',
      (y) => y.option('db', { type: 'string', describe: 'results database (default werewolf.db)' }).option('json', { type: 'boolean', default: false }),
      (a) => {
        code = runsCommand(a, io);
      },
    )
    .command(
      'presets',
      'list the presets: tables by player count, rules, notes',
      (y) => y.option('preset', { type: 'string', describe: 'only this preset' }).option('json', { type: 'boolean', default: false }),
      (a) => {
        code = presetsCommand(a, io);
      },
    )
    .command(
      'rules',
      'list every rule option with its values, meaning and value in each preset',
      (y) => y.option('json', { type: 'boolean', default: false }),
      (a) => {
        code = rulesCommand(a, io);
      },
    )
    .command('balance', 'sweep player counts × werewolves × extra roles until each win rate is known to ±precision', balanceOptions, async (a) => {
      const { balanceCommand } = await import('./balance.js');
      code = await balanceCommand(a as unknown as BalanceCliArgs, io);
    })
    .command('tournament', 'rate agents against each other: every pairing of entrants on shared deals (--mode side), or each entrant in each seat among bots (--mode seat)', tournamentOptions, async (a) => {
      const { tournamentCommand } = await import('./tournament.js');
      code = await tournamentCommand(a as unknown as TournamentCliArgs, io);
    })
    .command('sprt', 'is agent A better than agent B on one side by at least delta? a sequential test on shared deals, stopping as soon as it can tell', sprtOptions, async (a) => {
      const { sprtCommand } = await import('./sprt.js');
      code = await sprtCommand(a as unknown as SprtCliArgs, io);
    })
    .command('plan', 'how many games (and dollars) it takes to tell two agents apart, from a pilot; or what would settle a played tournament', planOptions, async (a) => {
      const { planCommand } = await import('./plan.js');
      code = await planCommand(a as unknown as PlanCliArgs, io);
    })
    .command('leaderboard', 'one ranking of every agent that played a setup in the database, across tournaments and tests', leaderboardOptions, async (a) => {
      const { leaderboardCommand } = await import('./leaderboard.js');
      code = leaderboardCommand(a as unknown as LeaderboardCliArgs, io);
    })
    .command('invariance', 'does a rating survive a change that should not matter? entrants rated as dealt and under each control (seats shuffled) on the same deals', invarianceCliOptions, async (a) => {
      const { invarianceCommand } = await import('./invariance.js');
      code = await invarianceCommand(a as unknown as InvarianceCliArgs, io);
    })
    .command('report', 'analyse a database: win rates, balance, role values, game length, causes of death (--out DIR: HTML, CSV, JSON)', reportOptions, async (a) => {
      const { reportCommand } = await import('./balance.js');
      code = await reportCommand(a as unknown as ReportCliArgs, io);
    })
    .command(
      'export',
      'write the stored games as rows for pandas or R: one game, seat or event a line, as JSON lines or CSV on stdout',
      (y) =>
        y
          .option('db', { type: 'string', describe: 'results database (default werewolf.db)' })
          .option('run', { type: 'string', array: true, describe: 'only this run (repeatable; default: every run)' })
          .option('tournament', { type: 'string', describe: "only this tournament's games (its pairings' runs)" })
          .option('format', { type: 'string', describe: 'jsonl (one JSON object a line) or csv' })
          .option('rows', { type: 'string', describe: 'games (default: one game a line), seats (one seat of one game a line) or events (one event of one game a line, replayed: jsonl only)' })
          .option('run-agents', { ...RUN_AGENTS, describe: "--rows events: start the programs of the runs' process agents to replay their games (a results file can name any command: give it only for a file you trust)" }),
      async (a) => {
        const { exportCommand } = await import('./export.js');
        code = await exportCommand(a as Parameters<typeof exportCommand>[0], io);
      },
    )
    .command('metrics', 'behaviour metrics per agent, side and role: irp beside the public-facts observer, claims, role KPIs, errors (docs/metrics.md)', metricsOptions, async (a) => {
      const { metricsCommand } = await import('./metrics.js');
      code = await metricsCommand(a as unknown as MetricsCliArgs, io);
    })
    // Answered before yargs parses (main above); declared here to be listed in --help.
    .command('version', 'print the version and the code hash that runs store (as --version)', (y) => y, () => {})
    .command('completion', 'print a bash completion script (sim completion >> ~/.bashrc)', (y) => y, () => {})
    .command(
      'table',
      'serve one game in which people play seats from a browser beside bots, programs and models: a link per person (SEAT=human, SEAT=human:NAME, or werewolves=human: people on a side)',
      (y) =>
        llmOptions(execOptions(setupOptions(y)), false)
          .option('seed', { type: 'string', describe: 'the game seed (default 1)' })
          .option('clock', { type: 'string', describe: 'seconds a person has for each decision; out of time, the fallback plays for them (default: no clock)' })
          .option('host', { type: 'string', describe: 'the address to serve on (default 127.0.0.1: this machine only)' })
          .option('port', { type: 'string', describe: 'the port (default 0: any free one, printed)' })
          .option('db', { type: 'string', describe: 'results database, where every answer is kept as it is given: the same command goes on after a stop (default werewolf.db); --no-db keeps nothing' })
          .option('games', { type: 'string', describe: 'a series of N games, a new deal each game; at its end each player\'s share of games won with its interval (default 1)' })
          .option('seats', { type: 'string', describe: 'dealt: each person keeps their seat (default); shuffled: each game moves the people to seats of its own draw, spreading the seats\' luck' }),
      async (a) => {
        const { tableCommand } = await import('./table.js');
        code = await tableCommand(a as unknown as TableArgs, io);
      },
    )
    .command('agents', 'list the agent kinds and the seating syntax', (y) => y, () => {
      code = agentsCommand(io);
    })
    .command(
      'agent-check [agent]',
      "check a process agent against the protocol: it plays every seat of a few games of every preset, and every protocol error it makes is listed (exit 1 if any)",
      (y) =>
        y
          .positional('agent', { type: 'string', describe: "the agent, e.g. 'exec:python3 my_bot.py'" })
          .option('games', { type: 'string', describe: 'games per table (default 3)' })
          .option('seed', { type: 'string', describe: 'the seed of the games (default check)' })
          .option('agent-timeout', { type: 'string', describe: 'seconds per answer (default 10)' })
          .option('agent-env', { type: 'string', array: true, describe: 'an environment variable passed on to the agent, repeatable (it gets no API key otherwise)' })
          .option('json', { type: 'boolean', default: false }),
      async (a) => {
        const { agentCheckCommand } = await import('./agent-check.js');
        code = await agentCheckCommand(a as Parameters<typeof agentCheckCommand>[0], io);
      },
    )
    .middleware((a) => {
      // getOptions() is yargs' own (not in its types): the flags the command declares repeatable.
      const repeatable = (cli as unknown as { getOptions(): { array: string[] } }).getOptions().array;
      const twice = repeatedFlags(a as Record<string, unknown>, repeatable);
      if (twice.length > 0)
        throw new UsageError(twice.map((t) => `--${t.flag} is given ${t.values.length === 2 ? 'twice' : `${t.values.length} times`} (${t.values.map(String).join(', ')}): give it once`).join('; '));
      databases = databasesOf(a as Record<string, unknown>);
    }, true)
    .example(EXAMPLES)
    .fail((message, error) => {
      if (error !== undefined && error !== null) throw error;
      // getOptions() is yargs' own (not in its types): every flag the command being parsed knows.
      const known = Object.keys((cli as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key);
      throw new UsageError(`${didYouMean(message, argv, known)} (see sim --help)`);
    })
    .exitProcess(false);
  skipHelpCache(cli);
  try {
    // A callback: yargs hands over what it would print (--help) instead of writing to the console.
    let output = '';
    await cli.parseAsync([...argv], {}, (_e, _a, out) => {
      output = out;
    });
    if (output !== '') io.stdout.write(`${output}\n`);
  } catch (e) {
    if (e instanceof UsageError) {
      // A message may quote a provider or a model (a refused key's error body): shown escaped.
      io.stderr.write(`sim: ${visibleLine(e.message)}\n`);
      return EXIT_USAGE;
    }
    const problem = fileProblem(e, databases);
    if (problem !== null) {
      io.stderr.write(`sim: ${visibleLine(problem.message)}\n`);
      return problem.exit;
    }
    throw e;
  }
  return code;
}

/**
 * yargs renders a command's whole help as soon as it has started the command's handler,
 * to have it at hand should the handler ask for it (`showHelp`; yargs' command.js,
 * `cacheHelpMessage`). No handler here asks, and the rendering cost every command but a
 * run ~50–80 ms of CPU (the help's layout packages loaded, every flag's width measured)
 * — `sim show`, `sim report`, `sim resume`… The help a user asks for (--help) is rendered
 * as before. yargs' own methods, not in its types: a yargs without them is left as it is.
 */
function skipHelpCache(cli: unknown): void {
  type Internal = { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } };
  const usage = (cli as Internal).getInternalMethods?.().getUsageInstance?.();
  if (usage !== undefined && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => {};
}

/** The commands, for "did you mean". */
const COMMANDS = [
  'run', 'resume', 'show', 'fork', 'persuasion', 'merge', 'runs', 'presets', 'rules', 'balance', 'tournament', 'sprt', 'plan',
  'leaderboard', 'invariance', 'report', 'export', 'metrics', 'table', 'agents', 'agent-check', 'version', 'completion',
];

/**
 * Flags given more than once that take one value (yargs gathers a repeated flag into a
 * list, which a command reading one value would misread): each with its values. A flag's
 * camelCase twin (yargs sets both) is left out.
 */
export function repeatedFlags(a: Record<string, unknown>, repeatable: readonly string[]): { flag: string; values: unknown[] }[] {
  const out: { flag: string; values: unknown[] }[] = [];
  for (const [key, value] of Object.entries(a)) {
    if (key === '_' || key === '$0' || !Array.isArray(value) || repeatable.includes(key)) continue;
    const dashed = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    if (dashed !== key && dashed in a) continue;
    out.push({ flag: dashed, values: value });
  }
  return out;
}

/** yargs' "Unknown argument(s): a, b" with the nearest known flag or command for each. */
export function didYouMean(message: string, argv: readonly string[], options: readonly string[]): string {
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (m === null) return message;
  const flags = options.filter((o) => o.length > 1 && !/[A-Z]/.test(o) && o !== '$0');
  const names = m[1]!.split(', ');
  const isFlag = (name: string) => argv.some((a) => a === `--${name}` || a.startsWith(`--${name}=`) || a === `-${name}`);
  // Commands first: a mistyped command makes its flags unknown too.
  const parts = [...names.filter((n) => !isFlag(n)), ...names.filter(isFlag)].map((name) => {
    if (isFlag(name)) {
      // A one-letter flag (-v) is no misspelling of a long one: the long flags it may stand for.
      if (name.length === 1 && argv.includes(`-${name}`)) {
        const starting = flags.filter((f) => f.startsWith(name)).sort();
        return `unknown flag -${name}${starting.length === 0 ? '' : `: did you mean ${starting.slice(0, 3).map((f) => `--${f}`).join(', ')}?`}`;
      }
      const near = closest(name, flags);
      return `unknown flag --${name}${near === undefined ? '' : `: did you mean --${near}?`}`;
    }
    const near = closest(name, COMMANDS);
    return `unknown command or argument '${name}'${near === undefined ? '' : `: did you mean ${near}?`}`;
  });
  return parts.join('; ');
}

const storedRunForShow = (store: Parameters<typeof storedRun>[0], run: string | undefined) => storedRun(store, run, 'replayed');
