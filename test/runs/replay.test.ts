// One replay service, one verdict: a stored game replayed matches its row; a row that
// differs (another winner, other days, other seats) is said to differ, and a game that
// is not stored is said to have nothing to check against — in the same words on a
// report's replay page and in `sim show`.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSeating } from '../../agents/registry.js';
import { resolveSetup } from '../../engine/index.js';
import { storedRunPlayer } from '../../runs/games.js';
import { replayIndex, replayStored, storedVerdict } from '../../runs/replay.js';
import { WHOLE_RUN, type RunConfig } from '../../runs/run-config.js';
import { runGames } from '../../runs/runner.js';
import { Store, type GameRow } from '../../runs/storage.js';
import { removeDir, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('replay');
afterAll(() => removeDir(dir));

async function storedRun(): Promise<{ store: Store; config: RunConfig }> {
  const setup = resolveSetup({});
  const seating = parseSeating([]);
  if (!setup.ok || !seating.ok) throw new Error('setup');
  const opened = Store.open(join(dir, 'r.db'), 'write');
  if (!opened.ok) throw new Error(opened.error);
  const config: RunConfig = { setup: setup.value, seed: 'replay', seating: seating.value, games: 6, shard: WHOLE_RUN };
  await runGames(config, { workers: 0, concurrency: 1, store: opened.value });
  return { store: opened.value, config };
}

describe('a stored game replayed and checked', () => {
  it('matches its row, differs from an edited one, and has nothing to check against when not stored', async () => {
    const { store, config } = await storedRun();
    try {
      const page = await replayStored(store, 1, 3, { runAgents: false });
      if (!page.ok) throw new Error(page.error);
      expect(page.value.matches).toBe(true);
      expect(page.value.verdict).toMatch(/^replay matches the stored result: (village|werewolves) won after \d+ days$/);

      const run = store.run(1)!;
      const row = store.game(1, 3)!;
      const player = storedRunPlayer(store, 1, config, undefined);
      const replayed = await replayIndex({ config, index: 3, player, record: null, gameKey: 'k/3', run: undefined, keepCalls: false });
      if (!replayed.ok) throw new Error('replay');
      const verdictFor = (r: GameRow | undefined) => storedVerdict({ run, index: 3, row: r, storedCount: 6, sides: store.names('sides'), player, played: replayed.value });
      // The service's page and the direct check say the same.
      expect(verdictFor(row)).toEqual({ verdict: page.value.verdict, matches: true });

      const otherWinner = [...store.names('sides').keys()].find((c) => c !== row.winner)!;
      const edits: [string, GameRow][] = [
        ['winner', { ...row, winner: otherWinner }],
        ['days', { ...row, days: row.days + 1 }],
        ['seats', { ...row, seats: row.seats.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }],
      ];
      for (const [what, edited] of edits) {
        const v = verdictFor(edited);
        expect(v.matches, what).toBe(false);
        expect(v.verdict, what).toMatch(/^REPLAY DIFFERS from the stored game 3 of run 1: .*The code is the same as the run's/);
      }
      expect(verdictFor({ ...row, seats: edits[2]![1].seats }).verdict).toMatch(/\(and the seats differ\)/);

      const absent = verdictFor(undefined);
      expect(absent.matches).toBeNull();
      expect(absent.verdict).toBe("game 3 is not stored in run 1 (it holds 6 of games 0–5); this is the replay from the run's configuration, with nothing to check it against");
    } finally {
      store.close();
    }
  });
});
