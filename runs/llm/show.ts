// For `sim show`: an LLM game's transcript with what the log does not hold — each LLM
// seat's private reasoning (marked private), its refused answers and failed calls, and
// the fallbacks played for it — interleaved where each decision was made, and its
// tokens and cost per seat. Speeches, claims and the pack's night chat are in the log.

import { llmSpecsOf } from '../../agents/llm/kinds.js';
import { transcriptAnnotations, type LlmNote } from '../../agents/llm/notes.js';
import { AbandonGame, playAsync, type PlayedGame } from '../../agents/play.js';
import { controlOf, seatedGame } from '../games.js';
import { traced } from '../../agents/trace.js';
import { tallyOf } from '../games.js';
import type { GameTally } from '../../metrics/tally.js';
import type { Event } from '../../engine/index.js';
import type { Game } from '../../engine/index.js';
import { err, ok, type Result } from '../../engine/index.js';
import { gameSeed } from '../../engine/index.js';
import { P, transcript, type TranscriptHeader, type TranscriptOptions } from '../../narrate/transcript.js';
import { PROMPT_VERSION } from '../../agents/llm/prompt.js';
import { createLlmRunContext } from './context.js';
import { otherPromptVersion, type KeptCall } from './game.js';
import type { LlmStore, SeatUsage } from './store.js';
import type { RunConfig } from '../run-config.js';
import type { WrapAgents } from '../games.js';
import type { HumanSeatFactory } from '../../agents/types.js';

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
  return llmTranscriptOf(store.notes(gameKey), store.usage(gameKey), log, header);
}

/** The same from notes and usage in hand (`sim show` takes them from its replay of the game when the record has none stored). */
export function llmTranscriptOf(notes: readonly LlmNote[], usage: readonly SeatUsage[], log: readonly Event[], header: TranscriptHeader, opts?: TranscriptOptions): string {
  const lines = [...(header.lines ?? []), ...(usage.length > 0 ? ['LLM seats:', ...usageLines(usage).map((l) => `  ${l}`)] : [])];
  return transcript(log, { title: header.title, lines }, transcriptAnnotations(log, notes), opts);
}

/** A game with LLM seats replayed from its record. */
export interface RecordReplay {
  readonly game: Game;
  readonly played: PlayedGame;
  /** The agent spec of each seat. */
  readonly specs: readonly string[];
  /** The seats' behaviour counters (metrics/tally.ts). */
  readonly tally: GameTally;
  /** The seats' notes, as this replay made them (the same as when the game was played). */
  readonly notes: readonly LlmNote[];
  /** The seats' counts stored when the game was played (what was paid then); else this replay's. */
  readonly usage: readonly SeatUsage[];
  /** Every call's prompt and answer (with `keepCalls`; else none). */
  readonly calls: readonly KeptCall[];
  /** The transcript with the notes and the counts, given its header (and its decisions' marks). */
  text(header: TranscriptHeader, opts?: TranscriptOptions): string;
}

/**
 * Why the record cannot replay a game: it was played with another prompt version than this
 * code's (the record is complete; this code cannot replay it), an answer is missing (never
 * played to its end, or its calls are in another file), or the models' context was refused.
 */
export interface RecordError {
  readonly kind: 'prompt-version' | 'incomplete' | 'context';
  readonly message: string;
}

/** A stored game to replay from the record. */
export interface RecordGame {
  readonly config: Pick<RunConfig, 'setup' | 'seed' | 'seating' | 'seatOrder'>;
  readonly index: number;
  readonly record: LlmStore;
  /** The game's name in the record (its notes and counts). */
  readonly gameKey: string;
  /** The run's name in the record (`llmRunName`), when the game is a stored run's: its prompt version is checked first. */
  readonly run?: string | undefined;
  /** Keep every call's prompt and answer (the replay page shows them). */
  readonly keepCalls?: boolean | undefined;
  /** A fork's or a study's wrappers of the seated agents (studies/). */
  readonly wrap?: WrapAgents | undefined;
  /** The people at the table beside the models (`sim table`): their answers kept, read again. */
  readonly human?: HumanSeatFactory | undefined;
}

/**
 * Replays game `index` of a run with LLM seats from the record alone: replay mode, so no
 * key, no network, and nothing written (`sim show`, `sim report`). An error when the
 * record cannot finish the game (it was never played to its end, or its calls are in
 * another file), or when the run was played with another prompt version than this code's:
 * the record may hold this version's calls for the same game, made by another run, and
 * they would replay a game the run never played.
 */
export async function replayFromRecord(g: RecordGame): Promise<Result<RecordReplay, RecordError>> {
  const { config, index, record, gameKey } = g;
  const seed = gameSeed(config.seed, index);
  const versions = g.run === undefined ? undefined : record.versionsOfRun(g.run, seed);
  if (versions !== undefined && !versions.includes(PROMPT_VERSION)) return err({ kind: 'prompt-version', message: otherPromptVersion(seed, versions) });
  const llm = createLlmRunContext({ runId: 'replay', specs: llmSpecsOf(config.seating), store: record, mode: 'replay', env: {} });
  if (!llm.ok) return err({ kind: 'context', message: llm.error });
  const session = llm.value.startGame(gameKey, seed, { keepCalls: g.keepCalls });
  const seated = seatedGame({ setup: config.setup, seed, seating: config.seating, control: controlOf(config.seatOrder), env: { llm: session, human: g.human } });
  const game = seated.game;
  const specs = seated.specs;
  // A fork's or a study's wrappers first (studies/), then the metrics' trace of the answers the game takes.
  const { agents, trace } = traced(g.wrap === undefined ? seated.agents : g.wrap(seated.agents, game));
  let played: PlayedGame;
  try {
    played = await playAsync(game, agents, session.playOptions());
  } catch (e) {
    if (e instanceof AbandonGame) return err({ kind: 'incomplete', message: e.message.replace(/; run it live to complete the record$/, '') });
    throw e;
  }
  const stored = record.usage(gameKey);
  const usage = stored.length > 0 ? stored : session.usage(played).seats;
  const notes = session.notes();
  const tally = tallyOf(config.setup, game, trace, played);
  return ok({ game, played, specs, tally, notes, usage, calls: session.calls(), text: (header, o) => llmTranscriptOf(notes, usage, game.log, header, o) });
}
