// A sweep of cells that each name their seating (tournaments/sweep.ts `runSeatedSweep`, an
// ensemble's members in one sweep, on one pool): the same cells, games and results as each
// seating's own sweep (`runSweep`), in this thread or on workers.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSeating, type Seating } from '../../agents/registry.js';
import { Store } from '../../runs/storage.js';
import { planGrid, type SweepCell } from '../../tournaments/sweep-grid.js';
import { runSeatedSweep, runSweep, type SweepOptions, type SweepOutcome } from '../../tournaments/sweep.js';
import { removeDir, storedGames, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('sweep');
afterAll(() => removeDir(dir));

function must<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const seatings: Seating[] = [must(parseSeating(['heuristic'])), must(parseSeating(['random']))];
const cells: SweepCell[] = must(planGrid({ presets: ['standard'], players: [8, 9], wolves: { kind: 'range', min: 2, max: 2 }, extras: [['seer']], tables: false, rules: [], seating: seatings[0]! }));
// Checkpoints every 60 games, stopped at 180 or at ±0.1: cells settle at different rounds.
const options = (workers: number): SweepOptions => ({ seed: 'seated', adaptive: { precision: 0.1, batch: 60, maxGames: 180 }, workers, concurrency: 1 });

async function inFile(name: string, play: (store: Store) => Promise<SweepOutcome[]>) {
  const path = join(dir, name);
  const store = must(Store.open(path, 'write'));
  try {
    const outcomes = await play(store);
    const results = outcomes.flatMap((o) => o.cells.map((c) => ({ players: c.cell.setup.players, seating: c.run.seating, state: c.state.kind, games: c.games, village: c.village })));
    return { results, games: outcomes.flatMap((o) => o.cells.map((c) => storedGames(path, c.run.id))) };
  } finally {
    store.close();
  }
}

describe('one sweep of every seating’s cells', () => {
  it.each([0, 2])('gives each cell the games and result of its seating’s own sweep (%i workers)', async (workers) => {
    const apart = await inFile(`apart-${workers}.db`, async (store) => {
      const out: SweepOutcome[] = [];
      for (const s of seatings) out.push(await runSweep(store, cells, s, options(workers)));
      return out;
    });
    const together = await inFile(`together-${workers}.db`, async (store) => [
      await runSeatedSweep(
        store,
        seatings.flatMap((seating) => cells.map((cell) => ({ cell, seating }))),
        options(workers),
      ),
    ]);
    expect(together.results).toEqual(apart.results);
    expect(together.games).toEqual(apart.games);
    // The cells differ: the seatings' rates, and rounds that end at different checkpoints.
    expect(new Set(apart.results.map((r) => r.games)).size).toBeGreaterThan(1);
    expect(new Set(apart.results.map((r) => r.village)).size).toBe(apart.results.length);
  });
});
