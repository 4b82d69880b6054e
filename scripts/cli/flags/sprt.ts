// `sim sprt`'s flags, apart from the command (../sprt.ts), which main.ts loads only when it
// is called: what every start loads stays small.

import type { Argv } from 'yargs';
import { DEFAULT_OPPONENT } from '../../../tournaments/schedule.js';
import { DEFAULT_SEED, pairingsOptions, WORKERS_DEFAULT, type PairingsCliArgs } from '../args.js';
import { llmOptions, type LlmArgs } from '../llm-args.js';

export const DEFAULT_DELTA = 0.05;
export const DEFAULT_ERROR = 0.05;
export const DEFAULT_SPRT_MAX_GAMES = 10_000;
export const DEFAULT_SPRT_BATCH = 100;

export function sprtOptions<T>(y: Argv<T>) {
  return llmOptions(
    pairingsOptions(y, {
      seed: `the seed (default ${DEFAULT_SEED}): game i of A and of B is dealt from "<seed>#<i>"`,
      db: 'results database (default werewolf.db): the games of A and of B, one run each',
      workers: `worker threads for bots (${WORKERS_DEFAULT})`,
    })
      .option('candidate', { type: 'string', describe: 'A, the agent tested (an agent spec: heuristic:fakeClaim=0, openai:MODEL…)' })
      .option('baseline', { type: 'string', describe: 'B, the agent it is compared with' })
      .option('side', { type: 'string', describe: "werewolves or village: the side A and B play (each the side's every card)" })
      .option('opponent', { type: 'string', describe: `the agent on every other card, for both (default ${DEFAULT_OPPONENT})` })
      .option('delta', { type: 'string', describe: `H1: A wins at least this much more often than B (a difference in win rate, default ${DEFAULT_DELTA})` })
      .option('alpha', { type: 'string', describe: `the chance of saying H1 when A is no better (default ${DEFAULT_ERROR})` })
      .option('beta', { type: 'string', describe: `the chance of saying H0 when A is better by delta (default ${DEFAULT_ERROR})` })
      .option('max-games', { type: 'string', describe: `games of each at most; the decision is "none" there (default ${DEFAULT_SPRT_MAX_GAMES}; required with a model)` })
      .option('batch', { type: 'string', describe: `pairs played between two looks (default ${DEFAULT_SPRT_BATCH}; with a model: half --concurrency)` }),
    false,
  );
}

export interface SprtCliArgs extends LlmArgs, PairingsCliArgs {
  candidate?: string;
  baseline?: string;
  side?: string;
  opponent?: string;
  delta?: string;
  alpha?: string;
  beta?: string;
  maxGames?: string;
  batch?: string;
}
