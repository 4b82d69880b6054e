// `sim tournament`'s flags, apart from the command (../tournament.ts), which main.ts loads
// only when it is called: what every start loads stays small.

import type { Argv } from 'yargs';
import { DEFAULT_REFERENCE } from '../../../tournaments/schedule.js';
import { DEFAULT_SEED, NUMBER, pairingsOptions, POLICY_HELP, WORKERS_DEFAULT, type PairingsCliArgs } from '../args.js';
import { execOptions, type ExecArgs } from '../exec-run.js';
import { llmOptions, type LlmArgs } from '../llm-args.js';

export const DEFAULT_TOURNAMENT_GAMES = 1000;
export const DEFAULT_ADAPTIVE_PRECISION = 0.02;
export const DEFAULT_ADAPTIVE_MAX = 5000;
export const DEFAULT_ADAPTIVE_BATCH = 100;

export function tournamentOptions<T>(y: Argv<T>) {
  return execOptions(llmOptions(
    pairingsOptions(y, {
      seed: `the tournament's seed (default ${DEFAULT_SEED}): game i of every pairing is seeded "<seed>#<i>"`,
      db: 'results database (default werewolf.db): one run per pairing, grouped as a tournament',
      workers: `worker threads for bot pairings (${WORKERS_DEFAULT})`,
    })
      .option('agents', { type: 'string', array: true, describe: 'an entrant (an agent spec: random, heuristic, heuristic:fakeClaim=0.3, openai:MODEL…); repeat for each' })
      .option('mode', { type: 'string', describe: 'side (default): entrants play whole sides against each other; seat: each entrant takes one seat at a time among --reference bots; mixed: every entrant at one table, its seats rotated over the entrants' }) 
      .option('reference', { type: 'string', describe: `--mode seat: the agent of the other seats (default ${DEFAULT_REFERENCE})` })
      .option('self-play', { type: 'boolean', describe: 'side mode: each entrant also plays both sides itself (default; --no-self-play: not)' })
      .option('games', { ...NUMBER, describe: `games per pairing (default ${DEFAULT_TOURNAMENT_GAMES}; required when an entrant is a model)` })
      .option('adaptive', { type: 'boolean', describe: 'side mode: play rounds where they narrow the ranking most, until every two neighbours are told apart or tied (docs/sequential.md)' })
      .option('precision', { ...NUMBER, describe: `--adaptive: two neighbours are tied when their difference is known to lie within ± this (default ${DEFAULT_ADAPTIVE_PRECISION})` })
      .option('max-games', { ...NUMBER, describe: `--adaptive: games per pairing at most (default ${DEFAULT_ADAPTIVE_MAX}; required when an entrant is a model)` })
      .option('batch', { ...NUMBER, describe: `--adaptive: games per round (default ${DEFAULT_ADAPTIVE_BATCH})` })
      .option('policy', { type: 'string', describe: `${POLICY_HELP}; stored with the tournament` })
      // Listed before the LLM flags (llmOptions) in --help.
      .group(
        ['agents', 'mode', 'reference', 'self-play', 'games', 'adaptive', 'precision', 'max-games', 'batch', 'policy', 'preset', 'players', 'roles', 'rule', 'seed', 'db', 'workers', 'concurrency', 'json'],
        'Tournament:',
      ),
    true,
  ));
}

export interface TournamentCliArgs extends LlmArgs, PairingsCliArgs, ExecArgs {
  agents?: string[];
  mode?: string;
  reference?: string;
  selfPlay?: boolean;
  games?: string;
  adaptive?: boolean;
  precision?: string;
  maxGames?: string;
  batch?: string;
  policy?: string;
}
