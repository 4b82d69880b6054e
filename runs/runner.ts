// A run from start (or resume) to end: the run row, the games still to play, the
// workers, storage in one transaction per chunk, the tally over the whole run.

import { controlOf, GamePlayer, type GamesSpec } from './games.js';
import { IDENTITY_CODES, type ChunkResult } from './record.js';
import { runKey, shardRange, specList, type IndexRange, type RunConfig, type ThreadFirst } from './run-config.js';
import { type RunRow, type Store } from './storage.js';
import { runConflictOf, writeFailureOf, type WriteFailure } from './db-file.js';
import { Tally } from './tally.js';
import { countOf, execute, type ExecuteOptions } from './execute.js';
import { versions } from './version.js';
import type { ExecHost } from '../agents/exec/host.js';
import { builtInOnly } from '../agents/registry.js';
import { badStoredValue } from './stored-value.js';

export interface RunOptions {
  readonly workers: number;
  /** See ExecuteOptions. */
  readonly threadFirst?: ThreadFirst | undefined;
  readonly concurrency: number;
  readonly batch?: number | undefined;
  /** Where results go (none: count only, as `--no-db`). */
  readonly store?: Store | undefined;
  /** A stored run of `store` to continue (its missing games are played); default: a new run. */
  readonly resume?: RunRow | undefined;
  readonly shouldStop?: () => boolean;
  /** Called with the run's row as soon as it exists (stored runs), e.g. to name it in a resume command. */
  readonly onRun?: (run: RunRow) => void;
  /** Called once before play (done = games already stored) and after every chunk. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Plays a game of an asynchronous seating instead of the seating's own agents (LLM runs; see execute.ts). */
  readonly playAsync?: ExecuteOptions['playAsync'];
  /**
   * The run's agent processes, for a seating with `exec:` seats. Their log goes beside the
   * results file (`execLogPath`) unless it was opened elsewhere before.
   */
  readonly exec?: ExecHost | undefined;
}

/** Where the agent processes of a stored run (or tournament) log: `results.db`, run 3 → `results.run3.agents.log`. */
export function execLogPath(dbPath: string, of: { readonly run: number } | { readonly tournament: number }): string {
  const label = 'run' in of ? `run${of.run}` : `tournament${of.tournament}`;
  return `${dbPath.replace(/\.(db|sqlite3?)$/i, '')}.${label}.agents.log`;
}

export interface RunOutcome {
  readonly run: RunRow | null;
  /** Over the whole run (this shard): games stored before and played now. */
  readonly tally: Tally;
  /** Games of this shard. */
  readonly planned: number;
  readonly played: number;
  readonly seconds: number;
  readonly stopped: boolean;
  /** Games started but abandoned (LLM runs: a stop, an incomplete replay record); not stored. */
  readonly unfinished: number;
  /**
   * The write that stopped the run (disk full, read-only file, I/O error), or null. The
   * failed batch was rolled back and nothing was stored after it: every stored game is
   * whole, and a resume plays the rest.
   */
  readonly writeFailure: (WriteFailure & { readonly message: string }) | null;
  /** Worker threads that played (fewer than asked when the games made fewer chunks; 0: this thread). */
  readonly workers: number;
}

export async function runGames(config: RunConfig, opts: RunOptions): Promise<RunOutcome> {
  const store = opts.store;
  const codes = store?.codes ?? IDENTITY_CODES;
  const tally = new Tally(codes);
  let run: RunRow | null = null;
  let agents = specList(config.seating);
  let ranges: IndexRange[];
  if (store !== undefined) {
    run = opts.resume ?? store.createRun(config, runKey(config), versions());
    opts.onRun?.(run);
    const stored = store.agents(run.id);
    if (stored.join('\n') !== agents.join('\n')) badStoredValue(`run ${run.id}: stored agents ${stored.join(', ')} differ from the seating's ${agents.join(', ')}`);
    agents = stored;
    ranges = store.missing(run);
    tally.add(store.tally(run.id));
  } else {
    ranges = [shardRange(config.games, config.shard)];
  }
  const range = shardRange(config.games, config.shard);
  const planned = range.stop - range.first;
  const spec: GamesSpec = { setup: config.setup, seed: config.seed, seating: config.seating.text, agents, codes, seatOrder: config.seatOrder };
  const player = new GamePlayer({ setup: config.setup, seed: config.seed, seating: config.seating, agents, codes, exec: opts.exec, control: controlOf(config.seatOrder) });
  if (opts.exec !== undefined && opts.exec.log.path === undefined && store !== undefined && run !== null) opts.exec.log.open(execLogPath(store.path, { run: run.id }));
  opts.onProgress?.(planned - countOf(ranges), planned);
  const started = performance.now();
  let writeFailure: RunOutcome['writeFailure'] = null;
  let dropped = 0;
  const onChunk = (chunk: ChunkResult) => {
    // After a failed write the chunks still in flight are dropped: a resume plays them.
    if (writeFailure !== null) {
      dropped += chunk.count;
      return;
    }
    if (store !== undefined && run !== null) {
      try {
        store.insertChunk(run.id, chunk, config.setup.players);
      } catch (e) {
        const failure = writeFailureOf(e) ?? runConflictOf(e);
        if (failure === null) throw e;
        writeFailure = { ...failure, message: (e as Error).message };
        dropped += chunk.count;
        return;
      }
    }
    tally.addChunk(chunk);
    opts.onProgress?.(tally.games, planned);
  };
  // A game whose writes failed inside it (its seats' LLM record: db-file.ts FileFailure)
  // stops the run as a chunk's failed write does; the game is not stored, and a resume
  // plays it from what the record holds.
  const playGame = config.seating.async ? (opts.playAsync ?? ((index: number) => player.playAsync(index))) : undefined;
  const failedWrite = (e: unknown): undefined => {
    const failure = writeFailureOf(e);
    if (failure === null) throw e;
    writeFailure ??= { ...failure, message: (e as Error).message };
    return undefined;
  };
  const done = await execute(player, spec, config.seating.async, ranges, {
    // A seating with kinds of the caller's own is played in this thread: workers know only the built-in kinds.
    workers: builtInOnly(config.seating) ? opts.workers : 0,
    threadFirst: opts.threadFirst,
    concurrency: opts.concurrency,
    batch: opts.batch,
    onChunk,
    shouldStop: () => writeFailure !== null || (opts.shouldStop?.() ?? false),
    playAsync: playGame === undefined ? undefined : (index) => playGame(index).catch((e: unknown) => failedWrite(e)),
  });
  const seconds = (performance.now() - started) / 1000;
  return { run, tally, planned, played: done.played - dropped, seconds, stopped: done.stopped, unfinished: done.unfinished, writeFailure, workers: done.workers };
}
