// `sim table` as a person meets it: it prints a link per person, serves their seats until
// the game ends, then prints the result and exits 0; people's seats written wrong are
// refused with what to write, before anything is served.

import { afterAll, describe, expect, it } from 'vitest';
import { Rng, type Answer } from '../../engine/index.js';
import { randomAnswer } from '../../agents/random.js';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';
import { simChild } from '../helpers/sim-process.js';

const dir = tempDir('table');
afterAll(() => removeDir(dir));

describe('sim table', () => {
  it('prints a link per person, serves their seats to the end of the game, and says who won', async () => {
    const child = simChild(['table', '--agents', '2=human:alice', '--agents', 'P6=human', '--agents', 'heuristic', '--seed', 'cli'], dir);
    let out = '';
    child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let k = 0; k < 400 && !/\/seat\/[0-9a-f]{32}\n[\s\S]*\/seat\/[0-9a-f]{32}\n/.test(out); k++) await new Promise((r) => setTimeout(r, 25));
    expect(out).toMatch(/^werewolf-lab table · 8 players · seed cli\n/);
    const links = [...out.matchAll(/^ {2}(P\d)(?: (\w+))? +(http:\/\/127\.0\.0\.1:\d+\/seat\/[0-9a-f]{32})$/gm)].map((m) => ({ seat: m[1], person: m[2], url: m[3]! }));
    expect(links.map((l) => [l.seat, l.person])).toEqual([
      ['P2', 'alice'],
      ['P6', undefined],
    ]);
    // The host starts the game; the people answer through the API their pages use, until the game ends and sim exits.
    const hostUrl = /^The host sees who has joined, and starts the game, at:\n {2}(http:\/\/127\.0\.0\.1:\d+\/host\/[0-9a-f]{32})$/m.exec(out)![1]!;
    for (const line of out.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect((await fetch(`${hostUrl.replace('/host/', '/api/host/')}/start`, { method: 'POST' })).status).toBe(200);
    let code: number | null | undefined;
    void exited.then((c) => (code = c));
    while (code === undefined) {
      for (const l of links) {
        const api = l.url.replace('/seat/', '/api/seat/');
        const st = (await (await fetch(api).catch(() => null))?.json().catch(() => null)) as { owed: { n: number; decision: Parameters<typeof randomAnswer>[0] } | null } | null;
        if (st?.owed != null) {
          const answer: Answer = randomAnswer(st.owed.decision, new Rng(`${l.seat}-${st.owed.n}`));
          await fetch(`${api}/answer`, { method: 'POST', body: JSON.stringify({ n: st.owed.n, answer }) }).catch(() => null);
        }
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(code).toBe(0);
    expect(out).toMatch(/\nThe (village|werewolves) win after \d+ days \(winners: P\d+(, P\d+)*\)\.\n$/);
  });

  it('stopped by SIGTERM, says that nothing of the game is stored (not that stored games are safe)', async () => {
    const child = simChild(['table', '--agents', '2=human', '--agents', 'heuristic', '--seed', 'term'], dir);
    let out = '';
    let err = '';
    child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let k = 0; k < 400 && !/\/seat\/[0-9a-f]{32}\n/.test(out); k++) await new Promise((r) => setTimeout(r, 25));
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(err).toContain('stopped by SIGTERM: quitting now; nothing of the game is stored (the game was not finished)');
    expect(err).not.toContain('safe');
  });

  it.each([
    [['--agents', 'heuristic'], 'sim table needs a seat played by a person: --agents 3=human'],
    [['--agents', '9=human'], 'there is no seat 9 at a table of 8'],
    [['--agents', 'werewolves=human'], 'a person plays one seat, named by its number'],
    [['--agents', '1=human', '--agents', 'P1=human:bob'], 'seat 1 is given to two people'],
    [['--agents', '1=human:<script>'], "a person's name is 1 to 32 letters"],
    [['--agents', '1=human', '--agents', 'exec:python3 bot.py'], 'models and programs there are not served yet'],
    [['--agents', '1=human', '--port', '70000'], "--port '70000' is not a port"],
  ])('refuses %j with what to write, serving nothing', async (args, message) => {
    const r = await sim(['table', ...args], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sim: [^\n]+\n$/);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });
});
