// Games of the study tests held in memory: a run's configuration and game index, as a
// stored game would give them, without a database (no stored row to check against).

import { parseSeating } from '../../agents/registry.js';
import { resolveSetup, type SetupRequest } from '../../engine/index.js';
import { GamePlayer } from '../../runs/games.js';
import { IDENTITY_CODES } from '../../runs/record.js';
import { specList, WHOLE_RUN, type RunConfig } from '../../runs/run-config.js';
import type { RunRow } from '../../runs/storage.js';
import type { StoredGame } from '../../studies/stored.js';

export function memoryGame(setup: SetupRequest, agents: readonly string[], seed: string, index: number): StoredGame {
  const s = resolveSetup(setup);
  if (!s.ok) throw new Error(s.error);
  const seating = parseSeating(agents);
  if (!seating.ok) throw new Error(seating.error);
  const config: RunConfig = { setup: s.value, seed, seating: seating.value, games: index + 1, shard: WHOLE_RUN };
  const run = { id: 0, key: 'memory', codeHash: 'memory', first: 0, stop: index + 1 } as RunRow;
  return {
    path: 'memory',
    run,
    config,
    index,
    row: undefined,
    player: new GamePlayer(config.setup, seed, config.seating, specList(config.seating), IDENTITY_CODES),
    llm: false,
    gameKey: `memory/${index}`,
  };
}
