// The seat-shuffle control (an invariance control, engine `seatShuffle`): a game played
// under it holds the same cards as the game of its seed — the same cards left over too —
// at other seats, and every agent keeps its card: an agent seated by side or role by
// construction, one seated by number because it moves with its card. Nothing else
// changes: what differs between the two games is the seats, which is what the control names.

import { describe, expect, it } from 'vitest';
import { parseSeating } from '../../agents/registry.js';
import { Game, gameSeed, resolveSetup, seatShuffle } from '../../engine/index.js';
import { GamePlayer, seatedGame, storedRunPlayer } from '../../runs/games.js';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runKey, WHOLE_RUN, type RunConfig } from '../../runs/run-config.js';
import { runGames } from '../../runs/runner.js';
import { Store } from '../../runs/storage.js';
import { SCHEMA_VERSION } from '../../runs/schema.js';
import { compareToStored, configOfRun } from '../../runs/replay.js';
import { removeDir, tempDir } from '../helpers/sim-cli.js';
import { must } from '../helpers/llm.js';
import { playSync } from '../../agents/play.js';

const setupOf = (req: Parameters<typeof resolveSetup>[0]) => {
  const s = resolveSetup(req);
  if (!s.ok) throw new Error(s.error);
  return s.value;
};
const seatingOf = (values: string[]) => {
  const s = parseSeating(values);
  if (!s.ok) throw new Error(s.error);
  return s.value;
};

describe('the seat shuffle', () => {
  it.each([
    ['side pairing', ['random', 'werewolves=heuristic'], { players: 8 }],
    ['one agent by seat among bots', ['heuristic', '3=random'], { players: 8 }],
    ['a mixed table', ['random', '2=heuristic', '5=heuristic:fakeClaim=0', '7=heuristic'], { players: 10, roles: 'werewolf=2,seer,witch,thief,villager=5' }],
  ] as const)('%s: the same cards (and leftovers) at permuted seats, each agent with its card', (_, seating, req) => {
    const setup = setupOf({ ...req });
    const base = new GamePlayer({ setup, seed: 'ctl', seating: seatingOf([...seating]) });
    const shuffled = new GamePlayer({ setup, seed: 'ctl', seating: seatingOf([...seating]), control: 'seats' });
    let moved = 0;
    for (let i = 0; i < 60; i++) {
      const a = base.playSync(i);
      const b = shuffled.playSync(i);
      const order = seatShuffle(gameSeed('ctl', i), setup.players);
      expect([...order].sort((x, y) => x - y)).toEqual(Array.from({ length: setup.players }, (_, k) => k));
      // The cards left over as dealt (a thief may take one during the game).
      expect(new Game(setup, gameSeed('ctl', i), { seatOrder: order }).state.leftover).toEqual(new Game(setup, gameSeed('ctl', i)).state.leftover);
      order.forEach((j, k) => {
        expect(b.game.state.seats[j]!.dealt).toBe(a.game.state.seats[k]!.dealt);
        expect(b.specs[j]).toBe(a.specs[k]);
      });
      if (order.some((j, k) => j !== k)) moved++;
    }
    // It does move seats (a control that changed nothing would pass the checks above).
    expect(moved).toBeGreaterThan(55);
  });

  it('is refused when it is no permutation of the seats', () => {
    const setup = setupOf({ players: 8 });
    expect(() => new Game(setup, 'x', { seatOrder: [0, 1, 2, 3, 4, 5, 6, 6] })).toThrow(/not a permutation of the 8 seats/);
    expect(() => new Game(setup, 'x', { seatOrder: [0, 1, 2] })).toThrow(/not a permutation/);
  });

  it('leaves the game of the seed alone without it', () => {
    const setup = setupOf({ players: 8 });
    const plain = new Game(setup, 'x');
    const identity = new Game(setup, 'x', { seatOrder: Array.from({ length: 8 }, (_, k) => k) });
    expect(identity.state.seats.map((s) => s.dealt)).toEqual(plain.state.seats.map((s) => s.dealt));
  });
});

// The speaking-order control: the same deal, the same agents at the same seats, the day's
// speeches in the other order. Only the speaking order option differs.
describe('the speaking-order control', () => {
  it.each([
    ['seat', { players: 8 }],
    ['after-victim', { players: 10, preset: 'introduction' }],
  ] as const)('from %s: the same deal and agents, the other order, nothing else', (from, req) => {
    const setup = setupOf({ ...req });
    expect(setup.options.speakingOrder).toBe(from);
    const seating = seatingOf(['heuristic', 'werewolves=random', '2=heuristic:fakeClaim=0']);
    let reordered = 0;
    for (let i = 0; i < 20; i++) {
      const base = seatedGame({ setup, seed: gameSeed('spk', i), seating });
      const ctl = seatedGame({ setup, seed: gameSeed('spk', i), seating, control: 'speaking' });
      expect(ctl.game.state.seats.map((s) => s.dealt)).toEqual(base.game.state.seats.map((s) => s.dealt));
      expect(ctl.specs).toEqual(base.specs);
      const { speakingOrder: a, ...rest } = base.game.setup.options;
      const { speakingOrder: b, ...restCtl } = ctl.game.setup.options;
      expect(a).toBe(from);
      expect(b).toBe(from === 'seat' ? 'after-victim' : 'seat');
      expect(restCtl).toEqual(rest);
      // Played out, the first day's first speaker differs in most games.
      const firstSpeaker = (g: typeof base) => {
        playSync(g.game, g.agents);
        return g.game.log.find((e) => e.type === 'speech')?.seat;
      };
      if (firstSpeaker(base) !== firstSpeaker(ctl)) reordered++;
    }
    expect(reordered).toBeGreaterThan(10);
  });
});

// A run whose seat order is shuffled (runs/run-config.ts `seatOrder`; `sim table --seats
// shuffled`): its games are the seat shuffle's, stored under a key of their own, and every
// reader of the file plays them again as they were played — a run of schema 6 reads as dealt.
describe('a stored run of shuffled seats', () => {
  it('is played, stored and replayed under the seat shuffle; its key is not the dealt run’s; a file of schema 6 reads as dealt and is brought up to date', async () => {
    const dir = tempDir('seat-order');
    try {
      const setup = setupOf({ players: 8 });
      const seating = seatingOf(['random', '3=heuristic']);
      const dealt: RunConfig = { setup, seed: 'order', seating, games: 40, shard: WHOLE_RUN };
      const shuffled: RunConfig = { ...dealt, seatOrder: 'shuffled' };
      expect(runKey(shuffled)).not.toBe(runKey(dealt));
      const path = join(dir, 'order.db');
      for (const config of [dealt, shuffled]) {
        const store = must(Store.open(path, 'write'));
        try {
          await runGames(config, { workers: 0, concurrency: 1, store });
        } finally {
          store.close();
        }
      }
      const store = must(Store.open(path, 'read'));
      try {
        const [a, b] = store.runs();
        expect([a!.seatOrder, b!.seatOrder]).toEqual(['dealt', 'shuffled']);
        const config = must(configOfRun(b!, 'replayed'));
        expect(config.seatOrder).toBe('shuffled');
        const player = storedRunPlayer(store, b!.id, config);
        let moved = 0;
        for (let i = 0; i < 40; i++) {
          const played = player.playSync(i);
          const control = new GamePlayer({ setup, seed: 'order', seating, control: 'seats' }).playSync(i);
          expect(JSON.stringify(played.game.log)).toBe(JSON.stringify(control.game.log));
          expect(compareToStored(player, i, played, store.game(b!.id, i)!).same).toBe(true);
          // The heuristic moves with its card: at seat 3 only when the shuffle leaves that card there.
          if (played.specs.indexOf('heuristic') !== 2) moved++;
        }
        expect(moved).toBeGreaterThan(30);
      } finally {
        store.close();
      }
      // The file as schema 6 wrote it: no seat order column; read as dealt, brought up to date when written.
      const raw = new Database(path);
      raw.exec("DELETE FROM games WHERE run = 2; DELETE FROM metric_sums WHERE run = 2; DELETE FROM agents WHERE run = 2; DELETE FROM runs WHERE id = 2; ALTER TABLE runs DROP COLUMN seat_order; PRAGMA user_version = 6;");
      raw.close();
      const old = must(Store.open(path, 'read'));
      expect(old.runs().map((r) => r.seatOrder)).toEqual(['dealt']);
      old.close();
      must(Store.open(path, 'write')).close();
      const now = new Database(path);
      expect(now.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(now.prepare('SELECT seat_order FROM runs').pluck().all()).toEqual(['dealt']);
      now.close();
    } finally {
      removeDir(dir);
    }
  });
});
