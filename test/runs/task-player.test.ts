// Where a sweep's or a tournament's chunk tasks play (runs/execute.ts `TaskPlayer`): on
// the workers, or, when the user named no worker count (threadFirst), in this thread while
// it would not spend longer than the bound on them, counting what it played in earlier
// calls (a sweep's rounds, a sequential test's batches). Whoever plays, the same chunks.

import { describe, expect, it } from 'vitest';
import { resolveSetup } from '../../engine/index.js';
import { handOver, TaskPlayer } from '../../runs/execute.js';
import { GamePlayer, type GamesSpec } from '../../runs/games.js';
import { IDENTITY_CODES, type ChunkResult } from '../../runs/record.js';
import type { ThreadFirst } from '../../runs/run-config.js';
import type { ChunkTask } from '../../runs/worker.js';

const BOUND: ThreadFirst = { below: 20_000, pilotSeconds: 0.5, switchSeconds: 3 };

describe('the pilot’s verdict after a chunk', () => {
  // Times in ms; the latest chunk: `count` games from chunkStarted to now.
  it.each<[string, { started: number; chunkStarted: number; now: number; count: number; left: number; before: number }, string]>([
    ['within the pilot: not yet', { started: 0, chunkStarted: 0, now: 400, count: 100, left: 1e6, before: 0 }, 'pilot'],
    ['after it, the rest at 4 ms a game takes 4 s: the workers', { started: 0, chunkStarted: 200, now: 600, count: 100, left: 1000, before: 0 }, 'workers'],
    ['after it, the rest takes 2 s: this thread', { started: 0, chunkStarted: 200, now: 600, count: 100, left: 500, before: 0 }, 'thread'],
    ['the latest chunk’s speed, not the pilot’s (its first chunks run cold)', { started: 0, chunkStarted: 500, now: 600, count: 100, left: 2000, before: 0 }, 'thread'],
    ['2.8 s played in earlier calls and 1 s left: the workers', { started: 0, chunkStarted: 200, now: 600, count: 100, left: 250, before: 2.8 }, 'workers'],
    ['within the pilot, but past the bound with earlier calls: the workers', { started: 0, chunkStarted: 0, now: 300, count: 100, left: 10, before: 2.8 }, 'workers'],
  ])('%s', (_what, t, verdict) => {
    expect(handOver(BOUND, t)).toBe(verdict);
  });
});

const setup = (() => {
  const s = resolveSetup({});
  if (!s.ok) throw new Error(s.error);
  return s.value;
})();
const spec: GamesSpec = { setup, seed: 'task-player', seating: 'random', agents: ['random'], codes: IDENTITY_CODES };
const player = (() => {
  const p = GamePlayer.fromSpec(spec);
  if (!p.ok) throw new Error(p.error);
  return p.value;
})();
/** 10 tasks of 20 games, 200 games in all. */
const TASKS: ChunkTask[] = Array.from({ length: 10 }, (_, i) => ({ cell: 0, ranges: [{ first: 20 * i, stop: 20 * i + 20 }] }));
const text = (c: ChunkResult) => JSON.stringify([c.count, [...c.games], c.seats, c.sums]);
const expected = new Map(TASKS.map((t) => [t.ranges[0]!.first, text(player.chunkSync(t.ranges))]));

/** A TaskPlayer (on one worker) whose `here` counts its calls and advances its clock by `msPerChunk`. */
function counted(threadFirst: ThreadFirst | undefined, workers = 1, msPerChunk = 1) {
  let ms = 0;
  const here: ChunkTask[] = [];
  const tp = new TaskPlayer({
    specs: [spec],
    workers,
    threadFirst,
    clock: () => ms,
    here: (t) => {
      here.push(t);
      ms += msPerChunk;
      return player.chunkSync(t.ranges);
    },
  });
  const got = new Map<number, string>();
  const play = async (tasks: readonly ChunkTask[]) => {
    const before = here.length;
    const r = await tp.play(tasks, (t, c) => got.set(t.ranges[0]!.first, text(c)), () => false);
    expect(r.exhausted).toBe(true);
    return here.length - before;
  };
  return { tp, got, play };
}

describe('where the tasks play', () => {
  it.each<[string, ThreadFirst | undefined, number, number]>([
    ['a worker count from the user: the workers from the start', undefined, 1, 0],
    ['0 workers: this thread', undefined, 0, 10],
    ['as many games as the bound: the workers from the start', { below: 200, pilotSeconds: 0, switchSeconds: 1e9 }, 1, 0],
    ['fewer, and a thread that finishes within the bound keeps them', { below: 201, pilotSeconds: 0, switchSeconds: 1e9 }, 1, 10],
    ['fewer, and one that would not hands the rest to the workers after its first chunk', { below: 201, pilotSeconds: 0, switchSeconds: 0 }, 1, 1],
    // 1 ms a chunk here: after the first, the rest would take 9 ms, but the pilot never ends.
    ['during the pilot the thread plays until it has spent the bound: 6 chunks of 1 ms for 5.5 ms', { below: 201, pilotSeconds: 1e9, switchSeconds: 0.0055 }, 1, 6],
  ])('%s', async (_what, threadFirst, workers, hereCount) => {
    const c = counted(threadFirst, workers);
    try {
      expect(await c.play(TASKS)).toBe(hereCount);
      expect(c.tp.workersStarted).toBe(hereCount < TASKS.length);
      expect(c.got).toEqual(expected);
    } finally {
      await c.tp.close();
    }
  });

  it('counts what the thread played in earlier calls: past the bound, the workers play, and keep playing', async () => {
    // A second a chunk against a bound of 3 s and a pilot longer than any call.
    const c = counted({ below: 1e6, pilotSeconds: 100, switchSeconds: 3 }, 1, 1000);
    try {
      expect(await c.play(TASKS.slice(0, 2))).toBe(2); // 2 s
      expect(await c.play(TASKS.slice(2, 4))).toBe(2); // 3 s after the first, 4 after the second: the verdict, with nothing left
      expect(c.tp.workersStarted).toBe(false); // … for them to play
      expect(await c.play(TASKS.slice(4, 6))).toBe(0); // past the bound: the workers
      expect(await c.play(TASKS.slice(6, 10))).toBe(0);
      expect(c.got).toEqual(expected);
    } finally {
      await c.tp.close();
    }
  });

  it('once the workers started, they play the next call, though the thread played less than the bound', async () => {
    // 1 ms a chunk; after the first, the other three would take 3 ms against a bound of 1.5.
    const c = counted({ below: 1e6, pilotSeconds: 0, switchSeconds: 0.0015 });
    try {
      expect(await c.play(TASKS.slice(0, 4))).toBe(1);
      expect(c.tp.workersStarted).toBe(true);
      expect(await c.play(TASKS.slice(4, 6))).toBe(0);
      expect(c.got).toEqual(new Map([...expected].slice(0, 6)));
    } finally {
      await c.tp.close();
    }
  });
});
