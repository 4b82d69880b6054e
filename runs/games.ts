// Playing games of a run by index: game i is `new Game(setup, gameSeed(seed, i))` with
// the seating's agents for the cards dealt — nothing else — so any split of a run's
// indices (workers, shards, resumes) gives the same games.

import { playAsync, playSync, type PlayedGame } from '../agents/play.js';
import type { ExecHost } from '../agents/exec/host.js';
import { seatAgents, type Seating } from '../agents/registry.js';
import type { Agent, HumanSeatFactory, SeatEnv } from '../agents/types.js';
import { seatsPeople } from '../agents/human/kind.js';
import { traced, type DecisionTrace } from '../agents/trace.js';
import { Game, ok, seatShuffle, type Result } from '../engine/index.js';
import { gameSeed } from '../engine/index.js';
import type { GameSetup, Role } from '../engine/index.js';
import { GameCounter, tallyGame, type GameTally } from '../metrics/tally.js';
import { ChunkBuilder, ChunkScratch, Encoder, IDENTITY_CODES, type ChunkResult, type CodeMaps } from './record.js';
import { seatingFromText, specList, type IndexRange, type RunConfig, type SeatOrder } from './run-config.js';

/** What a worker needs to play a run's games (plain data: it crosses to worker threads). */
export interface GamesSpec {
  readonly setup: GameSetup;
  readonly seed: string;
  /** Canonical seating text (run-config.ts `seatingFromText`). */
  readonly seating: string;
  /** The run's agent specs; a seat's stored agent code is its index + 1. */
  readonly agents: readonly string[];
  readonly codes: CodeMaps;
  /** The run's seat order (run-config.ts `SeatOrder`; absent: as dealt). */
  readonly seatOrder?: SeatOrder | undefined;
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

/**
 * An invariance control (tournaments/invariance.ts): `seats`, the deal's cards at other
 * seats; `speaking`, the day's speeches in the other speaking order (by seat, or from the
 * left of the night's victim); `choices`, a model's legal choices listed in another order;
 * `wording`, its prompt in a second wording; `names`, the players under names instead of
 * P1..Pn (its LLM session does these three: runs/llm/runner.ts; bots are not told of them,
 * and play the game as dealt).
 */
export type GameControl = 'seats' | 'speaking' | 'choices' | 'wording' | 'names';

/** The setup with the other speaking order (the `speaking` control). */
function otherSpeakingOrder(setup: GameSetup): GameSetup {
  const speakingOrder = setup.options.speakingOrder === 'seat' ? 'after-victim' : 'seat';
  return { ...setup, options: { ...setup.options, speakingOrder } };
}

/**
 * Game `seed` of a setup, with the seating's agents for the cards dealt. Under the `seats`
 * control the deal's cards go to other seats (engine `seatShuffle`), an agent seated by
 * number moving with its card; nothing else changes. Under `speaking` the same deal is
 * played with the other speaking order. Other controls leave the game as dealt. Every way of playing a game (in
 * this thread, on workers, with models) seats it here.
 */
export function seatedGame(o: { readonly setup: GameSetup; readonly seed: string; readonly seating: Seating; readonly control?: GameControl | undefined; readonly env?: SeatEnv }): { game: Game; agents: Agent[]; specs: string[] } {
  const order = seatOrderOf(o.seed, o.setup.players, o.control);
  const setup = o.control === 'speaking' ? otherSpeakingOrder(o.setup) : o.setup;
  const game = new Game(setup, o.seed, order === undefined ? {} : { seatOrder: order });
  const origin = order === undefined ? undefined : inverse(order);
  const seated = seatAgents(o.seating, dealtCards(game), o.env, { origin });
  return { game, agents: seated.agents, specs: seated.specs };
}

/** Each seat's dealt card, pushed (a mapped array changes hidden class once its caller is optimized: engine/state.ts newState). */
function dealtCards(game: Game): Role[] {
  const out: Role[] = [];
  for (const s of game.state.seats) out.push(s.dealt);
  return out;
}

/** Where game `seed`'s dealt cards go under a control (card i to seat order[i]): moved by the `seats` control, else undefined (where dealt). */
export function seatOrderOf(seed: string, players: number, control: GameControl | undefined): number[] | undefined {
  return control === 'seats' ? seatShuffle(seed, players) : undefined;
}

/** The inverse of a permutation: out[order[i]] = i (the seat whose dealt card seat j holds). */
export function inverse(order: readonly number[]): number[] {
  const out = new Array<number>(order.length);
  order.forEach((j, i) => (out[j] = i));
  return out;
}

/** A played game's behaviour counts per seat (metrics/tally.ts). */
export function tallyOf(setup: GameSetup, game: Game, trace: DecisionTrace, played: PlayedGame): GameTally {
  return tallyGame({ setup, log: game.log, trace, invalid: played.invalid, fallbacks: played.fallbacks });
}

/** The player of a stored run: its configuration, with its agents and codes as the file (a Store) has them. */
export function storedRunPlayer(
  file: { agents(run: number): string[]; readonly codes: CodeMaps; humanSeats?(run: number): (index: number) => HumanSeatFactory },
  run: number,
  config: Pick<RunConfig, 'setup' | 'seed' | 'seating' | 'seatOrder'>,
  exec?: ExecHost,
): GamePlayer {
  // People's seats are replayed from the answers they gave, kept in the file.
  const human = seatsPeople(config.seating) ? file.humanSeats?.(run) : undefined;
  return new GamePlayer({ setup: config.setup, seed: config.seed, seating: config.seating, agents: file.agents(run), codes: file.codes, exec, human, control: controlOf(config.seatOrder) });
}

/** The control a run's seat order plays its games under: its cards moved to other seats when shuffled. */
export function controlOf(order: SeatOrder | undefined): GameControl | undefined {
  return order === 'shuffled' ? 'seats' : undefined;
}

/** What a player plays: game i of a setup and seed, with a seating; how its games are stored. */
export interface GamePlayerOptions {
  readonly setup: GameSetup;
  readonly seed: string;
  readonly seating: Seating;
  /** The run's agent specs (a seat's stored agent code is its place + 1); absent: the seating's own (run-config.ts `specList`). */
  readonly agents?: readonly string[] | undefined;
  /** The file's codes of the engine's names; absent: the identity (a game not stored). */
  readonly codes?: CodeMaps | undefined;
  /** The run's agent processes, for a seating with `exec:` seats (agents/exec/host.ts). */
  readonly exec?: ExecHost | undefined;
  /** The people of game i, for a seating with `human` seats (their answers kept: runs/human-record.ts). */
  readonly human?: ((index: number) => HumanSeatFactory) | undefined;
  /**
   * An invariance control: `seats` plays each game with its deal's cards moved to other
   * seats (engine `seatShuffle`), an agent seated by number moving with its card. A stored
   * run has it only as its seat order ('shuffled': `controlOf`), which its key holds.
   */
  readonly control?: GameControl | undefined;
}


export class GamePlayer {
  readonly setup: GameSetup;
  readonly seed: string;
  readonly seating: Seating;
  readonly control: GameControl | undefined;
  readonly encoder: Encoder;
  private readonly exec: ExecHost | undefined;
  /** The people of game i (their answers kept), for a seating with `human` seats. */
  readonly human: ((index: number) => HumanSeatFactory) | undefined;
  /** Counts the synchronous games one after the other (its arrays are reused). */
  private counter: GameCounter | null = null;
  /** The arrays `chunkSync`'s chunks are built in, one after the other. */
  private scratch: ChunkScratch | null = null;

  constructor(o: GamePlayerOptions) {
    this.setup = o.setup;
    this.seed = o.seed;
    this.seating = o.seating;
    this.exec = o.exec;
    this.human = o.human;
    this.control = o.control;
    const agents = o.agents ?? specList(o.seating);
    this.encoder = new Encoder(o.codes ?? IDENTITY_CODES, new Map(agents.map((spec, i) => [spec, i + 1])));
  }

  /** The player of a spec sent to a worker (its seating as text); an error if the text is not a seating. */
  static fromSpec(spec: GamesSpec): Result<GamePlayer, string> {
    const seating = seatingFromText(spec.seating);
    if (!seating.ok) return seating;
    return ok(new GamePlayer({ setup: spec.setup, seed: spec.seed, seating: seating.value, agents: spec.agents, codes: spec.codes, control: controlOf(spec.seatOrder) }));
  }

  private start(index: number, wrap: WrapAgents | undefined) {
    const seed = gameSeed(this.seed, index);
    const exec = this.exec?.game(seed);
    const human = this.human?.(index);
    const seated = seatedGame({ setup: this.setup, seed, seating: this.seating, control: this.control, env: { exec, human } });
    const game = seated.game;
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

  /**
   * Game `index` played for its outcome alone, by a seating of bots: no decision trace and
   * no behaviour counts (the same game: tracing changes no answer). A simulation of a
   * sequential test reads only the winner.
   */
  playOutcome(index: number): Game {
    const { game, agents } = seatedGame({ setup: this.setup, seed: gameSeed(this.seed, index), seating: this.seating, control: this.control });
    playSync(game, agents);
    return game;
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
    // Each chunk is finished before the next begins: they build in the same arrays.
    const b = new ChunkBuilder(this.encoder, this.setup.players, n, this.seed, (this.scratch ??= new ChunkScratch()));
    for (const r of ranges)
      for (let i = r.first; i < r.stop; i++) {
        const { played, specs, tally } = this.playSync(i);
        b.add(i, played, specs, tally);
      }
    return b.finish();
  }
}
