// `sim plan`'s flags, apart from the command (../plan.ts), which main.ts loads only when it
// is called: what every start loads stays small.

import type { Argv } from 'yargs';
import { DEFAULT_OPPONENT } from '../../../tournaments/schedule.js';
import { DEFAULT_SEED, pairingsOptions, WORKERS_DEFAULT, type PairingsCliArgs } from '../args.js';
import { llmOptions, type LlmArgs } from '../llm-args.js';
import { DEFAULT_DELTA, DEFAULT_ERROR } from './sprt.js';

export const DEFAULT_PILOT = 500;
export const DEFAULT_POWER = 0.8;

export function planOptions<T>(y: Argv<T>) {
  return llmOptions(
    pairingsOptions(y, {
      seed: `the pilot's seed (default ${DEFAULT_SEED})`,
      db: 'results database (default werewolf.db): the pilot is stored there, one run per agent and side',
      workers: `worker threads for bots (${WORKERS_DEFAULT})`,
    })
      .option('agents', { type: 'string', array: true, describe: 'the two agents to tell apart (give it twice)' })
      .option('opponent', { type: 'string', describe: `the agent on every other card in the pilot (default ${DEFAULT_OPPONENT})` })
      .option('pilot', { type: 'string', describe: `games of each agent on each side in the pilot (default ${DEFAULT_PILOT})` })
      .option('tournament', { type: 'string', describe: 'instead of a pilot: a played side tournament of --db, and what would settle its comparisons' })
      .option('delta', { type: 'string', describe: `the difference in win rate to separate (default ${DEFAULT_DELTA})` })
      .option('alpha', { type: 'string', describe: `the false-positive rate (default ${DEFAULT_ERROR})` })
      .option('power', { type: 'string', describe: `the chance of telling a difference of delta (default ${DEFAULT_POWER})` }),
    true,
  );
}

export interface PlanCliArgs extends LlmArgs, PairingsCliArgs {
  agents?: string[];
  opponent?: string;
  pilot?: string;
  tournament?: string;
  delta?: string;
  alpha?: string;
  power?: string;
}
