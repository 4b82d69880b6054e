// `sim table` as a person meets it: it prints a link per person, serves their seats until
// the game ends, then prints the result and exits 0; killed mid-game, the same command on
// the same file goes on from the answers given; people's seats written wrong are refused
// with what to write, before anything is served.

import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { gameSeed, Rng, seatShuffle, type Answer } from '../../engine/index.js';
import { randomAnswer } from '../../agents/random.js';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { removeDir, ROOT, sim, storedGames, tempDir } from '../helpers/sim-cli.js';
import { startFakeProvider, type FakeProvider } from '../helpers/fake-provider.js';
import { simEnv } from '../helpers/llm.js';
import { simChild } from '../helpers/sim-process.js';

const dir = tempDir('table');
afterAll(() => removeDir(dir));

/** A `sim table` process, its output so far, and its exit. */
function served(args: readonly string[], env: Record<string, string | undefined> = {}) {
  const child = simChild(['table', ...args], dir, env);
  const io = { out: '', err: '', code: undefined as number | null | undefined };
  child.stdout!.on('data', (b: Buffer) => (io.out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (io.err += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve((io.code = code))));
  return { child, io, exited };
}

/** Waits until the output holds `links` seat links; the links and the host's. */
async function linksOf(io: { out: string }, links: number) {
  const all = new RegExp(`(/seat/[0-9a-f]{32}\\n[\\s\\S]*){${links}}`);
  for (let k = 0; k < 400 && !all.test(io.out); k++) await new Promise((r) => setTimeout(r, 25));
  const seats = [...io.out.matchAll(/^ {2}(P\d)(?: (\w+))? +(http:\/\/127\.0\.0\.1:\d+\/seat\/[0-9a-f]{32})$/gm)].map((m) => ({ seat: m[1], person: m[2], url: m[3]! }));
  const host = /^ {2}(http:\/\/127\.0\.0\.1:\d+\/host\/[0-9a-f]{32})$/m.exec(io.out)?.[1];
  return { seats, host };
}

/**
 * The people answer through the API their pages use — each ask's answer drawn from its
 * seat and number, so a game played again gets the same ones — until the process exits,
 * or `stopAfter` answers were taken. Returns the answers taken.
 */
async function answer(links: readonly { seat?: string; url: string }[], io: { code: number | null | undefined }, stopAfter = Infinity): Promise<number> {
  let taken = 0;
  while (io.code === undefined && taken < stopAfter) {
    for (const l of links) {
      const api = l.url.replace('/seat/', '/api/seat/');
      const st = (await (await fetch(api).catch(() => null))?.json().catch(() => null)) as { owed: { game: number; n: number; decision: Parameters<typeof randomAnswer>[0] } | null } | null;
      if (st?.owed != null && taken < stopAfter) {
        const answer: Answer = randomAnswer(st.owed.decision, new Rng(`${l.seat}-${st.owed.game}-${st.owed.n}`));
        // At a day vote the person states a belief: 70% on the first candidate.
        const d = st.owed.decision;
        const beliefs = d.kind === 'vote' && d.targets.length > 0 ? { [`P${d.targets[0]! + 1}`]: 0.7 } : undefined;
        const r = await fetch(`${api}/answer`, { method: 'POST', body: JSON.stringify({ game: st.owed.game, n: st.owed.n, answer, beliefs }) }).catch(() => null);
        if (r?.status === 200) taken++;
      }
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return taken;
}

/** `sim table` served, started by the host, and answered by its people (`people` links) until it exits: its output and exit code. */
async function playedThrough(args: readonly string[], people: number, env: Record<string, string | undefined> = {}) {
  const table = served(args, env);
  const links = await linksOf(table.io, people);
  await fetch(`${links.host!.replace('/host/', '/api/host/')}/start`, { method: 'POST' });
  await answer(links.seats, table.io);
  return { io: table.io, code: await table.exited };
}

/**
 * A series of 3 served, the host starting it, the people answering until game 2 is in
 * play and has an answer; then kill -9, and the same command served again and answered to
 * its end (exit 0). The second process, ended.
 */
async function killedInGame2(args: readonly string[], people: number, whileKilled?: () => Promise<void>) {
  const killed = served(args);
  const before = await linksOf(killed.io, people);
  await fetch(`${before.host!.replace('/host/', '/api/host/')}/start`, { method: 'POST' });
  for (let k = 0; k < 2000 && !/Game 1 of 3: /.test(killed.io.out); k++) await answer(before.seats, killed.io, 1);
  expect(await answer(before.seats, killed.io, 1)).toBe(1);
  killed.child.kill('SIGKILL');
  await killed.exited;
  await whileKilled?.();
  const again = served(args);
  const after = await linksOf(again.io, people);
  await answer(after.seats, again.io);
  expect(await again.exited).toBe(0);
  return again;
}

const RESULT = /\nThe (village|werewolves) win after \d+ days \(winners: P\d+(, P\d+)*\)\.\n/;

describe('sim table', () => {
  it('prints a link per person, serves their seats to the end of the game, and says who won', async () => {
    const { io, exited } = served(['--agents', '2=human:alice', '--agents', 'P6=human', '--agents', 'heuristic', '--seed', 'cli', '--no-db']);
    const { seats: links, host } = await linksOf(io, 2);
    expect(io.out).toMatch(/^werewolf-lab table · 8 players · seed cli\n/);
    expect(links.map((l) => [l.seat, l.person])).toEqual([
      ['P2', 'alice'],
      ['P6', undefined],
    ]);
    expect(io.out).toMatch(/^The host sees who has joined, and starts the game, at:\n {2}http/m);
    for (const line of io.out.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    // The host starts the game; the people answer until the game ends and sim exits.
    expect((await fetch(`${host!.replace('/host/', '/api/host/')}/start`, { method: 'POST' })).status).toBe(200);
    await answer(links, io);
    expect(await exited).toBe(0);
    expect(io.out).toMatch(RESULT);
    expect(io.out).not.toContain('Stored');
  });

  it('killed with kill -9 mid-game and started again on the same file: goes on from the answers given, and ends as the game played at once', async () => {
    const args = ['--agents', '3=human:bob', '--agents', 'P5=human', '--agents', 'heuristic', '--seed', 'nine'];
    const once = await playedThrough([...args, '--db', 'once.db'], 2);
    expect(once.code).toBe(0);
    const result = RESULT.exec(once.io.out)![0];

    const killed = served([...args, '--db', 'killed.db']);
    const before = await linksOf(killed.io, 2);
    await fetch(`${before.host!.replace('/host/', '/api/host/')}/start`, { method: 'POST' });
    expect(await answer(before.seats, killed.io, 5)).toBe(5);
    killed.child.kill('SIGKILL');
    await killed.exited;

    const again = served([...args, '--db', 'killed.db']);
    const after = await linksOf(again.io, 2);
    expect(again.io.out).toContain('Going on with the game from the 5 answers already given (killed.db)');
    expect(after.seats.map((l) => l.url)).not.toEqual(before.seats.map((l) => l.url));
    // No start needed: the game had begun.
    await answer(after.seats, again.io);
    expect(await again.exited).toBe(0);
    expect(RESULT.exec(again.io.out)![0]).toBe(result);
    expect(again.io.out.replace(/\s+/g, ' ')).toContain('Stored as game 0 of run 1 of killed.db: `sim show --db killed.db --run 1 --game 0` replays it');

    // The game is a run like any other: replayed from the answers kept, people as entrants.
    const shown = await sim(['show', '--db', 'killed.db', '--run', '1', '--game', '0'], dir);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('P3 human:bob');
    expect(shown.stdout).toContain('P5 human');
    expect(shown.stdout).toMatch(/matches the stored result/);
    const same = await sim(['show', '--db', 'once.db', '--run', '1', '--game', '0'], dir);
    expect(same.stdout.replace(/once\.db/g, 'killed.db')).toBe(shown.stdout);
    for (const words of [['metrics'], ['report'], ['export', '--rows', 'seats', '--format', 'csv']]) {
      const r = await sim([...words, '--db', 'killed.db'], dir);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('human:bob');
    }
    // Its events, replayed from the answers kept: as many as the transcript's game has.
    const events = await sim(['export', '--rows', 'events', '--format', 'jsonl', '--db', 'killed.db'], dir);
    expect(events.code).toBe(0);
    const game = JSON.parse((await sim(['show', '--db', 'killed.db', '--run', '1', '--game', '0', '--json'], dir)).stdout) as { events: unknown[] };
    expect(game.events.length).toBeGreaterThan(20);
    expect(events.stdout.trim().split('\n').length).toBe(game.events.length);
    // The same command once the game is over serves nothing: it says where the game is.
    const over = await sim(['table', ...args, '--db', 'killed.db'], dir);
    expect(over.code).toBe(0);
    expect(over.stdout.replace(/\s+/g, ' ')).toContain('This game was played to its end already: run 1 of killed.db.');
  });

  it('a series of 3 games killed mid-way goes on from the games stored and the answers given, and ends with the figures of the series played at once', async () => {
    const args = ['--agents', '2=human:ann', '--agents', 'random', '--seed', 'series', '--games', '3'];
    const once = await playedThrough([...args, '--db', 'series-once.db'], 1);
    expect(once.code).toBe(0);
    const figures = once.io.out.slice(once.io.out.indexOf('The series, 3 games'));
    // Each player's share, then the same on each team it played.
    const team = ' {4}on the (village\'s|werewolves\') team {2}\\d+ of \\d+ won {2}\\d+% \\((\\d+–\\d+%|no interval from one game)\\)\\n';
    expect(figures).toMatch(
      new RegExp(
        `^The series, 3 games: each player's share of games won, with its 95% interval\\n {2}random \\(P1, P3, P4, P5, P6, P7, P8\\) {2}\\d+ of 21 seat-games won {2}\\d+% \\(\\d+–\\d+%\\)\\n(${team}){1,2} {2}human:ann \\(P2\\) {2}\\d of 3 games won {2}\\d+% \\(\\d+–\\d+%\\)\\n(${team}){1,2}$`,
      ),
    );
    expect(once.io.out).toMatch(/Game 1 of 3: The [\s\S]*Game 2 of 3: The [\s\S]*Game 3 of 3: The /);

    const again = await killedInGame2([...args, '--db', 'series-killed.db'], 1);
    expect(again.io.out.replace(/\s+/g, ' ')).toContain('Going on with game 2 of the series: games 1 to 1 are stored in series-killed.db.');
    expect(again.io.out.slice(again.io.out.indexOf('The series, 3 games'))).toBe(figures);
    expect(again.io.out).not.toContain('Game 1 of 3');
  });

  it('--seats shuffled: the people move from game to game (each game its own draw); killed mid-series and started again, the series ends as played at once, and its games replay', async () => {
    const args = ['--agents', '2=human:ann', '--agents', '6=human:bo', '--agents', 'random', '--seed', 'moves', '--games', '3', '--seats', 'shuffled'];
    const once = await playedThrough([...args, '--db', 'moves-once.db'], 2);
    expect(once.io.out.replace(/\s+/g, ' ')).toContain('--seats shuffled: each person moves to another seat from game to game');
    expect(once.code).toBe(0);
    // Each game's people sit where that game's draw moved their seats' cards.
    const exported = await sim(['export', '--rows', 'seats', '--format', 'jsonl', '--db', 'moves-once.db'], dir);
    const rows = exported.stdout.trim().split('\n').map((l) => JSON.parse(l) as { game: number; seat: number; agent: string });
    const seatsOf = (who: string) => [0, 1, 2].map((g) => rows.find((r) => r.game === g && r.agent === who)?.seat);
    const orders = [0, 1, 2].map((g) => seatShuffle(gameSeed('moves', g), 8));
    expect(seatsOf('human:ann')).toEqual(orders.map((o) => o[1]));
    expect(seatsOf('human:bo')).toEqual(orders.map((o) => o[5]));
    expect(new Set(seatsOf('human:ann')).size).toBeGreaterThan(1);
    const figures = once.io.out.slice(once.io.out.indexOf('The series, 3 games'));
    // Killed in game 2 and started again: the same series.
    const again = await killedInGame2([...args, '--db', 'moves-killed.db'], 2, async () => {
      // The run as `sim runs` lists it: its seat order, and where it goes on (not sim resume: people play at the table).
      const listed = (await sim(['runs', '--db', 'moves-killed.db'], dir)).stdout.replace(/\s+/g, ' ');
      expect(listed).toContain('seats shuffled');
      expect(listed).toContain('games 1/3 INCOMPLETE: the same sim table command goes on from the answers given');
    });
    expect(again.io.out.slice(again.io.out.indexOf('The series, 3 games'))).toBe(figures);
    expect(storedGames(join(dir, 'moves-killed.db'))).toBe(storedGames(join(dir, 'moves-once.db')));
    // Replayed from the answers kept, under the run's seat order.
    const shown = await sim(['show', '--db', 'moves-killed.db', '--run', '1', '--game', '2'], dir);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/matches the stored result/);
  });

  it('people on a side (werewolves=human): a person at each werewolf seat of every game; stored as a side pairing, which sim leaderboard rates', async () => {
    const { io, exited } = served(['--agents', 'heuristic', '--agents', 'werewolves=human', '--seed', 'side', '--games', '2', '--db', 'side.db']);
    for (let k = 0; k < 400 && (io.out.match(/\/seat\//g) ?? []).length < 2; k++) await new Promise((r) => setTimeout(r, 25));
    const links = [...io.out.matchAll(/^ {2}(werewolf \d) +(http:\/\/127\.0\.0\.1:\d+\/seat\/[0-9a-f]{32})$/gm)].map((m) => ({ seat: m[1]!.replace(' ', ''), url: m[2]! }));
    expect(links.map((l) => l.seat)).toEqual(['werewolf1', 'werewolf2']);
    const host = /^ {2}(http:\/\/127\.0\.0\.1:\d+\/host\/[0-9a-f]{32})$/m.exec(io.out)![1]!;
    await fetch(`${host.replace('/host/', '/api/host/')}/start`, { method: 'POST' });
    await answer(links, io);
    expect(await exited).toBe(0);
    // In every game the people sat at the seats dealt a werewolf, and only there.
    const exported = await sim(['export', '--rows', 'seats', '--format', 'jsonl', '--db', 'side.db'], dir);
    const seatRows = exported.stdout.trim().split('\n').map((l) => JSON.parse(l) as { game: number; agent: string; dealt: string });
    expect(seatRows).toHaveLength(16);
    for (const r of seatRows) expect(r.agent === 'human').toBe(r.dealt === 'werewolf');
    const shown = await sim(['show', '--db', 'side.db', '--run', '1', '--game', '1'], dir);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/matches the stored result/);
    // A side pairing: beside the bots' self-play, the leaderboard rates the people as an entrant (their games as the werewolves).
    expect((await sim(['--games', '20', '--agents', 'heuristic', '--db', 'side.db'], dir)).code).toBe(0);
    const board = await sim(['leaderboard', '--db', 'side.db', '--json'], dir);
    expect(board.code).toBe(0);
    const rows = (JSON.parse(board.stdout) as { rows: { entrant: string; games: number }[] }).rows;
    expect(rows.find((r) => r.entrant === 'human')?.games).toBe(2);
  });

  it('seats a program beside people and bots: the game is played, stored, and replayed with the program asked again', async () => {
    const bot = `exec:python3 ${join(ROOT, 'examples', 'agents', 'random_bot.py')}`;
    const { io, exited } = served(['--agents', '2=human:cy', '--agents', 'heuristic', '--agents', `werewolves=${bot}`, '--seed', 'prog', '--db', 'prog.db']);
    const { seats, host } = await linksOf(io, 1);
    // The host's page names each seat's agent as the run's seating does: the program at the werewolves' seats.
    const state = (await (await fetch(host!.replace('/host/', '/api/host/'))).json()) as { seats: { seat: string; agent: string }[] };
    expect(state.seats.find((x) => x.seat === 'P2')?.agent).toBe('human:cy');
    expect(state.seats.filter((x) => x.agent.startsWith('exec:python3 ')).length).toBe(2);
    expect(state.seats.filter((x) => x.agent === 'heuristic').length).toBe(5);
    await fetch(`${host!.replace('/host/', '/api/host/')}/start`, { method: 'POST' });
    await answer(seats, io);
    expect(await exited).toBe(0);
    expect(io.out).toMatch(RESULT);
    expect(io.out.replace(/\s+/g, ' ')).toContain('Stored as game 0 of run 1 of prog.db');
    const seatsCsv = await sim(['export', '--rows', 'seats', '--format', 'csv', '--db', 'prog.db'], dir);
    expect(seatsCsv.stdout).toContain('random_bot.py');
    expect(seatsCsv.stdout).toContain('human:cy');
    // The beliefs the person stated at the votes are scored as any agent's.
    const metrics = JSON.parse((await sim(['metrics', '--db', 'prog.db', '--json'], dir)).stdout) as { rows: { agent: string; role: string | null; metric: string; n: number }[] };
    const brier = metrics.rows.find((r) => r.agent === 'human:cy' && r.role === null && r.metric === 'brier');
    expect(brier?.n).toBeGreaterThan(0);
    const shown = await sim(['show', '--db', 'prog.db', '--run', '1', '--game', '0', '--run-agents'], dir);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/matches the stored result/);
  });

  it('seats a model beside a person and bots; stopped by --max-cost mid-game, the same command with a larger budget goes on and ends as the game played at once, no call paid twice', async () => {
    const providers: FakeProvider[] = [];
    const provider = async () => {
      const p = await startFakeProvider();
      providers.push(p);
      return p;
    };
    try {
      // A dear model ($1000 per million tokens): a few calls spend a dollar.
      writeFileSync(join(dir, 'dear.json'), JSON.stringify({ 'openai:gpt-4o-mini': { input: 1000, output: 1000 } }));
      const args = (db: string, ...extra: string[]) => ['--agents', '2=human:di', '--agents', 'heuristic', '--agents', 'werewolves=openai:gpt-4o-mini', '--seed', 'model', '--db', db, '--llm-prices', 'dear.json', '--llm-timeout', '5', ...extra];
      const ref = await provider();
      const whole = await playedThrough(args('model-whole.db'), 1, simEnv(ref.url));
      expect(whole.code).toBe(0);
      expect(whole.io.out).toMatch(RESULT);
      expect(whole.io.out).toContain('The models at the table:');
      const spent = Number(/spent {7}\$([\d.]+) by the table in all/.exec(whole.io.out)?.[1]);
      expect(spent).toBeGreaterThan(2);
      const calls = ref.received.length;
      // The models' lines count the table's stored games: every call, none from the record.
      expect(whole.io.out).toMatch(new RegExp(`openai:gpt-4o-mini\\n +${calls} +0 `));
      // Replayed from the record and the person's answers kept in the file: no network, the stored result.
      const shown = await sim(['show', '--db', 'model-whole.db', '--run', '1', '--game', '0'], dir);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toMatch(/matches the stored result/);
      expect(shown.stdout).toContain('P2 human:di');

      // Half the budget: the table stops mid-game, exit 3, saying how to go on.
      const limit = Math.floor(spent / 2);
      const s1 = await provider();
      const first = await playedThrough(args('model-budget.db', '--max-cost', String(limit)), 1, simEnv(s1.url));
      expect(first.code).toBe(3);
      expect(first.io.err.replace(/\s+/g, ' ')).toMatch(new RegExp(`^stopped by --max-cost: the budget of \\$${limit} is spent .*0 of 1 game stored\\. To go on, give a larger budget: the same sim table command --max-cost USD \\(the answers the people gave are kept\\) $`));
      // The same command, a larger budget: it goes on at once from the answers and the calls kept.
      const s2 = await provider();
      const again = served(args('model-budget.db', '--max-cost', '1000'), simEnv(s2.url));
      const a2 = await linksOf(again.io, 1);
      await answer(a2.seats, again.io);
      expect(await again.exited).toBe(0);
      expect(storedGames(join(dir, 'model-budget.db'))).toBe(storedGames(join(dir, 'model-whole.db')));
      expect(s1.received.length + s2.received.length).toBe(calls);
      // The calls of the stopped session were answered from the record.
      expect(again.io.out).toMatch(new RegExp(`openai:gpt-4o-mini\\n +${calls} +${s1.received.length} `));
    } finally {
      for (const p of providers) await p.close();
    }
  });

  it("an answer that cannot be written (another process holds the file's lock past SIM_LOCK_WAIT): exit 5, a failed write, the person not asked again; the same command goes on and ends as the game played at once", async () => {
    const args = ['--agents', '3=human:bob', '--agents', 'P5=human', '--agents', 'heuristic', '--seed', 'locked'];
    const once = await playedThrough([...args, '--db', 'locked-once.db'], 2);
    expect(once.code).toBe(0);
    const locked = served([...args, '--db', 'locked.db'], { SIM_LOCK_WAIT: '0.5' });
    const before = await linksOf(locked.io, 2);
    await fetch(`${before.host!.replace('/host/', '/api/host/')}/start`, { method: 'POST' });
    expect(await answer(before.seats, locked.io, 3)).toBe(3);
    // Another process takes the file's write lock and keeps it: the next answer cannot be kept.
    const other = new Database(join(dir, 'locked.db'));
    other.exec('BEGIN IMMEDIATE');
    try {
      // The answers that could not be kept: one a person at most (each may owe one at once), none asked again.
      expect(await answer(before.seats, locked.io)).toBeLessThanOrEqual(2);
      expect(await locked.exited).toBe(5);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(locked.io.err).toMatch(/^sim: writing locked\.db failed: another process kept it locked for more than 0\.5 s .*the people's answers in .*locked\.db: database is locked/);
    const again = served([...args, '--db', 'locked.db']);
    const after = await linksOf(again.io, 2);
    expect(again.io.out).toContain('Going on with the game from the 3 answers already given (locked.db)');
    await answer(after.seats, again.io);
    expect(await again.exited).toBe(0);
    expect(RESULT.exec(again.io.out)![0]).toBe(RESULT.exec(once.io.out)![0]);
  });

  it('stopped by SIGTERM, says where the answers given are kept; with --no-db, that nothing is', async () => {
    for (const [db, said] of [
      [['--db', 'term.db'], 'the answers given so far are in term.db: the same command goes on from them'],
      [['--no-db'], 'nothing of the game is stored (--no-db)'],
    ] as const) {
      const { child, io, exited } = served(['--agents', '2=human', '--agents', 'heuristic', '--seed', 'term', ...db]);
      await linksOf(io, 1);
      child.kill('SIGTERM');
      expect(await exited).toBe(143);
      expect(io.err).toContain(`stopped by SIGTERM: quitting now; ${said} (the game was not finished)`);
      expect(io.err).not.toContain('safe');
    }
  });

  it('a person in a run of bots is refused, with where people play', async () => {
    const r = await sim(['--games', '2', '--agents', 'heuristic', '--agents', '3=human', '--no-db'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('a person plays at `sim table` (there: --agents 3=human or --agents P3=human:alice), not in runs of bots');
  });

  it.each([
    [['--agents', 'heuristic'], 'sim table needs a seat played by a person: --agents 3=human'],
    [['--agents', '9=human'], 'there is no seat 9 at a table of 8'],
    [['--agents', 'seer=human'], 'a person plays one seat, named by its number (--agents 3=human or --agents P3=human:alice), or people play a side'],
    [['--agents', 'werewolves=human', '--agents', '3=human'], 'people play either seats by number (3=human) or a side (werewolves=human), not both'],
    [['--agents', 'werewolves=human', '--roles', 'werewolf=2,thief,villager=5'], 'this deck sets cards aside'],
    [['--agents', '1=human', '--agents', 'P1=human:bob'], 'seat 1 is given to two people'],
    [['--agents', '1=human:<script>'], "a person's name is 1 to 32 letters"],
    [['--agents', '1=human', '--agents', 'werewolves=openai:gpt-4o-mini', '--no-db'], 'with --no-db, give --llm-cache PATH for the record'],
    [['--agents', '1=human', '--max-cost', '5'], '--max-cost applies to runs that seat a model'],
    [['--agents', '1=human', '--port', '70000'], "--port '70000' is not a port"],
    [['--agents', '1=human', '--seats', 'around'], "--seats 'around': write --seats dealt"],
  ])('refuses %j with what to write, serving nothing', async (args, message) => {
    const r = await sim(['table', ...args], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sim: [^\n]+\n$/);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });
});
