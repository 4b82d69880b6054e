// Games played in memory with their decision traces, tallied for the behaviour metrics.

import { playSync } from '../../agents/play.js';
import { seatAgents, parseSeating, type KindOptions } from '../../agents/registry.js';
import { traced } from '../../agents/trace.js';
import { Game, gameSeed, resolveSetup, type GameSetup, type SetupRequest } from '../../engine/index.js';
import { tallyGame, type GameTally } from '../../metrics/tally.js';

export interface TalliedGame {
  readonly index: number;
  readonly game: Game;
  readonly tally: GameTally;
  /** The agent spec of each seat. */
  readonly specs: readonly string[];
}

export function setupOf(req: SetupRequest): GameSetup {
  const r = resolveSetup(req);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** Plays games [0, games) of `seed` with the seating (e.g. ['random'], ['heuristic', 'werewolves=random']). */
export function playTallied(setup: GameSetup, seating: readonly string[], games: number, seed = 'metrics', opts: KindOptions = {}): TalliedGame[] {
  const s = parseSeating(seating, opts);
  if (!s.ok) throw new Error(s.error);
  const out: TalliedGame[] = [];
  for (let i = 0; i < games; i++) {
    const game = new Game(setup, gameSeed(seed, i));
    const seated = seatAgents(s.value, game.state.seats.map((x) => x.dealt));
    const { agents, trace } = traced(seated.agents);
    const played = playSync(game, agents);
    const tally = tallyGame({ setup, log: game.log, trace, invalid: played.invalid, fallbacks: played.fallbacks });
    out.push({ index: i, game, tally, specs: seated.specs });
  }
  return out;
}
