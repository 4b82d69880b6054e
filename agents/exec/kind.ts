// The `exec` agent kind of the registry: `exec:COMMAND ARGS…` seats an outside program
// that speaks the process protocol (docs/protocol.md) on stdin/stdout. The command is read
// as a shell would split it (quotes, backslashes) but run without one. Its agents come
// from the run's process host (`env.exec`, host.ts); without one there is no process to
// ask, and that is a bug in the caller, not a user's mistake.

import { err, ok } from '../../engine/index.js';
import type { AgentKind, Seating } from '../registry.js';
import { joinWords, splitWords } from './argv.js';
import type { ExecCommand } from './host.js';

/** The command's words, or why it cannot be one. */
export function commandOf(argument: string | undefined): { ok: true; value: string[] } | { ok: false; error: string } {
  const words = splitWords(argument ?? '');
  if (!words.ok) return words;
  if (words.value.length === 0) return err("give the command after 'exec:', e.g. --agents 'exec:python3 examples/agents/random_bot.py'");
  return ok(words.value);
}

export const execKind: AgentKind = {
  name: 'exec',
  summary: "an outside program speaking the process protocol (docs/protocol.md): exec:COMMAND ARGS… (quote it: --agents 'werewolves=exec:python3 bot.py')",
  async: true,
  check(argument) {
    const c = commandOf(argument);
    return c.ok ? ok(`exec:${joinWords(c.value)}`) : c;
  },
  create(argument, seat, env) {
    const c = commandOf(argument);
    if (!c.ok) throw new Error(c.error);
    const text = `exec:${joinWords(c.value)}`;
    if (env?.exec === undefined) throw new Error(`agent ${text} needs a process host: create its agents with ExecHost.start(...).game(seed)`);
    return env.exec.agent(c.value, text, seat);
  },
};

/** The distinct `exec:` commands a seating uses (canonical). */
export function execCommandsOf(seating: Seating): ExecCommand[] {
  const out = new Map<string, ExecCommand>();
  for (const a of seating.assignments) {
    if (a.spec.kind !== execKind) continue;
    const c = commandOf(a.spec.argument);
    if (c.ok) out.set(a.spec.text, { text: a.spec.text, argv: c.value });
  }
  return [...out.values()];
}
