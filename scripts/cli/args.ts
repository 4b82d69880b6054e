// Flags shared by the commands, and their checks: everything is validated before any
// file is opened, so bad input never creates or changes a file.

import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { checkSeating, parseSeating, type Seating } from '../../agents/registry.js';
import { didYouMean, resolveSetup, type GameSetup } from '../../engine/index.js';
import { FAILURE_POLICIES, type FailurePolicy } from '../../tournaments/failure-policy.js';
import { THREAD_FIRST, parseSeed, parseShard, WHOLE_RUN, type RunConfig, type RunPolicy } from '../../runs/run-config.js';
import { fail, unwrap } from './errors.js';
import type { CliIo } from './io.js';
import { grouped } from '../../narrate/numbers.js';

export const DEFAULT_DB = 'werewolf.db';
export const DEFAULT_GAMES = 1000;
export const DEFAULT_SEED = '1';
export const DEFAULT_CONCURRENCY = 16;

/** A whole number flag (`10000`, `10_000`) within [min, max]. */
export function count(name: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const text = String(value).trim();
  const n = /^\d[\d_]*$/.test(text) ? Number(text.replaceAll('_', '')) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    fail(`--${name} must be a whole number${max === Number.MAX_SAFE_INTEGER ? ` of at least ${min}` : ` from ${min} to ${max}`}, not '${text}'`);
  return n;
}

/** Seconds (a decimal > 0, at most a day), in milliseconds. */
export function seconds(name: string, text: string): number {
  const t = text.trim();
  const n = /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  if (!(n > 0 && n <= 86_400)) fail(`--${name} takes seconds, a number above 0 and at most 86400 (e.g. --${name} 30), not '${text}'`);
  return Math.round(n * 1000);
}

/** A decimal number flag (`0.05`, `.05`, `5e-2`); its range is checked where it is used. */
export function decimal(name: string, value: unknown, example: string): number {
  const text = String(value).trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) fail(`--${name} '${text}' is not a number (e.g. --${name} ${example})`);
  return Number(text);
}

/**
 * A flag whose value is a number: parsed as the text given (`count` checks it, so 10_000
 * and a clear message for 'ten' both work), shown as [number] in --help, never taken
 * without a value.
 */
export const NUMBER = { string: true, number: true, requiresArg: true } as const;

/** --help's groups: the game's and the run's flags come first; LLM flags after (llm-args.ts). */
export const GAME_GROUP = 'Game:';
export const RUN_GROUP = 'Run:';

export function setupOptions<T>(y: Argv<T>, group = GAME_GROUP) {
  return y
    .option('preset', { type: 'string', group, describe: 'rule preset: standard (004), classic (001), thiercelieux (000), introduction (002); see `sim presets`' })
    .option('players', { ...NUMBER, group, describe: "number of players (a row of the preset's table unless --roles is given)" })
    .option('roles', { type: 'string', group, describe: 'explicit role mix, e.g. werewolf=2,seer,witch,villager=5 (instead of a table row)' })
    .option('rule', { type: 'string', array: true, group, describe: 'rule option key=value, repeatable (see `sim rules`)' })
    .option('agents', { type: 'string', array: true, group, describe: 'seating: SPEC or WHO=SPEC, repeatable (WHO: seat 1.., role or side); default random' });
}

export interface SetupArgs {
  preset?: string | undefined;
  players?: string | undefined;
  roles?: string | undefined;
  rule?: string[] | undefined;
  agents?: string[] | undefined;
}

/**
 * A repeatable flag's values; a flag given with no value at all (`--rule` at the end, or
 * before another flag) is refused rather than read as "none given".
 */
export function listFlag(name: string, values: readonly string[] | undefined, example: string): string[] {
  if (values !== undefined && values.length === 0) fail(`--${name} needs a value, e.g. --${name} ${example}`);
  return values === undefined ? [] : [...values];
}

export function setupFrom(a: SetupArgs): GameSetup {
  const players = a.players === undefined ? undefined : count('players', a.players, 1);
  return unwrap(resolveSetup({ preset: a.preset, players, roles: a.roles, rules: listFlag('rule', a.rule, 'tie=none') }));
}

export function seatingFrom(a: SetupArgs, setup: GameSetup): Seating {
  const seating = unwrap(parseSeating(listFlag('agents', a.agents, 'heuristic')), '--agents');
  unwrap(checkSeating(seating, setup.players), '--agents');
  return seating;
}

export interface RunArgs extends SetupArgs {
  games?: string | undefined;
  seed?: string | undefined;
  shard?: string | undefined;
  policy?: string | undefined;
}

export function runConfigFrom(a: RunArgs): RunConfig {
  // Indices travel in Int32Arrays (record.ts): a run has at most 2^31 − 1 games.
  const games = count('games', a.games ?? DEFAULT_GAMES, 1, 2 ** 31 - 1);
  const seed = unwrap(parseSeed(a.seed ?? DEFAULT_SEED));
  const setup = setupFrom(a);
  const seating = seatingFrom(a, setup);
  const shard = a.shard === undefined ? WHOLE_RUN : unwrap(parseShard(a.shard, games));
  return { setup, seed, seating, games, shard, ...(a.policy === undefined ? {} : { policy: runPolicyFrom(a.policy) }) };
}

/** The --workers default of the commands that play many runs (tournaments, sweeps, sequential tests: tournaments/sweep.ts, runs/execute.ts TaskPlayer). */
export const WORKERS_DEFAULT = `default: all cores, once this thread would spend more than ${THREAD_FIRST.switchSeconds} s on the games, which it starts; 0 = this thread`;

/**
 * The flags of a command that plays pairings on shared deals (a tournament, a sequential
 * test, a pilot): the setup, the seed and the database (described by the caller), workers,
 * games in flight, JSON.
 */
export function pairingsOptions<T>(y: Argv<T>, o: { readonly seed: string; readonly db: string; readonly workers: string }) {
  return y
    .option('preset', { type: 'string', describe: 'rule preset (default standard; see sim presets)' })
    .option('players', { ...NUMBER, describe: "number of players (a row of the preset's table unless --roles is given)" })
    .option('roles', { type: 'string', describe: 'explicit role mix, e.g. werewolf=2,seer,witch,villager=5' })
    .option('rule', { type: 'string', array: true, describe: 'rule option key=value, repeatable (see sim rules)' })
    .option('seed', { type: 'string', describe: o.seed })
    .option('db', { type: 'string', describe: o.db })
    .option('workers', { ...NUMBER, describe: o.workers })
    .option('concurrency', { ...NUMBER, describe: `games in flight over the pairings that seat a model (default ${DEFAULT_CONCURRENCY})` })
    .option('json', { type: 'boolean', default: false, describe: 'print one JSON object on stdout (no progress bar)' });
}

/** The values of `pairingsOptions`. */
export interface PairingsCliArgs {
  preset?: string;
  players?: string;
  roles?: string;
  rule?: string[];
  seed?: string;
  db?: string | boolean;
  workers?: string;
  concurrency?: string;
  json: boolean;
}

export function executionOptions<T>(y: Argv<T>) {
  return y
    .option('workers', { ...NUMBER, group: RUN_GROUP, describe: `worker threads (default: all cores, ${availableParallelism()} here; a run of fewer than ${grouped(THREAD_FIRST.below)} games starts in this thread and moves to them if it would take more than ${THREAD_FIRST.switchSeconds} s to finish; 0 = this thread; more than the cores is capped)` })
    .option('concurrency', { ...NUMBER, group: RUN_GROUP, alias: 'games-in-flight', describe: `games in flight for asynchronous (LLM) agents (default ${DEFAULT_CONCURRENCY})` })
    .option('batch', { ...NUMBER, group: RUN_GROUP, describe: 'games per chunk and per stored transaction (default: from the run size, at most 2,000)' })
    .option('json', { type: 'boolean', group: RUN_GROUP, default: false, describe: 'print one JSON object on stdout (no progress bar)' });
}

export interface ExecutionArgs {
  workers?: string | undefined;
  concurrency?: string | undefined;
  batch?: string | undefined;
  json: boolean;
}

/**
 * --workers, capped at the cores (a note says so): more threads than cores only compete
 * for them, and each costs its start and tens of MB (--workers 1000 took 89 s and 11.9 GB).
 */
function workersFrom(text: string | undefined, io: CliIo): number {
  const cores = availableParallelism();
  if (text === undefined) return cores;
  const asked = count('workers', text, 0, 1024);
  if (asked <= cores) return asked;
  io.stderr.write(`note: --workers ${asked} is more than the ${cores} cores here; using ${cores}\n`);
  return cores;
}

export function executionFrom(a: ExecutionArgs, io: CliIo) {
  return {
    workers: workersFrom(a.workers, io),
    // Without --workers, a run starts in this thread and takes workers only if it would take the thread long.
    threadFirst: a.workers === undefined ? THREAD_FIRST : undefined,
    concurrency: a.concurrency === undefined ? DEFAULT_CONCURRENCY : count('concurrency', a.concurrency, 1, 100_000),
    batch: a.batch === undefined ? undefined : count('batch', a.batch, 1, 100_000),
    json: a.json,
  };
}

/** `--db PATH` (default werewolf.db) or `--no-db` (false). */
export function dbPathFrom(db: unknown): string | null {
  if (db === false) return null;
  if (db === undefined || db === true) return DEFAULT_DB;
  const p = String(db);
  if (p.trim() === '') fail('--db needs a file path (or use --no-db to store nothing)');
  return p;
}

/** --run-agents: a results file can name any command, so the programs of its process agents are started to replay its games only when the user says so. */
export const RUN_AGENTS = {
  type: 'boolean',
  describe: "replay stored games of process agents by starting their programs (a results file can name any command: give it only for a file you trust)",
} as const;

/** `--policy`'s word, checked. */
export function policyFrom(text: string): FailurePolicy {
  const p = text.trim();
  if ((FAILURE_POLICIES as readonly string[]).includes(p)) return p as FailurePolicy;
  fail(`--policy '${text}'${didYouMean(p, FAILURE_POLICIES)}: choose keep (a failed game counts as played), forfeit (the failing side loses), void (the game is left out) or exclude (a failing entrant is left off)`);
}

/** `sim --policy`'s word: a policy one run's figure can be read under (exclude acts on a board's entrants). */
export function runPolicyFrom(text: string): RunPolicy {
  const p = policyFrom(text);
  if (p === 'exclude')
    fail("--policy exclude leaves a failing entrant off a leaderboard with all its games, and a run has no other games to rate it on: choose keep, forfeit or void for a run (sim leaderboard --policy exclude reads a tournament's games so)");
  return p;
}

export const POLICY_HELP = 'what a game in which an agent failed counts for: keep (default), forfeit, void or exclude (docs/sequential.md)';
