// The runner in process: any number of workers gives the same games; asynchronous
// agents (answers through delayed Promises) play through the runner, many games in
// flight, and give the same games as their synchronous twin; chunks and shards cover a
// run exactly once.

import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { randomAnswer } from '../../agents/random.js';
import { parseSeating, type AgentKind, type Seating } from '../../agents/registry.js';
import type { Agent } from '../../agents/types.js';
import { ok } from '../../engine/index.js';
import { resolveSetup, type GameSetup } from '../../engine/index.js';
import { chunksOf, countOf, withoutFirst } from '../../runs/execute.js';
import { OPTION_SPECS, type OptionSpec } from '../../engine/index.js';
import { runKey, shardRange, WHOLE_RUN, type RunConfig, type ThreadFirst } from '../../runs/run-config.js';
import { runGames } from '../../runs/runner.js';
import { Store } from '../../runs/storage.js';
import { removeDir, storedGames, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('runner');
afterAll(() => removeDir(dir));

function setupOf(preset: string, players: number): GameSetup {
  const s = resolveSetup({ preset, players });
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

function seating(values: string[] = []): Seating {
  const s = parseSeating(values);
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

let files = 0;
/** Plays a run into a fresh database; returns the outcome and the stored games. */
async function playStored(config: RunConfig, workers: number, extra: { concurrency?: number; batch?: number; threadFirst?: ThreadFirst } = {}) {
  const path = join(dir, `r${files++}.db`);
  const s = Store.open(path, 'write');
  if (!s.ok) throw new Error(s.error);
  try {
    const outcome = await runGames(config, { workers, concurrency: extra.concurrency ?? 4, batch: extra.batch, threadFirst: extra.threadFirst, store: s.value });
    return { outcome, games: storedGames(path, outcome.run!.id) };
  } finally {
    s.value.close();
  }
}

/** Another legal value of an option than `v` (the run key must tell the two apart). */
function otherValue(spec: OptionSpec['spec'], v: unknown): unknown {
  switch (spec.kind) {
    case 'enum':
      return spec.values.find((x) => x !== v);
    case 'bool':
      return !v;
    case 'int':
      return v === spec.min ? spec.max : spec.min;
    case 'prob':
      return v === 0.5 ? 0.25 : 0.5;
    case 'causes':
    case 'events':
      return (v as readonly string[]).length === 0 ? ['wolves'] : [];
  }
}

// Planted: the key computed without the rule options (runs/run-config.ts) makes every case
// here collide: a --resume under another --rule, a sweep's or a tournament's cell found
// again by key, would continue another configuration's run.
describe('the run key', () => {
  const base = setupOf('standard', 8);
  const config = (over: Partial<RunConfig>): RunConfig => ({ setup: base, seed: 'k', seating: seating(), games: 100, shard: WHOLE_RUN, ...over });
  it.each(OPTION_SPECS.map((s) => [s.key, s] as const))('tells apart two runs that differ only in %s', (key, s) => {
    const changed = { ...base, options: { ...base.options, [key]: otherValue(s.spec, base.options[key]) } };
    expect(changed.options[key]).not.toEqual(base.options[key]);
    expect(runKey(config({ setup: changed }))).not.toBe(runKey(config({})));
  });
  it('and runs that differ in seed, games, seating, players or preset; not in the shard', () => {
    const keys = [
      config({}),
      config({ seed: 'k2' }),
      config({ games: 101 }),
      config({ seating: seating(['heuristic']) }),
      config({ setup: setupOf('standard', 9) }),
      config({ setup: { ...base, preset: 'classic' } }),
    ].map(runKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(runKey(config({ shard: { k: 2, n: 4 } }))).toBe(runKey(config({})));
  });
});

describe('chunks and shards', () => {
  it('chunksOf splits ranges into chunks of at most the size, covering every index once, in order', () => {
    const ranges = [
      { first: 0, stop: 7 },
      { first: 10, stop: 11 },
      { first: 20, stop: 33 },
    ];
    const chunks = chunksOf(ranges, 5);
    expect(chunks.every((c) => countOf(c) <= 5)).toBe(true);
    const flat = (rs: readonly { first: number; stop: number }[]) => rs.flatMap((r) => Array.from({ length: r.stop - r.first }, (_, i) => r.first + i));
    expect(chunks.flatMap(flat)).toEqual(flat(ranges));
  });

  it.each([
    [10, 3],
    [1000, 7],
    [5, 5],
    [100000, 64],
  ])('the %i games of a run split into %i shards are covered exactly once, sizes within one', (games, n) => {
    let next = 0;
    const sizes: number[] = [];
    for (let k = 1; k <= n; k++) {
      const r = shardRange(games, { k, n });
      expect(r.first).toBe(next);
      next = r.stop;
      sizes.push(r.stop - r.first);
    }
    expect(next).toBe(games);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });
});

describe('workers', () => {
  it('store the same games, byte for byte, in this thread, on 1 worker and on 2 workers', async () => {
    const config: RunConfig = { setup: setupOf('classic', 8), seed: 'w', seating: seating(), games: 2000, shard: WHOLE_RUN };
    const runs = [];
    for (const w of [0, 1, 2]) runs.push(await playStored(config, w, { batch: 97 }));
    for (const r of runs) expect(r.outcome.played).toBe(2000);
    expect(runs[1]!.games).toBe(runs[0]!.games);
    expect(runs[2]!.games).toBe(runs[0]!.games);
    expect(runs[2]!.outcome.tally.wins).toEqual(runs[0]!.outcome.tally.wins);
    // Not a constant: both sides win games of this table.
    expect(runs[0]!.outcome.tally.wins.village).toBeGreaterThan(0);
    expect(runs[0]!.outcome.tally.wins.werewolves).toBeGreaterThan(0);
  });
});

describe('workers for the work', () => {
  // Without --workers the CLI passes threadFirst (run-config.ts THREAD_FIRST): a run of fewer
  // games than the bound starts in this thread and moves to the workers only if the thread
  // would take longer than the bound to finish; whichever plays, the same games.
  it.each([
    ['as many games as the bound: the workers from the start', { below: 500, pilotSeconds: 0, switchSeconds: 1e9 }, 2],
    ['fewer, and a thread that finishes within the bound keeps the run', { below: 501, pilotSeconds: 0, switchSeconds: 1e9 }, 0],
    ['fewer, and one that would not hands the rest to the workers after its first chunk', { below: 501, pilotSeconds: 0, switchSeconds: 0 }, 2],
    ['during the pilot, the thread hands the rest over once it has played longer than the bound', { below: 501, pilotSeconds: 1e9, switchSeconds: 0 }, 2],
  ])('%s', async (_what, threadFirst, used) => {
    const config: RunConfig = { setup: setupOf('classic', 8), seed: 'auto', seating: seating(), games: 500, shard: WHOLE_RUN };
    const r = await playStored(config, 2, { threadFirst, batch: 50 });
    expect(r.outcome.workers).toBe(used);
    expect(r.outcome.played).toBe(500);
    expect(r.games).toBe((await playStored(config, 0, { batch: 50 })).games);
  });

  it.each([
    [[{ first: 0, stop: 10 }], 0, [{ first: 0, stop: 10 }]],
    [[{ first: 0, stop: 10 }], 4, [{ first: 4, stop: 10 }]],
    [[{ first: 0, stop: 3 }, { first: 5, stop: 9 }], 3, [{ first: 5, stop: 9 }]],
    [[{ first: 0, stop: 3 }, { first: 5, stop: 9 }], 5, [{ first: 7, stop: 9 }]],
    [[{ first: 0, stop: 3 }, { first: 5, stop: 9 }], 7, []],
  ])('withoutFirst(%j, %i) is %j', (ranges, n, rest) => {
    expect(withoutFirst(ranges, n)).toEqual(rest);
  });
});

describe('asynchronous agents', () => {
  let pending = 0;
  let mostPending = 0;
  /** The random agent, answering through a Promise that settles after 0–2 ms. */
  const delayedRandom: AgentKind = {
    name: 'delayed-random',
    summary: 'test: the random agent answering through a delayed Promise',
    async: true,
    check: () => ok('delayed-random'),
    create: (): Agent => ({
      name: 'delayed-random',
      decide: (ctx) => {
        const answer = randomAnswer(ctx.decision, ctx.rng);
        pending++;
        mostPending = Math.max(mostPending, pending);
        return new Promise((resolve) =>
          setTimeout(() => {
            pending--;
            resolve(answer);
          }, (ctx.decision.seat * 7 + ctx.decision.id) % 3),
        );
      },
    }),
  };
  // Stored under the same spec text as the random agent, so the two runs' rows compare.
  const asyncSeating: Seating = {
    assignments: [{ who: { by: 'default' }, spec: { kind: delayedRandom, argument: undefined, text: 'random' } }],
    text: 'random',
    async: true,
  };

  it('play a run through the runner with many games in flight, and store the games of their synchronous twin', async () => {
    const setup = setupOf('standard', 8);
    const sync: RunConfig = { setup, seed: 'async', seating: seating(), games: 150, shard: WHOLE_RUN };
    const viaPromises = await playStored({ ...sync, seating: asyncSeating }, 2, { concurrency: 16, batch: 10 });
    const direct = await playStored(sync, 0);
    expect(viaPromises.outcome.played).toBe(150);
    expect(viaPromises.games).toBe(direct.games);
    // Simultaneous decisions of many games were awaited at once.
    expect(mostPending).toBeGreaterThan(16);
  });
});
