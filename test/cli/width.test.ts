// Every command's output at 80 columns (the in-process CLI is not a terminal: it writes
// for 80): no line longer than 80 display columns, whatever the names it prints — a
// results file's long agent specs and a process agent's command line included. Data
// formats (CSV, JSON lines, --json) are not text for a person and are left out; so is a
// refusal's one paragraph (`sim: …` on stderr), which the terminal wraps and scripts
// read as one line.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../narrate/width.js';
import { RANDOM_BOT } from '../agents/exec/helpers.js';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('width');
afterAll(() => removeDir(dir));

// A process agent with a long command line, and knobbed specs: the names a table must wrap.
const BOT = `exec:python3 ${RANDOM_BOT}`;
const LONG = 'heuristic:fakeClaim=0.15,seerReveal=never,trust=0.55';

/** The first speech of game 0 of run 3 (a tournament's pairing), as `sim show` numbers decisions: where `sim fork` silences. */
let speech = '';

beforeAll(async () => {
  const setup = [
    ['--games', '30', '--seed', 'w', '--db', 'w.db', '--agents', LONG, '--agents', `werewolves=${BOT}`],
    ['tournament', '--agents', 'random', '--agents', LONG, '--games', '20', '--seed', 'wt', '--db', 'w.db'],
  ];
  for (const args of setup) {
    const r = await sim(args, dir);
    expect(r.code, r.stderr).toBe(0);
  }
  const shown = await sim(['show', '--db', 'w.db', '--run', '3', '--game', '0'], dir);
  speech = /^ {2}#(\d+) +P\d+: /m.exec(shown.stdout)![1]!;
}, 120_000);

/** Each command, as a person types it, over the file made above. */
const COMMANDS: [string, string[]][] = [
  ['sim (a run with a process agent)', ['--games', '10', '--seed', 'w2', '--no-db', '--agents', LONG, '--agents', `werewolves=${BOT}`]],
  ['sim --dry-run', ['--games', '10', '--agents', 'openai:gpt-4o-mini', '--dry-run']],
  ['sim resume', ['resume', '--db', 'w.db', '--run', '1', '--run-agents']],
  ['sim runs', ['runs', '--db', 'w.db']],
  ['sim show', ['show', '--db', 'w.db', '--run', '1', '--game', '0', '--run-agents']],
  ['sim show --game of a tournament', ['show', '--db', 'w.db', '--run', '3', '--game', '1']],
  ['sim fork', ['fork', '--db', 'w.db', '--run', '3', '--game', '0', '--at', 'SPEECH', '--silence']],
  ['sim persuasion', ['persuasion', '--db', 'w.db', '--run', '3', '--games', '2', '--samples', '1']],
  ['sim report', ['report', '--db', 'w.db']],
  ['sim metrics', ['metrics', '--db', 'w.db', '--run', '3']],
  ['sim leaderboard', ['leaderboard', '--db', 'w.db']],
  ['sim tournament (again: nothing to play)', ['tournament', '--agents', 'random', '--agents', LONG, '--games', '20', '--seed', 'wt', '--db', 'w.db']],
  ['sim sprt', ['sprt', '--candidate', LONG, '--baseline', 'random', '--side', 'village', '--seed', 'ws', '--db', 'sprt.db', '--max-games', '300']],
  ['sim plan', ['plan', '--agents', LONG, '--agents', 'random', '--pilot', '100', '--seed', 'wp', '--db', 'plan.db']],
  ['sim balance', ['balance', '--players', '8-9', '--wolves', '2', '--with', 'seer', '--precision', '0.1', '--seed', 'wb', '--db', 'bal.db']],
  ['sim invariance', ['invariance', '--agents', LONG, '--agents', 'random', '--games', '20', '--seed', 'wi', '--no-db']],
  ['sim merge', ['merge', 'w.db', '--into', 'merged.db']],
  ['sim agent-check', ['agent-check', BOT, '--games', '1']],
  ['sim presets', ['presets']],
  ['sim rules', ['rules']],
  ['sim agents', ['agents']],
  ['sim --version', ['--version']],
  ['sim --help', ['--help']],
  ['sim tournament --help', ['tournament', '--help']],
  ['a refusal', ['--games', '10', '--agents', `${LONG},nosuch=1`]],
];

describe('every command at 80 columns', () => {
  it.each(COMMANDS)('%s: no line longer than 80 columns', async (_what, args) => {
    const r = await sim(args.map((x) => (x === 'SPEECH' ? speech : x)), dir);
    expect([0, 1, 2], r.stderr).toContain(r.code);
    const refusal = (l: string) => l.startsWith('sim: ');
    const long = [...r.stdout.split('\n'), ...r.stderr.split('\n').filter((l) => !refusal(l))].filter((l) => displayWidth(l) > 80);
    expect(long).toEqual([]);
  }, 60_000);
});
