// `sim show` of a game with LLM seats: the game is replayed from the record alone (replay
// mode: no key, no network, nothing written), so its log is the stored game's; the
// transcript interleaves each LLM seat's private reasoning (marked private), refused
// answers, failed calls and fallbacks (tournaments/llm-show.ts). Loaded only for such games.

import { playAsync, AbandonGame } from '../../agents/play.js';
import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { seatAgents } from '../../agents/registry.js';
import { Game } from '../../engine/game.js';
import { gameSeed } from '../../engine/rng.js';
import type { TranscriptHeader } from '../../reports/transcript.js';
import type { PlayedIndex } from '../../tournaments/games.js';
import { createLlmRunContext } from '../../tournaments/llm-context.js';
import { llmTranscriptOf } from '../../tournaments/llm-show.js';
import { LlmStore } from '../../tournaments/llm-store.js';
import type { RunConfig } from '../../tournaments/run-config.js';
import { inspectDbFile, Store } from '../../tournaments/storage.js';
import { fail, unwrap } from './errors.js';

export interface LlmReplay {
  readonly replay: PlayedIndex;
  /** The transcript, given its header. */
  text(header: TranscriptHeader): string;
}

/**
 * Replays game `index` from the record at `recordPath`. A game the record cannot finish
 * (never played to its end, or its calls are in another file) is a user error; `why`
 * says which is likely.
 */
export async function replayLlmGame(config: RunConfig, index: number, recordPath: string, gameKey: string, why: string): Promise<LlmReplay> {
  const state = inspectDbFile(recordPath);
  if (state.ok && state.value !== 'ours') fail(`there is no LLM record at ${recordPath}: give the file a run recorded its calls in (its --db, or its --llm-cache)`);
  const file = unwrap(Store.open(recordPath, 'read'), 'the LLM record');
  try {
    const attached = LlmStore.attach(file.db, 'read');
    if (!attached.ok) fail(`game ${index} seats LLMs and is replayed from their record, but ${recordPath} holds none: give the --llm-cache FILE its run recorded its calls in`);
    const record = attached.value;
    const llm = unwrap(
      createLlmRunContext({ runId: 'sim show', specs: llmSpecsOf(config.seating), store: record, mode: 'replay', env: {} }),
      'the LLM record',
    );
    const seed = gameSeed(config.seed, index);
    const game = new Game(config.setup, seed);
    const session = llm.startGame(gameKey, seed);
    const { agents, specs } = seatAgents(config.seating, game.state.seats.map((s) => s.dealt), { llm: session });
    let played;
    try {
      played = await playAsync(game, agents, session.playOptions());
    } catch (e) {
      if (!(e instanceof AbandonGame)) throw e;
      fail(`game ${index} cannot be shown: sim show replays a game with LLM seats from their record alone, and ${recordPath} lacks an answer (${e.message.replace(/; run it live.*$/, '')}). ${why}`);
    }
    // The notes and counts stored when the game was played (what was paid then); else this replay's.
    const storedUsage = record.usage(gameKey);
    const usage = storedUsage.length > 0 ? storedUsage : session.usage(played).seats;
    const notes = session.notes();
    return { replay: { game, played, specs }, text: (header) => llmTranscriptOf(notes, usage, game.log, header) };
  } finally {
    file.close();
  }
}
