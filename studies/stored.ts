// A stored game as a fork or a study starts from: its run's configuration (checked against
// the run's key), the game replayed with every decision recorded (agents/asked.ts) and
// checked against the stored row, as `sim show` checks it — a fork of a game that does not
// replay to its stored result would be a fork of another game. Games with models are
// replayed from the LLM record alone (read-only, no network: runs/llm/show.ts).

import type { PlayedGame } from '../agents/play.js';
import { recordAsked, type DecisionsAsked } from '../agents/asked.js';
import { execCommandsOf } from '../agents/exec/kind.js';
import { llmSpecsOf } from '../agents/llm/kinds.js';
import type { Agent } from '../agents/types.js';
import type { Game } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import { controlOf, GamePlayer, storedRunPlayer, type PlayedIndex, type WrapAgents } from '../runs/games.js';
import { llmGameName, llmRunName, LlmStore, type SeatUsage } from '../runs/llm/store.js';
import { compareToStored, configOfRun, replayIndex } from '../runs/replay.js';
import { runKey, type RunConfig } from '../runs/run-config.js';
import { codeHash } from '../runs/version.js';
import type { GameRow, RunRow, Store } from '../runs/storage.js';

/** A stored game, ready to be replayed or forked. */
export interface StoredGame {
  /** The results file it is stored in. */
  readonly path: string;
  /** Its run (id 0: a game held in memory, `gameOf`). */
  readonly run: Pick<RunRow, 'id' | 'codeHash'>;
  readonly config: RunConfig;
  readonly index: number;
  readonly row: GameRow | undefined;
  readonly player: GamePlayer;
  /** Whether it seats models (then it is replayed from the LLM record). */
  readonly llm: boolean;
  /** Its name in the LLM record. */
  readonly gameKey: string;
  /** Its run's name in the LLM record (a stored run's: a replay checks the run's prompt version); undefined for a game held in memory. */
  readonly llmRun?: string | undefined;
}

/** A game played (the stored one replayed, or a fork), with its decisions as they were asked and answered. */
export interface TracedGame {
  readonly game: Game;
  /** Null when the game was stopped before its end (a study's day is over). */
  readonly played: PlayedGame | null;
  readonly specs: readonly string[];
  readonly asked: DecisionsAsked;
}

/** The stored game replayed: whether it is the stored one (null: no row to check), and its models' counts as recorded. */
export interface ReplayedGame extends TracedGame {
  readonly played: PlayedGame;
  readonly matches: boolean | null;
  readonly usage: readonly SeatUsage[];
}

/** Finds game `index` of run `runId`; an error says what the file holds instead. */
export function storedGame(store: Store, runId: number, index: number, what: string): Result<StoredGame, string> {
  const run = store.run(runId);
  if (run === undefined) {
    const ids = store.runs().map((r) => r.id);
    return err(`${store.path} has no run ${runId}; its runs are ${ids.length === 0 ? 'none' : ids.join(', ')} (sim runs --db ${store.path} lists them)`);
  }
  if (index < run.first || index >= run.stop) return err(`run ${runId} holds games ${run.first} to ${run.stop - 1}; there is no game ${index}`);
  const config = configOfRun(run, what);
  if (!config.ok) return config;
  const processes = execCommandsOf(config.value.seating);
  if (processes.length > 0)
    return err(
      `run ${runId} seats process agents (${processes.map((c) => c.text).join(', ')}): forks and persuasion studies replay a game's ` +
        'decisions in this process, and do not start agent programs. Study a run of in-process agents (random, heuristic, models); ' +
        `sim show --run ${runId} --game ${index} replays this game with its programs`,
    );
  const player = storedRunPlayer(store, runId, config.value);
  return ok({
    path: store.path,
    run,
    config: config.value,
    index,
    row: store.game(runId, index),
    player,
    llm: llmSpecsOf(config.value.seating).length > 0,
    gameKey: llmGameName(run.key, index),
    llmRun: llmRunName(run),
  });
}

/** Game `index` of a run configuration held in memory, not stored (a script's or a test's; no stored row to check). */
export function gameOf(config: RunConfig, index: number): StoredGame {
  return {
    path: '(memory)',
    run: { id: 0, codeHash: codeHash() },
    config,
    index,
    row: undefined,
    player: new GamePlayer({ setup: config.setup, seed: config.seed, seating: config.seating, control: controlOf(config.seatOrder) }),
    llm: llmSpecsOf(config.seating).length > 0,
    gameKey: llmGameName(runKey(config), index),
  };
}

/** Wraps agents to record their decisions (outermost, so it records what the game took) over `inner`. */
export function recording(asked: DecisionsAsked, inner?: WrapAgents): WrapAgents {
  return (agents: readonly Agent[], game: Game) => recordAsked(inner === undefined ? agents : inner(agents, game), game, asked);
}

/** Plays a bot game of the run (game `index`), its agents wrapped by `wrap`. */
export function playBots(g: StoredGame, wrap: WrapAgents | undefined): PlayedIndex {
  return g.player.playSync(g.index, wrap);
}

/** The record in the results file, read-only (games with models are replayed from it). */
export function readRecord(store: Store, recordPath: string): Result<LlmStore, string> {
  if (!store.hasLlmRecord()) return err(`its LLM record is not in ${recordPath}: give the --llm-cache FILE its run recorded its calls in`);
  return store.llmRecord('read');
}

/**
 * The stored game replayed, its decisions recorded, and whether it is the stored one (null when the row
 * is missing: a game not played to its end). `record`: the LLM record for a game with models.
 */
export async function replayTraced(g: StoredGame, record: LlmStore | undefined): Promise<Result<ReplayedGame, string>> {
  const asked: DecisionsAsked = [];
  const r = await replayIndex({ config: g.config, index: g.index, player: g.player, record, gameKey: g.gameKey, run: g.llmRun, wrap: recording(asked) });
  if (!r.ok)
    return err(
      r.error.kind === 'no-record'
        ? `game ${g.index} of run ${g.run.id} seats models and is replayed from their record, which was not given`
        : `game ${g.index} of run ${g.run.id} cannot be replayed from its LLM record: ${r.error.message.replace(/^replay: /, '')}`,
    );
  const played = r.value;
  const matches = g.row === undefined ? null : compareToStored(g.player, g.index, played, g.row).same;
  return ok({ game: played.game, played: played.played, specs: played.specs, asked, matches, usage: played.usage });
}
