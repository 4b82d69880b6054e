// The agent interface: given a decision with its legal choices, the seat's own random
// stream and its observation (on demand), answer — at once, or through a Promise.

import type { Answer, Decision, DecisionError, Outcome } from '../engine/index.js';
import type { Observation } from '../engine/index.js';
import type { Rng } from '../engine/index.js';
import type { GameContext } from './game-context.js';
import type { LlmSpec } from './llm/spec.js';

export interface DecisionContext {
  readonly decision: Decision;
  /** The seat's own stream (rng.ts): an agent's randomness never touches another seat's. */
  readonly rng: Rng;
  /** The seat's observation now. Built on demand: agents that need none pay nothing. */
  observe(): Observation;
  /** Set when this decision is asked again after an illegal answer. */
  readonly lastError?: DecisionError | undefined;
  /**
   * Aborted when another seat abandons the game (its run stopped: a model's budget, Ctrl-C;
   * `playAsync` only). An agent that waits on someone — a person at the table — stops
   * waiting and throws `AbandonGame`; a model's call in flight ends and is recorded.
   */
  readonly abandoned?: AbortSignal | undefined;
}

export interface Agent {
  /** The agent's kind and parameters, e.g. `random` or `heuristic:fakeClaim=0.3`. */
  readonly name: string;
  decide(ctx: DecisionContext): Answer | Promise<Answer>;
  /**
   * Optional: the probability, as the agent believes it after its last decision, that
   * each seat is a werewolf (NaN where it states none). Read after each day vote by the
   * behaviour metrics (agents/trace.ts), which score it against the truth. Must not
   * change what the agent does next.
   */
  werewolfBeliefs?(): ArrayLike<number> | undefined;
  /**
   * The game is over (`outcome` undefined: abandoned, its run stopped), with the seat's
   * final observation. Optional: agents that keep nothing outside the game need not care.
   */
  gameOver?(observation: Observation, outcome: Outcome | undefined): void;
}

/** Makes the LLM agents of one game (the game's LLM session, or the dry run's stand-in). */
export interface LlmSeatFactory {
  agent(spec: LlmSpec, seat: number): Agent;
}

/** Makes the process agents of one game (agents/exec: the run's processes, this game's seats). */
export interface ExecSeatFactory {
  /** `command`: the program and its arguments; `text`: the canonical spec (`exec:…`). */
  agent(command: readonly string[], text: string, seat: number): Agent;
}

/** Makes the people's agents of one game (agents/human: at the table, or from the answers they gave). */
export interface HumanSeatFactory {
  /** `person`: the name (`human:NAME`), '' for a plain `human`. */
  agent(person: string, seat: number): Agent;
}

/** What a seat's agent is made with beyond its spec. */
export interface SeatEnv {
  readonly llm?: LlmSeatFactory | undefined;
  readonly exec?: ExecSeatFactory | undefined;
  readonly human?: HumanSeatFactory | undefined;
  /** The game's context, shared by its seats (game-context.ts); `seatAgents` makes one per game when none is given. */
  readonly game?: GameContext | undefined;
}
