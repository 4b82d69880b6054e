// For `sim show`: an LLM game's transcript with what the log does not hold — each LLM
// seat's private reasoning (marked private), its refused answers and failed calls, and
// the fallbacks played for it — interleaved where each decision was made, and its
// tokens and cost per seat. Speeches, claims and the pack's night chat are in the log.

import { transcriptAnnotations } from '../agents/llm/notes.js';
import type { Event } from '../engine/events.js';
import { P, transcript, type TranscriptHeader } from '../reports/transcript.js';
import type { LlmStore, SeatUsage } from './llm-store.js';

/** Lines to print before log[i] (see `transcript`'s `annotations`). Empty if the game had no LLM seat. */
export function llmAnnotations(store: LlmStore, gameKey: string, log: readonly Event[]): Map<number, string[]> {
  return transcriptAnnotations(log, store.notes(gameKey));
}

export function usageLines(usage: readonly SeatUsage[]): string[] {
  const usd = (x: number | null) => (x === null ? 'cost unknown' : `$${x.toFixed(4)}`);
  return usage.map(
    (u) =>
      `${P(u.seat)} ${u.spec}: ${u.calls} calls (${u.cachedCalls} from the record), ${u.inputTokens} prompt + ${u.outputTokens} answer tokens, ${usd(u.cost)}; ` +
      `${u.invalid} invalid answer${u.invalid === 1 ? '' : 's'}, ${u.fallbacks} fallback${u.fallbacks === 1 ? '' : 's'}`,
  );
}

/** The whole transcript of a stored LLM game, with its seats' usage in the header. */
export function llmTranscript(store: LlmStore, gameKey: string, log: readonly Event[], header: TranscriptHeader): string {
  const usage = store.usage(gameKey);
  const lines = [...(header.lines ?? []), ...(usage.length > 0 ? ['LLM seats:', ...usageLines(usage).map((l) => `  ${l}`)] : [])];
  return transcript(log, { title: header.title, lines }, llmAnnotations(store, gameKey, log));
}
