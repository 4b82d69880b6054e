// The agents' public surface (package.json `exports` "./agents"; docs/api.md): the Agent
// interface and its context, the drivers that play a game with agents, the built-in
// agents and kinds, seatings, and the process agents' host and protocol version.

export type { Agent, DecisionContext, SeatEnv } from './types.js';
export { AbandonGame, HostFailure, NoAnswer, playAsync, playSync, type PlayedGame, type PlayOptions } from './play.js';
export { randomAgent, randomAnswer } from './random.js';
export { HeuristicAgent } from './heuristic/agent.js';
export { DEFAULT_KNOBS, type Knobs } from './heuristic/knobs.js';
export {
  agentKinds,
  checkSeating,
  parseAgentSpec,
  parseSeating,
  seatAgents,
  specForSeat,
  type AgentKind,
  type AgentSpec,
  type KindOptions,
  type Seating,
} from './registry.js';
export { ExecHost, protocolErrors, type ExecCommand, type ExecCounts, type ExecHostOptions, type ProtocolError } from './exec/host.js';
export { execCommandsOf } from './exec/kind.js';
export { PROTOCOL_VERSION, type SeatEvent } from './exec/protocol.js';
