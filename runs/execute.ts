// Runs a set of game indices and hands back results chunk by chunk, in completion order
// (results are keyed by index, so order does not matter to what is stored):
// - synchronous seatings on W worker threads (piscina), chunks of `batch` games, at most
//   2W chunks in flight; W = 0 plays them in this thread;
// - asynchronous seatings (LLM agents) in this thread with `concurrency` games in
//   flight: their cost is waiting, not CPU, and one process keeps one rate limit and
//   one budget for all of them.
// `shouldStop` is polled between chunks and games: a stop (Ctrl-C) lets the chunks in
// flight finish and be handed back, then returns.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
import type { GamePlayer, GamesSpec, PlayedIndex } from './games.js';
import type { ChunkResult } from './record.js';
import type { IndexRange, ThreadFirst } from './run-config.js';
import { PACKAGE_ROOT } from './version.js';
import type { ChunkTask } from './worker.js';

/** piscina, loaded when a pool is made: a run played in this thread (most of `sim`'s) does not load it (~12 ms of start-up). */
const load = createRequire(import.meta.url);

export interface ExecuteOptions {
  /** Worker threads for synchronous seatings; 0 plays in this thread. */
  readonly workers: number;
  /** A small run starts in this thread and moves to `workers` only if the thread would take long to finish it (the default's choice: run-config.ts THREAD_FIRST). */
  readonly threadFirst?: ThreadFirst | undefined;
  /** Games in flight for asynchronous seatings. */
  readonly concurrency: number;
  /** Games per chunk (and per stored transaction); default: chosen from the run's size. */
  readonly batch?: number | undefined;
  /** Receives each finished chunk (store it, count it); runs in this thread. */
  readonly onChunk: (chunk: ChunkResult) => void;
  readonly shouldStop?: () => boolean;
  /**
   * Plays one game of an asynchronous seating in place of `player.playAsync` (LLM runs:
   * runs/llm/runner.ts `playLlmGame`); undefined: the game was abandoned (its run
   * stopped, or its replay record is incomplete) and is not stored: a resume plays it.
   */
  readonly playAsync?: ((index: number) => Promise<PlayedIndex | undefined>) | undefined;
}

export interface Executed {
  readonly played: number;
  readonly stopped: boolean;
  /** Games started but abandoned (asynchronous seatings only): not stored. */
  readonly unfinished: number;
  /** Worker threads used: at most those asked, and no more than there were chunks (0: this thread). */
  readonly workers: number;
}

export function countOf(ranges: readonly IndexRange[]): number {
  let n = 0;
  for (const r of ranges) n += r.stop - r.first;
  return n;
}

/**
 * Splits ranges into chunks of at most `size` games (a chunk may span several ranges),
 * made one at a time as they are taken: a run's memory does not grow with its games (all
 * the chunks of 2^31 − 1 games at once took 1.3 GB). There are ceil(games / size) of them.
 */
export function* chunkStream(ranges: readonly IndexRange[], size: number): Generator<IndexRange[]> {
  let cur: IndexRange[] = [];
  let room = size;
  for (const r of ranges) {
    let first = r.first;
    while (first < r.stop) {
      const stop = Math.min(r.stop, first + room);
      cur.push({ first, stop });
      room -= stop - first;
      first = stop;
      if (room === 0) {
        yield cur;
        cur = [];
        room = size;
      }
    }
  }
  if (cur.length > 0) yield cur;
}

/** Every chunk of chunkStream at once (schedules that interleave the chunks of several runs). */
export function chunksOf(ranges: readonly IndexRange[], size: number): IndexRange[][] {
  return [...chunkStream(ranges, size)];
}

/**
 * Chunks small enough for steady progress and cheap resumes (2,000 games: a tenth of a
 * second), big enough to amortise a task (~50 µs) and the chunk's transaction, which
 * rewrites every metric sum row its games touch (300 for 004's 8 with one agent: with chunks of 500
 * that took a tenth of `sim`'s time).
 */
function defaultBatch(total: number, workers: number): number {
  return Math.max(1, Math.min(2000, Math.ceil(total / (Math.max(1, workers) * 8))));
}

/**
 * The compiled worker: the one beside this module when it is compiled (the bundled binary's
 * dist/bin/worker.js, the compiler's dist/runs/worker.js), so a worker runs the code of the
 * build that started it; from the sources (vitest, tsx), the compiler's (worker threads
 * cannot load .ts under plain Node).
 */
export function workerFile(): string {
  const beside = join(dirname(fileURLToPath(import.meta.url)), 'worker.js');
  const f = existsSync(beside) ? beside : join(PACKAGE_ROOT, 'dist', 'runs', 'worker.js');
  if (!existsSync(f)) throw new Error(`${f} is missing: build first (npm run build)`);
  return pathToFileURL(f).href;
}

/**
 * The one pool of game players: `workers` threads of worker.ts, each given `specs` once (a
 * run's one spec, or a sweep's or a tournament's cells); a task names its spec's place.
 * Its caller destroys it.
 */
export function gamesPool(specs: readonly GamesSpec[], workers: number): Piscina<ChunkTask, ChunkResult> {
  const { Piscina } = load('piscina') as typeof import('piscina');
  return new Piscina<ChunkTask, ChunkResult>({ filename: workerFile(), minThreads: workers, maxThreads: workers, workerData: specs, idleTimeout: 1000 });
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Plays chunk tasks of a set of specs (a sweep's cells, a tournament's pairings), call
 * after call (rounds, batches), on `workers` threads or in this thread (`here`, 0
 * workers). Without a worker count from the user (`threadFirst`), each call's tasks start
 * here when they hold fewer games than its bound, and go to the workers once the thread
 * would spend longer than the bound on them (`handOver`, counting what it played in
 * earlier calls); once started, the workers play every later call (they are warm).
 * `close` ends them.
 */
export class TaskPlayer {
  private pool: Piscina<ChunkTask, ChunkResult> | undefined;
  /** Seconds this thread has played, over all calls. */
  private spent = 0;

  constructor(
    private readonly o: {
      readonly specs: readonly GamesSpec[];
      readonly workers: number;
      readonly threadFirst?: ThreadFirst | undefined;
      readonly here: (t: ChunkTask) => ChunkResult;
      /** Milliseconds, for the pilot (default `performance.now`; a test's own clock). */
      readonly clock?: () => number;
    },
  ) {}

  /** Plays `tasks` in order (in completion order on workers), each result to `onChunk`, until done or `stop()`; `exhausted`: every task was started. */
  async play(tasks: readonly ChunkTask[], onChunk: (t: ChunkTask, chunk: ChunkResult) => void, stop: () => boolean): Promise<{ exhausted: boolean }> {
    const { workers, threadFirst } = this.o;
    let next = 0;
    let left = 0;
    for (const t of tasks) left += countOf(t.ranges);
    let pilot =
      workers > 0 && this.pool === undefined && threadFirst !== undefined && left < threadFirst.below && this.spent <= threadFirst.switchSeconds ? threadFirst : undefined;
    if (workers === 0 || pilot !== undefined) {
      const clock = this.o.clock ?? (() => performance.now());
      const started = clock();
      const before = this.spent;
      for (;;) {
        if (next >= tasks.length) return { exhausted: true };
        if (stop()) return { exhausted: false };
        const t = tasks[next++]!;
        const chunkStarted = clock();
        const chunk = this.o.here(t);
        onChunk(t, chunk);
        left -= chunk.count;
        const now = clock();
        this.spent = before + (now - started) / 1000;
        await tick(); // lets signals (Ctrl-C) and progress redraws through
        if (pilot === undefined) continue;
        const verdict = handOver(pilot, { started, chunkStarted, now, count: chunk.count, left, before });
        if (verdict === 'workers') break;
        if (verdict === 'thread') pilot = undefined;
      }
      // The verdict came with the last task: the workers start when a later call has games for them.
      if (next >= tasks.length) return { exhausted: true };
    }
    this.pool ??= gamesPool(this.o.specs, workers);
    const pool = this.pool;
    return inFlight(
      2 * workers, // one chunk computing and one queued per worker
      () => {
        if (next >= tasks.length) return undefined;
        const t = tasks[next++]!;
        return pool.run(t).then((chunk) => ({ t, chunk }));
      },
      ({ t, chunk }) => onChunk(t, chunk),
      stop,
    );
  }

  /** The workers have started (they play every later call). */
  get workersStarted(): boolean {
    return this.pool !== undefined;
  }

  async close(): Promise<void> {
    if (this.pool !== undefined) await this.pool.destroy();
    this.pool = undefined;
  }
}

/** Games in the first chunk of a run that may move to the workers (threadFirst): a slow seating's decision comes after it. */
const PILOT_CHUNK = 256;

export async function execute(player: GamePlayer, spec: GamesSpec, async: boolean, ranges: readonly IndexRange[], opts: ExecuteOptions): Promise<Executed> {
  const stop = opts.shouldStop ?? (() => false);
  if (async) return executeAsync(player, ranges, opts, stop);
  const total = countOf(ranges);
  const first = opts.workers > 0 && opts.threadFirst !== undefined && total < opts.threadFirst.below ? opts.threadFirst : undefined;
  if (opts.workers > 0 && first === undefined) {
    const size = opts.batch ?? defaultBatch(total, opts.workers);
    return executePool(spec, chunkStream(ranges, size), Math.ceil(total / size), opts, stop);
  }
  // This thread plays. A run that started here for want of games (threadFirst) opens with a
  // small chunk (a slow seating's first decision comes soon), and once the pilot has run, if
  // the thread, at the speed of its latest chunk, would take longer than the bound to finish,
  // the rest goes to the workers.
  const size = opts.batch ?? defaultBatch(total, 0);
  const chunks = first === undefined ? chunkStream(ranges, size) : openingChunk(ranges, Math.min(size, PILOT_CHUNK), size);
  const started = performance.now();
  let pilot = first; // undefined once decided: the thread keeps the run
  let played = 0;
  for (;;) {
    if (stop()) return { played, stopped: true, unfinished: 0, workers: 0 };
    const c = chunks.next();
    if (c.done === true) return { played, stopped: false, unfinished: 0, workers: 0 };
    const chunkStarted = performance.now();
    const r = player.chunkSync(c.value);
    opts.onChunk(r);
    played += r.count;
    const now = performance.now();
    await tick(); // lets signals (Ctrl-C) and progress redraws through
    if (pilot === undefined) continue;
    const verdict = handOver(pilot, { started, chunkStarted, now, count: r.count, left: total - played, before: 0 });
    if (verdict === 'workers') break;
    if (verdict === 'thread') pilot = undefined;
  }
  const rest = total - played;
  const poolSize = opts.batch ?? defaultBatch(rest, opts.workers);
  const pooled = await executePool(spec, chunkStream(withoutFirst(ranges, played), poolSize), Math.ceil(rest / poolSize), opts, stop);
  return { played: played + pooled.played, stopped: pooled.stopped, unfinished: 0, workers: pooled.workers };
}

/**
 * A thread-first pilot's verdict after a chunk (times in ms from `performance.now()`):
 * 'workers' when this thread would spend more than the bound on the work — the seconds it
 * played in earlier calls of the same work (`before`: a sweep's rounds, a sequential test's
 * batches) and what it has played of this call, or, once the pilot's seconds are up, the
 * `left` games at the latest chunk's speed (the warmest: the JIT compiles a seating's code
 * over its first thousands of games); 'pilot' before then, 'thread' after.
 */
export function handOver(
  first: ThreadFirst,
  t: { readonly started: number; readonly chunkStarted: number; readonly now: number; readonly count: number; readonly left: number; readonly before: number },
): 'pilot' | 'workers' | 'thread' {
  const here = (t.now - t.started) / 1000;
  if (here < first.pilotSeconds) return t.before + here > first.switchSeconds ? 'workers' : 'pilot';
  const perGame = (t.now - t.chunkStarted) / 1000 / Math.max(1, t.count);
  return t.before + t.left * perGame > first.switchSeconds ? 'workers' : 'thread';
}

/** chunkStream with a first chunk of `opening` games, the rest of `size`. */
function* openingChunk(ranges: readonly IndexRange[], opening: number, size: number): Generator<IndexRange[]> {
  const head = chunkStream(ranges, opening).next();
  if (head.done === true) return;
  yield head.value;
  yield* chunkStream(withoutFirst(ranges, opening), size);
}

/** The ranges less their first `n` games (in order). */
export function withoutFirst(ranges: readonly IndexRange[], n: number): IndexRange[] {
  const out: IndexRange[] = [];
  let skip = n;
  for (const r of ranges) {
    const take = Math.min(skip, r.stop - r.first);
    skip -= take;
    if (r.first + take < r.stop) out.push({ first: r.first + take, stop: r.stop });
  }
  return out;
}

/**
 * Starts tasks from `next` (undefined: none left) with at most `limit` in flight, until
 * none are left or `stop()` says so, and hands each result to `onResult` in completion
 * order. Settles once nothing is in flight; rejects on the first failure (of a task or of
 * `onResult`). `exhausted`: every task was started.
 */
export function inFlight<T>(limit: number, next: () => Promise<T> | undefined, onResult: (r: T) => void, stop: () => boolean): Promise<{ exhausted: boolean }> {
  return new Promise((resolve, reject) => {
    let active = 0;
    let failed = false;
    let exhausted = false;
    const fail = (e: unknown) => {
      if (!failed) {
        failed = true;
        reject(e);
      }
    };
    const pump = () => {
      while (!failed && !exhausted && !stop() && active < limit) {
        let task: Promise<T> | undefined;
        try {
          task = next();
        } catch (e) {
          fail(e);
          return;
        }
        if (task === undefined) {
          exhausted = true;
          break;
        }
        active++;
        task.then(
          (r) => {
            active--;
            if (failed) return;
            try {
              onResult(r);
            } catch (e) {
              fail(e);
              return;
            }
            pump();
          },
          (e: unknown) => {
            active--;
            fail(e);
          },
        );
      }
      if (!failed && active === 0) resolve({ exhausted });
    };
    pump();
  });
}

async function executePool(spec: GamesSpec, chunks: Iterator<IndexRange[]>, count: number, opts: ExecuteOptions, stop: () => boolean): Promise<Executed> {
  const w = Math.min(opts.workers, count);
  if (w === 0) return { played: 0, stopped: false, unfinished: 0, workers: 0 };
  const pool = gamesPool([spec], w);
  let played = 0;
  try {
    const r = await inFlight(
      2 * w, // one chunk computing and one queued per worker: no worker waits for the main thread
      () => {
        const c = chunks.next();
        return c.done === true ? undefined : pool.run({ cell: 0, ranges: c.value });
      },
      (chunk) => {
        opts.onChunk(chunk);
        played += chunk.count;
      },
      stop,
    );
    return { played, stopped: !r.exhausted, unfinished: 0, workers: w };
  } finally {
    await pool.destroy();
  }
}

async function executeAsync(player: GamePlayer, ranges: readonly IndexRange[], opts: ExecuteOptions, stop: () => boolean): Promise<Executed> {
  const batch = opts.batch ?? Math.max(1, Math.min(64, opts.concurrency));
  const playOne = opts.playAsync ?? ((index: number) => player.playAsync(index));
  let builder = player.builder(batch);
  let lastFlush = Date.now();
  let played = 0;
  let unfinished = 0;
  let r = 0;
  let nextIndex = ranges[0]?.first ?? 0;
  const take = (): number | undefined => {
    while (r < ranges.length && nextIndex >= ranges[r]!.stop) {
      r++;
      nextIndex = ranges[r]?.first ?? 0;
    }
    return r < ranges.length ? nextIndex++ : undefined;
  };
  // Finished games are stored in batches, and at least every second (LLM games are slow and dear).
  const flush = () => {
    if (builder.size === 0) return;
    const chunk = builder.finish();
    builder = player.builder(batch);
    lastFlush = Date.now();
    opts.onChunk(chunk);
    played += chunk.count;
  };
  const done = await inFlight(
    Math.max(1, opts.concurrency),
    () => {
      const index = take();
      return index === undefined ? undefined : playOne(index).then((p) => ({ index, p }));
    },
    ({ index, p }) => {
      if (p === undefined) {
        unfinished++;
        return;
      }
      builder.add(index, p.played, p.specs, p.tally);
      if (builder.size >= batch || Date.now() - lastFlush > 1000) flush();
    },
    stop,
  );
  flush();
  return { played, stopped: !done.exhausted, unfinished, workers: 0 };
}
