// What the log does not hold about a game's decisions, for the behaviour metrics
// (metrics/): the legal targets of every day vote (whom the voter could have chosen: the
// random baseline and the public-facts observer's vote are taken among them), every answer an
// agent gave — a refused one too (a vote for oneself, a werewolf naming a packmate) —
// and, for agents that state them, their beliefs at each vote.
//
// `traced` wraps a game's agents: each wrapper passes the decision to the agent and its
// answer back unchanged, so a traced game is the same game, move for move.

import { zeros, type Answer, type Decision } from '../engine/index.js';
import { doubles } from './doubles.js';
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
  readonly p: readonly number[];
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
  return { votes: [], decisions: zeros(players), answers: zeros(players), selfVotes: zeros(players), pack: [], beliefs: [] };
}

/** The game's agents wrapped to record the trace (one wrapper per seat: an agent may sit at several). */
export function traced(agents: readonly Agent[]): { agents: Agent[]; trace: DecisionTrace } {
  const trace = emptyTrace(agents.length);
  // Pushed, not mapped: a mapped array's hidden class changes once the caller is optimized
  // (engine/state.ts newState), and the driver's optimized code reading it is thrown away.
  const wrapped: Agent[] = [];
  for (let seat = 0; seat < agents.length; seat++) wrapped.push(new TracedSeat(agents[seat]!, seat, trace));
  return { agents: wrapped, trace };
}

/** One seat's wrapper (a class: one object a seat and game, its methods shared). */
class TracedSeat implements Agent {
  readonly name: string;
  private lastId = -1;
  readonly gameOver?: Agent['gameOver'];

  constructor(
    private readonly inner: Agent,
    private readonly seat: number,
    private readonly trace: DecisionTrace,
  ) {
    this.name = inner.name;
    // The end of the game reaches the agent as if unwrapped (a process agent settles its
    // game on it); an agent without it is not told (the driver then builds no observation).
    if (inner.gameOver !== undefined) this.gameOver = (obs, outcome) => inner.gameOver!(obs, outcome);
  }

  decide(ctx: DecisionContext): Answer | Promise<Answer> {
    const d = ctx.decision;
    const { seat, trace } = this;
    if (d.id !== this.lastId) {
      this.lastId = d.id;
      trace.decisions[seat]!++;
      if (d.kind === 'vote') trace.votes.push({ id: d.id, seat, round: d.round, targets: d.targets, mayPass: d.mayPass });
    }
    trace.answers[seat]!++;
    const a = this.inner.decide(ctx);
    if (a instanceof Promise)
      return a.then((x) => {
        this.record(d, x);
        return x;
      });
    this.record(d, a);
    return a;
  }

  private record(d: Decision, a: unknown): void {
    if (d.kind !== 'vote' && d.kind !== 'pack') return;
    if (typeof a !== 'object' || a === null) return;
    const { seat, trace } = this;
    const target = (a as { target?: unknown }).target;
    if (d.kind === 'vote') {
      if (target === seat) trace.selfVotes[seat]!++;
      const p = this.inner.werewolfBeliefs?.();
      if (p !== undefined) {
        const statement = { seat, decision: d.id, p: fractionsOf(p) };
        const last = trace.beliefs[trace.beliefs.length - 1];
        // A retried vote keeps the beliefs of its last answer.
        if (last !== undefined && last.seat === seat && last.decision === d.id) trace.beliefs[trace.beliefs.length - 1] = statement;
        else trace.beliefs.push(statement);
      }
    } else trace.pack.push({ seat, target: typeof target === 'number' ? target : null });
  }
}

/**
 * Stated beliefs copied into an array of doubles (doubles.ts). Not a
 * Float64Array: past 8 numbers one is made outside the heap, about a microsecond each, and
 * a 12-player game states some sixty.
 */
function fractionsOf(p: ArrayLike<number>): number[] {
  const out = doubles(p.length);
  for (let i = 0; i < p.length; i++) out[i] = p[i]!;
  return out;
}
