// A worker thread of a sweep's pool: one pool plays every cell of the sweep, so a task
// names its cell (an index into the cells' specs, sent once as workerData) and the game
// indices to play. Players are built once per cell and thread.

import { workerData } from 'piscina';
import { GamePlayer, type GamesSpec } from '../runs/games.js';
import type { ChunkResult } from '../runs/record.js';
import type { IndexRange } from '../runs/run-config.js';
import { seatingFromText } from '../runs/run-config.js';

const specs = workerData as readonly GamesSpec[];
const players = new Map<number, GamePlayer>();

export interface SweepTask {
  readonly cell: number;
  readonly ranges: readonly IndexRange[];
}

function playerOf(cell: number): GamePlayer {
  let p = players.get(cell);
  if (p === undefined) {
    const spec = specs[cell];
    if (spec === undefined) throw new Error(`sweep worker: no cell ${cell}`);
    const seating = seatingFromText(spec.seating);
    if (!seating.ok) throw new Error(`sweep worker: ${seating.error}`);
    p = new GamePlayer(spec.setup, spec.seed, seating.value, spec.agents, spec.codes);
    players.set(cell, p);
  }
  return p;
}

export default function playSweepChunk(task: SweepTask): ChunkResult {
  return playerOf(task.cell).chunkSync(task.ranges);
}
