// Helpers of the process-agent tests: a run played through the runner with its agent
// processes (stored in a temporary database, read back per seat), and the check that no
// process an agent host started — nor anything those started — is left running.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ExecHost, type ExecCounts, type ExecHostOptions } from '../../../agents/exec/host.js';
import { execCommandsOf } from '../../../agents/exec/kind.js';
import { parseSeating } from '../../../agents/registry.js';
import { ALL, Game, gameSeed, legalAnswers, observe, resolveSetup, type Decision, type GameSetup, type SetupRequest } from '../../../engine/index.js';
import { playAsync } from '../../../agents/play.js';
import type { Agent } from '../../../agents/types.js';
import { seatSeed } from '../../../agents/exec/protocol.js';
import { WHOLE_RUN, type RunConfig } from '../../../runs/run-config.js';
import { runGames, type RunOutcome } from '../../../runs/runner.js';
import { Store } from '../../../runs/storage.js';
import { removeDir, ROOT, tempDir } from '../../helpers/sim-cli.js';

export { ROOT };
export const HOSTILE = join(ROOT, 'test', 'agents', 'exec', 'agents', 'hostile.py');
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

/** A game played with process agents, and what each of its seats was asked, for `protocolProblems`. */
export interface WatchedGame {
  readonly game: Game;
  /** The decisions each seat was asked, in order (asking again included). */
  readonly asked: Map<number, Decision[]>;
}

const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

const DECIDE_KEYS = new Set(['type', 'id', 'game', 'seat', 'events', 'decision', 'legal', 'deadline_ms', 'error']);

/**
 * Everything the host wrote to an agent (`lines`, every message) checked against the
 * engine: each seat of each game (`games`, by the game's handle in the messages) was sent
 * exactly its observation — its events in order, each as the engine logged it but with
 * `public` for `vis`, nothing more, nothing twice — the public setup and its own seed,
 * the decisions it was asked with the engine's legal answers, and its result. Returns
 * what is wrong (empty: nothing).
 */
export function protocolProblems(lines: readonly string[], games: ReadonlyMap<number, WatchedGame>): string[] {
  const problems: string[] = [];
  const bySeat = new Map<string, Record<string, unknown>[]>();
  for (const line of lines) {
    if (line.trim() === '') continue;
    if (line.includes('"vis"')) problems.push(`a message holds vis: ${line.slice(0, 120)}`);
    const m = JSON.parse(line) as Record<string, unknown>;
    if (m.type === 'hello' || m.type === 'quit') continue;
    const key = `${String(m.game)}/${String(m.seat)}`;
    if (!bySeat.has(key)) bySeat.set(key, []);
    bySeat.get(key)!.push(m);
  }
  for (const [handle, w] of games) {
    const { game } = w;
    for (let seat = 0; seat < game.setup.players; seat++) {
      const where = `game ${handle} P${seat + 1}`;
      const msgs = bySeat.get(`${handle}/${seat}`) ?? [];
      bySeat.delete(`${handle}/${seat}`);
      const [first, ...rest] = msgs;
      const last = rest.pop();
      const expectedStart = { type: 'game', game: handle, seat, seed: seatSeed(game.seed, seat), players: game.setup.players, deck: game.setup.deck, options: game.setup.options };
      if (JSON.stringify(first) !== JSON.stringify(plain(expectedStart))) problems.push(`${where}: the game message is ${JSON.stringify(first)?.slice(0, 200)}`);
      const decides = rest;
      const asked = w.asked.get(seat) ?? [];
      if (decides.length !== asked.length) problems.push(`${where}: ${decides.length} decide messages for ${asked.length} decisions`);
      const events: unknown[] = [];
      decides.forEach((m, i) => {
        for (const k of Object.keys(m)) if (!DECIDE_KEYS.has(k)) problems.push(`${where}: a decide message holds '${k}'`);
        const d = asked[i];
        if (d === undefined || m.type !== 'decide') return;
        if (JSON.stringify(m.decision) !== JSON.stringify(plain(d))) problems.push(`${where}: decision ${i} is ${JSON.stringify(m.decision).slice(0, 120)}, the engine asked ${JSON.stringify(d).slice(0, 120)}`);
        if (m.legal !== undefined && JSON.stringify(m.legal) !== JSON.stringify(plain(legalAnswers(d)))) problems.push(`${where}: decision ${i}'s legal answers differ from the engine's`);
        events.push(...(m.events as unknown[]));
      });
      if (last?.type !== 'end') {
        problems.push(`${where}: no end message`);
        continue;
      }
      events.push(...(last.events as unknown[]));
      const obs = observe(game, seat);
      const expected = obs.events.map(({ vis, ...e }) => ({ ...e, public: vis === ALL }));
      if (JSON.stringify(events) !== JSON.stringify(plain(expected))) {
        const at = expected.findIndex((e, i) => JSON.stringify(plain(e)) !== JSON.stringify(events[i]));
        problems.push(`${where}: the events sent differ from its observation (${events.length} sent, ${expected.length} seen; first difference at ${at}: ${JSON.stringify(events[at])?.slice(0, 160)})`);
      }
      const end = game.log.find((e) => e.type === 'end');
      const result = end?.type === 'end' ? { winner: end.winner, won: end.winners.includes(seat) } : null;
      if (JSON.stringify({ winner: last.winner, won: last.won }) !== JSON.stringify(result)) problems.push(`${where}: the end says ${JSON.stringify(last).slice(0, 120)}`);
    }
  }
  for (const key of bySeat.keys()) problems.push(`messages for ${key}, a seat of no game played`);
  return problems;
}

/** Plays `count` games of `setup` with the process agent `command` in every seat, watching what each seat is asked. */
export async function playWatched(host: ExecHost, command: { text: string; argv: readonly string[] }, setup: GameSetup, seed: string, count: number): Promise<Map<number, WatchedGame>> {
  const out = new Map<number, WatchedGame>();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const game = new Game(setup, gameSeed(seed, i));
      const exec = host.game(game.seed);
      const asked = new Map<number, Decision[]>();
      const agents: Agent[] = game.state.seats.map((_, seat) => {
        const a = exec.agent(command.argv, command.text, seat);
        return {
          name: a.name,
          decide: (ctx) => {
            if (!asked.has(seat)) asked.set(seat, []);
            asked.get(seat)!.push(ctx.decision);
            return a.decide(ctx);
          },
          gameOver: (obs, outcome) => a.gameOver?.(obs, outcome),
        };
      });
      out.set(exec.id, { game, asked });
      const played = await playAsync(game, agents);
      if (played.fallbacks.some((n) => n > 0)) throw new Error(`game ${i}: fallbacks ${played.fallbacks.join(',')}`);
    }),
  );
  return out;
}
