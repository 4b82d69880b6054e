// Games of the study tests held in memory: a run's configuration and game index, as a
// stored game would give them, without a database (no stored row to check against).

import { parseSeating } from '../../agents/registry.js';
import { resolveSetup, type SetupRequest } from '../../engine/index.js';
import { WHOLE_RUN } from '../../runs/run-config.js';
import { gameOf, type StoredGame } from '../../studies/stored.js';

export function memoryGame(setup: SetupRequest, agents: readonly string[], seed: string, index: number): StoredGame {
  const s = resolveSetup(setup);
  if (!s.ok) throw new Error(s.error);
  const seating = parseSeating(agents);
  if (!seating.ok) throw new Error(seating.error);
  return gameOf({ setup: s.value, seed, seating: seating.value, games: index + 1, shard: WHOLE_RUN }, index);
}
