// `sim leaderboard`: checks and printing (its flags: flags/leaderboard.ts); the ranking is
// tournaments/leaderboard.ts. Reads the database (read-only); dollars come from the LLM
// record kept in it, if any.

import { describeSetup, mixLabel } from '../../engine/index.js';
import { toJsonObject } from '../../reports/export.js';
import { leaderboardTable, sidesTable } from '../../reports/leaderboard-table.js';
import { labelled, renderTable } from '../../reports/terminal.js';
import { wrap } from '../../narrate/width.js';
import { changedRules, setupFromJson } from '../../runs/run-config.js';
import { Store } from '../../runs/storage.js';
import { boardSetups, leaderboard } from '../../tournaments/leaderboard.js';
import { recordReaders } from '../../tournaments/leaderboard-record.js';
import { setupLabel } from '../../tournaments/tournament-data.js';
import { dbPathFrom, decimal, listFlag, policyFrom, setupFrom } from './args.js';
import { fail, unwrap } from './errors.js';
import type { CliIo } from './io.js';
import { DEFAULT_BOARD_PRECISION, type LeaderboardCliArgs } from './flags/leaderboard.js';
import { grouped } from '../../narrate/numbers.js';

export function leaderboardCommand(a: LeaderboardCliArgs, io: CliIo): number {
  const precision = a.precision === undefined ? DEFAULT_BOARD_PRECISION : decimal('precision', a.precision, '0.02');
  if (!(precision > 0 && precision < 0.5)) fail(`--precision ${precision}: a tie's margin must be between 0 and 0.5 (exclusive) in win rate, e.g. --precision 0.02`);
  const db = dbPathFrom(a.db) ?? fail('a leaderboard reads a results database: give --db PATH');
  const rules = listFlag('rule', a.rule, 'tie=none');
  const chosen = a.preset !== undefined || a.players !== undefined || a.roles !== undefined || rules.length > 0;
  const given = chosen ? setupFrom(a) : undefined;
  const anchors = a.anchor === undefined ? undefined : listFlag('anchor', a.anchor, 'random');
  const policy = a.policy === undefined ? undefined : policyFrom(a.policy);
  const store = unwrap(Store.open(db, 'read'));
  try {
    let setup = given;
    if (setup === undefined) {
      const setups = boardSetups(store);
      if (setups.length === 0) fail(`${db} holds no games between side pairings yet: play a tournament (sim tournament) or a test (sim sprt) first`);
      if (setups.length > 1)
        fail(`${db} holds games of ${setups.length} setups (${setups.map((s) => s.label).join('; ')}): choose one with --preset, --players, --roles and --rule`);
      const run = store.runs().find((r) => r.setup === setups[0]!.setup)!;
      setup = unwrap(setupFromJson(run.setupJson, run.setup), `run ${run.id}`);
    }
    const board = unwrap(leaderboard(store, setup, { precision, anchors, policy, ...unwrap(recordReaders(store)) }));
    const table = leaderboardTable(board, precision);
    if (a.json) {
      io.stdout.write(JSON.stringify({ db, setup: describeSetup(setup), precision, runs: board.runs, skipped: board.skipped, versions: board.versions, seeds: board.seeds, rows: board.rows, model: board.model, pairings: board.pairings, policy: board.policy, excluded: board.excluded, uncompared: board.uncompared, voided: board.voided, table: toJsonObject(table) }) + '\n');
      return 0;
    }
    const games = board.pairings.reduce((n, p) => n + p.games, 0);
    const lines = [
      ...wrap(`werewolf-lab leaderboard: ${setupLabel({ players: setup.players, deck: mixLabel(setup), preset: setup.preset, rules: changedRules(setup).join(' ') })}`, 80),
      ...labelled([
        ['from', `${db}: ${board.runs} runs (${board.pairings.length} pairings of ${board.rows.length} entrants), ${grouped(games)} games, seed${board.seeds.length === 1 ? '' : 's'} ${board.seeds.join(', ')}${board.skipped > 0 ? `; ${board.skipped} runs seating agents by seat or role left out` : ''}`],
      ]),
      '',
      ...renderTable(table),
      '',
      ...renderTable(sidesTable(board.rows, 'leaderboard-sides')),
    ];
    io.stdout.write(lines.join('\n') + '\n');
    return 0;
  } finally {
    store.close();
  }
}
