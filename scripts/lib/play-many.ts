// Plays a batch of games of one setup and seating in this thread, and tallies them:
// wins per side, wrong answers, fallbacks, time. Shared by the heuristic agent's check,
// strength and benchmark scripts (scripts/heuristic-*.ts, scripts/strength.ts).

import { cpuUsage } from 'node:process';
import { playSync, type PlayedGame } from '../../agents/play.js';
import { parseSeating, seatAgents, type Seating } from '../../agents/registry.js';
import { Game } from '../../engine/index.js';
import { err, ok, type Result } from '../../engine/index.js';
import { gameSeed } from '../../engine/index.js';
import { SIDES, type Side } from '../../engine/index.js';
import { resolveSetup, type GameSetup, type SetupRequest } from '../../engine/index.js';

export interface Tally {
  games: number;
  readonly wins: Record<Side, number>;
  /** Wrong answers (illegal, malformed, or the agent throwing), all seats together. */
  invalid: number;
  fallbacks: number;
  decisions: number;
  /** Wall-clock and CPU seconds spent playing. */
  seconds: number;
  cpuSeconds: number;
}

export function emptyTally(): Tally {
  const wins = {} as Record<Side, number>;
  for (const s of SIDES) wins[s] = 0;
  return { games: 0, wins, invalid: 0, fallbacks: 0, decisions: 0, seconds: 0, cpuSeconds: 0 };
}

export interface Table {
  readonly setup: GameSetup;
  readonly seating: Seating;
}

/** A setup and a seating from their command-line words, or the message saying what is wrong. */
export function table(req: SetupRequest, agents: readonly string[]): Result<Table, string> {
  const setup = resolveSetup(req);
  if (!setup.ok) return setup;
  const seating = parseSeating(agents);
  if (!seating.ok) return seating;
  if (seating.value.async) return err('these scripts play synchronous agents only');
  return ok({ setup: setup.value, seating: seating.value });
}

/** Plays game `i` of run `seed` at table `t`: the game (its log) and how it was played. */
export function playOne(t: Table, seed: string, i: number): { readonly game: Game; readonly played: PlayedGame } {
  const game = new Game(t.setup, gameSeed(seed, i));
  const { agents } = seatAgents(t.seating, game.state.seats.map((s) => s.dealt));
  return { game, played: playSync(game, agents) };
}

/** Plays games `first` … `first + count - 1` of run `seed`, adding to `into`. */
export function playMany(t: Table, seed: string, first: number, count: number, into: Tally = emptyTally()): Tally {
  const wall = performance.now();
  const cpu = cpuUsage();
  for (let i = first; i < first + count; i++) {
    const { played } = playOne(t, seed, i);
    into.games++;
    into.wins[played.outcome.winner]++;
    for (const k of played.invalid) into.invalid += k;
    for (const k of played.fallbacks) into.fallbacks += k;
    into.decisions += played.decisions;
  }
  const used = cpuUsage(cpu);
  into.seconds += (performance.now() - wall) / 1000;
  into.cpuSeconds += (used.user + used.system) / 1e6;
  return into;
}

/** Wilson score interval of k successes in n trials (95% for z = 1.96). */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** "52.3% [51.6–53.0]" */
export function rateText(k: number, n: number): string {
  const [lo, hi] = wilson(k, n);
  const pct = (x: number) => (100 * x).toFixed(1);
  return `${pct(k / n)}% [${pct(lo)}–${pct(hi)}]`;
}
