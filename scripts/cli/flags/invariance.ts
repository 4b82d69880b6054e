// `sim invariance`'s flags, apart from the command (../invariance.ts), which main.ts loads
// only when it is called: what every start loads stays small.

import type { Argv } from 'yargs';
import { CONTROLS } from '../../../tournaments/controls.js';
import { DEFAULT_DB, DEFAULT_SEED, NUMBER } from '../args.js';
import { execOptions, type ExecArgs } from '../exec-run.js';
import { llmOptions, type LlmArgs } from '../llm-args.js';

export const DEFAULT_INVARIANCE_GAMES = 1000;

export function invarianceOptions<T>(y: Argv<T>) {
  return y
    .option('agents', { type: 'string', array: true, describe: 'an entrant (random, heuristic, heuristic:fakeClaim=0, openai:MODEL…); repeat for each' })
    .option('control', { type: 'string', array: true, describe: `a control, repeatable: ${CONTROLS.join(', ')} (default: every one that can move these entrants; choices and wording only with a model)` })
    .option('games', { ...NUMBER, describe: `deals per pairing, played as dealt and under each control (default ${DEFAULT_INVARIANCE_GAMES})` })
    .option('seed', { type: 'string', describe: `run seed (default ${DEFAULT_SEED})` })
    .option('preset', { type: 'string', describe: 'the setup: rule preset' })
    .option('players', { type: 'string', describe: 'the setup: number of players' })
    .option('roles', { type: 'string', describe: 'the setup: explicit role mix' })
    .option('rule', { type: 'string', array: true, describe: 'the setup: rule option key=value, repeatable' })
    .option('db', { type: 'string', describe: `with a model among the entrants: the file that records its calls (default ${DEFAULT_DB}); no game is stored` })
    .option('json', { type: 'boolean', default: false, describe: 'print one JSON object on stdout' });
}

export function invarianceCliOptions<T>(y: Argv<T>) {
  return execOptions(llmOptions(invarianceOptions(y), false));
}

export interface InvarianceCliArgs extends LlmArgs, ExecArgs {
  db?: string;
  agents?: string[];
  control?: string[];
  games?: string;
  seed?: string;
  preset?: string;
  players?: string;
  roles?: string;
  rule?: string[];
  json: boolean;
}
