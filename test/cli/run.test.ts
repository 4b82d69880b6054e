// `sim` end to end, through the CLI (in-process): the JSON shape, workers, determinism of
// stored results and transcripts, shards and merge, the listings.

import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OPTION_KEYS } from '../../engine/index.js';
import { PRESETS } from '../../engine/index.js';
import { SIDES } from '../../engine/index.js';
import { meanInterval } from '../../stats/mean.js';
import { removeDir, sim, snapshot, storedGames, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('cli');
afterAll(() => removeDir(dir));

async function json(args: string[], cwd = dir): Promise<Record<string, any>> {
  const r = await sim([...args, '--json'], cwd);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, any>;
}

describe('sim run', () => {
  it('--json prints one object with the games, seed, every side, mean days, speed, setup, run and db', async () => {
    const out = await json(['--games', '400', '--seed', '9', '--preset', 'classic', '--players', '10', '--workers', '0', '--db', 'shape.db']);
    expect(out.games).toBe(400);
    expect(out.seed).toBe('9');
    expect(Object.keys(out.wins).sort()).toEqual([...SIDES].sort());
    expect(Object.values(out.wins as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(400);
    expect(out.meanDays).toBeGreaterThan(1);
    // The mean's 95% interval, from the sums the chunks added up: that of the stored games' days.
    const db = new Database(join(dir, 'shape.db'), { readonly: true });
    const days = db.prepare('SELECT days FROM games').pluck().all() as number[];
    db.close();
    const stored = meanInterval({ n: days.length, sum: days.reduce((a, d) => a + d, 0), squares: days.reduce((a, d) => a + d * d, 0) });
    expect(out.meanDaysLow).toBeLessThan(out.meanDays);
    expect(out.meanDaysLow).toBeCloseTo(stored.low!, 12);
    expect(out.meanDaysHigh).toBeCloseTo(stored.high!, 12);
    expect(out.gamesPerSecond).toBeGreaterThan(0);
    expect(out.run).toBe(1);
    expect(out.db).toBe('shape.db');
    expect(out.setup).toMatchObject({ preset: 'classic', players: 10, deck: 'werewolf=2,villager=3,seer,witch,hunter,cupid,guard' });
    expect(out.agents).toBe('random');
    expect(out.versions.codeHash).toMatch(/^[0-9a-f]{16}$/);
    for (const side of SIDES) {
      const r = out.rates[side];
      expect(r.low).toBeLessThanOrEqual(r.rate);
      expect(r.high).toBeGreaterThanOrEqual(r.rate);
    }
  });

  it('prints the configuration and the wins with intervals for people, and the changed rules', async () => {
    const r = await sim(['--games', '300', '--roles', 'werewolf=2,seer,witch,villager=4', '--rule', 'tie=random', '--no-db', '--workers', '0'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/deck\s+werewolf=2,villager=4,seer,witch/);
    expect(r.stdout).toMatch(/rules\s+tie=random/);
    expect(r.stdout).toMatch(/seed\s+1\n/);
    expect(r.stdout).toMatch(/village\s+\d+\s+\d+\.\d%\s+\d+\.\d+% – \d+\.\d+%/);
    expect(r.stdout).toMatch(/mean days\s+\d+\.\d\d\s+95% interval \d+\.\d\d – \d+\.\d\d\s+\(300 games\)/);
    expect(r.stdout).toMatch(/games\/s/);
    expect(r.stdout).not.toMatch(/stored in/);
  });

  it('gives identical wins on 1 and on 2 workers', async () => {
    const a = await json(['--games', '1500', '--workers', '1', '--no-db']);
    const b = await json(['--games', '1500', '--workers', '2', '--no-db']);
    expect(b.wins).toEqual(a.wins);
    expect([b.meanDays, b.meanDaysLow, b.meanDaysHigh]).toEqual([a.meanDays, a.meanDaysLow, a.meanDaysHigh]);
  });

  it('stores byte-identical results for the same seed, and `sim show` prints identical transcripts that match the store', async () => {
    const d1 = tempDir('same1');
    const d2 = tempDir('same2');
    try {
      await json(['--games', '800', '--seed', 'x7', '--workers', '2'], d1);
      await json(['--games', '800', '--seed', 'x7', '--workers', '1', '--batch', '33'], d2);
      const g1 = storedGames(join(d1, 'werewolf.db'));
      expect(g1.length).toBeGreaterThan(1000);
      expect(storedGames(join(d2, 'werewolf.db'))).toBe(g1);
      const s1 = await sim(['show', '--game', '123'], d1);
      const s2 = await sim(['show', '--game', '123'], d2);
      expect(s1.code).toBe(0);
      expect(s1.stdout).toBe(s2.stdout);
      expect(s1.stdout).toMatch(/^run 1 \(werewolf\.db\) · seed x7 · game 123 \(game seed x7#123\)\n/);
      expect(s1.stdout).toMatch(/agents: P1 random · P2 random/);
      expect(s1.stdout).toMatch(/Night 1\n/);
      expect(s1.stdout).toMatch(/Replay matches the stored result/);
      // Without a database, from the seed and the setup flags: the same game.
      const s3 = await sim(['show', '--seed', 'x7', '--game', '123'], dir);
      expect(s3.code).toBe(0);
      const body = (t: string) => t.slice(t.indexOf('\n')).replace(/\nReplay matches.*\n$/, '');
      expect(body(s3.stdout)).toBe(body(s1.stdout));
      // A different seed is a different game.
      expect(body((await sim(['show', '--seed', 'x8', '--game', '123'], dir)).stdout)).not.toBe(body(s1.stdout));
    } finally {
      removeDir(d1);
      removeDir(d2);
    }
  });

  it('--resume starts a run when the database has none of this configuration, and then finds it again', async () => {
    const args = ['--games', '200', '--seed', 'again', '--workers', '0', '--db', 'again.db', '--resume', '--json'];
    const first = await sim(args, dir);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/no earlier run of this configuration in again\.db; starting one/);
    expect(JSON.parse(first.stdout)).toMatchObject({ run: 1, played: 200, complete: true });
    const second = await sim(args, dir);
    expect(second.stderr).toBe('');
    expect(JSON.parse(second.stdout)).toMatchObject({ run: 1, played: 0, games: 200, complete: true });
    // Another configuration (here 250 games) is another run of the same file.
    const other = await sim(['--games', '250', ...args.slice(2)], dir);
    expect(JSON.parse(other.stdout)).toMatchObject({ run: 2, played: 250 });
  });

  it('says so when a stored game differs from its replay (exit 1)', async () => {
    const d = tempDir('tamper');
    try {
      await json(['--games', '20', '--workers', '0'], d);
      // Change one stored result behind sim's back, as other code would have stored it.
      const db = new Database(join(d, 'werewolf.db'));
      db.prepare('UPDATE games SET days = days + 1 WHERE run = 1 AND idx = 5').run();
      db.close();
      const r = await sim(['show', '--game', '5'], d);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/REPLAY DIFFERS from the stored game 5 of run 1/);
      expect((await sim(['show', '--game', '6'], d)).code).toBe(0);
    } finally {
      removeDir(d);
    }
  });
});

describe('shards', () => {
  it('shards 1/2 and 2/2 merged equal one unsharded run, game for game', async () => {
    const args = ['--games', '1200', '--seed', 'sh', '--preset', 'classic', '--players', '12', '--workers', '0'];
    await json([...args, '--db', 'whole.db']);
    const s1 = await json([...args, '--shard', '1/2', '--db', 'shard-1.db']);
    const s2 = await json([...args, '--shard', '2/2', '--db', 'shard-2.db']);
    expect(s1.games + s2.games).toBe(1200);
    const m = await sim(['merge', 'shard-1.db', 'shard-2.db', '--into', 'merged.db'], dir);
    expect(m.stderr).toBe('');
    expect(m.code).toBe(0);
    expect(m.stdout).toMatch(/merged 2 shards into merged\.db/);
    // Its games are stored: the summary points at one, not "no game of it is stored yet".
    expect(m.stdout).toMatch(/stored in {3}merged\.db as run 1 \(see a game: sim show --db merged\.db --run 1 --game 0\)/);
    expect(storedGames(join(dir, 'merged.db'))).toBe(storedGames(join(dir, 'whole.db')));
  });

  it('a merge missing a shard says which games are missing, and `sim resume` on it plays exactly those', async () => {
    const args = ['--games', '900', '--seed', 'part', '--workers', '0'];
    await json([...args, '--db', 'p-whole.db']);
    for (const k of [1, 3]) await json([...args, '--shard', `${k}/3`, '--db', `p-${k}.db`]);
    const m = await sim(['merge', 'p-1.db', 'p-3.db', '--into', 'p-merged.db'], dir);
    expect(m.code).toBe(0);
    expect(m.stdout).toMatch(/300 games are missing \(300–599\)/);
    const r = await json(['resume', '--db', 'p-merged.db']);
    expect(r.played).toBe(300);
    expect(r.games).toBe(900);
    expect(storedGames(join(dir, 'p-merged.db'))).toBe(storedGames(join(dir, 'p-whole.db')));
  });

  it('refuses to merge shards of different runs, saying what differs, and writes nothing', async () => {
    await json(['--games', '100', '--seed', 'a', '--shard', '1/2', '--db', 'ra.db', '--workers', '0']);
    await json(['--games', '100', '--seed', 'b', '--shard', '2/2', '--db', 'rb.db', '--workers', '0']);
    await json(['--games', '100', '--seed', 'a', '--agents', '1=random', '--shard', '2/2', '--db', 'rc.db', '--workers', '0']);
    const before = snapshot(dir);
    const m1 = await sim(['merge', 'ra.db', 'rb.db', '--into', 'bad.db'], dir);
    expect(m1.code).toBe(2);
    expect(m1.stderr).toMatch(/not shards of one run: they differ in seed \(a vs b\)/);
    const m2 = await sim(['merge', 'ra.db', 'rc.db', '--into', 'bad.db'], dir);
    expect(m2.code).toBe(2);
    expect(m2.stderr).toMatch(/they differ in agents \(random vs random 1=random\)/);
    const m3 = await sim(['merge', 'ra.db', 'ra.db', '--into', 'bad.db'], dir);
    expect(m3.code).toBe(2);
    const m4 = await sim(['merge', 'ra.db', 'whole.db', '--into', 'bad.db'], dir);
    expect(m4.code).toBe(2);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('listings', () => {
  it('`sim presets` shows every preset with its table, `sim rules` every option with its values and doc', async () => {
    const p = await sim(['presets'], dir);
    expect(p.code).toBe(0);
    for (const preset of PRESETS) {
      expect(p.stdout).toContain(`${preset.name} (${preset.document})`);
      for (const n of Object.keys(preset.table)) expect(p.stdout).toMatch(new RegExp(`\\b${n} players`));
    }
    const r = await sim(['rules'], dir);
    expect(r.code).toBe(0);
    for (const key of OPTION_KEYS) expect(r.stdout).toMatch(new RegExp(`^${key}\\s`, 'm'));
    expect(r.stdout).toContain('sheriff-then-revote | revote | none | random');
    const rj = await json(['rules']) as unknown as { key: string; presets: Record<string, string> }[];
    expect(rj.map((o) => o.key)).toEqual([...OPTION_KEYS]);
    expect(rj.find((o) => o.key === 'tie')!.presets).toMatchObject({ standard: 'none', classic: 'sheriff-then-revote' });
  });

  it('`sim runs` lists the runs of a database with their progress', async () => {
    copyFileSync(join(dir, 'whole.db'), join(dir, 'list.db'));
    const r = await sim(['runs', '--db', 'list.db'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/run 1 .* seed sh {2}code .*\n {9}12 players/);
    expect(r.stdout).toMatch(/games 1200\/1200 {2}complete/);
  });
});
