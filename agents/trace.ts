// What the log does not hold about a game's decisions, for the behaviour metrics
// (metrics/): the legal targets of every day vote (whom the voter could have chosen: the
// random baseline and the ideal observer's vote are taken among them), every answer an
// agent gave — a refused one too (a vote for oneself, a werewolf naming a packmate) —
// and, for agents that state them, their beliefs at each vote.
//
// `traced` wraps a game's agents: each wrapper passes the decision to the agent and its
// answer back unchanged, so a traced game is the same game, move for move.

import type { Answer, Decision } from '../engine/index.js';
import type { Agent, DecisionContext } from './types.js';

/** A day vote as it was asked: its voter, round and legal targets. */
export interface VoteAsked {
  readonly id: number;
  readonly seat: number;
  readonly round: number;
  readonly targets: readonly number[];
  readonly mayPass: boolean;
}

/** An agent's stated probability that each seat is a werewolf, when it answered a vote. */
export interface BeliefStatement {
  readonly seat: number;
  /** The vote decision's id. */
  readonly decision: number;
  /** Per seat (NaN: no belief stated about that seat). */
  readonly p: Float64Array;
}

export interface DecisionTrace {
  /** Every day vote asked, in the order asked. */
  readonly votes: VoteAsked[];
  /** Decisions asked of each seat, and answers it gave (a refused answer and its retry are two). */
  readonly decisions: number[];
  readonly answers: number[];
  /** Answers to a day vote naming the voter himself (the engine refuses them). */
  readonly selfVotes: number[];
  /** The pack's proposals as given, refused ones included: who named whom (null: nobody). */
  readonly pack: { readonly seat: number; readonly target: number | null }[];
  readonly beliefs: BeliefStatement[];
}

export function emptyTrace(players: number): DecisionTrace {
  const zeros = () => new Array<number>(players).fill(0);
  return { votes: [], decisions: zeros(), answers: zeros(), selfVotes: zeros(), pack: [], beliefs: [] };
}

/** The game's agents wrapped to record the trace (one wrapper per seat: an agent may sit at several). */
export function traced(agents: readonly Agent[]): { agents: Agent[]; trace: DecisionTrace } {
  const trace = emptyTrace(agents.length);
  return { agents: agents.map((a, seat) => traceSeat(a, seat, trace)), trace };
}

function traceSeat(inner: Agent, seat: number, trace: DecisionTrace): Agent {
  let lastId = -1;
  const record = (d: Decision, a: unknown): void => {
    if (typeof a !== 'object' || a === null) return;
    const target = (a as { target?: unknown }).target;
    if (d.kind === 'vote') {
      if (target === seat) trace.selfVotes[seat]!++;
      const p = inner.werewolfBeliefs?.();
      if (p !== undefined) {
        const statement = { seat, decision: d.id, p: new Float64Array(p) };
        const last = trace.beliefs[trace.beliefs.length - 1];
        // A retried vote keeps the beliefs of its last answer.
        if (last !== undefined && last.seat === seat && last.decision === d.id) trace.beliefs[trace.beliefs.length - 1] = statement;
        else trace.beliefs.push(statement);
      }
    } else if (d.kind === 'pack') trace.pack.push({ seat, target: typeof target === 'number' ? target : null });
  };
  const wrapper: Agent = {
    name: inner.name,
    decide(ctx: DecisionContext): Answer | Promise<Answer> {
      const d = ctx.decision;
      if (d.id !== lastId) {
        lastId = d.id;
        trace.decisions[seat]!++;
        if (d.kind === 'vote') trace.votes.push({ id: d.id, seat, round: d.round, targets: d.targets, mayPass: d.mayPass });
      }
      trace.answers[seat]!++;
      const a = inner.decide(ctx);
      if (a instanceof Promise)
        return a.then((x) => {
          record(d, x);
          return x;
        });
      record(d, a);
      return a;
    },
  };
  // The end of the game reaches the agent as if unwrapped (a process agent settles its game on it).
  if (inner.gameOver !== undefined) wrapper.gameOver = (obs, outcome) => inner.gameOver!(obs, outcome);
  return wrapper;
}
