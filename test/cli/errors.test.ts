// Bad input: a one-paragraph message on stderr that says what is wrong and how to fix
// it, exit code 2, no stack trace, and no file created or changed.

import Database from 'better-sqlite3';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSeating } from '../../agents/registry.js';
import { resolveSetup } from '../../engine/index.js';
import { runKey, WHOLE_RUN } from '../../runs/run-config.js';
import { Store } from '../../runs/storage.js';
import { versions } from '../../runs/version.js';
import { removeDir, sim, snapshot, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('errors');
afterAll(() => removeDir(dir));

beforeAll(async () => {
  expect((await sim(['--games', '50', '--workers', '0', '--json'], dir)).code).toBe(0); // werewolf.db, run 1
  const foreign = new Database(join(dir, 'foreign.db'));
  foreign.exec("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('not werewolf')");
  foreign.close();
  writeFileSync(join(dir, 'notes.txt'), 'a text file, not a database; '.repeat(10));
  const empty = Store.open(join(dir, 'empty.db'), 'write');
  if (!empty.ok) throw new Error(empty.error);
  empty.value.close();
  // A run that was started but stored no game yet.
  const none = Store.open(join(dir, 'nogames.db'), 'write');
  if (!none.ok) throw new Error(none.error);
  const setup = resolveSetup({});
  const seating = parseSeating([]);
  if (!setup.ok || !seating.ok) throw new Error('setup');
  const config = { setup: setup.value, seed: '1', seating: seating.value, games: 10, shard: WHOLE_RUN };
  none.value.createRun(config, runKey(config), versions());
  none.value.close();
  // A run played by other code.
  copyFileSync(join(dir, 'werewolf.db'), join(dir, 'oldcode.db'));
  const old = new Database(join(dir, 'oldcode.db'));
  old.prepare("UPDATE runs SET code_hash = '0123456789abcdef'").run();
  old.close();
});

const CASES: [args: string[], message: RegExp][] = [
  [['--agents', 'openai:gpt-4o-mini', '--games', '1', '--llm-cache', '/tmp'], /--llm-cache: \/tmp is a directory, not a database file: give a file path with --llm-cache$/m],
  [['--roles', 'werewolf=2,,villager=5'], /has an empty entry between its commas/],
  [['--preset', 'nope'], /unknown preset 'nope'; presets are thiercelieux \(000\), classic \(001\)/],
  [['--roles', 'seer,villager=3'], /a mix needs at least one werewolf \(add werewolf=1\)/],
  [['--roles', 'werewolf=2,seer,villager=2', '--players', '8'], /the mix has 5 roles for 8 players; give exactly one role per player/],
  [['--roles', 'werewolf,thief,villager=3'], /with a thief a lone werewolf card can be left over/],
  [['--roles', 'werewolf=2,bogus'], /unknown role 'bogus'; roles are werewolf, villager/],
  [['--roles', 'werewolf=2=3,villager=4'], /'werewolf=2=3' has more than one '='/],
  [['--preset', ''], /unknown preset ''; presets are thiercelieux \(000\)/],
  [['--players', '7'], /preset standard \(004\) has table rows for 8, 9, .* not 7; or give the mix with --roles/],
  [['--rule', 'nope=1'], /unknown rule option 'nope'.*options are wolvesWin/],
  [['--rule', 'tie=sometimes'], /rule tie takes one of sheriff-then-revote, revote, none, random, not 'sometimes'/],
  [['--rule'], /--rule needs a value, e.g. --rule tie=none/],
  [['--agents', '--games', '10'], /--agents needs a value, e.g. --agents heuristic/],
  [['balance', '--with'], /--with needs a value, e.g. --with seer,witch/],
  [['--agents', 'gpt'], /--agents: unknown agent 'gpt'; agents are random/],
  [['--agents', '12=random'], /--agents: seat 12 does not exist in a 8-player game/],
  [['--shard', '3/2'], /--shard 3\/2: k must be between 1 and 2/],
  [['--shard', 'half'], /--shard 'half' is not of the form k\/n/],
  [['--games', '10', '--shard', '1/11'], /11 shards of 10 games would leave some empty/],
  [['--games', '0'], /--games must be a whole number from 1 to 2147483647, not '0'/],
  [['--games', 'many'], /--games must be a whole number from 1 to 2147483647, not 'many'/],
  [['--seed', 'a#b'], /--seed 'a#b' is not a valid seed/],
  [['--workers', 'all'], /--workers must be a whole number from 0 to 1024/],
  [['--bogus'], /unknown flag --bogus \(see sim --help\)/],
  [['--no-db', '--resume'], /--resume continues a stored run: it needs a database/],
  [['--db', 'foreign.db'], /foreign\.db is an SQLite database of another program .* left untouched\. Choose another file/],
  [['--db', 'notes.txt'], /notes\.txt is not an SQLite database, so not a werewolf-lab results file/],
  [['--db', 'nodir/x.db'], /cannot create nodir\/x\.db: the directory .*nodir does not exist/],
  [['--db', ''], /--db needs a file path/],
  [['show'], /sim show needs --game I/],
  [['show', '--game', '1', '--db', 'missing.db'], /there is no results database at missing\.db \(make one with `sim --games N --db missing\.db`/],
  [['show', '--game', '0', '--db', 'empty.db'], /empty\.db holds no runs yet: play one with `sim --games N --db empty\.db`/],
  [['show', '--game', '5000'], /run 1 has games 0 to 49; there is no game 5000/],
  [['show', '--game', '1', '--run', '9'], /werewolf\.db has no run '9'; its runs are 1/],
  [['show', '--game', '1', '--preset', 'classic'], /--preset applies with --seed only/],
  [['show', '--game', '1', '--seed', '3', '--db', 'werewolf.db'], /give either --seed .* or --db\/--run/],
  [['resume', '--db', 'missing.db'], /there is no results database at missing\.db/],
  [['resume', '--db', 'empty.db'], /empty\.db holds no runs yet/],
  [['resume', '--db', 'foreign.db'], /another program/],
  [['resume', '--run', '9'], /werewolf\.db has no run '9'/],
  [['resume', '--db', 'oldcode.db'], /run 1 was played by other code \(code hash 0123456789abcdef.*resuming would mix games of two versions/],
  [['merge', 'werewolf.db'], /sim merge needs --into PATH/],
  [['merge', '--into', 'm.db'], /sim merge needs the shard databases to merge/],
  [['merge', 'werewolf.db', '--into', 'werewolf.db'], /werewolf\.db exists: merge writes a new file/],
  [['merge', 'werewolf.db', 'foreign.db', '--into', 'm.db'], /foreign\.db is an SQLite database of another program/],
  [['merge', 'missing.db', '--into', 'm.db'], /there is no results database at missing\.db/],
  [['merge', 'empty.db', '--into', 'm.db'], /empty\.db holds no runs: there is nothing of it to merge/],
  [['merge', 'nogames.db', '--into', 'm.db'], /the shards hold no games yet: play them first/],
  [['presets', '--preset', 'nope'], /unknown preset 'nope'/],
  [['runs', '--db', 'missing.db'], /there is no results database at missing\.db/],
];

describe('bad input', () => {
  it.each(CASES)('sim %j → exit 2 with a clear message, nothing written', async (args, message) => {
    const before = snapshot(dir);
    const r = await sim(args, dir);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sim: [^\n]+\n$/); // one paragraph
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(r.stdout).toBe('');
    expect(snapshot(dir)).toEqual(before);
  });
});
