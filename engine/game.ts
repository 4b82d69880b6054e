// The step machine. The game's flow is written as a generator (flow/*.ts): it yields
// the decisions owed now (one, or several at once for simultaneous choices) and is
// resumed with their answers once all are in. The engine never calls an agent: a driver
// reads `pending()`, asks whoever it likes however it likes (a tight synchronous loop,
// or LLM calls with many games in flight), and `submit`s answers. Same answers, same
// game: the flow is deterministic given the setup and the seed.

import { validateAnswer, type Answer, type Decision, type DecisionError } from './decisions.js';
import type { Event } from './events.js';
import { GAME_OVER } from './flow/ask.js';
import { playGame, type GameFlow } from './flow/main.js';
import { outcomeOf, type Outcome } from './outcome.js';
import { err, ok, type Result } from './result.js';
import { dealAndModerator, Rng, stream } from './rng.js';
import type { Role } from './teams.js';
import type { GameSetup } from './setup.js';
import { newState, type GameState } from './state.js';

const ACCEPTED: Result<void, never> = ok(undefined);

export interface GameOptions {
  /**
   * The deck in dealing order instead of a shuffle (seat i gets card i; with a thief,
   * the last 2 are left over). For scenario tests and hand-built examples; it must be
   * a permutation of the setup's deck.
   */
  readonly stackedDeck?: readonly Role[];
  /**
   * An invariance control (the seat shuffle): the card the deal gives seat i goes to seat
   * seatOrder[i] instead, a permutation of the seats — the same cards (and the same cards
   * left over), other places at the table. `seatShuffle` draws one from the game's seed.
   */
  readonly seatOrder?: readonly number[];
}

/** The seat-shuffle control's permutation of a game: drawn from its own stream, so the deal and the moderator's draws are those of the game without it. */
export function seatShuffle(seedOfGame: string, players: number): number[] {
  return stream(seedOfGame, 'seats').shuffle(Array.from({ length: players }, (_, i) => i));
}

export class Game {
  readonly state: GameState;
  readonly log: Event[] = [];
  /** Each logged event's `vis`, as far as `audience()` has read the log. */
  private readonly audiences: number[] = [];
  /** The moderator's stream: catches, tie draws, event decks (never the agents'). */
  private mod: Rng;
  private readonly flow: GameFlow;
  private pendingList: readonly Decision[] = [];
  private answers: Answer[] = [];
  private remaining = 0;
  private nextId = 0;
  private finished: Outcome | null = null;

  constructor(
    readonly setup: GameSetup,
    /** The game's seed (rng.ts `gameSeed(runSeed, index)`). */
    readonly seed: string,
    options: GameOptions = {},
  ) {
    const [deal, mod] = dealAndModerator(seed, setup.players);
    const deck = options.stackedDeck === undefined ? deal.shuffle([...setup.deck]) : stacked(setup, options.stackedDeck);
    const dealt = deck.slice(0, setup.players);
    this.state = newState(setup.players, options.seatOrder === undefined ? dealt : placed(dealt, options.seatOrder), deck.slice(setup.players));
    this.mod = mod;
    this.flow = playGame(this);
    this.resume(undefined);
  }

  /** The moderator's stream: catches, tie draws, event decks (never the agents'). */
  get moderator(): Rng {
    return this.mod;
  }

  /**
   * From now on the moderator draws from `rng` instead of the game's own stream. For
   * studies of what one answer changed (studies/fork.ts): each sample of the rest of a
   * day is drawn from fresh streams, the same in both arms of the comparison. A game never
   * reseeded is the game of its seed.
   */
  reseedModerator(rng: Rng): void {
    this.mod = rng;
  }

  /** The decisions owed now; empty once the game is over. */
  pending(): readonly Decision[] {
    return this.pendingList;
  }

  get over(): boolean {
    return this.finished !== null;
  }

  outcome(): Outcome | null {
    return this.finished;
  }

  /**
   * Answers the decision owed by `seat`. An illegal answer is returned as an error and
   * changes nothing (the decision stays owed). `decisionId`, when given, must be the
   * owed decision's id, so a late answer to an earlier question cannot land on a new one.
   */
  submit(seat: number, answer: unknown, decisionId?: number): Result<void, DecisionError> {
    if (this.finished !== null) return err({ code: 'game-over', seat, message: 'the game is over' });
    const list = this.pendingList;
    let i = 0;
    while (i < list.length && (list[i]!.seat !== seat || this.answers[i] !== undefined)) i++;
    const d = list[i];
    if (d === undefined || (decisionId !== undefined && d.id !== decisionId))
      return err({ code: 'no-decision', seat, message: `seat ${seat} owes no decision${decisionId === undefined ? '' : ` #${decisionId}`} now` });
    const v = validateAnswer(d, answer);
    if (!v.ok) return v;
    this.answers[i] = v.value;
    if (--this.remaining === 0) this.resume(this.answers);
    return ACCEPTED;
  }

  /** A fresh decision id (used by the flow). */
  id(): number {
    return this.nextId++;
  }

  emit(e: Event): void {
    this.log.push(e);
  }

  /**
   * Each logged event's audience (its `vis`), read off the log once for every seat's
   * observer: the events come in some thirty shapes, so each read of `vis` is a lookup in
   * the optimiser's generic cache, where an element of this is a load. Read when an
   * observer asks, so that a game nobody observes (random agents) pays nothing.
   */
  audience(): readonly number[] {
    const log = this.log;
    const a = this.audiences;
    for (let i = a.length; i < log.length; i++) a.push(log[i]!.vis);
    return a;
  }

  private resume(answers: Answer[] | undefined): void {
    const ds = this.flow.next(answers);
    if (ds === GAME_OVER) {
      // The flow is never resumed again: what follows the win in it never runs.
      this.pendingList = GAME_OVER;
      this.finished = outcomeOf(this);
      return;
    }
    if (ds.length === 0) throw new Error('the game flow yielded no decision');
    this.pendingList = ds;
    this.answers = new Array<Answer>(ds.length);
    this.remaining = ds.length;
  }
}

/** The dealt cards moved: card i to seat order[i] (order: a permutation of the seats). */
function placed(dealt: readonly Role[], order: readonly number[]): Role[] {
  const seen = new Set(order);
  if (order.length !== dealt.length || seen.size !== dealt.length || order.some((j) => !Number.isInteger(j) || j < 0 || j >= dealt.length))
    throw new Error(`seat order ${order.join(',')} is not a permutation of the ${dealt.length} seats`);
  const out = new Array<Role>(dealt.length);
  order.forEach((j, i) => (out[j] = dealt[i]!));
  return out;
}

function stacked(setup: GameSetup, deck: readonly Role[]): Role[] {
  const a = [...deck].sort();
  const b = [...setup.deck].sort();
  if (a.length !== b.length || a.some((r, i) => r !== b[i]))
    throw new Error(`stacked deck ${deck.join(',')} is not a permutation of the setup's deck ${setup.deck.join(',')}`);
  return [...deck];
}
