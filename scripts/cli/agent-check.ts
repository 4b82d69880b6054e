// `sim agent-check 'exec:COMMAND'`: plays a few games of every preset with the process
// agent in every seat (runs/agent-check.ts) and prints every protocol error it made.
// Exit 0: none; 1: some (the list says which); 2: the agent could not start, or a bad flag.

import { execCommandsOf } from '../../agents/exec/kind.js';
import { visible, visibleLine } from '../../narrate/escape.js';
import { parseSeating } from '../../agents/registry.js';
import { checkAgent, type CheckError } from '../../runs/agent-check.js';
import { parseSeed } from '../../runs/run-config.js';
import { count, seconds } from './args.js';
import { fail, unwrap } from './errors.js';
import type { CliIo } from './io.js';
import { agentEnvironment } from './exec-run.js';
import { hanging } from '../../narrate/width.js';

export interface AgentCheckArgs {
  agent?: string | undefined;
  games?: string | undefined;
  seed?: string | undefined;
  agentTimeout?: string | undefined;
  agentEnv?: string[] | undefined;
  json: boolean;
}

/** The table column's width: the longest table's name (runs/agent-check.ts checkTables). */
const LABEL = 38;
/** Errors printed in full; the rest are counted. */
const SHOWN = 50;

export async function agentCheckCommand(a: AgentCheckArgs, io: CliIo): Promise<number> {
  if (a.agent === undefined || a.agent.trim() === '') fail("sim agent-check needs the agent: sim agent-check 'exec:python3 my_bot.py'");
  const seating = unwrap(parseSeating([a.agent]), 'agent-check');
  const commands = execCommandsOf(seating);
  if (commands.length !== 1 || seating.assignments.length !== 1)
    fail(`sim agent-check checks one process agent, written exec:COMMAND ARGS… (e.g. sim agent-check 'exec:python3 my_bot.py'), not '${a.agent}'`);
  const games = a.games === undefined ? 3 : count('games', a.games, 1, 10_000);
  const seed = unwrap(parseSeed(a.seed ?? 'check'));
  const timeoutMs = a.agentTimeout === undefined ? 10_000 : seconds('agent-timeout', a.agentTimeout);
  const out = (line: string) => {
    if (!a.json) io.stdout.write(line + '\n');
  };
  // Within 80 columns: long texts (the command, the kinds asked, an error) wrap at their spaces.
  const wrapped = (head: string, text: string, indent = head.length) => hanging(head, text, { indent }).forEach(out);
  wrapped('checking ', `${commands[0]!.text}: ${games} game${games === 1 ? '' : 's'} per table, the agent in every seat, ${timeoutMs / 1000} s per answer`, 2);
  out(`  ${'table'.padEnd(LABEL)} ${'games'.padStart(5)} ${'decisions'.padStart(9)} ${'wrong'.padStart(5)} ${'fallbacks'.padStart(9)}`);
  const r = await checkAgent({
    command: commands[0]!,
    games,
    seed,
    timeoutMs,
    cwd: io.cwd,
    env: agentEnvironment(io.env, a.agentEnv ?? []),
    onTable: (t) => out(`  ${t.label.padEnd(LABEL)} ${String(t.games).padStart(5)} ${String(t.decisions).padStart(9)} ${String(t.invalid).padStart(5)} ${String(t.fallbacks).padStart(9)}`),
  });
  if (!r.ok) fail(`${r.error}. The command runs from this directory (${io.cwd}) without a shell and must answer the handshake (docs/protocol.md)`);
  const rep = r.value;
  if (a.json) {
    io.stdout.write(JSON.stringify(rep) + '\n');
    return rep.total === 0 ? 0 : 1;
  }
  const c = rep.counts;
  out('');
  // The name is the agent's own text: shown escaped, like everything it writes.
  wrapped('  agent       ', `${rep.name === null ? '(no name)' : visibleLine(rep.name)}; ${c.started} process${c.started === 1 ? '' : 'es'} started${c.restarts > 0 ? `, ${c.restarts} after failures` : ''}`);
  wrapped('  asked       ', rep.asked.join(', '));
  if (rep.neverAsked.length > 0) wrapped('  never asked ', `${rep.neverAsked.join(', ')} (these tables did not deal them; more --games may)`);
  if (rep.total === 0 && rep.errors.length === 0) {
    out(`  no protocol error in ${c.asked} decisions`);
    return 0;
  }
  out(`  ${rep.errors.length} protocol error${rep.errors.length === 1 ? '' : 's'}:`);
  for (const e of rep.errors.slice(0, SHOWN)) wrapped('    ', line(e), 6);
  if (rep.errors.length > SHOWN) out(`    … and ${rep.errors.length - SHOWN} more`);
  return 1;
}

function line(e: CheckError): string {
  const where = e.decision === undefined ? e.table : `${e.table}, game ${e.decision.game}, P${e.decision.seat + 1} ${e.decision.kind}`;
  return `[${e.kind}] ${where}: ${visible(e.message)}`;
}
