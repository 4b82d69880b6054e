// A run whose agent fails: its summary gives the games in which a seat fell back and the
// village's rate under each failure policy (tournaments/failure-policy.ts runFailures),
// every count checked against the stored games read independently through the
// `game_results` and `seats` views. A run of bots says nothing of failures.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE } from '../agents/exec/helpers.js';
import { storedFailures } from '../helpers/stored-failures.js';
import { expectRefused, removeDir, sim, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('run-failures');
const db = join(dir, 'f.db');
const FLAKY = `exec:python3 ${HOSTILE} flaky`;
const ARGS = ['--agents', FLAKY, '--agents', 'werewolves=random', '--games', '24', '--seed', 'rf', '--db', db];
afterAll(() => removeDir(dir));

interface Json {
  games: number;
  wins: { village: number; werewolves: number };
  failures?: { failed: number; villageFailed: number; wolvesFailed: number; policies: Record<string, { games: number; villageWins: number; wolvesWins: number }> };
}

/** Per stored game of run 1: its winner, and whether a village-side or a werewolf seat fell back. */
const storedGames = () => storedFailures(db).filter((g) => g.run === 1).map((g) => ({ winner: g.winner, v: g.villageFailed, w: g.wolvesFailed }));

describe('a run whose agent fails', () => {
  let json: Json;
  let text: string;
  beforeAll(async () => {
    const r = await sim([...ARGS, '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    json = JSON.parse(r.stdout) as Json;
    // The same games again, as run 2 of the file, in words: the same seed gives the same figures.
    const again = await sim(ARGS, dir);
    expect(again.code, again.stderr).toBe(0);
    text = again.stdout;
  }, 120_000);

  it('counts the games in which each side fell back, as stored', () => {
    const games = storedGames();
    expect(games).toHaveLength(24);
    const f = json.failures!;
    expect(f.failed).toBe(games.filter((g) => g.v || g.w).length);
    expect(f.failed).toBeGreaterThan(0);
    expect(f.villageFailed).toBe(games.filter((g) => g.v).length);
    // The werewolves are random bots: they never fall back.
    expect(f.wolvesFailed).toBe(0);
  });

  it('gives the village under keep, forfeit and void, each counted from the stored games', () => {
    const games = storedGames();
    const p = json.failures!.policies;
    expect(Object.keys(p)).toEqual(['keep', 'forfeit', 'void']);
    expect(p['keep']).toEqual({ games: json.games, villageWins: json.wins.village, wolvesWins: json.wins.werewolves });
    const clean = games.filter((g) => !g.v && !g.w);
    expect(p['void']).toEqual({ games: clean.length, villageWins: clean.filter((g) => g.winner === 'village').length, wolvesWins: clean.filter((g) => g.winner === 'werewolves').length });
    // Forfeit: the failing side loses; a game in which both failed is left out.
    const counted = games.filter((g) => !(g.v && g.w));
    const forfeitWinner = (g: { winner: string; v: boolean; w: boolean }) => (g.v ? 'werewolves' : g.w ? 'village' : g.winner);
    expect(p['forfeit']).toEqual({
      games: counted.length,
      villageWins: counted.filter((g) => forfeitWinner(g) === 'village').length,
      wolvesWins: counted.filter((g) => forfeitWinner(g) === 'werewolves').length,
    });
    expect(p['forfeit']!.villageWins).toBeLessThanOrEqual(p['keep']!.villageWins);
  });

  it('prints them in words within 80 columns', () => {
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('the village under each failure policy'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at - 1]).toMatch(new RegExp(`^  failed +${json.failures!.failed} games?: a village seat fell back in ${json.failures!.villageFailed}, a werewolf seat in 0$`));
    expect(lines[at + 1]).toMatch(/^  > keep +\d+\.\d% +\d+\.\d% – \d+\.\d% +24 games +counted as played$/);
    expect(lines[at + 3]).toMatch(new RegExp(`^ +void +.* ${json.failures!.policies['void']!.games} games? +failed games left out$`));
    // (The header's agents line holds this test's own long path: only the failures' lines are measured.)
    for (const l of lines.slice(at - 1, at + 4)) expect(l.length, l).toBeLessThanOrEqual(80);
  });
});

describe('a run of bots', () => {
  it('says nothing of failures', async () => {
    const r = await sim(['--agents', 'random', '--games', '20', '--seed', 'rf', '--db', join(dir, 'bots.db'), '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).not.toHaveProperty('failures');
    const t = await sim(['--agents', 'random', '--games', '20', '--seed', 'rf', '--db', join(dir, 'bots.db')], dir);
    expect(t.stdout).not.toMatch(/failure policy/);
  });
});

// `sim --policy`: the run's policy is stored with it (schema 6), shown in its header, its
// summary and `sim runs`, kept by a resume; it changes what the run's figure reads, never
// its games. Mutations that fail here: the policy not written to the run's row (stored
// 'keep'), a resume taking the flag's policy over the stored one, exclude accepted.
describe('a run under a failure policy', () => {
  const pdb = join(dir, 'policy.db');
  const RUN = ['--agents', FLAKY, '--agents', 'werewolves=random', '--games', '24', '--seed', 'rf', '--db', pdb];
  const storedPolicies = () => {
    const raw = new Database(pdb, { readonly: true });
    try {
      return raw.prepare('SELECT policy FROM runs ORDER BY id').pluck().all();
    } finally {
      raw.close();
    }
  };
  let forfeit: Json & { policy: string };
  beforeAll(async () => {
    const keep = await sim([...RUN, '--json'], dir);
    expect(keep.code, keep.stderr).toBe(0);
    const r = await sim([...RUN, '--policy', 'forfeit', '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    forfeit = JSON.parse(r.stdout) as Json & { policy: string };
  }, 120_000);

  it('is stored with the run, and the games are those of the same run under keep', () => {
    expect(storedPolicies()).toEqual(['keep', 'forfeit']);
    expect(forfeit.policy).toBe('forfeit');
    const of = (run: number) => storedFailures(pdb).filter((g) => g.run === run).map(({ run: _, ...g }) => g);
    expect(of(2)).toEqual(of(1));
    expect(forfeit.failures!.failed).toBeGreaterThan(0);
  });

  it("is shown in the header, marked among the readings, and listed by sim runs", async () => {
    const text = await sim([...RUN, '--policy', 'forfeit', '--resume'], dir);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^ {2}policy {3}forfeit: the failing side loses a game where an agent fell back$/m);
    expect(text.stdout).toMatch(/^ {2}side +wins +rate +95% interval +\(as played\)$/m);
    expect(text.stdout).toMatch(/^ {2}> forfeit +\d+\.\d% /m);
    expect(text.stdout).toMatch(/^ {4}keep +\d+\.\d% /m);
    const runs = await sim(['runs', '--db', pdb], dir);
    expect(runs.stdout.match(/policy forfeit/g)).toHaveLength(1);
  });

  it('is kept by a resume, and a resume under another policy is refused, writing nothing', async () => {
    const resumed = await sim([...RUN, '--resume', '--json'], dir);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect((JSON.parse(resumed.stdout) as { policy: string; run: number }).policy).toBe('forfeit');
    const again = await sim(['resume', '--db', pdb, '--run', '2', '--run-agents', '--json'], dir);
    expect(again.code, again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as { policy: string }).policy).toBe('forfeit');
    await expectRefused(dir, [...RUN, '--resume', '--policy', 'void'], /--policy void: run 2 in .*policy\.db, which --resume continues, was started under forfeit; a run keeps its policy/);
    expect(storedPolicies()).toEqual(['keep', 'forfeit']);
  });

  it('refuses exclude for a run, and an unknown word with a hint', async () => {
    await expectRefused(dir, ['--games', '2', '--db', pdb, '--policy', 'exclude'], /--policy exclude leaves a failing entrant off a leaderboard/);
    await expectRefused(dir, ['--games', '2', '--db', pdb, '--policy', 'forfiet'], /--policy 'forfiet' \(did you mean 'forfeit'\?\)/);
  });

  it('is one per run: shards under two policies are not merged', async () => {
    const shard = (k: number, ...more: string[]) => sim(['--games', '10', '--seed', 'sh', '--shard', `${k}/2`, '--db', `shard-${k}.db`, ...more], dir);
    expect((await shard(1, '--policy', 'void')).code).toBe(0);
    expect((await shard(2)).code).toBe(0);
    await expectRefused(dir, ['merge', 'shard-1.db', 'shard-2.db', '--into', 'all.db'], /cannot merge: shard-1\.db was played under --policy void and shard-2\.db under keep/);
  });
});
