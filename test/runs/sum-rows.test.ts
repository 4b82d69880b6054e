// The metric sums a Store keeps in memory while it stores a run (runs/sum-rows.ts): what
// it writes is what reading every row back and adding to it writes (a resume, another
// process), in any order of the chunks; two Stores writing one run by turns (two `sim
// resume` of a run at once) lose neither's sums; a chunk whose transaction fails, or is
// rolled back by the caller's, leaves nothing of itself in memory.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseSeating } from '../../agents/registry.js';
import { resolveSetup } from '../../engine/index.js';
import { GamePlayer } from '../../runs/games.js';
import type { ChunkResult } from '../../runs/record.js';
import { runKey, WHOLE_RUN, type RunConfig } from '../../runs/run-config.js';
import { Store } from '../../runs/storage.js';
import { versions } from '../../runs/version.js';
import { removeDir, storedSums, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('sum-rows');
afterAll(() => removeDir(dir));

const setup = resolveSetup({ players: 8 });
const seating = parseSeating(['heuristic', 'werewolves=random']);
if (!setup.ok || !seating.ok) throw new Error('setup');
const config: RunConfig = { setup: setup.value, seed: 'sum-rows', seating: seating.value, games: 600, shard: WHOLE_RUN };

/** The run's games in chunks of 150 (each touches every unit), played once. */
const chunks: ChunkResult[] = (() => {
  const store = open('chunks.db');
  const player = new GamePlayer({ setup: config.setup, seed: config.seed, seating: config.seating, agents: store.agents(newRun(store)), codes: store.codes });
  store.close();
  return [0, 1, 2, 3].map((c) => player.chunkSync([{ first: c * 150, stop: (c + 1) * 150 }]));
})();

function open(name: string): Store {
  const s = Store.open(join(dir, name), 'write');
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

function newRun(store: Store): number {
  return store.createRun(config, runKey(config), versions()).id;
}

/** The run stored by one Store, chunk after chunk in order: the reference. */
function reference(name: string): string {
  const store = open(name);
  const run = newRun(store);
  for (const c of chunks) store.insertChunk(run, c, 8);
  store.close();
  return storedSums(join(dir, name), run);
}

describe('sums kept in memory', () => {
  test('a Store per chunk (every row read back from the file), chunks in another order: the same bytes', () => {
    const whole = reference('whole.db');
    expect(JSON.parse(whole).length).toBeGreaterThan(100);
    const first = open('apart.db');
    const run = newRun(first);
    first.close();
    for (const c of [chunks[2]!, chunks[0]!, chunks[3]!, chunks[1]!]) {
      const store = open('apart.db');
      store.insertChunk(run, c, 8);
      store.close();
    }
    expect(storedSums(join(dir, 'apart.db'), run)).toBe(whole);
  });

  // Planted: without the data_version check (sum-rows.ts `add`), the first Store's next
  // chunk writes its rows as it holds them, without the other's chunk (this test fails).
  test('two Stores storing chunks of one run by turns: the sums of both', () => {
    const whole = reference('whole4.db');
    const a = open('turns.db');
    const run = newRun(a);
    const b = open('turns.db');
    try {
      a.insertChunk(run, chunks[0]!, 8);
      b.insertChunk(run, chunks[1]!, 8);
      a.insertChunk(run, chunks[2]!, 8);
      b.insertChunk(run, chunks[3]!, 8);
    } finally {
      a.close();
      b.close();
    }
    expect(storedSums(join(dir, 'turns.db'), run)).toBe(whole);
  });

  // Planted: without dropping the run's rows when its transaction fails (sum-rows.ts
  // `forget` in Store.addSums), the rows kept hold part of the failed chunk, and the next
  // chunks write it into the file (this test fails).
  test('a chunk whose transaction fails midway adds nothing: the run is stored as if it never came', () => {
    const whole = reference('whole2.db');
    const store = open('failed.db');
    const run = newRun(store);
    store.insertChunk(run, chunks[0]!, 8);
    // The write of the chunk's last sum row fails, after the others were added.
    const { keys, rows } = chunks[1]!.sums;
    const [unit, agent, role] = [keys[3 * (rows - 1)], keys[3 * (rows - 1) + 1], keys[3 * (rows - 1) + 2]];
    // Planted through a connection of its own (the Store keeps its database to itself); the
    // Store's statements see the schema change and are prepared again.
    const raw = new Database(join(dir, 'failed.db'));
    raw.exec(
      `CREATE TRIGGER planted BEFORE INSERT ON metric_sums WHEN NEW.unit = ${unit} AND NEW.agent = ${agent} AND NEW.role = ${role} BEGIN SELECT RAISE(ABORT, 'planted failure'); END`,
    );
    expect(() => store.insertChunk(run, chunks[1]!, 8)).toThrow(/planted failure/);
    raw.exec('DROP TRIGGER planted');
    raw.close();
    expect(store.storedCount(run)).toBe(150);
    for (const c of chunks.slice(1)) store.insertChunk(run, c, 8);
    store.close();
    expect(storedSums(join(dir, 'failed.db'), run)).toBe(whole);
  });

  // Planted: keeping the rows of a chunk stored inside the caller's transaction (no `forget`
  // after it in Store.addSums) counts a rolled-back chunk (this test fails).
  test("a chunk stored inside the caller's transaction, rolled back, adds nothing", () => {
    const whole = reference('whole3.db');
    const store = open('nested.db');
    const run = newRun(store);
    store.insertChunk(run, chunks[0]!, 8);
    expect(() =>
      store.transaction(() => {
        store.insertChunk(run, chunks[1]!, 8);
        throw new Error('the caller changed its mind');
      }),
    ).toThrow(/changed its mind/);
    expect(store.storedCount(run)).toBe(150);
    for (const c of chunks.slice(1)) store.insertChunk(run, c, 8);
    store.close();
    expect(storedSums(join(dir, 'nested.db'), run)).toBe(whole);
  });
});
