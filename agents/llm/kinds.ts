// The LLM agent kinds of the registry: `openai:MODEL`, `anthropic:MODEL`,
// `compatible:MODEL@URL` and `ollama:MODEL` (see spec.ts). Their agents are made by the
// LLM session of the game (the record, limits and budget live there), passed in the
// seat's environment; without one there is nothing to call, and that is a bug in the
// caller, not a user's mistake.

import { ok } from '../../engine/index.js';
import type { AgentKind, Seating } from '../registry.js';
import { parseLlmSpec, type LlmSpec } from './spec.js';

function llmKind(name: string, summary: string): AgentKind {
  return {
    name,
    summary,
    async: true,
    llm: true,
    check(argument) {
      const spec = parseLlmSpec(name, argument);
      return spec.ok ? ok(spec.value.text) : spec;
    },
    create(argument, seat, env) {
      const spec = parseLlmSpec(name, argument);
      if (!spec.ok) throw new Error(spec.error);
      if (env?.llm === undefined) throw new Error(`agent ${spec.value.text} needs an LLM session: create its agents with createLlmRunContext(...).startGame(...)`);
      return env.llm.agent(spec.value, seat);
    },
  };
}

export const LLM_KINDS: readonly AgentKind[] = [
  llmKind('openai', 'an OpenAI model: openai:MODEL (OPENAI_API_KEY, OPENAI_BASE_URL)'),
  llmKind('anthropic', 'an Anthropic model: anthropic:MODEL (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL)'),
  llmKind('compatible', 'a model on an OpenAI-compatible server: compatible:MODEL@http://HOST:PORT/v1 (COMPATIBLE_BASE_URL, COMPATIBLE_API_KEY)'),
  llmKind('ollama', 'a model on a local Ollama server: ollama:MODEL (= compatible:MODEL@http://127.0.0.1:11434/v1)'),
];

/** The distinct LLM specs a seating uses (canonical), parsed. */
export function llmSpecsOf(seating: Seating): LlmSpec[] {
  const out = new Map<string, LlmSpec>();
  for (const a of seating.assignments) {
    if (a.spec.kind.llm !== true) continue;
    const spec = parseLlmSpec(a.spec.kind.name, a.spec.argument);
    if (spec.ok) out.set(spec.value.text, spec.value);
  }
  return [...out.values()];
}
