// The `belief` agent kind for the registry: `belief` or `belief:param=value,...`
// (params.ts: the model's parameters and the heuristic's knobs). Its seats of one game
// share the heuristic's records (the public record, shared with any heuristic seats of
// the game) and the posteriors of that record, both found in the game's context.

import { err, ok } from '../../engine/index.js';
import { GameContext } from '../game-context.js';
import type { SharedKey } from '../game-context.js';
import type { AgentKind } from '../registry.js';
import { SHARED_RECORDS } from '../heuristic/shared.js';
import { BeliefAgent, BeliefRecords } from './agent.js';
import { parseBelief } from './params.js';

/** The belief agent's key to its records in a game's context. */
export const BELIEF_RECORDS: SharedKey<BeliefRecords> = Object.freeze({ name: 'belief', make: () => new BeliefRecords() });

export const beliefKind: AgentKind = {
  name: 'belief',
  summary:
    "plays from a posterior over where the werewolf cards lie, from its own observation and the public acts weighed by a model of the players; the heuristic's talk and knobs (docs/belief.md)",
  async: false,
  check: (argument) => {
    const r = parseBelief(argument);
    if (!r.ok) return err(r.error);
    return ok(r.value.text === '' ? 'belief' : `belief:${r.value.text}`);
  },
  create: (argument, seat, env) => {
    const game = env?.game ?? new GameContext();
    const records = game.shared(BELIEF_RECORDS);
    const p = records.parsed(argument);
    return new BeliefAgent(p.text === '' ? 'belief' : `belief:${p.text}`, p, seat, game.shared(SHARED_RECORDS), records);
  },
};
