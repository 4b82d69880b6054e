// The runs' public surface (package.json `exports` "./runs"; docs/api.md): a run's
// configuration, playing it into a results database (or counting only), reading the
// stored results back, and playing single games of a run by index.

export { execLogPath, runGames, type RunOptions, type RunOutcome } from './runner.js';
export { parseSeed, parseShard, runKey, seatingFromText, shardRange, WHOLE_RUN, type IndexRange, type RunConfig, type Shard } from './run-config.js';
export { Store, type GameRow, type RunRow, type StoredTally, type StoreMode } from './storage.js';
export { Tally, type Wins } from './tally.js';
export { GamePlayer, type PlayedIndex } from './games.js';
export { checkAgent, type CheckReport } from './agent-check.js';
