// Playing games of a run by index: game i is `new Game(setup, gameSeed(seed, i))` with
// the seating's agents for the cards dealt — nothing else — so any split of a run's
// indices (workers, shards, resumes) gives the same games.

import { playAsync, playSync, type PlayedGame } from '../agents/play.js';
import { seatAgents, type Seating } from '../agents/registry.js';
import type { Agent } from '../agents/types.js';
import { Game } from '../engine/index.js';
import { gameSeed } from '../engine/index.js';
import type { GameSetup } from '../engine/index.js';
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

/** Wraps a game's agents before it is played (a trace of its decisions, a fork's edit: agents/traced.ts, studies/). */
export type WrapAgents = (agents: readonly Agent[], game: Game) => Agent[];

export interface PlayedIndex {
  readonly game: Game;
  readonly played: PlayedGame;
  /** The agent spec sitting at each seat. */
  readonly specs: readonly string[];
}

export class GamePlayer {
  readonly encoder: Encoder;

  constructor(
    readonly setup: GameSetup,
    readonly seed: string,
    readonly seating: Seating,
    agents: readonly string[],
    codes: CodeMaps,
  ) {
    this.encoder = new Encoder(codes, new Map(agents.map((spec, i) => [spec, i + 1])));
  }

  private start(index: number, wrap: WrapAgents | undefined) {
    const game = new Game(this.setup, gameSeed(this.seed, index));
    const { agents, specs } = seatAgents(
      this.seating,
      game.state.seats.map((s) => s.dealt),
    );
    return { game, agents: wrap === undefined ? agents : wrap(agents, game), specs };
  }

  playSync(index: number, wrap?: WrapAgents): PlayedIndex {
    const { game, agents, specs } = this.start(index, wrap);
    return { game, played: playSync(game, agents), specs };
  }

  async playAsync(index: number, wrap?: WrapAgents): Promise<PlayedIndex> {
    const { game, agents, specs } = this.start(index, wrap);
    return { game, played: await playAsync(game, agents), specs };
  }

  builder(capacity: number): ChunkBuilder {
    return new ChunkBuilder(this.encoder, this.setup.players, capacity);
  }

  /** Plays the indices of `ranges` in order, synchronously. */
  chunkSync(ranges: readonly IndexRange[]): ChunkResult {
    let n = 0;
    for (const r of ranges) n += r.stop - r.first;
    const b = this.builder(n);
    for (const r of ranges)
      for (let i = r.first; i < r.stop; i++) {
        const { played, specs } = this.playSync(i);
        b.add(i, played, specs);
      }
    return b.finish();
  }
}
