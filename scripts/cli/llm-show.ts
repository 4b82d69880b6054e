// `sim show` of a game with LLM seats: the game is replayed from the record alone (replay
// mode: no key, no network, nothing written), so its log is the stored game's; the
// transcript interleaves each LLM seat's private reasoning (marked private), refused
// answers, failed calls and fallbacks (runs/llm/show.ts). Loaded only for such games.

import { replayFromRecord, type RecordGame, type RecordReplay } from '../../runs/llm/show.js';
import type { RunConfig } from '../../runs/run-config.js';
import { Store } from '../../runs/storage.js';
import { inspectDbFile } from '../../runs/db-file.js';
import { fail, unwrap } from './errors.js';

/** A game to show: which, where its record is, and what to say if the record cannot finish it. */
export interface LlmGameToShow extends Omit<RecordGame, 'record'> {
  readonly config: RunConfig;
  readonly recordPath: string;
  readonly why: string;
}

/**
 * Replays game `index` from the record at `recordPath`. A game the record cannot finish
 * (never played to its end, or its calls are in another file) is a user error; `why`
 * says which is likely. A run played with another prompt version is refused (exit 2).
 */
export async function replayLlmGame(g: LlmGameToShow): Promise<RecordReplay> {
  const { index, recordPath, why } = g;
  const state = inspectDbFile(recordPath);
  if (state.ok && state.value !== 'ours') fail(`there is no LLM record at ${recordPath}: give the file a run recorded its calls in (its --db, or its --llm-cache)`);
  const file = unwrap(Store.open(recordPath, 'read'), 'the LLM record');
  try {
    const attached = file.llmRecord('read');
    if (!attached.ok) fail(`game ${index} seats LLMs and is replayed from their record, but ${recordPath} holds none: give the --llm-cache FILE its run recorded its calls in`);
    const r = await replayFromRecord({ config: g.config, index, record: attached.value, gameKey: g.gameKey, run: g.run, keepCalls: g.keepCalls, wrap: g.wrap });
    if (!r.ok) {
      // Recorded by another version of the prompt: the record is complete, this code cannot replay it.
      if (/prompt version/.test(r.error)) fail(`game ${index} cannot be shown from ${recordPath}: ${r.error.replace(/^replay: /, '')}`);
      fail(`game ${index} cannot be shown: sim show replays a game with LLM seats from their record alone, and ${recordPath} lacks an answer (${r.error}). ${why}`);
    }
    return r.value;
  } finally {
    file.close();
  }
}
