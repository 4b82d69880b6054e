// The `heuristic` agent kind for the registry: `heuristic` or `heuristic:knob=value,...`.
// Its seats of one game share records (shared.ts), found in the game's context
// (`env.game`, agents/game-context.ts) under the heuristic's key.

import { err, ok } from '../../engine/index.js';
import { GameContext } from '../game-context.js';
import type { AgentKind } from '../registry.js';
import { HeuristicAgent } from './agent.js';
import { parseKnobs } from './knobs.js';
import { SHARED_RECORDS } from './shared.js';

export const heuristicKind: AgentKind = {
  name: 'heuristic',
  summary:
    'rule-based play of every role from its own observation, talking through claims; knobs fakeClaim, seerReveal, trust, bus (docs/heuristic.md)',
  async: false,
  check: (argument) => {
    const r = parseKnobs(argument);
    if (!r.ok) return err(r.error);
    return ok(r.value.text === '' ? 'heuristic' : `heuristic:${r.value.text}`);
  },
  create: (argument, seat, env) => {
    const shared = (env?.game ?? new GameContext()).shared(SHARED_RECORDS);
    const p = shared.knobs(argument);
    return new HeuristicAgent(p.text === '' ? 'heuristic' : `heuristic:${p.text}`, p.knobs, seat, shared);
  },
};
