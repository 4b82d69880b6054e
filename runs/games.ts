// Playing games of a run by index: game i is `new Game(setup, gameSeed(seed, i))` with
// the seating's agents for the cards dealt — nothing else — so any split of a run's
// indices (workers, shards, resumes) gives the same games.

import { playAsync, playSync, type PlayedGame } from '../agents/play.js';
import type { ExecHost } from '../agents/exec/host.js';
import { seatAgents, type Seating } from '../agents/registry.js';
import type { Agent } from '../agents/types.js';
import { traced, type DecisionTrace } from '../agents/trace.js';
import { Game } from '../engine/index.js';
import { gameSeed } from '../engine/index.js';
import type { GameSetup } from '../engine/index.js';
import { GameCounter, tallyGame, type GameTally } from '../metrics/tally.js';
import { ChunkBuilder, Encoder, type ChunkResult, type CodeMaps } from './record.js';
import type { IndexRange } from './run-config.js';

/** What a worker needs to play a run's games (plain data: it crosses to worker threads). */
export interface GamesSpec {
  readonly setup: GameSetup;
  readonly seed: string;
  /** Canonical seating text (run-config.ts `seatingFromText`). */
  readonly seating: string;
  /** The run's agent specs; a seat's stored agent code is its index + 1. */
  readonly agents: readonly string[];
  readonly codes: CodeMaps;
}

/** Wraps a game's agents before it is played (its decisions recorded, a fork's edit: agents/asked.ts, studies/). */
export type WrapAgents = (agents: readonly Agent[], game: Game) => Agent[];

export interface PlayedIndex {
  readonly game: Game;
  readonly played: PlayedGame;
  /** The agent spec sitting at each seat. */
  readonly specs: readonly string[];
  /** The seats' behaviour counts (metrics/tally.ts); from `playSync`, valid until its next game. */
  readonly tally: GameTally;
}

/** A played game's behaviour counts per seat (metrics/tally.ts). */
export function tallyOf(setup: GameSetup, game: Game, trace: DecisionTrace, played: PlayedGame): GameTally {
  return tallyGame({ setup, log: game.log, trace, invalid: played.invalid, fallbacks: played.fallbacks });
}

export interface GamePlayerOptions {
  /** The run's agent processes, for a seating with `exec:` seats (agents/exec/host.ts). */
  readonly exec?: ExecHost | undefined;
}

export class GamePlayer {
  readonly encoder: Encoder;
  /** Counts the synchronous games one after the other (its arrays are reused). */
  private counter: GameCounter | null = null;

  constructor(
    readonly setup: GameSetup,
    readonly seed: string,
    readonly seating: Seating,
    agents: readonly string[],
    codes: CodeMaps,
    private readonly opts: GamePlayerOptions = {},
  ) {
    this.encoder = new Encoder(codes, new Map(agents.map((spec, i) => [spec, i + 1])));
  }

  private start(index: number, wrap: WrapAgents | undefined) {
    const game = new Game(this.setup, gameSeed(this.seed, index));
    const exec = this.opts.exec?.game(game.seed);
    const seated = seatAgents(
      this.seating,
      game.state.seats.map((s) => s.dealt),
      exec === undefined ? undefined : { exec },
    );
    // A fork's or a study's wrappers go first (studies/): the trace for the behaviour metrics
    // then sees the answers the game takes. Traced: the same answers, so the same game.
    const { agents, trace } = traced(wrap === undefined ? seated.agents : wrap(seated.agents, game));
    return { game, agents, trace, specs: seated.specs, exec };
  }

  playSync(index: number, wrap?: WrapAgents): PlayedIndex {
    const { game, agents, trace, specs } = this.start(index, wrap);
    const played = playSync(game, agents);
    const tally = (this.counter ??= new GameCounter(this.setup)).count({ log: game.log, trace, invalid: played.invalid, fallbacks: played.fallbacks });
    return { game, played, specs, tally };
  }

  async playAsync(index: number, wrap?: WrapAgents): Promise<PlayedIndex> {
    const { game, agents, trace, specs, exec } = this.start(index, wrap);
    const played = await playAsync(game, agents);
    exec?.settle(played);
    return { game, played, specs, tally: tallyOf(this.setup, game, trace, played) };
  }

  builder(capacity: number): ChunkBuilder {
    return new ChunkBuilder(this.encoder, this.setup.players, capacity, this.seed);
  }

  /** Plays the indices of `ranges` in order, synchronously. */
  chunkSync(ranges: readonly IndexRange[]): ChunkResult {
    let n = 0;
    for (const r of ranges) n += r.stop - r.first;
    const b = this.builder(n);
    for (const r of ranges)
      for (let i = r.first; i < r.stop; i++) {
        const { played, specs, tally } = this.playSync(i);
        b.add(i, played, specs, tally);
      }
    return b.finish();
  }
}
