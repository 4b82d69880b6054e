// `sim leaderboard`'s flags, apart from the command (../leaderboard.ts), which main.ts
// loads only when it is called: what every start loads stays small.

import type { Argv } from 'yargs';
import { POLICY_HELP } from '../args.js';

export const DEFAULT_BOARD_PRECISION = 0.02;

export function leaderboardOptions<T>(y: Argv<T>) {
  return y
    .option('db', { type: 'string', describe: 'results database (default werewolf.db)' })
    .option('preset', { type: 'string', describe: 'the setup: rule preset (default: the one setup the database holds)' })
    .option('players', { type: 'string', describe: 'the setup: number of players' })
    .option('roles', { type: 'string', describe: 'the setup: explicit role mix' })
    .option('rule', { type: 'string', array: true, describe: 'the setup: rule option key=value, repeatable' })
    .option('precision', { type: 'string', describe: `two rows are tied when their difference is known to lie within ± this (default ${DEFAULT_BOARD_PRECISION})` })
    .option('policy', { type: 'string', describe: `${POLICY_HELP}; default: the policy the board's tournaments were played under` })
    .option('anchor', { type: 'string', array: true, describe: 'an entrant whose strength is part of the fixed zero (repeatable): scores are against the average anchor, so boards with the same anchors and setup compare' })
    .option('json', { type: 'boolean', default: false, describe: 'print one JSON object on stdout' });
}

export interface LeaderboardCliArgs {
  db?: string | boolean;
  preset?: string;
  players?: string;
  roles?: string;
  rule?: string[];
  precision?: string;
  anchor?: string[];
  policy?: string;
  json: boolean;
}
