// Many games with LLM seats in flight at once. Each game is independent (its own seed,
// agents and session), so which game finishes first changes nothing in any game; the
// limiters (per provider and model) are what bound the requests, this only keeps enough
// games going to fill them. A game abandoned because its run stopped (budget, bad key,
// Ctrl-C) or its record is incomplete (replay) is returned as unfinished, with why;
// its answered calls stay in the record, so running it again costs nothing for them.

import { AbandonGame, playAsync, type PlayedGame } from '../../agents/play.js';
import type { ExecHost } from '../../agents/exec/host.js';
import type { Seating } from '../../agents/registry.js';
import { traced, type DecisionTrace } from '../../agents/trace.js';
import type { Game } from '../../engine/index.js';
import { gameSeed } from '../../engine/index.js';
import type { GameSetup } from '../../engine/index.js';
import type { GameUsage, LlmGameOptions, LlmRun } from './context.js';
import { seatedGame, type GameControl } from '../games.js';

export interface LlmGamesRequest {
  readonly setup: GameSetup;
  readonly seating: Seating;
  readonly seed: string | number;
  /** The games to play (by index in the run); a resumed run passes the ones not stored yet. */
  readonly indices: readonly number[];
  readonly llm: LlmRun;
  /** Games played at once (default 16). */
  readonly gamesInFlight?: number | undefined;
  /** The game's name in the LLM record (default `${runId}/${index}`). */
  readonly gameKey?: ((index: number) => string) | undefined;
  /** Each game as it ends (finished or not), in the order they end. */
  readonly onGame?: ((r: GameRun) => void) | undefined;
  /** The run's agent processes, when `exec:` seats sit beside the models. */
  readonly exec?: ExecHost | undefined;
  /** An invariance control the games are played under (runs/games.ts `seatedGame`; sim invariance); none for a stored run. */
  readonly control?: GameControl | undefined;
}

export type GameRun =
  | {
      readonly status: 'finished';
      readonly index: number;
      readonly seed: string;
      readonly gameKey: string;
      readonly game: Game;
      readonly played: PlayedGame;
      readonly usage: GameUsage;
      /** The agent spec each seat sat as. */
      readonly specs: readonly string[];
      /** What the log does not hold of its decisions, for the behaviour metrics. */
      readonly trace: DecisionTrace;
    }
  | { readonly status: 'unfinished'; readonly index: number; readonly seed: string; readonly gameKey: string; readonly reason: string };

/**
 * Plays one game: its session answers the LLM seats; a finished game's counts and notes
 * are written (`session.finish`) before it is returned, so a caller that stores the game
 * after this has the record complete first (a game lost between the two is replayed from
 * the record for free). `sim` uses this directly (runs/execute.ts).
 */
export async function playLlmGame(req: Pick<LlmGamesRequest, 'setup' | 'seating' | 'seed' | 'llm' | 'gameKey' | 'exec' | 'control'>, index: number): Promise<GameRun> {
  const seed = gameSeed(req.seed, index);
  const gameKey = req.gameKey?.(index) ?? `${req.llm.runId}/${index}`;
  const stopped = req.llm.stopped();
  if (stopped !== null) return { status: 'unfinished', index, seed, gameKey, reason: `not started: ${stopped.message}` };
  const session = req.llm.startGame(gameKey, seed, promptControl(req.control));
  const exec = req.exec?.game(seed);
  const seated = seatedGame({ setup: req.setup, seed, seating: req.seating, control: req.control, env: { llm: session, exec } });
  const game = seated.game;
  const { agents, trace } = traced(seated.agents);
  try {
    const played = await playAsync(game, agents, session.playOptions());
    exec?.settle(played);
    const usage = session.finish(played);
    return { status: 'finished', index, seed, gameKey, game, played, usage, specs: seated.specs, trace };
  } catch (e) {
    if (e instanceof AbandonGame) return { status: 'unfinished', index, seed, gameKey, reason: e.message };
    throw e;
  }
}

/** What a control changes of a model's prompts (the others change the game: runs/games.ts `seatedGame`). */
function promptControl(control: GameControl | undefined): LlmGameOptions {
  switch (control) {
    case 'choices':
      return { shuffleChoices: true };
    case 'wording':
      return { wording: 'alt' };
    case 'names':
      return { names: true };
    default:
      return {};
  }
}

/** Plays the games; returns them in the order of `indices`. */
export async function runLlmGames(req: LlmGamesRequest): Promise<GameRun[]> {
  const results = new Array<GameRun>(req.indices.length);
  let next = 0;
  const worker = async () => {
    while (next < req.indices.length) {
      const i = next++;
      const r = await playLlmGame(req, req.indices[i]!);
      results[i] = r;
      req.onGame?.(r);
    }
  };
  const n = Math.max(1, Math.min(req.gamesInFlight ?? 16, req.indices.length));
  await Promise.all(Array.from({ length: n }, worker));
  return results;
}
