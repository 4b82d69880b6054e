// The `heuristic` agent kind for the registry: `heuristic` or `heuristic:knob=value,...`.

import { err, ok } from '../../engine/index.js';
import type { AgentKind } from '../registry.js';
import { HeuristicAgent } from './agent.js';
import { parseKnobs, type ParsedKnobs } from './knobs.js';

/** Parsed arguments by text: create() runs once per seat per game. */
const parsed = new Map<string, ParsedKnobs>();

function knobsOf(argument: string | undefined): ParsedKnobs {
  const key = argument ?? '';
  let p = parsed.get(key);
  if (p === undefined) {
    const r = parseKnobs(argument);
    if (!r.ok) throw new Error(`heuristic agent: ${r.error} (the spec should have been checked first)`);
    p = r.value;
    parsed.set(key, p);
  }
  return p;
}

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
  create: (argument, seat) => {
    const p = knobsOf(argument);
    return new HeuristicAgent(p.text === '' ? 'heuristic' : `heuristic:${p.text}`, p.knobs, seat);
  },
};
