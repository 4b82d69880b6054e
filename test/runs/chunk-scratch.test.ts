// A player's chunks are built one after the other in the same arrays (runs/record.ts
// `ChunkScratch`): each chunk must come out as a chunk built in arrays of its own, and
// stay so once later chunks have been built over them.
//
// Planted: without `UnitSums.clear` zeroing the rows a chunk used, the 40-game chunk after
// the 300-game one keeps the latter's sums (its counters differ); with `packed()` handing
// out views of the reused arrays, the first chunk's sums are overwritten by the next
// ones (they differ when compared at the end). Both fail here.

import { describe, expect, test } from 'vitest';
import { parseSeating } from '../../agents/registry.js';
import { resolveSetup } from '../../engine/index.js';
import { GamePlayer } from '../../runs/games.js';
import type { ChunkResult } from '../../runs/record.js';

const setup = resolveSetup({ players: 8 });
const seating = parseSeating(['heuristic', 'werewolves=random']);
if (!setup.ok || !seating.ok) throw new Error('setup');
const options = { setup: setup.value, seed: 'chunk-scratch', seating: seating.value };

/** A chunk as plain data (its arrays copied), to compare. */
function plain(c: ChunkResult) {
  return { count: c.count, games: [...c.games], seats: c.seats, rows: c.sums.rows, keys: [...c.sums.keys], counters: [...c.sums.counters] };
}

describe('chunks built in reused arrays', () => {
  // A large chunk, a small one (fewer sum rows than the last), a larger one (the arrays grow).
  const ranges = [
    { first: 0, stop: 300 },
    { first: 300, stop: 340 },
    { first: 340, stop: 700 },
  ];

  test('each chunk as one built afresh, and unchanged by the chunks built after it', () => {
    const player = new GamePlayer(options);
    const reused = ranges.map((r) => player.chunkSync([r]));
    const fresh = ranges.map((r) => plain(new GamePlayer(options).chunkSync([r])));
    expect(reused[1]!.sums.rows).toBeLessThan(reused[0]!.sums.rows);
    expect(reused.map(plain)).toEqual(fresh);
  });

  test('a chunk of several ranges, after another: as built afresh', () => {
    const player = new GamePlayer(options);
    player.chunkSync([{ first: 0, stop: 200 }]);
    const two = [{ first: 500, stop: 520 }, { first: 10, stop: 30 }];
    expect(plain(player.chunkSync(two))).toEqual(plain(new GamePlayer(options).chunkSync(two)));
  });
});
