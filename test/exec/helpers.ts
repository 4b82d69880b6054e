// Helpers of the process-agent tests: a run played through the runner with its agent
// processes (stored in a temporary database, read back per seat), and the check that no
// process an agent host started — nor anything those started — is left running.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ExecHost, type ExecCounts, type ExecHostOptions } from '../../agents/exec/host.js';
import { execCommandsOf } from '../../agents/exec/kind.js';
import { parseSeating } from '../../agents/registry.js';
import { resolveSetup, type SetupRequest } from '../../engine/index.js';
import { WHOLE_RUN, type RunConfig } from '../../runs/run-config.js';
import { runGames, type RunOutcome } from '../../runs/runner.js';
import { Store } from '../../runs/storage.js';
import { removeDir, ROOT, tempDir } from '../helpers/sim-cli.js';

export const HOSTILE = join(ROOT, 'test', 'exec', 'agents', 'hostile.py');
export const RANDOM_BOT = join(ROOT, 'examples', 'agents', 'random_bot.py');
export const HEURISTIC_BOT = join(ROOT, 'examples', 'agents', 'heuristic_bot.py');
export const SERVE_AGENT = join(ROOT, 'examples', 'agents', 'serve_agent.ts');

export interface SeatRow {
  readonly game: number;
  readonly seat: number;
  readonly agent: string;
  readonly dealt: string;
  readonly invalid: number;
  readonly fallbacks: number;
}

export interface ExecRun {
  readonly outcome: RunOutcome;
  readonly stored: number;
  readonly seats: readonly SeatRow[];
  /** Every game's row exactly as stored, in index order (for equality between runs). */
  readonly games: string;
  readonly counts: readonly ExecCounts[];
  readonly pids: readonly number[];
  readonly log: readonly string[];
}

export interface ExecRunRequest {
  readonly agents: readonly string[];
  readonly games: number;
  readonly setup?: SetupRequest | undefined;
  readonly seed?: string | undefined;
  readonly concurrency?: number | undefined;
  readonly host?: ExecHostOptions | undefined;
}

/** Plays a run with process agents into a fresh database; the host is closed before this returns. */
export async function execRun(r: ExecRunRequest): Promise<ExecRun> {
  const seating = parseSeating(r.agents);
  if (!seating.ok) throw new Error(seating.error);
  const setup = resolveSetup(r.setup ?? { preset: 'standard', players: 8 });
  if (!setup.ok) throw new Error(setup.error);
  const started = await ExecHost.start(execCommandsOf(seating.value), r.host);
  if (!started.ok) throw new Error(started.error);
  const host = started.value;
  const dir = tempDir('exec');
  const path = join(dir, 'runs.db');
  const lines: string[] = [];
  try {
    const store = Store.open(path, 'write');
    if (!store.ok) throw new Error(store.error);
    let outcome: RunOutcome;
    try {
      const config: RunConfig = { setup: setup.value, seed: r.seed ?? 'exec', seating: seating.value, games: r.games, shard: WHOLE_RUN };
      outcome = await runGames(config, { workers: 0, concurrency: r.concurrency ?? 4, store: store.value, exec: host });
    } finally {
      store.value.close();
    }
    await host.close();
    lines.push(...readFileSync(join(dir, 'runs.run1.agents.log'), 'utf8').split('\n'));
    const db = new Database(path, { readonly: true });
    try {
      const seats = db.prepare('SELECT game, seat, agent, dealt, invalid, fallbacks FROM seats WHERE run = 1 ORDER BY game, seat').all() as SeatRow[];
      const games = JSON.stringify(db.prepare('SELECT idx, winner, days, invalid, fallbacks, seats FROM games WHERE run = 1 ORDER BY idx').raw().all());
      const stored = db.prepare('SELECT count(*) FROM games WHERE run = 1').pluck().get() as number;
      return { outcome, stored, seats, games, counts: host.counts(), pids: host.pids(), log: lines };
    } finally {
      db.close();
    }
  } finally {
    await host.close();
    removeDir(dir);
  }
}

/** Live (not zombie) processes whose process group is one of `groups`. */
export function membersOf(groups: readonly number[]): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${d}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state !== 'Z' && groups.includes(Number(pgrp))) out.push(Number(d));
  }
  return out;
}

/** Waits (up to 3 s: a killed process takes a moment to go) until no process of `groups` is left; returns those left. */
export async function leftBehind(groups: readonly number[]): Promise<number[]> {
  for (let i = 0; i < 60; i++) {
    const left = membersOf(groups);
    if (left.length === 0) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
  return membersOf(groups);
}
