// `sim agent-check`: a conformance test for a process agent's author. The agent plays
// every seat of a few games of every preset — the preset's smallest table and a table
// with every role — and of the Harvest Festival and New Moon variants and the pack's
// choice over a caught Little Girl, so that it meets
// every kind of decision; every protocol error it makes is collected with what was wrong
// (a reply that cannot be read, an answer the engine refuses, a missed deadline, an exit,
// a flood, a stray line), and which decision kinds it was asked is reported beside the
// ones it never met.

import { playAsync } from '../agents/play.js';
import { ExecHost, protocolErrors, type ExecCounts, type ProtocolError } from '../agents/exec/host.js';
import type { ExecCommand } from '../agents/exec/host.js';
import type { Agent } from '../agents/types.js';
import { DECISION_KINDS, Game, gameSeed, PRESETS, resolveSetup, type DecisionKind, type GameSetup } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';

/** Every role once (three werewolves): 13 players, the table the leak tests use. */
const EVERY_ROLE = 'werewolf=3,villager,seer,witch,hunter,cupid,guard,thief,little-girl,elder,idiot,scapegoat,piper';

export interface CheckTable {
  readonly label: string;
  readonly setup: GameSetup;
}

/** The tables an agent is checked on: each preset's smallest row and every role under it, and the variants. */
export function checkTables(): CheckTable[] {
  const out: CheckTable[] = [];
  const add = (label: string, req: Parameters<typeof resolveSetup>[0]) => {
    const s = resolveSetup(req);
    if (!s.ok) throw new Error(`agent-check table ${label}: ${s.error}`);
    out.push({ label, setup: s.value });
  };
  for (const p of PRESETS) {
    const smallest = Math.min(...Object.keys(p.table).map(Number));
    add(`${p.name} ${smallest}`, { preset: p.name, players: smallest });
    add(`${p.name} every role`, { preset: p.name, players: 13, roles: EVERY_ROLE });
  }
  add('standard every role, Harvest Festival', { preset: 'standard', players: 13, roles: EVERY_ROLE, rules: ['harvestFestival=true'] });
  add('standard every role, New Moon', { preset: 'standard', players: 13, roles: EVERY_ROLE, rules: ['newMoon=all'] });
  add('classic every role, the pack catches', { preset: 'classic', players: 13, roles: EVERY_ROLE, rules: ['caughtGirl=pack-chooses', 'littleGirlCaught=0.5'] });
  return out;
}

/** A wrong answer, a refused one or a failure, with where it happened when that is known. */
export interface CheckError {
  readonly table: string;
  readonly kind: ProtocolError['kind'] | 'illegal';
  readonly message: string;
  /** The decision, when the error is an answer to one. */
  readonly decision?: { readonly kind: DecisionKind; readonly seat: number; readonly game: number } | undefined;
}

export interface TableResult {
  readonly label: string;
  readonly games: number;
  readonly decisions: number;
  readonly invalid: number;
  readonly fallbacks: number;
}

export interface CheckReport {
  readonly spec: string;
  readonly name: string | null;
  readonly tables: readonly TableResult[];
  readonly asked: readonly DecisionKind[];
  readonly neverAsked: readonly DecisionKind[];
  readonly errors: readonly CheckError[];
  readonly counts: ExecCounts;
  /** Protocol errors in all (wrong answers and failures of the processes). */
  readonly total: number;
}

export interface CheckOptions {
  readonly command: ExecCommand;
  /** Games per table (default 3). */
  readonly games?: number | undefined;
  readonly seed?: string | undefined;
  readonly timeoutMs?: number | undefined;
  /** Games in flight (default 4). */
  readonly concurrency?: number | undefined;
  readonly onTable?: ((t: TableResult) => void) | undefined;
  /** Where the agent runs and its environment (default: this process's). */
  readonly cwd?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** Plays the check; an error when the agent cannot even start (then nothing was played). */
export async function checkAgent(o: CheckOptions): Promise<Result<CheckReport, string>> {
  const errors: CheckError[] = [];
  let table = '';
  const host = await ExecHost.start([o.command], {
    timeoutMs: o.timeoutMs,
    cwd: o.cwd,
    env: o.env,
    // Every failure is reported; the check goes on with fresh processes.
    maxRestarts: 1_000_000,
    onError: (e) => errors.push({ table, kind: e.kind, message: e.message }),
  });
  if (!host.ok) return err(host.error);
  const asked = new Set<DecisionKind>();
  const tables: TableResult[] = [];
  try {
    for (const t of checkTables()) {
      table = t.label;
      const r = await playTable(host.value, t, o, asked, errors);
      tables.push(r);
      o.onTable?.(r);
    }
  } finally {
    await host.value.close();
  }
  const counts = host.value.counts()[0]!;
  return ok({
    spec: o.command.text,
    name: counts.name,
    tables,
    asked: DECISION_KINDS.filter((k) => asked.has(k)),
    neverAsked: DECISION_KINDS.filter((k) => !asked.has(k)),
    errors,
    counts,
    total: protocolErrors(counts),
  });
}

async function playTable(host: ExecHost, t: CheckTable, o: CheckOptions, asked: Set<DecisionKind>, errors: CheckError[]): Promise<TableResult> {
  const games = o.games ?? 3;
  const seed = `${o.seed ?? 'check'}/${t.label.replaceAll(' ', '-')}`;
  const result = { label: t.label, games: 0, decisions: 0, invalid: 0, fallbacks: 0 };
  let next = 0;
  const one = async (index: number) => {
    const game = new Game(t.setup, gameSeed(seed, index));
    const exec = host.game(game.seed);
    const agents: Agent[] = game.state.seats.map((_, seat) => {
      const a = exec.agent(o.command.argv, o.command.text, seat);
      return {
        name: a.name,
        decide: (ctx) => {
          asked.add(ctx.decision.kind);
          return a.decide(ctx);
        },
        gameOver: (obs, outcome) => a.gameOver?.(obs, outcome),
      };
    });
    const played = await playAsync(game, agents, {
      onInvalid: (e, d) => {
        // Unreadable replies were reported by the host already; this adds the engine's refusals.
        if (e.code !== 'agent-failed')
          errors.push({ table: t.label, kind: 'illegal', message: e.message, decision: { kind: d.kind, seat: d.seat, game: index } });
      },
    });
    exec.settle(played);
    result.games++;
    result.decisions += played.decisions;
    result.invalid += played.invalid.reduce((a, b) => a + b, 0);
    result.fallbacks += played.fallbacks.reduce((a, b) => a + b, 0);
  };
  const lanes = Array.from({ length: Math.max(1, Math.min(o.concurrency ?? 4, games)) }, async () => {
    while (next < games) await one(next++);
  });
  await Promise.all(lanes);
  return result;
}
