// `sim show` of a game with LLM seats: the game is replayed from the record alone (replay
// mode: no key, no network, nothing written), so its log is the stored game's; the
// transcript interleaves each LLM seat's private reasoning (marked private), refused
// answers, failed calls and fallbacks (runs/llm/show.ts). Here: the record opened where
// the user said it is, and a replay's failure said as a user error. Loaded only for such games.

import type { LlmStore } from '../../runs/llm/store.js';
import type { ReplayError } from '../../runs/replay.js';
import { Store } from '../../runs/storage.js';
import { inspectDbFile } from '../../runs/db-file.js';
import { fail, unwrap } from './errors.js';

/** Runs `use` with the LLM record at `recordPath` open to read (closed after); a file without one is a user error. */
export async function withLlmRecord<T>(recordPath: string, index: number, use: (record: LlmStore) => Promise<T>): Promise<T> {
  const state = inspectDbFile(recordPath);
  if (state.ok && state.value !== 'ours') fail(`there is no LLM record at ${recordPath}: give the file a run recorded its calls in (its --db, or its --llm-cache)`);
  const file = unwrap(Store.open(recordPath, 'read'), 'the LLM record');
  try {
    const attached = file.llmRecord('read');
    if (!attached.ok) fail(`game ${index} seats LLMs and is replayed from their record, but ${recordPath} holds none: give the --llm-cache FILE its run recorded its calls in`);
    return await use(attached.value);
  } finally {
    file.close();
  }
}

/**
 * A game the record cannot finish is a user error; `why` says what is likely (never played
 * to its end, or its calls are in another file). A run played with another prompt version
 * is refused: the record is complete, this code cannot replay it.
 */
export function failReplay(e: ReplayError, o: { readonly index: number; readonly recordPath: string; readonly why: string }): never {
  if (e.kind === 'prompt-version') fail(`game ${o.index} cannot be shown from ${o.recordPath}: ${e.message.replace(/^replay: /, '')}`);
  const detail = e.kind === 'no-record' ? 'it holds no record' : e.message;
  fail(`game ${o.index} cannot be shown: sim show replays a game with LLM seats from their record alone, and ${o.recordPath} lacks an answer (${detail}). ${o.why}`);
}
