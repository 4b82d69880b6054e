// What a results file's LLM record says of a leaderboard's models (tournaments/leaderboard.ts
// reads it through these): per game and agent spec, the model seats' dollars, calls and
// tokens; and a model entrant's answered calls' latencies. Shared by `sim leaderboard` and
// the report's leaderboards.

import { parseAgentSpec } from '../agents/registry.js';
import { modelKey, parseLlmSpec } from '../agents/llm/spec.js';
import { ok, type Result } from '../engine/index.js';
import { llmGamePrefix } from '../runs/llm/store.js';
import type { Store } from '../runs/storage.js';
import type { RunCosts, SpecUsage } from './leaderboard.js';

export interface RecordReaders {
  readonly costs?: RunCosts;
  readonly latencies?: (entrant: string) => readonly number[] | undefined;
}

/**
 * What the results file's LLM record says of the board's models (none without a record):
 * per game and agent spec, the seats' dollars, calls and tokens; and a model entrant's
 * answered calls' latencies (by its provider and model).
 */
export function recordReaders(store: Store): Result<RecordReaders, string> {
  if (!store.hasLlmRecord()) return ok({});
  const opened = store.llmRecord('read');
  if (!opened.ok) return opened;
  const record = opened.value;
  const byModel = record.latencies();
  return ok({
    costs: (run) => {
      const prefix = llmGamePrefix(run.key);
      const out = new Map<number, Map<string, SpecUsage>>();
      for (const u of record.usageByPrefix(prefix)) {
        const idx = Number(u.game.slice(prefix.length));
        const game = out.get(idx) ?? new Map<string, SpecUsage>();
        const now = game.get(u.spec) ?? { usd: 0, calls: 0, tokens: 0, decisions: 0 };
        game.set(u.spec, {
          usd: now.usd === null || u.cost === null ? null : now.usd + u.cost,
          calls: now.calls + u.calls,
          tokens: now.tokens + u.inputTokens + u.outputTokens,
          decisions: now.decisions === null || u.decisions === null ? null : now.decisions + u.decisions,
        });
        out.set(idx, game);
      }
      return out;
    },
    latencies: (entrant) => {
      const spec = parseAgentSpec(entrant);
      if (!spec.ok || spec.value.kind.llm !== true) return undefined;
      const llm = parseLlmSpec(spec.value.kind.name, spec.value.argument);
      return llm.ok ? byModel.get(modelKey(llm.value)) : undefined;
    },
  });
}

