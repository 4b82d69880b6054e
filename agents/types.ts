// The agent interface: given a decision with its legal choices, the seat's own random
// stream and its observation (on demand), answer — at once, or through a Promise.

import type { Answer, Decision, DecisionError } from '../engine/index.js';
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
}

export interface Agent {
  /** The agent's kind and parameters, e.g. `random` or `heuristic:fakeClaim=0.3`. */
  readonly name: string;
  decide(ctx: DecisionContext): Answer | Promise<Answer>;
}

/** Makes the LLM agents of one game (the game's LLM session, or the dry run's stand-in). */
export interface LlmSeatFactory {
  agent(spec: LlmSpec, seat: number): Agent;
}

/** What a seat's agent is made with beyond its spec. */
export interface SeatEnv {
  readonly llm?: LlmSeatFactory | undefined;
  /** The game's context, shared by its seats (game-context.ts); `seatAgents` makes one per game when none is given. */
  readonly game?: GameContext | undefined;
}
