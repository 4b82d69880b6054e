// A balance sweep played into the results database: one run per cell (its configuration,
// the sweep's seed, `maxGames` games planned), played in rounds. Each round takes every
// cell still open to its next checkpoint (sweep-schedule.ts), all cells' games as chunk
// tasks of one TaskPlayer (runs/execute.ts: this thread, or one worker pool); a cell settled
// at a checkpoint gets no more games. Running the same sweep
// again finds each cell's run by its key and continues it, so an interrupted sweep ends
// with exactly the games, and the results, of an uninterrupted one.

import type { Seating } from '../agents/registry.js';
import { chunksOf, execute, TaskPlayer } from '../runs/execute.js';
import { GamePlayer, type GamesSpec } from '../runs/games.js';
import type { ChunkResult } from '../runs/record.js';
import { runKey, specList, WHOLE_RUN, type IndexRange, type RunConfig, type ThreadFirst } from '../runs/run-config.js';
import type { RunRow, Store } from '../runs/storage.js';
import type { SweepCell } from './sweep-grid.js';
import { cellState, expectedGames, type Adaptive, type CellState } from './sweep-schedule.js';
import type { ChunkTask } from '../runs/worker.js';
import { codeHash, versions } from '../runs/version.js';
import { badStoredValue } from '../runs/stored-value.js';

export interface SweepOptions {
  readonly seed: string;
  readonly adaptive: Adaptive;
  readonly workers: number;
  /** Without a worker count from the user: each round's games start in this thread and move to the workers if they would take it long (runs/run-config.ts THREAD_FIRST). */
  readonly threadFirst?: ThreadFirst | undefined;
  /** Games in flight for asynchronous (LLM) seatings. */
  readonly concurrency: number;
  /** Games per task (default 250). */
  readonly chunk?: number;
  readonly shouldStop?: () => boolean;
  readonly onProgress?: (p: SweepProgress) => void;
}

export interface SweepProgress {
  readonly round: number;
  readonly open: number;
  readonly cells: number;
  /** Games stored over all cells. */
  readonly stored: number;
  /** Games this round will have stored when done. */
  readonly roundTarget: number;
  /** Games the whole sweep will likely have stored when every cell is settled (an estimate for the overall bar and its ETA). */
  readonly expected: number;
}

export interface CellResult {
  readonly cell: SweepCell;
  readonly run: RunRow;
  readonly state: CellState;
  /** The games the cell's result is read from: [0, games), and the village's wins among them. */
  readonly games: number;
  readonly village: number;
}

export interface SweepOutcome {
  readonly cells: readonly CellResult[];
  /** Games played by this invocation. */
  readonly played: number;
  readonly seconds: number;
  readonly rounds: number;
  readonly stopped: boolean;
}

const DEFAULT_CHUNK = 250;

/** A cell and the seating that plays it (an ensemble's members each play every cell). */
export interface SeatedCell {
  readonly cell: SweepCell;
  readonly seating: Seating;
}

interface Live {
  readonly cell: SweepCell;
  readonly seating: Seating;
  readonly run: RunRow;
  readonly spec: GamesSpec;
  readonly player: GamePlayer;
}

/** The run of each cell: the stored one of the same key and code, or a new one. */
function runsOf(store: Store, cells: readonly SeatedCell[], o: SweepOptions): Live[] {
  const code = codeHash();
  return cells.map(({ cell, seating }) => {
    const agents = specList(seating);
    const config: RunConfig = { setup: cell.setup, seed: o.seed, seating, games: o.adaptive.maxGames, shard: WHOLE_RUN };
    const key = runKey(config);
    const found = store.findRun(key, 1, 1);
    const run = found !== undefined && found.codeHash === code ? found : store.createRun(config, key, versions());
    const stored = store.agents(run.id);
    if (stored.join('\n') !== agents.join('\n')) badStoredValue(`run ${run.id}: stored agents ${stored.join(', ')} differ from the seating's ${agents.join(', ')}`);
    const spec: GamesSpec = { setup: cell.setup, seed: o.seed, seating: seating.text, agents, codes: store.codes };
    return { cell, seating, run, spec, player: new GamePlayer({ setup: cell.setup, seed: o.seed, seating, agents, codes: store.codes }) };
  });
}

/** Missing indices of a run below `target`. */
function missingBelow(store: Store, run: RunRow, target: number): IndexRange[] {
  return store.missing(run)
    .filter((r) => r.first < target)
    .map((r) => ({ first: r.first, stop: Math.min(r.stop, target) }));
}

function prefixOf(store: Store, run: RunRow): number {
  const gaps = store.missing(run);
  return gaps.length === 0 ? run.stop : gaps[0]!.first;
}

export function runSweep(store: Store, cells: readonly SweepCell[], seating: Seating, o: SweepOptions): Promise<SweepOutcome> {
  return runSeatedSweep(
    store,
    cells.map((cell) => ({ cell, seating })),
    o,
  );
}

/**
 * A sweep whose cells each name their seating: an ensemble's members' cells in one sweep,
 * their rounds together and their games on one pool, whose workers warm up once.
 */
export async function runSeatedSweep(store: Store, cells: readonly SeatedCell[], o: SweepOptions): Promise<SweepOutcome> {
  const started = performance.now();
  const stop = o.shouldStop ?? (() => false);
  const live = runsOf(store, cells, o);
  const stateOf = (l: Live): CellState => cellState(prefixOf(store, l.run), (t) => store.wonBelow(l.run.id, t, 'village'), o.adaptive);
  const storedAll = () => live.reduce((s, l) => s + store.storedCount(l.run.id), 0);

  const tasksPlayer = new TaskPlayer({ specs: live.map((l) => l.spec), workers: o.workers, threadFirst: o.threadFirst, here: (t) => live[t.cell]!.player.chunkSync(t.ranges) });
  let played = 0;
  let rounds = 0;
  let stopped = false;
  try {
    for (;;) {
      const states = live.map(stateOf);
      const open = live.map((l, i) => ({ l, i, s: states[i]! })).filter((x) => x.s.kind === 'open');
      if (open.length === 0) break;
      if (stop()) {
        stopped = true;
        break;
      }
      rounds++;
      const tasks: ChunkTask[] = [];
      for (const { l, i, s } of open) {
        if (s.kind !== 'open') continue;
        for (const ranges of chunksOf(missingBelow(store, l.run, s.target), o.chunk ?? DEFAULT_CHUNK)) tasks.push({ cell: i, ranges });
      }
      let stored = storedAll();
      const roundTarget = stored + tasks.reduce((n, t) => n + t.ranges.reduce((m, r) => m + r.stop - r.first, 0), 0);
      const expected = live.reduce((sum, l, i) => {
        const prefix = prefixOf(store, l.run);
        return sum + expectedGames(states[i]!, prefix, prefix > 0 ? store.wonBelow(l.run.id, prefix, 'village') : 0, o.adaptive);
      }, 0);
      const progress = () => o.onProgress?.({ round: rounds, open: open.length, cells: live.length, stored, roundTarget, expected: Math.max(expected, roundTarget, stored) });
      progress();
      const onChunk = (cell: number) => (chunk: ChunkResult) => {
        const l = live[cell]!;
        store.insertChunk(l.run.id, chunk, l.cell.setup.players);
        played += chunk.count;
        stored += chunk.count;
        progress();
      };
      // Seatings with a model play in this thread, their games in flight; the others on the pool.
      for (const t of tasks) {
        const l = live[t.cell]!;
        if (!l.seating.async || stop()) continue;
        await execute(l.player, l.spec, true, t.ranges, { workers: 0, concurrency: o.concurrency, batch: o.chunk ?? DEFAULT_CHUNK, onChunk: onChunk(t.cell), shouldStop: stop });
      }
      const bots = tasks.filter((t) => !live[t.cell]!.seating.async);
      if (bots.length > 0 && !stop()) await tasksPlayer.play(bots, (t, chunk) => onChunk(t.cell)(chunk), stop);
    }
  } finally {
    await tasksPlayer.close();
  }
  const results: CellResult[] = live.map((l) => {
    const s = stateOf(l);
    if (s.kind !== 'open') {
      // Settled short of its cap: the cell's run is finished by design, not stopped.
      const stored = store.storedCount(l.run.id);
      if (s.kind === 'settled' && stored < l.run.stop - l.run.first) store.endRun(l.run.id, stored, `a balance sweep's cell settled after ${s.games} games`);
      return { cell: l.cell, run: l.run, state: s, games: s.games, village: s.village };
    }
    // Stopped before this cell settled: its games so far (the unbroken prefix).
    const prefix = prefixOf(store, l.run);
    return { cell: l.cell, run: l.run, state: s, games: prefix, village: prefix === 0 ? 0 : store.wonBelow(l.run.id, prefix, 'village') };
  });
  return { cells: results, played, seconds: (performance.now() - started) / 1000, rounds, stopped: stopped || results.some((r) => r.state.kind === 'open') };
}
