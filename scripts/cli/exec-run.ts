// The `exec:` agents of a `sim` command line (docs/protocol.md): their flags, the check
// that every command starts and answers the handshake before any file is opened (a
// command that cannot play is the user's mistake: exit 2, nothing written, nothing left
// running), where their log goes, and what the summary says about them.

import { existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { ExecHost, protocolErrors, type ExecCounts } from '../../agents/exec/host.js';
import { execCommandsOf } from '../../agents/exec/kind.js';
import type { Seating } from '../../agents/registry.js';
import { count, DEFAULT_SEED, seconds } from './args.js';
import { fail } from './errors.js';
import { visible, visibleLine } from '../../narrate/escape.js';
import type { CliIo } from './io.js';
import type { Table } from '../../reports/table.js';
import { renderTable } from '../../reports/terminal.js';
import { hanging } from '../../narrate/width.js';

const GROUP = 'Process agents (exec:COMMAND, docs/protocol.md):';

export function execOptions<T>(y: Argv<T>) {
  return y
    .option('agent-timeout', { type: 'string', group: GROUP, describe: 'seconds a process agent has for each answer (default 10; its handshake: 30, or this if longer); a missed deadline stops the process' })
    .option('agent-procs', { type: 'string', group: GROUP, describe: 'processes per exec: command, each serving many games (default 1)' })
    .option('agent-restarts', { type: 'string', group: GROUP, describe: 'new processes a command may be given after failures, over the run (default 10)' })
    .option('agent-log', { type: 'string', group: GROUP, describe: "the processes' log: their stderr and protocol errors (default: beside the database, RESULTS.runN.agents.log)" })
    .option('agent-env', { type: 'string', array: true, group: GROUP, describe: `an environment variable passed on to process agents, repeatable (they get only ${AGENT_ENV.join(', ')} and LC_* otherwise: no API key)` });
}

/**
 * What a process agent inherits of the environment: what programs need to run, never a
 * key. A variable is passed on only when named (--agent-env NAME).
 */
export const AGENT_ENV = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LANGUAGE', 'TZ', 'TMPDIR', 'TERM'] as const;

/** The environment a process agent starts with: AGENT_ENV, the LC_* locale variables and the ones named. */
export function agentEnvironment(env: Readonly<Record<string, string | undefined>>, named: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env))
    if (v !== undefined && ((AGENT_ENV as readonly string[]).includes(k) || k.startsWith('LC_') || named.includes(k))) out[k] = v;
  return out;
}

export interface ExecArgs {
  agentTimeout?: string | undefined;
  agentProcs?: string | undefined;
  agentRestarts?: string | undefined;
  agentLog?: string | undefined;
  agentEnv?: string[] | undefined;
}

export interface ExecSettings {
  readonly timeoutMs: number;
  readonly processes: number;
  readonly maxRestarts: number;
  /** --agent-log; undefined: beside the results file (or in the temporary directory with --no-db). */
  readonly log: string | undefined;
  /** --agent-env: the variables passed on beside AGENT_ENV. */
  readonly env: readonly string[];
}

const FLAGS: readonly [keyof ExecArgs, string][] = [
  ['agentTimeout', '--agent-timeout'],
  ['agentProcs', '--agent-procs'],
  ['agentRestarts', '--agent-restarts'],
  ['agentLog', '--agent-log'],
  ['agentEnv', '--agent-env'],
];

/** The flags checked; null when no seating has an `exec:` seat (and then no such flag may be given). */
export function execSettingsFrom(a: ExecArgs, seatings: readonly Seating[]): ExecSettings | null {
  if (!seatings.some((s) => execCommandsOf(s).length > 0)) {
    const given = FLAGS.filter(([k]) => a[k] !== undefined).map(([, f]) => f);
    if (given.length > 0)
      fail(`${given.join(', ')} appl${given.length === 1 ? 'ies' : 'y'} to process agents (--agents 'exec:COMMAND …'); the agents given (${seatings.map((s) => s.text).join('; ')}) have none`);
    return null;
  }
  let log: string | undefined;
  if (a.agentLog !== undefined) {
    log = a.agentLog.trim();
    if (log === '') fail('--agent-log needs a file path');
    const dir = dirname(resolve(log));
    if (!existsSync(dir) || !statSync(dir).isDirectory()) fail(`--agent-log ${a.agentLog}: the directory ${dir} does not exist`);
    if (existsSync(log) && statSync(log).isDirectory()) fail(`--agent-log ${a.agentLog} is a directory: give a file path`);
  }
  return {
    timeoutMs: a.agentTimeout === undefined ? 10_000 : seconds('agent-timeout', a.agentTimeout),
    processes: a.agentProcs === undefined ? 1 : count('agent-procs', a.agentProcs, 1, 256),
    maxRestarts: a.agentRestarts === undefined ? 10 : count('agent-restarts', a.agentRestarts, 0, 1_000_000),
    log,
    env: (a.agentEnv ?? []).map((name) => {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(`--agent-env names an environment variable (e.g. --agent-env PYTHONPATH), not '${visible(name)}'`);
      return name;
    }),
  };
}

/** Refuses process agents where a command does not seat them (yet): `sim sprt`, `sim plan`. */
export function noProcessAgents(specs: readonly string[], command: string): void {
  const found = specs.filter((t) => /^\s*exec:/i.test(t));
  if (found.length > 0) fail(`${command} does not seat process agents (${found.join(', ')}): rate them with sim tournament, which does`);
}

/**
 * Starts one process of each `exec:` command of the seatings and greets it; a command
 * that cannot play is refused with what went wrong (its stderr's last lines included).
 */
export async function startExec(seatings: readonly Seating[], s: ExecSettings, o: { readonly seed?: string } = {}, io: CliIo): Promise<ExecHost> {
  const commands = [...new Map(seatings.flatMap(execCommandsOf).map((c) => [c.text, c])).values()];
  const host = await ExecHost.start(commands, { timeoutMs: s.timeoutMs, processes: s.processes, maxRestarts: s.maxRestarts, cwd: io.cwd, env: agentEnvironment(io.env, s.env) });
  if (!host.ok)
    fail(
      `${host.error}. A process agent is started from this directory (${io.cwd}) without a shell, and must answer the ` +
        `handshake within ${Math.max(30, s.timeoutMs / 1000)} s: check that the command runs by itself, and see docs/protocol.md`,
    );
  if (o.seed === DEFAULT_SEED)
    io.stderr.write(
      `note: process agents play under the default seed ${DEFAULT_SEED}, which a program can guess to rebuild every deal; to benchmark programs you do not trust, give a secret --seed and sandbox them (docs/protocol.md#what-an-agent-can-learn)\n`,
    );
  return host.value;
}

/** Opens the log where it goes when the run has no results file to sit beside: --agent-log, or a temporary file. */
export function openLogWithoutDb(host: ExecHost, s: ExecSettings): void {
  host.log.open(s.log ?? join(tmpdir(), `sim-${process.pid}-${Date.now()}.agents.log`));
}

/** Opens --agent-log now, if it was given (else the run opens its own beside the results file). */
export function openGivenLog(host: ExecHost, s: ExecSettings): void {
  if (s.log !== undefined) host.log.open(s.log);
}

/** The summary's lines and JSON about the process agents of this invocation. */
export function execSummary(host: ExecHost): { lines: string[]; json: Record<string, unknown> } {
  const counts = host.counts();
  // A table that wraps its cells at the terminal's width: a command line is as long as its author made it.
  const table: Table = {
    id: 'process-agents',
    title: '',
    columns: [
      { key: 'spec', title: 'process agent', kind: 'text' },
      { key: 'seats', title: 'seats', kind: 'int' },
      { key: 'asked', title: 'asked', kind: 'int' },
      { key: 'invalid', title: 'invalid', kind: 'int' },
      { key: 'fallbacks', title: 'fallbacks', kind: 'int' },
      { key: 'errors', title: 'errors', kind: 'int' },
      { key: 'processes', title: 'processes', kind: 'text' },
    ],
    rows: counts.map((c) => ({
      spec: c.spec,
      seats: c.seats,
      asked: c.asked,
      invalid: c.invalid,
      fallbacks: c.fallbacks,
      errors: protocolErrors(c),
      processes: `${c.started} started${c.restarts > 0 ? ` (${c.restarts} after failures)` : ''}${failures(c)}`,
    })),
    notes: [`(this invocation's games; "invalid": wrong answers, "errors": wrong answers and failures of the processes; ${host.timeoutMs / 1000} s deadline)`],
  };
  const failed = host.log.failure === undefined ? '' : ` (not written from a failed write on: ${visibleLine(host.log.failure)})`;
  const lines = ['', ...renderTable(table), ...hanging('  agents log  ', `${host.log.path ?? '(none)'}${failed}`)];
  return { lines, json: { log: host.log.path ?? null, logFailure: host.log.failure ?? null, timeoutMs: host.timeoutMs, agents: counts.map((c) => ({ ...c, errors: protocolErrors(c) })) } };
}

function failures(c: ExecCounts): string {
  const parts = [
    [c.timeouts, 'timed out'],
    [c.exits, 'exited'],
    [c.floods, 'flooded stdout'],
    [c.stray, 'stray lines'],
    [c.unreadable, 'unreadable replies'],
    [c.forfeits, 'decisions forfeited'],
  ].filter(([k]) => (k as number) > 0);
  return parts.length === 0 ? '' : `; ${parts.map(([k, what]) => `${k} ${what}`).join(', ')}`;
}
