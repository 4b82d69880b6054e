// The one worker thread of every pool of game players (execute.ts `gamesPool`): the pool's
// specs are sent once as workerData — one for a run, one per cell for a sweep or a
// tournament — and a task names its spec and the game indices to play. Players are built
// once per spec and thread; each chunk comes back in the compact stored form (record.ts).
// Runs from dist/ (compiled).

import { workerData } from 'piscina';
import { GamePlayer, type GamesSpec } from './games.js';
import type { ChunkResult } from './record.js';
import type { IndexRange } from './run-config.js';

const specs = workerData as readonly GamesSpec[];
const players = new Map<number, GamePlayer>();

export interface ChunkTask {
  /** The spec's place in the pool's list. */
  readonly cell: number;
  readonly ranges: readonly IndexRange[];
}

function playerOf(cell: number): GamePlayer {
  let p = players.get(cell);
  if (p === undefined) {
    const spec = specs[cell];
    if (spec === undefined) throw new Error(`worker: no spec ${cell} among ${specs.length}`);
    const made = GamePlayer.fromSpec(spec);
    if (!made.ok) throw new Error(`worker: ${made.error}`);
    players.set(cell, (p = made.value));
  }
  return p;
}

export default function playChunk(task: ChunkTask): ChunkResult {
  return playerOf(task.cell).chunkSync(task.ranges);
}
