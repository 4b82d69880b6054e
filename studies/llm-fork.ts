// Forks and study arms of games with models. The game is played through an LLM session
// over the record (runs/llm/): every call is keyed by what was sent and where (game seed,
// seat, decision, attempt), so before the fork's decision every prompt is the stored
// game's and the record answers it (`recordThrough`: a miss there stops the fork rather
// than ask a model the stored game never asked), and after it a model is asked only where
// its prompt differs from every prompt the record holds for that place — the first
// prompt that has heard the edit. What it answers is recorded like any call, so the same
// fork again is answered from the record, with no server at all.
//
// A study's arms name their calls after the fork by their sample instead (`sampleOf`), so
// the K samples of one speech are K draws, and send the same sampling seed in both arms
// where the provider takes one (OpenAI and compatible servers).
//
// Loaded only for games that seat a model (it brings the SDKs).

import { AbandonGame, playAsync } from '../agents/play.js';
import { controlOf, seatedGame } from '../runs/games.js';
import { recordAsked, type AskedDecision } from '../agents/asked.js';
import { gameSeed } from '../engine/index.js';
import { err, ok, type Result } from '../engine/index.js';
import type { LlmGameOptions, LlmRun } from '../runs/llm/context.js';
import { LlmStop } from '../runs/llm/context.js';
import { compareFork, planOf, type ForkOutcome, type ForkPoint } from './fork-game.js';
import { ForkStop, forkAgents, type ForkPlan } from './fork.js';
import type { StoredGame, TracedGame } from './stored.js';

export type ModelPlay =
  | { readonly status: 'played'; readonly game: TracedGame }
  /** The session stopped taking calls (budget, a provider's refusal, Ctrl-C): the game is not finished. */
  | { readonly status: 'stopped'; readonly reason: string };

/**
 * Plays game `g` with its run's agents under `plan`, the models answered by `llm`'s
 * session named `gameKey` in the record. A finished game's notes and counts are written
 * (`finish`); a game stopped by the plan (a study's day is over) comes back unfinished
 * (`played` null) with its log.
 */
export async function playWithModels(o: {
  readonly llm: LlmRun;
  readonly g: StoredGame;
  readonly gameKey: string;
  readonly plan: ForkPlan;
  readonly options: LlmGameOptions;
}): Promise<Result<ModelPlay, string>> {
  const { g } = o;
  const seed = gameSeed(g.config.seed, g.index);
  const session = o.llm.startGame(o.gameKey, seed, { recordThrough: o.plan.at, ...o.options });
  const { game, agents, specs } = seatedGame({ setup: g.config.setup, seed, seating: g.config.seating, control: controlOf(g.config.seatOrder), env: { llm: session } });
  const asked: AskedDecision[] = [];
  const wrapped = recordAsked(forkAgents(agents, game, o.plan), game, asked);
  try {
    const played = await playAsync(game, wrapped, session.playOptions());
    session.finish(played);
    return ok({ status: 'played', game: { game, played, specs, asked } });
  } catch (e) {
    if (e instanceof ForkStop) return ok({ status: 'played', game: { game, played: null, specs, asked } });
    if (e instanceof LlmStop && e.scope === 'game')
      return err(`game ${g.index} of run ${g.run.id} cannot be forked from its LLM record: ${e.message.replace(/^replay: /, '').replace(/; run it live to complete the record$/, '')}`);
    if (e instanceof AbandonGame) return ok({ status: 'stopped', reason: e.message });
    throw e;
  }
}

/** The name of a fork in the LLM record (its calls' run, its notes' game): the game, the decision and the edit. */
export function forkName(g: StoredGame, point: ForkPoint, editKey: string): string {
  return `fork:${g.gameKey}@${point.decision.id}:${editKey}`;
}

/** A fork of a game with models: played through `llm` (live, or replay-only with --llm-replay). */
export async function forkModels(
  g: StoredGame,
  point: ForkPoint,
  original: TracedGame,
  o: { readonly llm: LlmRun; readonly gameKey: string },
): Promise<Result<{ readonly status: 'played'; readonly outcome: ForkOutcome } | { readonly status: 'stopped'; readonly reason: string }, string>> {
  const r = await playWithModels({ llm: o.llm, g, gameKey: o.gameKey, plan: planOf(point), options: {} });
  if (!r.ok) return r;
  if (r.value.status === 'stopped') return ok(r.value);
  const outcome = compareFork(g, point, original, r.value.game);
  return outcome.ok ? ok({ status: 'played', outcome: outcome.value }) : outcome;
}
