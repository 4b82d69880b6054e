// A worker thread of the run pool (pool.ts): plays chunks of game indices of one run and
// returns them in the compact stored form (record.ts). Runs from dist/ (compiled).

import { workerData } from 'piscina';
import { GamePlayer, type GamesSpec } from './games.js';
import type { ChunkResult } from './record.js';
import type { IndexRange } from './run-config.js';
import { seatingFromText } from './run-config.js';

const spec = workerData as GamesSpec;
const seating = seatingFromText(spec.seating);
if (!seating.ok) throw new Error(`worker: ${seating.error}`);
const player = new GamePlayer(spec.setup, spec.seed, seating.value, spec.agents, spec.codes);

export interface ChunkTask {
  readonly ranges: readonly IndexRange[];
}

export default function playChunk(task: ChunkTask): ChunkResult {
  return player.chunkSync(task.ranges);
}
