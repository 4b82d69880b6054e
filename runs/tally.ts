// Wins per side and days over a run's games: counted as chunks arrive, or read back
// from storage when a run is resumed. Every side is always present (0 when none won).
// The days keep their sum of squares beside their sum, for the mean's interval.

import { SIDES, type Side } from '../engine/index.js';
import { meanInterval, type MeanInterval } from '../stats/mean.js';
import { wilson, type Interval } from '../stats/wilson.js';
import { GAME_WIDTH, type ChunkResult, type CodeMaps } from './record.js';

export type Wins = Record<Side, number>;

export function noWins(): Wins {
  return Object.fromEntries(SIDES.map((s) => [s, 0])) as Wins;
}

export class Tally {
  games = 0;
  days = 0;
  /** The sum of each game's days squared. */
  daySquares = 0;
  readonly wins: Wins = noWins();
  private readonly sideOf: Map<number, Side>;

  constructor(codes: CodeMaps) {
    this.sideOf = new Map(SIDES.map((s, i) => [codes.sides[i]!, s]));
  }

  add(stored: { games: number; days: number; daySquares: number; wins: Wins }): void {
    this.games += stored.games;
    this.days += stored.days;
    this.daySquares += stored.daySquares;
    for (const s of SIDES) this.wins[s] += stored.wins[s];
  }

  addChunk(chunk: ChunkResult): void {
    const g = chunk.games;
    for (let i = 0; i < chunk.count; i++) {
      const side = this.sideOf.get(g[i * GAME_WIDTH + 1]!);
      if (side === undefined) throw new Error(`unknown winner code ${g[i * GAME_WIDTH + 1]}`);
      this.wins[side]++;
      const days = g[i * GAME_WIDTH + 2]!;
      this.days += days;
      this.daySquares += days * days;
      this.games++;
    }
  }

  /** The mean length of a game in days, with its 95% interval (stats/mean.ts; none below 2 games). */
  days95(): MeanInterval {
    return meanInterval({ n: this.games, sum: this.days, squares: this.daySquares });
  }

  /** Each side's rate with its 95% Wilson interval (null before any game). */
  rates(): Record<Side, { rate: number; low: number; high: number } | null> {
    return Object.fromEntries(
      SIDES.map((s) => {
        if (this.games === 0) return [s, null];
        const ci: Interval = wilson(this.wins[s], this.games);
        return [s, { rate: this.wins[s] / this.games, low: ci.low, high: ci.high }];
      }),
    ) as Record<Side, { rate: number; low: number; high: number } | null>;
  }
}
